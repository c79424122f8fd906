"""The rating-history chart, drawn on the server as SVG: no script, nothing inline that a
strict Content-Security-Policy would refuse (styles come from the stylesheet)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

WIDTH = 640
HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 12, 28  # room for the axis labels
GRID_STEP = 50  # rating points between grid lines, widened until at most 6 lines


@dataclass
class Chart:
    width: int
    height: int
    path: str  # the line, as SVG path data
    band: str  # rating ± deviation, as a closed SVG path
    points: list[tuple[float, float]] = field(default_factory=list)
    y_ticks: list[tuple[float, int]] = field(default_factory=list)  # (y, rating)
    x_ticks: list[tuple[float, int]] = field(default_factory=list)  # (x, puzzle number)
    low: int = 0
    high: int = 0


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def rating_chart(
    ratings: Sequence[float], deviations: Sequence[float] | None = None
) -> Chart | None:
    """The chart of ``ratings`` (one per rated puzzle, the start first); None when there is
    nothing to draw. ``deviations`` draw a band of ± one rating deviation."""
    if len(ratings) < 2:
        return None
    devs = list(deviations) if deviations is not None else [0.0] * len(ratings)
    lows = [r - d for r, d in zip(ratings, devs, strict=True)]
    highs = [r + d for r, d in zip(ratings, devs, strict=True)]
    step = GRID_STEP
    while True:
        bottom = math.floor(min(min(ratings), *lows) / step) * step
        top = math.ceil(max(max(ratings), *highs) / step) * step
        if top == bottom:
            top = bottom + step
        if (top - bottom) / step <= 6:
            break
        step *= 2
    inner_w = WIDTH - LEFT - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM
    last = len(ratings) - 1

    def x(i: int) -> float:
        return LEFT + inner_w * i / last

    def y(rating: float) -> float:
        return TOP + inner_h * (top - rating) / (top - bottom)

    points = [(x(i), y(r)) for i, r in enumerate(ratings)]
    path = "M" + " L".join(f"{_fmt(px)} {_fmt(py)}" for px, py in points)
    upper = [(x(i), y(h)) for i, h in enumerate(highs)]
    lower = [(x(i), y(lo)) for i, lo in reversed(list(enumerate(lows)))]
    band = "M" + " L".join(f"{_fmt(px)} {_fmt(py)}" for px, py in upper + lower) + " Z"
    y_ticks = [(y(v), v) for v in range(int(bottom), int(top) + 1, step)]
    every = max(1, math.ceil(last / 8))
    x_ticks = [(x(i), i) for i in range(0, last + 1, every)]
    if x_ticks[-1][1] != last:
        x_ticks.append((x(last), last))
    return Chart(
        WIDTH, HEIGHT, path, band, points, y_ticks, x_ticks,
        round(min(ratings)), round(max(ratings)),
    )
