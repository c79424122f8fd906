"""Grading only what the playouts make clear (issue 27, item 13).

Candidates are played out on the same deals, so each candidate's difference from the
learner's move is measured deal by deal (a paired difference) and its standard error is far
smaller than the candidates' own.  The drop of the learner's move is the largest of those
differences; it lies between ``low`` and ``high``, each candidate's mean difference less or
plus ``Z`` paired standard errors.  A decision gets the grade of
:func:`solver.review.grading.grade_for` only when both ends fall in the same grade;
one exception: when the low end is already past the mistake threshold and the high end is a
blunder, the grade is :data:`MISTAKE_OR_WORSE` (issue 31 item 4: in Kunken a missed winning
take drops between 10 and 60 points after 16 deals, surely bad, but no count of deals would
tell a mistake from a blunder there).  Otherwise its grade is :data:`UNCLEAR`: the deals
played cannot tell which it is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from solver.review.grading import GRADES, THRESHOLDS, grade_for

UNCLEAR: Final = "unclear"
"""The grade of a decision whose drop the playouts leave between two grades.  (A third
answer, "surely under 10 points", was tried and dropped: its border with this one moved
with the sampling seed, and about one decision in eight changed answer between two
gradings.)"""
MISTAKE_OR_WORSE: Final = "mistake_or_worse"
"""The grade of a decision whose drop is surely at least a mistake's and may be a
blunder's: counted with the mistakes (a personal puzzle, a kind of mistake)."""
MISTAKE_AT: Final = THRESHOLDS[GRADES.index("mistake") - 1]
"""The lowest drop graded a mistake."""
LABELS: Final = (*GRADES, MISTAKE_OR_WORSE, UNCLEAR)
"""Every grade this module gives."""
Z: Final = 3.0
"""Paired standard errors on each side of a drop before its grade counts as clear (2 and
2.5 were tried: Kunken's decisions then got the same label twice 88% and 90% of the time,
against 95% with 3; scripts/review-agreement)."""


PRIOR: Final = 0.25
"""A quarter of a squared point added to the spread of every difference: deals where two
moves always did the same are no proof that they always will (with 16 such deals the
drop may still be a few points; with 80 it is under two)."""


def mean_se(values: Sequence[float], deals: int | None = None) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (with :data:`PRIOR`); with ``deals``,
    the standard error ``deals`` values of the same mean and spread would have (the
    spread grows with the deals, the prior does not)."""
    n = len(values)
    mean = sum(values) / n
    squares = sum((v - mean) ** 2 for v in values)
    m = n if deals is None else deals
    return mean, math.sqrt((squares * m / n + PRIOR) / (max(1, m - 1) * m))


@dataclass(frozen=True, slots=True)
class Drop:
    """How much worse the learner's move (row 0) did than the best candidate."""

    best: int
    """The candidate with the highest mean (the learner's on ties)."""
    drop: float
    """The best candidate's mean difference less one paired standard error, never below 0:
    the figure conquian-40's grades use (solver.review.grading)."""
    low: float
    high: float
    """Each candidate's mean difference from the learner's move less / plus ``Z`` paired
    standard errors, the largest of them, never below 0."""

    @property
    def grade(self) -> str:
        return label(self.low, self.high)


def label(low: float, high: float) -> str:
    """The grade of a drop between ``low`` and ``high``: the grade both ends fall in, else
    :data:`MISTAKE_OR_WORSE` when the low end is past the mistake threshold, else
    :data:`UNCLEAR`."""
    grade = grade_for(low)
    if grade_for(high) == grade:
        return grade
    return MISTAKE_OR_WORSE if low >= MISTAKE_AT else UNCLEAR


def paired_drop(rows: Sequence[Sequence[float]], z: float = Z) -> Drop:
    """The drop of ``rows[0]`` (the learner's move, one score per deal) against the other
    rows (the other candidates on the same deals)."""
    means = [sum(r) / len(r) for r in rows]
    best = max(range(len(rows)), key=lambda i: (means[i], -i))
    low = high = 0.0
    drop = 0.0
    for i, row in enumerate(rows[1:], start=1):
        mean, se = mean_se([c - m for c, m in zip(row, rows[0], strict=True)])
        low = max(low, mean - z * se)
        high = min(1.0, max(high, mean + z * se))
        if i == best:
            drop = max(0.0, mean - se)
    return Drop(best, drop, low, high)


def best_moves(rows: Sequence[Sequence[float]], z: float = Z) -> tuple[int, ...]:
    """Every candidate the grader ranks as best: the highest mean (all of them on a tie:
    :func:`paired_drop` picks among them by their order alone), and any whose own drop, had
    it been the move played, would be graded "best".  A "find the better move" puzzle
    accepts them all (issue 28)."""
    sums = [sum(r) for r in rows]  # the same deals for every row: sums rank as means do
    top = max(sums)
    return tuple(i for i, row in enumerate(rows) if sums[i] == top or paired_drop(
        [row, *(r for j, r in enumerate(rows) if j != i)], z).grade == GRADES[0])


def hopeless(rows: Sequence[Sequence[float]], deals: int, z: float = Z) -> bool:
    """Even ``deals`` deals would leave the grade as it is if the candidates' mean
    differences and spreads stayed what they are now: more deals for this decision are
    better spent on another.  (Scaling the whole standard error by 1/sqrt(deals) was
    wrong for moves that did the same on every deal so far: their error is all prior,
    which shrinks as 1/deals, so 80 such deals make "best" clear, yet they were called
    hopeless after 16.)"""
    return projected(rows, deals, z) == paired_drop(rows, z).grade


def projected(rows: Sequence[Sequence[float]], deals: int, z: float = Z) -> str:
    """The grade ``deals`` deals would give if the candidates' mean differences and
    spreads stayed what they are now."""
    low = high = 0.0
    for row in rows[1:]:
        mean, se = mean_se([c - m for c, m in zip(row, rows[0], strict=True)], deals)
        low = max(low, mean - z * se)
        high = min(1.0, max(high, mean + z * se))
    return label(low, high)


def deals_to_clear(rows: Sequence[Sequence[float]], limit: int, step: int,
                   z: float = Z) -> int | None:
    """The fewest deals, in steps of ``step`` up to ``limit``, that would make the grade
    clearer (one of the scale's where it is "unclear" or "mistake or worse" now) if the
    means and spreads stayed put; ``None``: not even ``limit`` would, or it is clear."""
    now = paired_drop(rows, z).grade
    if now in GRADES:
        return None
    for deals in range(len(rows[0]) + step, limit + step, step):
        if projected(rows, min(deals, limit), z) != now:
            return min(deals, limit)
    return None
