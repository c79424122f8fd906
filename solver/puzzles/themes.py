"""Puzzle themes: one pure predicate per theme over a position and its analysis.

Like lichess-puzzler's taggers, a puzzle's themes are *computed*: a set may only
declare a theme whose predicate holds, and the generator keeps a proposal only when
the theme it was asked for holds.  The arrangement a predicate inspects is the one
the analysis reports for each play (the canonical one).

One table serves every profile whose center card is analysed (``RuleProfile.analysis`` is
``center``; the draw and closing themes are in :mod:`solver.puzzles.hand_themes`): a theme of
lay-offs, jokers or take-backs is false where its rule does not exist (conquian-40 has no
lay-off, so a play's ``lay_off`` is ``None`` there), and the themes that read conquian-40's
tables are guarded by :func:`conquian_only`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solver.analysis import Analysis, Play
from solver.cards import (
    ACE,
    DECK_40,
    JACK,
    JOKER_BASE,
    KING,
    QUEEN,
    SEVEN,
    CardMask,
    card_rank,
    card_suit,
    make_card,
)
from solver.melds import MELDS_CONTAINING, is_run, is_set
from solver.position import Position
from solver.puzzles.discard import unsafe_cards

Predicate = Callable[[Position, Analysis], bool]

LONG_RUN: Final = 6


def center_meld(play: Play, center: int) -> CardMask:
    """The meld of the play's arrangement holding the center card; 0 when the play lays it
    off onto the opponent's melds instead (cooncan, kunken)."""
    for meld in play.melds:
        if meld >> center & 1:
            return meld
    return 0


def _pool(position: Position) -> CardMask:
    return position.hand | position.exposed | 1 << position.center


def seven_jack(position: Position, analysis: Analysis) -> bool:
    """The center card goes into a run that joins 7 and J, neighbours in this deck (R1, R4)."""
    for play in analysis.plays:
        meld = center_meld(play, position.center)
        suit = card_suit(position.center)
        seven, jack = make_card(SEVEN, suit), make_card(JACK, suit)
        if is_run(meld) and meld >> seven & 1 and meld >> jack & 1:
            return True
    return False


def no_wraparound(position: Position, analysis: Analysis) -> bool:
    """The center card is Q, K or A of a suit whose other two you hold: Q-K-A is no run (R4)."""
    center = position.center
    if card_rank(center) not in (QUEEN, KING, ACE):
        return False
    suit = card_suit(center)
    qka = sum(1 << make_card(r, suit) for r in (QUEEN, KING, ACE))
    return qka & _pool(position) == qka


def long_run(position: Position, analysis: Analysis) -> bool:
    """Runs reach 8 cards but no further (R4): a play makes a run of 6 or more, or the
    cards of the center's suit would make a run of 9 or 10 that must be split."""
    for play in analysis.plays:
        meld = center_meld(play, position.center)
        if is_run(meld) and meld.bit_count() >= LONG_RUN:
            return True
    suit, order = card_suit(position.center), DECK_40.order(position.center)
    pool = _pool(position)
    low = order
    while low > 0 and pool >> make_card(DECK_40.rank_at(low - 1), suit) & 1:
        low -= 1
    high = order
    while high < len(DECK_40.ranks) - 1 and pool >> make_card(DECK_40.rank_at(high + 1), suit) & 1:
        high += 1
    return high - low + 1 >= 9


def sets(position: Position, analysis: Analysis) -> bool:
    """The center card goes into a set of 3 or 4 (R4)."""
    return any(is_set(center_meld(p, position.center)) for p in analysis.plays)


def take_with_hand(position: Position, analysis: Analysis) -> bool:
    """The center card makes a new meld with hand cards only (R8)."""
    return any(
        center_meld(p, position.center) & ~position.exposed
        and not center_meld(p, position.center) & position.exposed and p.hand_cards
        for p in analysis.plays
    )


def extend_meld(position: Position, analysis: Analysis) -> bool:
    """A play keeps the melds whole and the center card joins or extends one of them (R5)."""
    for play in analysis.plays:
        if play.rearranged:
            continue
        meld = center_meld(play, position.center)
        if meld and any(old & meld == old for old in position.melds):
            return True
    return False


def rearrange(position: Position, analysis: Analysis) -> bool:
    """The center card can be taken, but every way needs a rearrangement of your melds (R5)."""
    return analysis.usable and all(p.rearranged for p in analysis.plays)


def _split_kinds(position: Position, play: Play) -> set[str]:
    kinds: set[str] = set()
    for old in position.melds:
        pieces = [m for m in play.melds if m & old]
        if len(pieces) < 2:
            continue
        if is_set(old):
            kinds.add("break-four")  # only a set of four can give up a card and stay a set
        elif sum(1 for m in pieces if is_run(m) and (m & old).bit_count() >= 2) >= 2:
            kinds.add("split-run")
        else:
            kinds.add("move-card")
    return kinds


def _rearranged_kind(kind: str) -> Predicate:
    def predicate(position: Position, analysis: Analysis) -> bool:
        return rearrange(position, analysis) and any(
            kind in _split_kinds(position, p) for p in analysis.plays
        )

    return predicate


break_four = _rearranged_kind("break-four")
break_four.__doc__ = "Only rearranging works, and a set of four gives up a card (R4, R5)."
split_run = _rearranged_kind("split-run")
split_run.__doc__ = "Only rearranging works, and a run is split into two runs (R4, R5)."
move_card = _rearranged_kind("move-card")
move_card.__doc__ = "Only rearranging works, and a card moves from one meld to another (R5)."


