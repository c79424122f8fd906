"""Playing hands and matches between players (R2, R12), deterministically from a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from solver.game.actions import Action
from solver.game.deal import deal_from_seed
from solver.game.observation import Observation
from solver.game.state import GameState

MATCH_TARGET: Final = 3  # won hands that win a match (R12)
POINTS_TARGET: Final = 100
"""The default total of a match to points (seed 001 leaves "a specified point total" open)."""


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


def play_hand(
    state: Any,
    players: Sequence[Chooser],
    rng: random.Random,
    on_decision: DecisionHook | None = None,
) -> Any:
    """Play the hand (of any profile) to its end; each player sees only its own observation."""
    from solver.game.registry import game_rules

    look = game_rules(state.deal.rules).observe
    while not state.is_terminal():
        player = state.current_player()
        observation = look(state, player)
        action = players[player].choose(observation, rng)
        if on_decision is not None:
            on_decision(player, observation, action)
        state.apply_action(action)
    return state


@dataclass
class Match:
    """A match to three won hands; the first dealer is drawn from the seed, then the deal
    alternates after every hand, draws included (R2, R12)."""

    seed: int
    score: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[GameState] = field(default_factory=list)
    target_points: int | None = None
    """``None``: first to three won hands (R12); a number: a match to that point total,
    each won hand scoring the pips left in the loser's hand (:func:`hand_points`)."""
    points: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def first_dealer(self) -> int:
        return random.Random(f"conquian-match:{self.seed}").randrange(2)

    @property
    def is_over(self) -> bool:
        if self.target_points is not None:
            return max(self.points) >= self.target_points
        return max(self.score) >= MATCH_TARGET

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        totals = self.points if self.target_points is not None else self.score
        return totals.index(max(totals))

    def next_hand(self) -> GameState:
        number = len(self.hands)
        dealer = (self.first_dealer + number) % 2
        # The hand's own score stays the count of won hands (R12, at most 2 before a hand
        # of a match to three); a match to points keeps its totals here.
        state = GameState(
            deal_from_seed(hand_seed(self.seed, number), dealer),
            (min(self.score[0], 2), min(self.score[1], 2)),
        )
        self.hands.append(state)
        return state

    def record_result(self, state: GameState) -> None:
        if state.winner is not None:
            self.score[state.winner] += 1
            self.points[state.winner] += hand_points(state)


def play_match(
    seed: int,
    players: tuple[Chooser, Chooser],
    rng: random.Random,
    on_decision: DecisionHook | None = None,
    target_points: int | None = None,
) -> Iterator[GameState]:
    """Play a match (to three won hands, or to ``target_points``); yields each hand."""
    match = Match(seed, target_points=target_points)
    while not match.is_over:
        state = play_hand(match.next_hand(), players, rng, on_decision)
        match.record_result(state)
        yield state
