"""The site's "find the better move" puzzle of a learner's own graded decision (issue 31
item 4): for decisions no contract task can ask (a discard after a draw, a meld from the
hand, a lay-off, adding a joker).

Its position is the learner's observation before the decision (the game's observer for
the learner's seat: no hidden card) with the legal actions it allows; the learner answers
with one of them, and the accepted answers are the moves the grader rated better than the
learner's.  It is site-internal: not one of the contract's tasks (:data:`model.TASKS`), so
a set file holding one is refused by ``conquian puzzles validate`` as an unknown task.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from solver.messages import N_

BEST_MOVE: Final = "best_move"


class BadMove(ValueError):
    """A response that is not one of the position's legal actions (says why)."""


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def index_of(actions: Sequence[Mapping[str, Any]], move: Mapping[str, Any]) -> int | None:
    return next((i for i, a in enumerate(actions) if _same(a, move)), None)


@dataclass(frozen=True)
class BestMovePuzzle:
    """The stored form: ``position`` {rules, observation, actions}, ``answer`` {accepted}."""

    id: str
    rules: str
    observation: Mapping[str, Any]
    actions: tuple[Mapping[str, Any], ...]
    accepted: tuple[Mapping[str, Any], ...]
    difficulty: int
    hints: tuple[str, ...] = ()
    explanation: str = ""
    title: str = "Find the better move"
    task: str = BEST_MOVE
    themes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.accepted:
            raise BadMove("a best-move puzzle needs at least one accepted move")
        for move in self.accepted:
            if index_of(self.actions, move) is None:
                raise BadMove(f"the accepted move {move!r} is not a legal action")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "task": self.task, "themes": list(self.themes),
            "difficulty": self.difficulty, "hints": list(self.hints),
            "explanation": self.explanation,
            "position": {"rules": self.rules, "observation": dict(self.observation),
                         "actions": [dict(a) for a in self.actions]},
            "answer": {"accepted": [dict(a) for a in self.accepted]},
        }


def read_move(position: Mapping[str, Any], sent: object) -> dict[str, Any]:
    """The legal action ``sent`` names (a JSON object, as the play page's forms post it),
    or :class:`BadMove` saying what is wrong with it."""
    if not isinstance(sent, str) or not sent.strip():
        raise BadMove(N_("Choose one of the moves listed."))
    try:
        move = json.loads(sent)
    except ValueError:
        raise BadMove(N_("The move sent is not a move (it is not valid JSON).")) from None
    if not isinstance(move, dict):
        raise BadMove(N_("The move sent is not a move (it should be a JSON object)."))
    actions = position.get("actions") or []
    if index_of(actions, move) is None:
        raise BadMove(N_("That move is not one of the legal moves of this position."))
    return move


def is_accepted(answer: Mapping[str, Any], move: Mapping[str, Any]) -> bool:
    """Graded by membership: the move is one the grader rated better than the learner's."""
    return any(_same(a, move) for a in answer.get("accepted") or [])
