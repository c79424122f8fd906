"""Which analysis a position's profile calls for (its ``analysis`` and ``plain_center``):
the one dispatch both engines, :mod:`solver.search` and :mod:`solver.cpsat`, answer through."""

from __future__ import annotations

from collections.abc import Callable

from solver.analysis import Analysis, AnyAnalysis
from solver.analysis.closing import ClosingAnalysis
from solver.analysis.draw import DrawAnalysis
from solver.errors import ConquianError
from solver.messages import N_
from solver.position import Position


def center_analysis(position: Position, center: Callable[[Position], Analysis],
                    layoff: Callable[[Position], Analysis]) -> Analysis:
    """The center card's analysis by an engine's ``center`` (plain profiles) or ``layoff``
    (profiles that lay off); ConquianError for a profile analysed otherwise."""
    if position.rules.analysis == "center":
        if position.rules.plain_center:
            return center(position)
        return layoff(position)
    raise ConquianError(N_("the analysis of {rules} positions is not available yet"),
                        rules=position.rules.id)


def any_analysis(position: Position, analyze: Callable[[Position], Analysis],
                 draw: Callable[[Position], DrawAnalysis],
                 closing: Callable[[Position], ClosingAnalysis]) -> AnyAnalysis:
    """The profile's analysis by an engine: drawing the upcard (``draw``), closing
    (``closing``), else the center card's (``analyze``)."""
    kind = position.rules.analysis
    if kind == "draw":
        return draw(position)
    if kind == "closing":
        return closing(position)
    return analyze(position)
