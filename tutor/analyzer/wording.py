"""Position errors in the analyzer form's words.

The solver names places as JSON paths (``hand[3]``, ``opponent_melds[0]``), which is right
for the API and for pasted JSON; the form's fields are "Your hand", "Your melds", ...,
so its errors say "in your hand and in your opponent's meld 1" instead, naming the face-up
card as the profile's rule book does (:mod:`tutor.core.card_words`).
"""

from __future__ import annotations

import re
from typing import Any, Final

from flask_babel import get_translations
from flask_babel import gettext as _

from solver.errors import ConquianError, Text
from solver.messages import N_
from solver.rules import DEFAULT_PROFILE, RuleProfile
from tutor.core.card_words import CAME_FROM, center_place

_PATH: Final = re.compile(r"(hand|melds|opponent_melds|center)(?:\[(\d+)\])?(?:\[\d+\])?")
_LAID_PATH: Final = re.compile(
    r"(laid_off|opponent_laid_off)(?:\[(\d+)\])?(?:\.(?:cards|meld)(?:\[\d+\])?)?"
)
_PLACE_PARAMS: Final = ("where", "first", "second")

# Solver templates that name a JSON field in their own words, and the form's version.
_FORM_TEMPLATES: Final = {
    "{where} {meld} is not a valid meld: {problem}": N_(
        "{where}, {meld}, is not a valid meld: {problem}"
    ),
    "stock must be a whole number from 0 to {most}, not {value}": N_(
        "the cards in the stock must be a whole number from 0 to {most}, not {value}"
    ),
    "{card} appears {count} times ({places}), but the {packs} packs hold only {packs} of each "
    "card ({rule})": N_(
        "{card} appears {count} times, in {places}, but the {packs} packs hold only {packs} of "
        "each card ({rule})"
    ),
    "players must be a whole number from {least} to {most} in {rules}, not {value} ({rule})": N_(
        "the number of players must be from {least} to {most} in this game, not {value} ({rule})"
    ),
    "{where}.meld must be the index of a meld (0 to {last}), not {value}": N_(
        "{where}: the number before the colon must be one of the melds it lies on"
    ),
}
# Worded per profile: it names the face-up card.
_CAME_FROM: Final = 'center_from must be "opponent" or "stock", not {value}'


def place(path: str, rules: RuleProfile = DEFAULT_PROFILE) -> str:
    """``"opponent_melds[0]"`` → "your opponent's meld 1"; ``"center"`` → the face-up card
    by the name ``rules`` gives it; anything else as it is."""
    laid = _LAID_PATH.fullmatch(path)
    if laid is not None:
        name, group = laid.groups()
        entry = 1 if group is None else int(group) + 1
        if name == "laid_off":
            return _("your cards laid off on your opponent's melds (group %(n)s)", n=entry)
        return _("your opponent's cards laid off on your melds (group %(n)s)", n=entry)
    match = _PATH.fullmatch(path)
    if match is None:
        return path
    field, index = match.groups()
    number = None if index is None else int(index) + 1
    if field == "hand":
        return _("your hand")
    if field == "center":
        return center_place(rules)
    if field == "melds":
        return _("your melds") if number is None else _("your meld %(n)s", n=number)
    if number is None:
        return _("your opponent's melds")
    return _("your opponent's meld %(n)s", n=number)


def _places(paths: list[str], rules: RuleProfile) -> str:
    """``["hand", "hand", "center"]`` → "your hand (twice) and the center card"."""
    names: list[str] = []
    counts: dict[str, int] = {}
    for path in paths:
        name = place(path, rules)
        if name not in counts:
            names.append(name)
        counts[name] = counts.get(name, 0) + 1
    shown = [name if counts[name] == 1 else _("%(place)s (twice)", place=name)
             if counts[name] == 2 else _("%(place)s (%(n)s times)", place=name, n=counts[name])
             for name in names]
    if len(shown) == 1:
        return shown[0]
    return _("%(list)s and %(last)s", list=", ".join(shown[:-1]), last=shown[-1])


def _reword(text: Text, rules: RuleProfile) -> Text:
    params: dict[str, Any] = {}
    for key, value in text.params.items():
        if isinstance(value, ConquianError):
            value = value.text
        if isinstance(value, Text):
            value = _reword(value, rules)
        elif key in _PLACE_PARAMS and isinstance(value, str):
            value = place(value, rules)
        elif key == "places" and isinstance(value, str):
            value = _places(value.split(", "), rules)
        params[key] = value
    if text.template == _CAME_FROM:
        return Text(CAME_FROM[rules.center_name], params)
    return Text(_FORM_TEMPLATES.get(text.template, text.template), params)


def form_error_text(exc: ConquianError, rules: RuleProfile = DEFAULT_PROFILE) -> str:
    """The error in the page's language, with places named as the form names them under
    the profile ``rules``."""
    sentence = _reword(exc.text, rules).render(get_translations().ugettext)
    return sentence[:1].upper() + sentence[1:]
