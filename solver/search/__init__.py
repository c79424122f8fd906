"""The exact search engine: the analysis of a position under its profile.

``analyze`` dispatches on what the profile's analysis answers (:mod:`center`: how the
center card can be melded at once, in conquian-40; :mod:`layoff`: the same with lay-offs
and jokers, in cooncan and the kunken profiles; :mod:`draw`: what drawing it into the hand
gives; :mod:`closing`: whether taking it lets you close).  ``analyze`` answers the center
kind (its callers read plays); ``analyze_any`` answers every kind.
"""

from __future__ import annotations

from solver.analysis import Analysis, AnyAnalysis
from solver.analysis.dispatch import any_analysis, center_analysis
from solver.position import Position
from solver.search import center, closing, draw, layoff


def analyze(position: Position) -> Analysis:
    """Analyse the center card for the player to act."""
    return center_analysis(position, center.analyze, layoff.analyze)


def analyze_any(position: Position) -> AnyAnalysis:
    """The analysis of any profile: :func:`analyze`, or drawing the upcard (``draw``), or
    closing (``closing``)."""
    return any_analysis(position, analyze, draw.analyze, closing.analyze)


__all__ = ["analyze", "analyze_any"]
