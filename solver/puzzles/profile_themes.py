"""Themes that belong to the profiles beside conquian-40 (cooncan, kunken*).

One pure predicate per theme over a position and its exact analysis, as in
:mod:`solver.puzzles.themes`; each is false where its rule does not exist (conquian-40 has
no lay-off, so a play's ``lay_off`` is ``None`` there), so the shared theme table can hold
them all and a set may declare one only when the solver shows it.
"""

from __future__ import annotations

from typing import Final

from solver.analysis import Analysis, Play
from solver.cards import JOKER_BASE
from solver.position import Position

JOKERS: Final = sum(1 << c for c in range(JOKER_BASE, JOKER_BASE + 4))


def _lays_off(play: Play) -> bool:
    return bool(play.lay_off)


def _center_laid_off(play: Play, center: str) -> bool:
    return any(center in cards for _, cards in play.lay_off or ())


def lay_off(position: Position, analysis: Analysis) -> bool:
    """Some play lays cards off onto the opponent's melds (C9, K10)."""
    return any(_lays_off(p) for p in analysis.plays)


def lay_off_center(position: Position, analysis: Analysis) -> bool:
    """The card left to you can go onto one of the opponent's melds (C9)."""
    center = position.to_dict()["center"]
    return any(_center_laid_off(p, center) for p in analysis.plays)


def forcing_lay_off(position: Position, analysis: Analysis) -> bool:
    """The card your opponent left goes down with no card from your hand, into your melds
    or onto theirs (C9); it can be forced on you only if it fits your own melds (C10: seed
    001 forces only those), so the theme is answered yes and no."""
    return (
        position.center_from == "opponent"
        and bool(position.opponent_melds)
        and any(not p.hand_cards for p in analysis.plays)
    )


def joker_play(position: Position, analysis: Analysis) -> bool:
    """A joker from your hand goes down in some play (K4)."""
    return any(p.hand_cards & JOKERS for p in analysis.plays)


def take_back(position: Position, analysis: Analysis) -> bool:
    """Some play needs a card of your own melds taken back into the hand (K9)."""
    return any(p.taken_back for p in analysis.plays)


def no_lay_off_yet(position: Position, analysis: Analysis) -> bool:
    """The card would fit one of the opponent's melds, but you have no meld of your own to
    lay off from, and nothing else uses it (K10)."""
    from solver.claims.profile import fits_opponent_meld  # the claims' own test of a fit

    return (
        position.rules.id.startswith("kunken")
        and not position.melds
        and not analysis.usable
        and any(fits_opponent_meld(position, i) for i in range(len(position.opponent_melds)))
    )


PROFILE_THEMES: Final = {
    "lay-off": lay_off,
    "lay-off-center": lay_off_center,
    "forcing-lay-off": forcing_lay_off,
    "joker-play": joker_play,
    "take-back": take_back,
    "no-lay-off-yet": no_lay_off_yet,
}
"""The profile themes, in the order the site lists them."""
