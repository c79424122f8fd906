"""The kinds of mistake: one pure predicate per kind over the learner's move and the
grader's better move (action dicts of the game record), in the lichess-puzzler style.

The first kind whose predicate holds names the mistake.  Each kind names the rule topics
(``RuleProfile.rule_ids``) it is about, most specific first: the lesson that teaches the
first of them the profile has, or else that rule in the profile's book, is where the
progress page sends the learner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from flask_babel import lazy_gettext as _l

Move = Mapping[str, Any]


def _cards(move: Move, key: str = "hand_cards") -> list[str]:
    return sorted(str(c) for c in move.get(key) or [])


def missed_take(you: Move, best: Move) -> bool:
    """The better move takes the card the learner faced; the learner did not take it."""
    return best.get("type") == "take" and you.get("type") != "take"


def wrong_take(you: Move, best: Move) -> bool:
    """Both take the card, with other cards from the hand."""
    return (best.get("type") == you.get("type") == "take"
            and _cards(you) != _cards(best))


def wrong_discard(you: Move, best: Move) -> bool:
    """The same take (or none) but another discard."""
    if best.get("type") == you.get("type") == "take":
        return best.get("discard") != you.get("discard")
    return best.get("type") == you.get("type") == "discard" and \
        best.get("card") != you.get("card")


def lay_off_missed(you: Move, best: Move) -> bool:
    """The better move lays cards off on melds on the table; the learner's does not."""
    return best.get("type") == "lay_off" and you.get("type") != "lay_off"


def missed_meld(you: Move, best: Move) -> bool:
    """The better move puts a meld down from the hand; the learner's does not."""
    return best.get("type") == "meld" and you.get("type") != "meld"


def add_to_meld(you: Move, best: Move) -> bool:
    """The better move adds cards to a meld on the table (Kunken's ``add``: a card or a
    joker onto a meld); the learner's is another move."""
    return best.get("type") == "add"


def missed_close(you: Move, best: Move) -> bool:
    """The better move closes (shows every card in melds); the learner's does not."""
    return best.get("type") in ("close", "out") and you.get("type") != best.get("type")


def wrong_draw(you: Move, best: Move) -> bool:
    """Both draw (or take a card into the hand, as in Conquin), from different places."""
    return (best.get("type") == you.get("type") and best.get("type") in ("draw", "take")
            and "from" in best and best.get("from") != you.get("from"))


def missed_force(you: Move, best: Move) -> bool:
    """The better move forces the card on the player who left it; the learner did not."""
    return best.get("type") == "force" and you.get("type") != "force"


def needless_take(you: Move, best: Move) -> bool:
    """The learner took the card; the better move leaves it."""
    return you.get("type") == "take" and best.get("type") != "take"


def other(you: Move, best: Move) -> bool:
    return True


Predicate = Callable[[Move, Move], bool]

KINDS: Final[tuple[tuple[str, Predicate], ...]] = (
    ("missed_close", missed_close),
    ("lay_off_missed", lay_off_missed),
    ("missed_meld", missed_meld),
    ("add_to_meld", add_to_meld),
    ("missed_take", missed_take),
    ("wrong_take", wrong_take),
    ("wrong_discard", wrong_discard),
    ("missed_force", missed_force),
    ("needless_take", needless_take),
    ("wrong_draw", wrong_draw),
    ("other", other),
)

LABELS: Final = {
    "missed_close": _l("Missed close"),
    "lay_off_missed": _l("Lay-off missed"),
    "missed_meld": _l("Missed meld"),
    "add_to_meld": _l("Adding to a meld"),
    "missed_take": _l("Missed take"),
    "wrong_take": _l("Wrong cards with a take"),
    "wrong_discard": _l("Wrong discard"),
    "missed_force": _l("Missed force"),
    "needless_take": _l("Needless take"),
    "wrong_draw": _l("Wrong draw"),
    "other": _l("Other move"),
}

TOPICS: Final[dict[str, tuple[str, ...]]] = {
    "missed_close": ("close", "out", "win"),
    "lay_off_missed": ("lay_off",),
    "missed_meld": ("hand_melds", "melds"),
    "add_to_meld": ("own_melds", "lay_off", "jokers", "melds"),
    "missed_take": ("take",),
    "wrong_take": ("own_melds", "melds", "take"),
    "wrong_discard": ("discard", "turn"),
    "missed_force": ("force",),
    "needless_take": ("take",),
    "wrong_draw": ("take", "turn"),
    "other": ("turn",),
}
"""Rule topics each kind is about, most specific first."""


def kind_of(you: Move, best: Move) -> str:
    """The first kind whose predicate holds (``other`` always does)."""
    return next(name for name, holds in KINDS if holds(you, best))
