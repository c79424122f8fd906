"""Playing hands and matches between players (R2, R12), deterministically from a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import Observation
from solver.game.deal import deal_from_seed
from solver.game.matches import field_of, opening, stored, to_stored
from solver.rules import CONQUIAN_40, RuleProfile

MATCH_TARGET: Final = CONQUIAN_40.match_target  # won hands that win a match (R12)


def pip_value(card: int) -> int:
    """The seed's count for the 40-card pack (001): 1-7 face value, J Q K 10, the ace 15."""
    rank = card % 13
    if rank == 0:
        return 15
    return rank + 1 if rank <= 6 else 10


def hand_points(state: GameState) -> int:
    """What the winner of a conquian-40 hand scores in a match to points: the pips left in
    the loser's hand (seed 001); a draw scores nothing."""
    if state.winner is None:
        return 0
    return sum(pip_value(c) for c in _cards(state.hands[1 - state.winner]))


def _cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Chooser(Protocol):
    def choose(self, observation: Observation, rng: random.Random) -> Action: ...


DecisionHook = Callable[[int, Observation, Action], None]


def hand_seed(seed: int, number: int) -> int:
    """The deal seed of hand ``number`` of a series started with ``seed``."""
    return random.Random(f"conquian-hand:{seed}:{number}").getrandbits(64)


@dataclass
class Match:
    """A conquian-40 match: to three won hands (R12), or by agreement to a point total, each
    won hand scoring the pips left in the loser's hand (R14, :func:`hand_points`).  The
    first dealer is drawn from the seed, then the deal alternates after every hand, draws
    included (R2)."""

    seed: int
    rules: RuleProfile = CONQUIAN_40
    seats: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    """``points`` (R14) and ``target``, as :func:`solver.game.matches.match_options` gives
    them."""
    score: list[int] = field(default_factory=lambda: [0, 0])
    """Won hands (R12), or points in a match to points (R14)."""
    wins: list[int] = field(default_factory=lambda: [0, 0])
    """Won hands: a hand's own score (R12), also in a match to points."""
    stake: int = 1
    dealer: int = -1
    hands_played: int = 0

    def __post_init__(self) -> None:
        self.options, self.dealer = opening(self.rules, self.options, self.seats, self.dealer,
                                            lambda: self.first_dealer)

    @property
    def first_dealer(self) -> int:
        return random.Random(f"conquian-match:{self.seed}").randrange(2)

    @property
    def target(self) -> int:
        chosen: int | None = self.options["target"]
        if chosen is not None:
            return chosen
        return self.rules.points_target if self.options["points"] else self.rules.match_target

    def is_over(self) -> bool:
        return max(self.score) >= self.target

    def winner(self) -> int | None:
        return self.score.index(max(self.score)) if self.is_over() else None

    def next_hand(self) -> GameState:
        # The hand's own score stays the count of won hands (R12, at most 2 before a hand
        # of a match to three); a match to points keeps its totals here.
        return GameState(
            deal_from_seed(hand_seed(self.seed, self.hands_played), self.dealer, self.rules),
            (min(self.wins[0], 2), min(self.wins[1], 2)),
        )

    def record_result(self, state: GameState) -> None:
        if state.winner is not None:
            self.wins[state.winner] += 1
            self.score[state.winner] += hand_points(state) if self.options["points"] else 1
        self.hands_played += 1
        self.dealer = 1 - self.dealer  # R2: the deal alternates, draws included

    def to_dict(self) -> dict[str, Any]:
        return to_stored(self, self.options, wins=list(self.wins))


def conquian_match(seed: int, rules: RuleProfile, seats: int,
                   options: Mapping[str, Any]) -> Match:
    """``GameRules.new_match`` of conquian-40."""
    return Match(seed, rules, seats, dict(options))


def conquian_match_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> Match:
    """``GameRules.match_from_dict`` of conquian-40."""
    fields = stored(data, rules)
    wins = field_of(data, "wins", lambda w: isinstance(w, list) and len(w) == 2
                    and all(isinstance(n, int) and n >= 0 for n in w))
    return Match(rules=rules, wins=list(wins), **fields)
