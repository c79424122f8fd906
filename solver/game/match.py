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

    @property
    def first_dealer(self) -> int:
        return random.Random(f"conquian-match:{self.seed}").randrange(2)

    @property
    def is_over(self) -> bool:
        return max(self.score) >= MATCH_TARGET

    @property
    def winner(self) -> int | None:
        return self.score.index(max(self.score)) if self.is_over else None

    def next_hand(self) -> GameState:
        number = len(self.hands)
        dealer = (self.first_dealer + number) % 2
        state = GameState(
            deal_from_seed(hand_seed(self.seed, number), dealer),
            (self.score[0], self.score[1]),
        )
        self.hands.append(state)
        return state

    def record_result(self, state: GameState) -> None:
        if state.winner is not None:
            self.score[state.winner] += 1


def play_match(
    seed: int,
    players: tuple[Chooser, Chooser],
    rng: random.Random,
    on_decision: DecisionHook | None = None,
) -> Iterator[GameState]:
    """Play a match; yields each finished hand."""
    match = Match(seed)
    while not match.is_over:
        state = play_hand(match.next_hand(), players, rng, on_decision)
        match.record_result(state)
        yield state
