"""A Conquin table: deal after deal, the deal passing clockwise (I2), the chips carried
over, and the Pot chip (I11) going to the winner of each deal in which it was played."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.game.conquin.state import ConquinState
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.matches import field_of, opening, stored, to_stored
from solver.rules import RuleProfile


def first_dealer(seed: int, players: int) -> int:
    """I2: the first dealer is drawn by lot."""
    return random.Random(f"conquin-table:{seed}").randrange(players)


@dataclass
class ConquinTable:
    """One table: ``score`` is every seat's chips, won or lost so far; it has no end."""

    seed: int
    rules: RuleProfile
    seats: int
    options: dict[str, Any] = field(default_factory=dict)
    """``pot_chip``: play with the Pot chip, held first by seat 0 (I11); ``dealer``."""
    score: list[int] = field(default_factory=list)
    stake: int = 1
    dealer: int = -1
    hands_played: int = 0
    pot_holder: int | None = -1
    """The seat holding the Pot chip, ``None`` without it (-1: as ``options`` say)."""

    def __post_init__(self) -> None:
        self.options, self.dealer = opening(self.rules, self.options, self.seats, self.dealer,
                                            lambda: first_dealer(self.seed, self.seats))
        if not self.score:
            self.score = [0] * self.seats
        if self.pot_holder == -1:
            self.pot_holder = 0 if self.options["pot_chip"] else None

    @property
    def target(self) -> None:
        return None

    def is_over(self) -> bool:
        return False

    def winner(self) -> None:
        return None

    def next_hand(self) -> ConquinState:
        deal = deal_from_seed(hand_seed(self.seed, self.hands_played), self.dealer, self.rules,
                              self.seats)
        return ConquinState(deal, tuple(self.score), self.pot_holder)

    def record_result(self, state: ConquinState) -> None:
        self.score = [c + s for c, s in zip(self.score, state.settled, strict=True)]
        self.pot_holder = state.next_pot_holder()
        self.hands_played += 1
        self.dealer = (self.dealer + 1) % self.seats  # I2: clockwise

    def to_dict(self) -> dict[str, Any]:
        return to_stored(self, self.options, pot_holder=self.pot_holder)


def conquin_table(seed: int, rules: RuleProfile, seats: int,
                  options: Mapping[str, Any]) -> ConquinTable:
    """``GameRules.new_match`` of Conquin."""
    return ConquinTable(seed, rules, seats, dict(options))


def conquin_table_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> ConquinTable:
    """``GameRules.match_from_dict`` of Conquin."""
    f = stored(data, rules)
    holder = field_of(data, "pot_holder", lambda h: h is None or (
        isinstance(h, int) and 0 <= h < f["seats"]))
    return ConquinTable(rules=rules, pot_holder=holder, **f)
