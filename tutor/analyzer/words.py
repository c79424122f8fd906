"""The analyzer's words for one rule profile, so that each game's page says what its rule
book says: the face-up card by the book's name for it (``RuleProfile.center_name``: the
center card R7/C7, the top of the discard pile K6/K7, the upcard H4, the face-up card I8),
meld fields only where melds go down during the hand, and a forcing verdict only where the
profile forces.  Whole sentences per name rather than a name pasted into one sentence:
several languages decline the name differently in each sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from flask_babel import gettext as _

from solver.messages import N_
from solver.rules import RuleProfile
from solver.rules.profile import AnalysisKind, CenterName

# The field's label, as the learn and puzzle pages name the card.
_LABELS: Final[Mapping[CenterName, str]] = {
    "center": N_("Center card"),
    "discard_pile": N_("Top of the discard pile"),
    "upcard": N_("Upcard"),
    "face_up": N_("Face-up card"),
}
# The card as a place in a sentence ("in your hand and in the center card"), nominative.
_PLACES: Final[Mapping[CenterName, str]] = {
    "center": N_("the center card"),
    "discard_pile": N_("the top of the discard pile"),
    "upcard": N_("the upcard"),
    "face_up": N_("the face-up card"),
}
# The title of the plays that lay down no hand card.
_ALONE: Final[Mapping[CenterName, str]] = {
    "center": N_("The center card alone, no card from your hand"),
    "discard_pile": N_("The top of the discard pile alone, no card from your hand"),
    "upcard": N_("The upcard alone, no card from your hand"),
    "face_up": N_("The face-up card alone, no card from your hand"),
}
_CHOOSE: Final[Mapping[CenterName, str]] = {
    "center": N_("Choose the center card."),
    "discard_pile": N_("Choose the top of the discard pile."),
    "upcard": N_("Choose the upcard."),
    "face_up": N_("Choose the face-up card."),
}
# The solver's center_from error in the form's words ({value} filled by the solver's Text).
CAME_FROM: Final[Mapping[CenterName, str]] = {
    "center": N_("where the center card came from must be your opponent or the stock, "
                 "not {value}"),
    "discard_pile": N_("where the top of the discard pile came from must be your opponent or "
                       "the stock, not {value}"),
    "upcard": N_("where the upcard came from must be your opponent or the stock, not {value}"),
    "face_up": N_("where the face-up card came from must be your opponent or the stock, "
                  "not {value}"),
}
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


def center_label(profile: RuleProfile) -> str:
    """The face-up card's field label: "Center card", "Top of the discard pile", …"""
    return _(_LABELS[profile.center_name])


def center_place(profile: RuleProfile) -> str:
    """The face-up card inside a sentence: "the center card", "the upcard", …"""
    return _(_PLACES[profile.center_name])


def alone_title(profile: RuleProfile) -> str:
    return _(_ALONE[profile.center_name])


def choose_center(profile: RuleProfile) -> str:
    return _(_CHOOSE[profile.center_name])


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
