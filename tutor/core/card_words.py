"""Each game's words for its face-up card, in one place for every page (the analyzer, the
play table, the puzzles' table, the better-move puzzle, the teacher's editor).

The name comes from the profile (``RuleProfile.center_name``: the center card R7/C7, the top
of the discard pile K6/K7, the upcard H4, the face-up card I8), never from its id.  Whole
sentences per name rather than a name pasted into one sentence: several languages decline
the name differently in each sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from flask_babel import gettext as _

from solver.messages import N_
from solver.rules import DEFAULT_PROFILE, RuleProfile, get_profile
from solver.rules.profile import CenterName

# The field's or zone's label, as the learn and puzzle pages name the card.
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
# A face-up card as a screen reader names it.
_SPOKEN: Final[Mapping[CenterName, str]] = {
    "center": N_("%(card)s, the center card"),
    "discard_pile": N_("%(card)s, the top of the discard pile"),
    "upcard": N_("%(card)s, the upcard"),
    "face_up": N_("%(card)s, the face-up card"),
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
# The heading over the face-up card on a puzzle's table.
_HEADINGS: Final[Mapping[CenterName, str]] = {
    "center": N_("The center card"),
    "discard_pile": N_("The top of the discard pile"),
    "upcard": N_("The upcard"),
    "face_up": N_("The face-up card"),
}
# The teacher's editor: the label before "left by the opponent" / "turned from the stock".
_WAS: Final[Mapping[CenterName, str]] = {
    "center": N_("The center card was"),
    "discard_pile": N_("The top of the discard pile was"),
    "upcard": N_("The upcard was"),
    "face_up": N_("The face-up card was"),
}
# The teacher's editor: the solver's verdict on a position.
_TAKES: Final[Mapping[CenterName, str]] = {
    "center": N_("Legal takes of the center card:"),
    "discard_pile": N_("Legal takes of the top of the discard pile:"),
    "upcard": N_("Legal takes of the upcard:"),
    "face_up": N_("Legal takes of the face-up card:"),
}
_NO_TAKE: Final[Mapping[CenterName, str]] = {
    "center": N_("The center card cannot be taken."),
    "discard_pile": N_("The top of the discard pile cannot be taken."),
    "upcard": N_("The upcard cannot be taken."),
    "face_up": N_("The face-up card cannot be taken."),
}
# The solver's center_from error in a form's words ({value} filled by the solver's Text).
CAME_FROM: Final[Mapping[CenterName, str]] = {
    "center": N_("where the center card came from must be your opponent or the stock, "
                 "not {value}"),
    "discard_pile": N_("where the top of the discard pile came from must be your opponent or "
                       "the stock, not {value}"),
    "upcard": N_("where the upcard came from must be your opponent or the stock, not {value}"),
    "face_up": N_("where the face-up card came from must be your opponent or the stock, "
                  "not {value}"),
}


Rules = RuleProfile | str | None
"""What templates hold: a profile, its id, or nothing (a page of the site's own game)."""


def _profile(rules: Rules) -> RuleProfile:
    if rules is None:
        return DEFAULT_PROFILE
    return get_profile(rules) if isinstance(rules, str) else rules


def center_label(rules: Rules) -> str:
    """The face-up card's field label: "Center card", "Top of the discard pile", …"""
    return _(_LABELS[_profile(rules).center_name])


def center_place(rules: Rules) -> str:
    """The face-up card inside a sentence: "the center card", "the upcard", …"""
    return _(_PLACES[_profile(rules).center_name])


def center_card_label(rules: Rules, card: str) -> str:
    """``card`` (its spoken name) as the face-up card of the game ``rules``."""
    return _(_SPOKEN[_profile(rules).center_name], card=card)


def alone_title(rules: Rules) -> str:
    return _(_ALONE[_profile(rules).center_name])


def choose_center(rules: Rules) -> str:
    return _(_CHOOSE[_profile(rules).center_name])


def center_heading(rules: Rules) -> str:
    """The heading over the face-up card: "The center card", "The upcard", …"""
    return _(_HEADINGS[_profile(rules).center_name])


def center_was(rules: Rules) -> str:
    """The label of where the face-up card came from: "The upcard was", …"""
    return _(_WAS[_profile(rules).center_name])


def legal_takes(rules: Rules) -> str:
    """The heading of the list of legal takes: "Legal takes of the upcard:", …"""
    return _(_TAKES[_profile(rules).center_name])


def cannot_take(rules: Rules) -> str:
    """No legal take: "The upcard cannot be taken.", …"""
    return _(_NO_TAKE[_profile(rules).center_name])
