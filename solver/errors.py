"""Errors of the solver. Each is a ``ValueError`` whose message says what is wrong and where.

A message is a :class:`Text`: an English template with ``{name}`` fields, marked with
``N_`` so that Babel extracts it, and the values for those fields.  ``str()`` gives the
English sentence (the command line, logs, tests); the site renders the same error in the
learner's language with ``render(gettext)``.  Card codes, JSON paths and numbers are
values, so they read the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence with fields; a field's value may itself be a ``Text`` (a reason inside a
    larger message), rendered in the same language."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Translate | None = None) -> str:
        template = self.template if translate is None else translate(self.template)
        if not self.params:
            return template
        values = {key: value.render(translate) if isinstance(value, (Text, ConquianError))
                  else value for key, value in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            if translate is None:
                raise
            return self.render()  # a broken translation must never hide the error itself

    def __str__(self) -> str:
        return self.render()


class ConquianError(ValueError):
    """Base class of every error raised for bad input or an illegal move.

    ``ConquianError(N_("{card} is not in your hand"), card="6H")``; a plain string with no
    fields is accepted too (then it is shown as it is, in every language)."""

    def __init__(self, message: str | Text, /, **params: Any) -> None:
        self.text = message if isinstance(message, Text) else Text(message, params)
        super().__init__(self.text.render())

    def render(self, translate: Translate | None = None) -> str:
        return self.text.render(translate)


class InvalidCardError(ConquianError):
    """A card string that is not one of the 40 cards (R1)."""


class InvalidMeldError(ConquianError):
    """A group of cards that is not a valid set or run (R4)."""


class InvalidPositionError(ConquianError):
    """A position that cannot occur under the rules, or malformed position input."""


class IllegalActionError(ConquianError):
    """An action that the rules do not allow in the current game state."""


class UnknownProfileError(ConquianError):
    """A rule profile id that the tutor does not know."""
