"""Hypothesis strategies of hands built from real card draws, so that failures shrink.

A hand is drawn as (profile, seed, choices): the seed deals the cards (``deal_from_seed``,
the seat count and dealer follow from it), each choice picks a legal action by index
(modulo their count).  Shrinking lowers the seed and drops or lowers choices, towards the
shortest play of the simplest deal that still fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tests.conformance.games import GAME_IDS, new_hand, step

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CHOICE = st.integers(min_value=0, max_value=2**16)


@dataclass
class Hand:
    """A drawn hand and how it was reached (shown when a test fails)."""

    game_id: str
    seed: int
    choices: list[int]
    state: Any

    def __repr__(self) -> str:
        return (f"Hand({self.game_id!r}, seed={self.seed}, choices={self.choices}, "
                f"steps={len(self.state.history)})")


def build(game_id: str, seed: int, choices: list[int]) -> Hand:
    """The hand dealt from ``seed`` and played by ``choices`` (stopping when it ends)."""
    state = new_hand(game_id, seed)
    used = []
    for choice in choices:
        if state.is_terminal():
            break
        step(state, choice)
        used.append(choice)
    return Hand(game_id, seed, used, state)


@st.composite
def hands(draw: st.DrawFn, game_id: str | None = None, max_steps: int = 60) -> Hand:
    """A position of ``game_id`` (any registered game when ``None``): a real deal, then up
    to ``max_steps`` legal actions."""
    game = game_id if game_id is not None else draw(st.sampled_from(GAME_IDS))
    seed = draw(SEEDS)
    choices = draw(st.lists(CHOICE, max_size=max_steps))
    return build(game, seed, choices)


@st.composite
def hands_and_action(draw: st.DrawFn, game_id: str | None = None, max_steps: int = 60
                     ) -> tuple[Hand, Any]:
    """A position that is not over and one of its legal actions."""
    hand = draw(hands(game_id, max_steps).filter(lambda h: not h.state.is_terminal()))
    actions = hand.state.legal_actions()
    return hand, actions[draw(CHOICE) % len(actions)]
