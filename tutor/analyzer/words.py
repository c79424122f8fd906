"""The analyzer's words for one rule profile, so that each game's page says what its rule
book says: the face-up card by the book's name for it (:mod:`tutor.core.card_words`, shared
with the play table, the better-move puzzle and the teacher's picker), meld fields only
where melds go down during the hand, and a forcing verdict only where the profile forces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from flask_babel import gettext as _

from solver.messages import N_
from solver.rules import RuleProfile
from solver.rules.profile import AnalysisKind
from tutor.core.card_words import alone_title, center_label, center_place

# What the page asks for, then what it answers: the analysis kind, and forcing where the
# profile has it.
_SET_UP_SHOWN: Final = N_(
    "Set up any position: your hand, your melds, your opponent's melds and %(center)s.")
_SET_UP_HAND: Final = N_("Set up any position: your hand and %(center)s.")
_SEES: Final[Mapping[AnalysisKind, str]] = {
    "center": N_("See every way to take it, and why."),
    "draw": N_("See what drawing it gives you, and why."),
    "closing": N_("See whether taking it lets you close, and how."),
}
_SEES_FORCING: Final = N_("See every way to take it, whether it can be forced on you, and why.")
_PLACEHOLDER_SHOWN: Final = N_(
    "Complete the position to see what you can do: %(count)s cards in your hand and melds "
    "together (%(rule)s), plus %(center)s.")
_PLACEHOLDER_HAND: Final = N_(
    "Complete the position to see what you can do: %(count)s cards in your hand (%(rule)s), "
    "plus %(center)s.")
_PLAYERS: Final = N_("Give the number of players too.")


def lead(profile: RuleProfile) -> str:
    """The page's opening: what to set up under this profile and what the analysis says."""
    set_up = _SET_UP_SHOWN if profile.melds_shown else _SET_UP_HAND
    sees = (_SEES_FORCING if profile.forcing and profile.analysis == "center"
            else _SEES[profile.analysis])
    return f"{_(set_up, center=center_place(profile))} {_(sees)}"


def placeholder(profile: RuleProfile) -> str:
    """What the analysis panel asks for before the position is complete."""
    template = _PLACEHOLDER_SHOWN if profile.melds_shown else _PLACEHOLDER_HAND
    text = _(template, count=profile.hand_size, rule=profile.rule("count"),
             center=center_place(profile))
    return text if profile.players_fixed else f"{text} {_(_PLAYERS)}"


def page_words(profile: RuleProfile) -> dict[str, str]:
    """The words the page and static/js/analyzer.js change with the profile."""
    return {"center": center_label(profile), "alone": alone_title(profile),
            "lead": lead(profile), "placeholder": placeholder(profile)}
