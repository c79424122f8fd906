"""Lexicographic choice with CP-SAT, shared by the formulations of this package.

The canonical answer among equally good ones is the choice vector, over candidates in
canonical order, that is lexicographically greatest.  Weights ``2**k`` express that in one
objective for up to 62 candidates; longer lists are fixed chunk by chunk.
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

CHUNK = 60  # 2**60 weights keep the objective inside CP-SAT's 64-bit range


def new_solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic, and faster on tiny models
    return solver


def lex_greatest(model: cp_model.CpModel, xs: Sequence[cp_model.IntVar]) -> list[int] | None:
    """Values of ``xs`` (booleans, canonical order) in the lexicographically greatest
    solution of ``model``, or ``None`` when it has none.  Fixes them in the model."""
    values: list[int] = []
    solver = new_solver()
    if not xs:
        return values if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    for start in range(0, len(xs), CHUNK):
        chunk = xs[start:start + CHUNK]
        model.maximize(sum((1 << (len(chunk) - 1 - i)) * x for i, x in enumerate(chunk)))
        if solver.solve(model) != cp_model.OPTIMAL:
            return None
        for x in chunk:
            value = int(solver.value(x))
            model.add(x == value)
            values.append(value)
    return values
