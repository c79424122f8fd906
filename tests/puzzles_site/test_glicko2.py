"""Glicko-2 (tutor.puzzles.glicko2) against the worked example of Glickman's paper, and the
properties any rating update must have."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.puzzles.glicko2 import SCALE, Game, Rating, expected_score, g, rate

# Glickman, "Example of the Glicko-2 system" (2013): a 1500 ± 200 player (σ = 0.06, τ = 0.5)
# beats a 1400 ± 30 player and loses to 1550 ± 100 and 1700 ± 300.
PLAYER = Rating(1500, 200, 0.06)
GAMES = [Game(Rating(1400, 30), 1.0), Game(Rating(1550, 100), 0.0), Game(Rating(1700, 300), 0.0)]


def test_the_papers_intermediate_values() -> None:
    # Step 3 and 4: v = 1.7785 and Δ = -0.4834 in the paper, which rounds g and E first
    # (unrounded, Δ is -0.48393).
    weights = [(g(x.opponent.phi), expected_score(PLAYER, x.opponent), x.score) for x in GAMES]
    assert [round(w[0], 4) for w in weights] == [0.9955, 0.9531, 0.7242]
    assert [round(w[1], 3) for w in weights] == [0.639, 0.432, 0.303]
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e, _ in weights)
    delta = v * sum(gj * (s - e) for gj, e, s in weights)
    assert v == pytest.approx(1.7785, abs=5e-4)
    assert delta == pytest.approx(-0.4834, abs=1e-3)


def test_the_papers_result() -> None:
    after = rate(PLAYER, GAMES)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)  # the paper: 0.05999
    assert (after.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=5e-4)
    assert after.deviation / SCALE == pytest.approx(0.8722, abs=5e-4)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)


def test_volatility_uses_the_deviation_not_the_rating() -> None:
    """The check that the packaged library fails: far from 1500, a surprising run of results
    must still raise σ by the amount step 5 gives (computed here by bisection on f)."""
    player = Rating(2200, 50, 0.06)
    games = [Game(Rating(1000, 50), 0.0)] * 10
    after = rate(player, games)
    mu, phi = player.mu, player.phi
    weights = [(g(x.opponent.phi), expected_score(player, x.opponent), x.score) for x in games]
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e, _ in weights)
    delta = v * sum(gj * (s - e) for gj, e, s in weights)
    a = math.log(0.06**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / 0.25

    lo, hi = a - 10, math.log(delta**2 - phi**2 - v)  # f(lo) > 0 > f(hi)... bracket the root
    lo, hi = (lo, hi) if f(lo) > 0 else (hi, lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    assert after.volatility == pytest.approx(math.exp(lo / 2), rel=1e-5)
    assert mu > 0  # far from the scale's centre, where μ² and φ² differ widely


ratings = st.builds(
    Rating,
    st.floats(800, 2400),
    st.floats(30, 350),
    st.floats(0.03, 0.1),
)


@given(ratings, ratings)
def test_a_win_raises_a_loss_lowers_and_a_game_narrows_the_deviation(
    player: Rating, opponent: Rating
) -> None:
    win, loss = rate(player, [Game(opponent, 1.0)]), rate(player, [Game(opponent, 0.0)])
    draw = rate(player, [Game(opponent, 0.5)])
    assert loss.rating < draw.rating < win.rating
    assert win.rating > player.rating > loss.rating
    # φ' = 1/√(1/φ*² + 1/v) is below φ* = √(φ² + σ'²): a game always adds information.
    for after in (win, draw, loss):
        assert after.deviation < math.hypot(player.deviation, after.volatility * SCALE)


@given(ratings, ratings)
def test_expected_scores_are_probabilities_ordered_by_rating(a: Rating, b: Rating) -> None:
    e = expected_score(a, b)
    assert 0 < e < 1
    if a.rating > b.rating:
        assert e > 0.5
    elif a.rating < b.rating:
        assert e < 0.5


def test_no_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1600, 80, 0.06), [])
    assert after.rating == 1600 and 80 < after.deviation < 81
    assert rate(Rating(1600, 349.9, 0.06), []).deviation == 350  # never past the prior
