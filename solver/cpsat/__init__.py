"""The same analyses as :mod:`solver.search`, formulated for OR-Tools CP-SAT.

They exist to cross-check the search engine, so they share only the rules' tables (and,
for the profiles with lay-offs, the problem statement and the canonical arrangement of a
solved play) and none of the search code; ``analyze`` and ``analyze_any`` dispatch as
:mod:`solver.search` does.
"""

from __future__ import annotations

from solver.analysis import Analysis, AnyAnalysis
from solver.cpsat import center, closing, draw, layoff
from solver.errors import ConquianError
from solver.messages import N_
from solver.position import Position


def analyze(position: Position) -> Analysis:
    kind = position.rules.analysis
    if kind == "center":
        if position.rules.plain_center:
            return center.analyze(position)
        return layoff.analyze(position)
    raise ConquianError(N_("the analysis of {rules} positions is not available yet"),
                        rules=position.rules.id)


def analyze_any(position: Position) -> AnyAnalysis:
    kind = position.rules.analysis
    if kind == "draw":
        return draw.analyze(position)
    if kind == "closing":
        return closing.analyze(position)
    return analyze(position)


__all__ = ["analyze", "analyze_any"]
