"""Themes of the profiles whose analysis is not a center card's plays: Colonel's draw
(:class:`~solver.analysis.DrawAnalysis`) and Conquin's close
(:class:`~solver.analysis.ClosingAnalysis`).  One pure predicate per theme, as in
:mod:`solver.puzzles.themes`; each is false for the other kind of analysis."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solver.analysis import AnyAnalysis, ClosingAnalysis, DrawAnalysis
from solver.analysis.closing import jokers_of, multiset_kinds, naturals_of
from solver.cards import JOKER_BASE, Card
from solver.position import Position

HandPredicate = Callable[[Position, AnyAnalysis], bool]


def upcard_better(position: Position, analysis: AnyAnalysis) -> bool:
    """Drawing the upcard leaves less deadwood than a stock card on average (H4, H11)."""
    return isinstance(analysis, DrawAnalysis) and analysis.upcard_better and not analysis.goes_out


def stock_better(position: Position, analysis: AnyAnalysis) -> bool:
    """A stock card leaves no more deadwood on average than the upcard does (H4, H11)."""
    return isinstance(analysis, DrawAnalysis) and not analysis.upcard_better


def go_out(position: Position, analysis: AnyAnalysis) -> bool:
    """With the upcard every card of the hand goes down, which a stock card does not always
    do (H8)."""
    return isinstance(analysis, DrawAnalysis) and analysis.goes_out and analysis.upcard_better


def close_now(position: Position, analysis: AnyAnalysis) -> bool:
    """Taking the center card lets you close (I9)."""
    return isinstance(analysis, ClosingAnalysis) and analysis.closes


def close_double(position: Position, analysis: AnyAnalysis) -> bool:
    """The best closing has exactly two melds, which doubles the stake (I10)."""
    return (isinstance(analysis, ClosingAnalysis) and analysis.closes
            and analysis.closings[0].multiplier == 2)


def cannot_close(position: Position, analysis: AnyAnalysis) -> bool:
    """Whatever the discard, a card stays outside melds (I9)."""
    return isinstance(analysis, ClosingAnalysis) and not analysis.closes


CLOSE_CALL_PIPS: Final = 5
"""A draw decision is close when the upcard and the stock's average differ by fewer pips."""


def upcard_meld(position: Position, analysis: AnyAnalysis) -> bool:
    """The upcard can go down at once in a new meld with hand cards (H5)."""
    return isinstance(analysis, DrawAnalysis) and any(
        m >> position.center & 1 for m in analysis.melds)


def upcard_lay_off(position: Position, analysis: AnyAnalysis) -> bool:
    """The upcard can be laid off onto a meld on the table (H6)."""
    return isinstance(analysis, DrawAnalysis) and any(
        lay.cards >> position.center & 1 for lay in analysis.lay_offs)


def hand_lay_off(position: Position, analysis: AnyAnalysis) -> bool:
    """A card of the hand can be laid off onto a meld on the table (H6), whoever showed it."""
    return isinstance(analysis, DrawAnalysis) and any(
        lay.cards & ~(1 << position.center) for lay in analysis.lay_offs)


def close_call(position: Position, analysis: AnyAnalysis) -> bool:
    """Upcard or stock is a close call: the pips the upcard leaves and the stock's average
    differ by fewer than five, and the upcard does not take you out (H4, H11)."""
    if not isinstance(analysis, DrawAnalysis) or analysis.goes_out:
        return False
    average = analysis.stock_average
    return average is not None and abs(analysis.deadwood - average) < CLOSE_CALL_PIPS


# The closing themes read only which discards close and at what stake, never which of
# several equal arrangements is printed: relabelling the suits keeps them (relabel.py).

def _eleven(position: Position) -> list[Card]:
    """The hand's cards and the center card, as card kinds (``JOKER_BASE`` for a joker)."""
    eleven = position.hand | 1 << position.center
    return [*multiset_kinds(naturals_of(eleven)), *[JOKER_BASE] * jokers_of(eleven)]


def _closing_tens(position: Position, analysis: AnyAnalysis) -> list[list[Card]]:
    """The ten cards kept by each closing discard."""
    if not isinstance(analysis, ClosingAnalysis):
        return []
    eleven = _eleven(position)
    tens = []
    for closing in analysis.closings:
        ten = list(eleven)
        ten.remove(min(closing.discard, JOKER_BASE))
        tens.append(ten)
    return tens


def joker_close(position: Position, analysis: AnyAnalysis) -> bool:
    """You close with a joker in your melds (I6, I9)."""
    return any(JOKER_BASE in ten for ten in _closing_tens(position, analysis))


def two_pack_meld(position: Position, analysis: AnyAnalysis) -> bool:
    """You close with both copies of a card in your melds, which only two packs allow
    (I1, I5)."""
    return any(len({c for c in ten if c < JOKER_BASE})
               < sum(1 for c in ten if c < JOKER_BASE) for ten in _closing_tens(position, analysis))


def best_stake(position: Position, analysis: AnyAnalysis) -> bool:
    """Several discards close, at different stakes: the discard decides the payment (I10)."""
    return (isinstance(analysis, ClosingAnalysis)
            and len({c.multiplier for c in analysis.closings}) > 1)


def one_short(position: Position, analysis: AnyAnalysis) -> bool:
    """No discard closes, but the best one leaves a single card outside melds (I9)."""
    return isinstance(analysis, ClosingAnalysis) and not analysis.closes and analysis.deadwood == 1


HAND_THEMES: Final[dict[str, HandPredicate]] = {
    "upcard-better": upcard_better,
    "stock-better": stock_better,
    "go-out": go_out,
    "close-now": close_now,
    "close-double": close_double,
    "cannot-close": cannot_close,
    "upcard-meld": upcard_meld,
    "upcard-lay-off": upcard_lay_off,
    "hand-lay-off": hand_lay_off,
    "close-call": close_call,
    "joker-close": joker_close,
    "two-pack-meld": two_pack_meld,
    "best-stake": best_stake,
    "one-short": one_short,
}


def hand_themes_of(position: Position, analysis: AnyAnalysis) -> list[str]:
    return [name for name, predicate in HAND_THEMES.items() if predicate(position, analysis)]
