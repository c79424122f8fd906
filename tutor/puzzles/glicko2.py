"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one rating period at a time.

Written out here because the packaged implementation we tried (``glicko2`` 2.1.0 on PyPI)
puts the rating μ where step 5's volatility function needs the deviation φ; the tests check
this module against the worked example of Glickman's paper, step by step.

Ratings are on the familiar scale (1500 ± 350); the steps run on the Glicko-2 scale
(μ, φ), ``SCALE`` apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178
DEFAULT_RATING: Final = 1500.0
DEFAULT_DEVIATION: Final = 350.0
DEFAULT_VOLATILITY: Final = 0.06
TAU: Final = 0.5  # how fast volatility may change; Glickman suggests 0.3 to 1.2
EPSILON: Final = 1e-6  # convergence of the volatility iteration


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


@dataclass(frozen=True)
class Game:
    """One result against an opponent: ``score`` 1 a win, 0 a loss, 0.5 a draw."""

    opponent: Rating
    score: float


def g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(player: Rating, opponent: Rating) -> float:
    """E(μ, μj, φj): the player's expected score against ``opponent``."""
    return 1.0 / (1.0 + math.exp(-g(opponent.phi) * (player.mu - opponent.mu)))


def _new_volatility(sigma: float, phi: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois iteration for σ'."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (
            2.0 * (phi * phi + v + ex) ** 2
        ) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``games`` (steps 2 to 8)."""
    if not games:
        # Step 6 alone: only the uncertainty grows.
        phi_star = math.sqrt(player.phi**2 + player.volatility**2)
        return Rating(player.rating, min(phi_star * SCALE, DEFAULT_DEVIATION), player.volatility)
    mu, phi = player.mu, player.phi
    weights = [(g(game.opponent.phi), expected_score(player, game.opponent), game.score)
               for game in games]
    v = 1.0 / sum(gj * gj * e * (1.0 - e) for gj, e, _ in weights)
    improvement = sum(gj * (s - e) for gj, e, s in weights)
    delta = v * improvement
    sigma = _new_volatility(player.volatility, phi, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(
        new_mu * SCALE + DEFAULT_RATING,
        min(new_phi * SCALE, DEFAULT_DEVIATION),
        sigma,
    )
