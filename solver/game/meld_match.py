"""Matches of the "meld the taken card at once" games: Cooncan (C2, C13) and Kunken (K2,
K13, K14).  conquian-40's matches are :mod:`solver.game.match`.

* Cooncan: a won hand scores one point plus one for each drawn hand just before it; the
  first to three points wins; the deal alternates (C2, C12, C13).  By agreement the match
  goes to a point total instead (C15, ``points=True``): the winner of a hand scores the pips
  left in the loser's hand, a drawn hand scores nothing, and the first to the total wins.
* Kunken: both players score every won hand (K12) times the stake, which doubles after
  each exhausted stock in a row (K13); the winner of a hand deals the next, the same dealer
  deals again after an exhausted stock (K2, K13); the match ends after the hand in which a
  player reaches the target (500, or 300 by agreement) and the higher total wins (K14) —
  on equal totals play goes on until one is ahead.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from solver.game.deal import deal_from_seed
from solver.game.match import Chooser, hand_points, hand_seed, play_hand
from solver.rules import RuleProfile, get_profile

KUNKEN_TARGETS: Final = (500, 300)
COONCAN_POINTS: Final = 100
"""C15: the default total of a Cooncan match to points."""
MAX_HANDS: Final = 1000
"""A match that has not ended after this many hands stops (only reachable by players that
never go out); its leader, if any, wins."""


@dataclass
class MeldMatch:
    """A match of ``cooncan`` or a Kunken profile, deterministic from its seed."""

    seed: int
    rules: RuleProfile
    target: int = 0
    """Kunken: 500 or 300 (K14); Cooncan: 3 points (C13), or 100 in a match to points (C15)."""
    score: list[int] = field(default_factory=lambda: [0, 0])
    stake: int = 1
    """Cooncan: what the next won hand scores (1 + drawn hands before it, C13).
    Kunken: the multiplier of the next hand (x2 after each exhausted stock, K13)."""
    dealer: int = -1
    hands: list[Any] = field(default_factory=list)
    points: bool = False
    """Cooncan: a match to a point total counting the loser's hand (C15).  A Kunken match
    always goes to points (K12, K14), so the flag changes nothing there."""

    def __post_init__(self) -> None:
        self.rules = get_profile(self.rules)
        if not self.target:
            cooncan = COONCAN_POINTS if self.points else 3
            self.target = KUNKEN_TARGETS[0] if self.kunken else cooncan
        if self.kunken and self.target not in KUNKEN_TARGETS:
            raise ValueError(f"a Kunken match goes to 500 or 300 points (K14), not {self.target}")
        if self.target < 1:
            raise ValueError(f"a match goes to at least one point, not {self.target}")
        if self.dealer < 0:
            # C2: cut for the first deal; K2: by lot.
            self.dealer = random.Random(f"conquian-match:{self.seed}").randrange(2)

    @property
    def kunken(self) -> bool:
        return self.rules.id != "cooncan"

    @property
    def is_over(self) -> bool:
        if len(self.hands) >= MAX_HANDS:
            return True
        if self.kunken:
            return max(self.score) >= self.target and self.score[0] != self.score[1]
        return max(self.score) >= self.target

    @property
    def winner(self) -> int | None:
        if not self.is_over or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def next_hand(self) -> Any:
        from solver.game.registry import game_rules

        deal = deal_from_seed(hand_seed(self.seed, len(self.hands)), self.dealer, self.rules)
        state = game_rules(self.rules).new_hand(deal, (self.score[0], self.score[1]))
        self.hands.append(state)
        return state

    def record_result(self, state: Any) -> None:
        winner = state.winner
        if self.kunken:
            if winner is None:
                self.stake *= 2  # K13: the same dealer deals again, the next hand doubled
                return
            points = state.points()
            for p in (0, 1):
                self.score[p] += self.stake * points[p]
            self.stake = 1
            self.dealer = winner  # K2: the winner deals the next hand
            return
        if self.points:  # C15: the loser's pips; a draw scores and carries nothing
            if winner is not None:
                self.score[winner] += hand_points(state)
        elif winner is None:
            self.stake += 1  # C12, C13: a drawn hand carries its point over
        else:
            self.score[winner] += self.stake
            self.stake = 1
        self.dealer = 1 - self.dealer  # C2: the deal alternates


def play_meld_match(seed: int, rules: RuleProfile | str, players: Sequence[Chooser],
                    rng: random.Random, target: int = 0, points: bool = False
                    ) -> Iterator[tuple[Any, MeldMatch]]:
    """Play one match; yields every finished hand with the match after it."""
    match = MeldMatch(seed, get_profile(rules), target, points=points)
    while not match.is_over:
        state = play_hand(match.next_hand(), players, rng)
        match.record_result(state)
        yield state, match
