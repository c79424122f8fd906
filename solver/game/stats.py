"""Summary statistics of self-play: win shares with Wilson 95% intervals, percentiles."""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def paired(a: list[int | None], b: list[int | None], seat: int = 0) -> dict[str, Any]:
    """Two series of the same hands (the winning seat of each, None for a draw) compared
    hand by hand for ``seat``: a hand scores +1 won, -1 lost, 0 drawn; hands that ended
    alike cancel out, so the difference's standard error is far smaller than two
    independent runs' would be."""
    if len(a) != len(b):
        raise ValueError(f"{len(a)} hands against {len(b)}: compare the same hands")

    def score(winner: int | None) -> int:
        return 0 if winner is None else 1 if winner == seat else -1

    diffs = [score(y) - score(x) for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n else 0.0

    def record(series: list[int | None]) -> dict[str, Any]:
        won = sum(w == seat for w in series)
        lost = sum(w is not None and w != seat for w in series)
        return {"wins": won, "losses": lost, "draws": len(series) - won - lost,
                "win_share_of_decided": round(won / (won + lost), 4) if won + lost else None}

    return {
        "hands": n,
        "a": record(a),
        "b": record(b),
        "differing_hands": sum(d != 0 for d in diffs),
        "b_better": sum(d > 0 for d in diffs),
        "a_better": sum(d < 0 for d in diffs),
        "mean_gain": round(mean, 4),
        "standard_error": round(se, 4),
        "z": round(mean / se, 2) if se else None,
    }
