"""Where the playout grader spends its deals (issue 31: 79 of 80 Colonel decisions were
"unclear"): a decision whose moves did the same on every deal so far can still become
"best", and the hand's budget goes first to the decision nearest to a clear grade."""

from __future__ import annotations

import random

from solver.review.paired import (
    UNCLEAR,
    deals_to_clear,
    hopeless,
    paired_drop,
    projected,
)
from solver.review.profiles import BATCH, DEALS, _Decision, _nearest


def _same(deals: int, moves: int = 2) -> list[list[float]]:
    """Every move won, lost or drew the same deals."""
    return [[1.0, 0.0, 1.0, 0.5] * (deals // 4) for _ in range(moves)]


def test_moves_that_did_the_same_on_every_deal_can_become_best() -> None:
    rows = _same(16)
    assert paired_drop(rows).grade == UNCLEAR
    # The prior's share of the error shrinks as 1/deals, not 1/sqrt(deals): the same
    # results on 160 deals would be "best", so more deals are worth drawing...
    assert projected(rows, DEALS) == "best"
    assert not hopeless(rows, DEALS)
    needed = deals_to_clear(rows, DEALS, BATCH)
    assert needed is not None and needed < DEALS
    # ... and the projection is what those deals really give.
    assert paired_drop(_same(needed)).grade == "best"
    assert paired_drop(_same(needed - BATCH)).grade == UNCLEAR


def test_a_projection_keeps_the_spread_of_noisy_moves() -> None:
    # 1 deal in 16 lost by the learner's move only: even 160 deals would leave it
    # between "best" and a mistake (the spread, not only the prior, stays).
    rows = [[0.0] * 16, [1.0] + [0.0] * 15]
    assert projected(rows, DEALS) == UNCLEAR
    assert deals_to_clear(rows, DEALS, BATCH) is None
    # A grade already clear needs no more deals.
    assert deals_to_clear(_same(96), DEALS, BATCH) is None


def _decision(step: int, rows: list[list[float]]) -> _Decision:
    return _Decision(step, None, [None] * len(rows), random.Random(step),
                     rows=rows, deals=len(rows[0]))


def test_the_deals_go_first_to_the_decision_nearest_to_a_clear_grade() -> None:
    # 4 of 16 deals lost by the learner's move only, among four moves: clear (a mistake
    # or worse) only after many deals of four playouts each ...
    far = _decision(3, [[0.0] * 16, [1.0] * 4 + [0.0] * 12, [0.0] * 16, [0.0] * 16])
    # ... two moves that did the same on 16 deals: "best" after fewer, of two playouts.
    near = _decision(9, _same(16))
    hopeless_one = _decision(1, [[0.0] * 16, [1.0] + [0.0] * 15])
    far_cost, near_cost = far.cost(), near.cost()
    assert far_cost is not None and near_cost is not None and near_cost < far_cost
    assert hopeless_one.cost() is None
    # Taken in turn, the earliest decision would come first; by cost the nearer one does.
    assert _nearest([hopeless_one, far, near]) is near
    # A decision with DEALS deals, or whose sampling ran dry, gets no more.
    near.deals = DEALS
    assert near.cost() is None and _nearest([hopeless_one, near]) is None
    far.exhausted = True
    assert _nearest([far]) is None