def forcing_yes(position: Position, analysis: Analysis) -> bool:
    """The center card fits your melds directly, so it can be forced on you (R9)."""
    play = analysis.forceable_play
    return play is not None and not play.rearranged


def forcing_no(position: Position, analysis: Analysis) -> bool:
    """You have melds or can take the card, yet it cannot be forced: it needs hand cards (R9)."""
    return not analysis.forceable and (analysis.usable or bool(position.melds))


def forcing_after_rearranging(position: Position, analysis: Analysis) -> bool:
    """It can be forced, but only because your melds may be rearranged to take it (R5, R9)."""
    play = analysis.forceable_play
    return play is not None and play.rearranged


def cannot_keep(position: Position, analysis: Analysis) -> bool:
    """The center card is one card short of a meld, so it cannot be taken to wait (R8)."""
    if analysis.usable:
        return False
    pool = _pool(position)
    return any((m & ~pool).bit_count() == 1 for m in MELDS_CONTAINING[position.center])


def win_eleven(position: Position, analysis: Analysis) -> bool:
    """A play exposes all 11 cards and wins the hand (R10)."""
    return bool(analysis.winning_plays)


def ten_down(position: Position, analysis: Analysis) -> bool:
    """A play lays down 10 cards and leaves one to discard, and no play wins (R10)."""
    hand = position.hand.bit_count()
    return not analysis.winning_plays and any(p.size == hand - 1 for p in analysis.plays)


def safe_discard(position: Position, analysis: Analysis) -> bool:
    """After some take, some cards left would feed the opponent's melds and some would not (R9)."""
    for play in analysis.plays:
        if play.wins:
            continue
        left = position.hand & ~play.hand_cards
        bad = unsafe_cards(position, left)
        if bad and left & ~bad:
            return True
    return False


def end_of_stock(position: Position, analysis: Analysis) -> bool:
    """The stock is empty (R11)."""
    return position.stock == 0


def draw(position: Position, analysis: Analysis) -> bool:
    """The stock is empty and the card left to you cannot be taken: the hand is a draw (R11)."""
    return position.stock == 0 and position.center_from == "opponent" and not analysis.usable


# The themes of lay-offs, jokers and take-backs (cooncan, the kunken profiles).

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


def joker_swap(position: Position, analysis: Analysis) -> bool:
    """Some way to play first swaps a card for a joker in the opponent's melds (K5)."""
    return any(way.swaps for p in analysis.plays for way in p.ways or (p,))


def no_lay_off_yet(position: Position, analysis: Analysis) -> bool:
    """The card would fit one of the opponent's melds, but you have no meld of your own to
    lay off from, and nothing else uses it (K10)."""
    from solver.claims.profile import fits_opponent_meld  # the claims' own test of a fit

    return (
        position.rules.lay_off == "after_own_meld"
        and not position.melds
        and not analysis.usable
        and any(fits_opponent_meld(position, i) for i in range(len(position.opponent_melds)))
    )


def conquian_only(predicate: Predicate) -> Predicate:
    """``predicate`` under a profile whose puzzles come from the theme generator
    (``RuleProfile.puzzle_themes`` empty: conquian-40), false under the others: it reads the
    40-card meld tables or a rule (R4, R9, R11) their books word differently."""

    def guarded(position: Position, analysis: Analysis) -> bool:
        return not position.rules.puzzle_themes and predicate(position, analysis)

    guarded.__doc__ = predicate.__doc__
    return guarded


PROFILE_THEMES: Final[dict[str, Predicate]] = {
    "lay-off": lay_off,
    "lay-off-center": lay_off_center,
    "forcing-lay-off": forcing_lay_off,
    "joker-play": joker_play,
    "take-back": take_back,
    "joker-swap": joker_swap,
    "no-lay-off-yet": no_lay_off_yet,
}
"""The themes of lay-offs, jokers and take-backs, in the order the site lists them."""

THEMES: Final[dict[str, Predicate]] = {
    "seven-jack": conquian_only(seven_jack),
    "no-wraparound": conquian_only(no_wraparound),
    "long-run": conquian_only(long_run),
    "sets": conquian_only(sets),
    "take-with-hand": take_with_hand,
    "extend-meld": extend_meld,
    "rearrange": rearrange,
    "break-four": conquian_only(break_four),
    "split-run": conquian_only(split_run),
    "move-card": conquian_only(move_card),
    "forcing-yes": forcing_yes,
    "forcing-no": forcing_no,
    "forcing-after-rearranging": forcing_after_rearranging,
    "cannot-keep": conquian_only(cannot_keep),
    "win-eleven": win_eleven,
    "ten-down": ten_down,
    "safe-discard": conquian_only(safe_discard),
    "end-of-stock": conquian_only(end_of_stock),
    "draw": conquian_only(draw),
    **PROFILE_THEMES,
}
"""Every theme, in the order the site lists them (the profiles' own last)."""

GROUPS: Final[dict[str, tuple[str, ...]]] = {
    "reading-melds": ("seven-jack", "no-wraparound", "long-run", "sets"),
    "taking": ("take-with-hand", "extend-meld", "cannot-keep"),
    "rearranging": ("rearrange", "break-four", "split-run", "move-card"),
    "forcing": ("forcing-yes", "forcing-no", "forcing-after-rearranging"),
    "ending": ("win-eleven", "ten-down", "safe-discard", "end-of-stock", "draw"),
    "profiles": tuple(PROFILE_THEMES),
}


def themes_of(position: Position, analysis: Analysis) -> list[str]:
    """Every theme whose predicate holds, in :data:`THEMES` order."""
    return [name for name, predicate in THEMES.items() if predicate(position, analysis)]
