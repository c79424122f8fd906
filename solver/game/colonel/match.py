"""A Colonel match: hands until a player reaches 100 points (H12), the deal alternating."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.game.colonel.state import ColonelState
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.matches import opening, stored, to_stored
from solver.rules import RuleProfile
from solver.rules.variants import Colonel

MATCH_TARGET: Final = Colonel.match_target  # H12


def first_dealer(seed: int) -> int:
    """H2: the lower cut deals first; a fair draw by lot stands in for the cut."""
    return random.Random(f"colonel-match:{seed}").randrange(2)


@dataclass
class ColonelMatch:
    """Hands until a player has the profile's ``match_target`` points (H12); the winner of
    a hand scores its ``points`` (H11), the deal alternates (H2)."""

    seed: int
    rules: RuleProfile
    seats: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    score: list[int] = field(default_factory=lambda: [0, 0])
    stake: int = 1
    dealer: int = -1
    hands_played: int = 0

    def __post_init__(self) -> None:
        self.options, self.dealer = opening(self.rules, self.options, self.seats, self.dealer,
                                            lambda: first_dealer(self.seed))

    @property
    def target(self) -> int:
        return self.rules.match_target

    def is_over(self) -> bool:
        return max(self.score) >= self.target

    def winner(self) -> int | None:
        return self.score.index(max(self.score)) if self.is_over() else None

    def next_hand(self) -> ColonelState:
        deal = deal_from_seed(hand_seed(self.seed, self.hands_played), self.dealer, self.rules)
        return ColonelState(deal, (self.score[0], self.score[1]))

    def record_result(self, state: ColonelState) -> None:
        if state.winner is not None:
            self.score[state.winner] += state.points
        self.hands_played += 1
        self.dealer = 1 - self.dealer

    def to_dict(self) -> dict[str, Any]:
        return to_stored(self, self.options)


def colonel_match(seed: int, rules: RuleProfile, seats: int,
                  options: Mapping[str, Any]) -> ColonelMatch:
    """``GameRules.new_match`` of Colonel."""
    return ColonelMatch(seed, rules, seats, dict(options))


def colonel_match_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> ColonelMatch:
    """``GameRules.match_from_dict`` of Colonel."""
    return ColonelMatch(rules=rules, **stored(data, rules))
