"""The same analyses as :mod:`solver.search`, formulated for OR-Tools CP-SAT.

They exist to cross-check the search engine, so they share only the rules' tables (and,
for the profiles with lay-offs, the problem statement and the canonical arrangement of a
solved play) and none of the search code; ``analyze`` and ``analyze_any`` dispatch as
:mod:`solver.search` does.
"""

from __future__ import annotations

from solver.analysis import Analysis, AnyAnalysis
from solver.analysis.dispatch import any_analysis, center_analysis
from solver.cpsat import center, closing, draw, layoff
from solver.position import Position


def analyze(position: Position) -> Analysis:
    return center_analysis(position, center.analyze, layoff.analyze)


def analyze_any(position: Position) -> AnyAnalysis:
    return any_analysis(position, analyze, draw.analyze, closing.analyze)


__all__ = ["analyze", "analyze_any"]
