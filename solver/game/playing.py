"""Computer players playing a hand, or a whole match, of any registered game: each player
is shown only its own observation, as the game's observer gives it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from solver.game.matches import GameMatch
from solver.game.registry import game_rules

DecisionHook = Callable[[int, Any, Any], None]


def play_hand(state: Any, players: Sequence[Any], rng: random.Random,
              on_decision: DecisionHook | None = None) -> Any:
    """Play the hand (of any profile) to its end; each player sees only its own observation."""
    look = game_rules(state.deal.rules).observe
    while not state.is_terminal():
        player = state.current_player()
        observation = look(state, player)
        action = players[player].choose(observation, rng)
        if on_decision is not None:
            on_decision(player, observation, action)
        state.apply_action(action)
    return state


def play_match(match: GameMatch, players: Sequence[Any], rng: random.Random,
               on_decision: DecisionHook | None = None,
               hands: int | None = None) -> Iterator[Any]:
    """Play ``match`` to its end (or ``hands`` more hands, for a match with none); yields
    every finished hand, already recorded."""
    played = 0
    while not match.is_over() and (hands is None or played < hands):
        state = play_hand(match.next_hand(), players, rng, on_decision)
        match.record_result(state)
        played += 1
        yield state
