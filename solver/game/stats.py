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

    diffs: list[float] = [score(y) - score(x) for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean, se = _mean_and_error(diffs)

    share_gain, share_se = _share_gain(a, b, seat)

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
        "share_gain": round(share_gain, 4),
        "share_standard_error": round(share_se, 4),
    }


def _share_gain(a: list[int | None], b: list[int | None], seat: int) -> tuple[float, float]:
    """How much B's share of decided hands exceeds A's, paired hand by hand, with its
    standard error.  The share W / (W + L) is not a mean of per-hand scores, so it is
    linearised around the pooled share s and decided rate d (the delta method): a hand
    scores (1 - s) / d won, -s / d lost, 0 drawn.  Unlike ``mean_gain``, this counts a
    draw turned into a decided hand as worth what the share makes it worth, not +1/2."""
    won = sum(w == seat for w in a) + sum(w == seat for w in b)
    decided = sum(w is not None for w in a) + sum(w is not None for w in b)
    n = len(a)
    if not n or not decided:
        return 0.0, 0.0
    s, d = won / decided, decided / (2 * n)

    def score(winner: int | None) -> float:
        return 0.0 if winner is None else (1 - s) / d if winner == seat else -s / d

    return _mean_and_error([score(y) - score(x) for x, y in zip(a, b, strict=True)])


def _mean_and_error(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (0, 0 for none)."""
    n = len(diffs)
    if not n:
        return 0.0, 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)
