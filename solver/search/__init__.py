"""The exact search engine: the analysis of a position under its profile.

``analyze`` dispatches on what the profile's analysis answers (:mod:`center`: how the
center card can be melded at once, in conquian-40; :mod:`layoff`: the same with lay-offs
and jokers, in cooncan and the kunken profiles; :mod:`draw`: what drawing it into the hand
gives; :mod:`closing`: whether taking it lets you close).  ``analyze`` answers the center
kind (its callers read plays); ``analyze_any`` answers every kind.
"""

from __future__ import annotations

from solver.analysis import Analysis, AnyAnalysis
from solver.errors import ConquianError
from solver.messages import N_
from solver.position import Position
from solver.search import center, closing, draw, layoff


def analyze(position: Position) -> Analysis:
    """Analyse the center card for the player to act."""
    kind = position.rules.analysis
    if kind == "center":
        if position.rules.plain_center:
            return center.analyze(position)
        return layoff.analyze(position)
    raise ConquianError(N_("the analysis of {rules} positions is not available yet"),
                        rules=position.rules.id)


def analyze_any(position: Position) -> AnyAnalysis:
    """The analysis of any profile: :func:`analyze`, or drawing the upcard (``draw``), or
    closing (``closing``)."""
    kind = position.rules.analysis
    if kind == "draw":
        return draw.analyze(position)
    if kind == "closing":
        return closing.analyze(position)
    return analyze(position)


__all__ = ["analyze", "analyze_any"]
