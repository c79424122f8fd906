"""Themes of the profiles whose analysis is not a center card's plays: Colonel's draw
(:class:`~solver.analysis.DrawAnalysis`) and Conquin's close
(:class:`~solver.analysis.ClosingAnalysis`).  One pure predicate per theme, as in
:mod:`solver.puzzles.themes`; each is false for the other kind of analysis."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solver.analysis import AnyAnalysis, ClosingAnalysis, DrawAnalysis
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


HAND_THEMES: Final[dict[str, HandPredicate]] = {
    "upcard-better": upcard_better,
    "stock-better": stock_better,
    "go-out": go_out,
    "close-now": close_now,
    "close-double": close_double,
    "cannot-close": cannot_close,
}


def hand_themes_of(position: Position, analysis: AnyAnalysis) -> list[str]:
    return [name for name, predicate in HAND_THEMES.items() if predicate(position, analysis)]
