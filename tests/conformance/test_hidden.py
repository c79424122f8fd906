"""No output shows a hidden card: what ``observe`` and ``observe_action`` give a seat names
only cards that seat holds or has seen face up.

What a seat has seen is worked out from the state apart from the outputs checked: after
every step, the cards in its own hand (or a stock card it alone is using) and every card
lying face up (tests/conformance/cards.py); once the hand is over, the hands the game turns
face up (``shows_hand``).  Cards are compared by kind: with two packs a view names a card,
not a copy.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.cards import kinds, zones
from tests.conformance.games import (
    computer_steps,
    game_of,
    named_kinds,
    new_hand,
    random_step,
    seats_of,
)
from tests.conformance.known_bugs import cases

SEEDS = range(3)
MAX_STEPS = 150


class Seen:
    """The kinds each seat has seen so far in one hand."""

    def __init__(self, state: Any) -> None:
        self.by_seat: list[set[int]] = [set() for _ in seats_of(state)]
        self.update(state)

    def update(self, state: Any) -> None:
        z = zones(state)
        public = kinds(z.public)
        for seat, cards in enumerate(self.by_seat):
            cards |= kinds(z.private[seat]) | public
        if state.is_terminal():
            shows = game_of(state).shows_hand
            turned: set[int] = set()
            for seat in seats_of(state):
                if shows is None or shows(state, seat):
                    turned |= kinds(z.private[seat])
            for cards in self.by_seat:
                cards |= turned


def _check(state: Any, seen: Seen, where: str, log: bool) -> None:
    game = game_of(state)
    steps = state.history if log else state.history[-1:]
    for viewer in seats_of(state):
        known = seen.by_seat[viewer]
        shown = named_kinds(game.observe(state, viewer).to_dict()) - known
        assert not shown, f"{where}: seat {viewer}'s observation names {_codes(shown)}"
        for actor, action in steps:
            shown = named_kinds(game.observe_action(state, actor, action, viewer)) - known
            assert not shown, (f"{where}: seat {viewer} sees {_codes(shown)} in seat "
                               f"{actor}'s {action.to_dict()}")


def _codes(found: set[int]) -> list[str]:
    from solver.cards import card_str

    return sorted(card_str(c) for c in found)


@pytest.mark.parametrize("game_id", cases("test_no_output_names_a_card_its_viewer_has_not_seen"))
def test_no_output_names_a_card_its_viewer_has_not_seen(game_id: str) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        state = new_hand(game_id, seed)
        seen = Seen(state)
        _check(state, seen, f"seed {seed}, the deal", log=False)
        for n in range(MAX_STEPS):
            if state.is_terminal():
                break
            random_step(state, rng)
            seen.update(state)
            # The last step after every step; the whole log every 25 steps and at the end.
            _check(state, seen, f"seed {seed}, step {n + 1}",
                   log=n % 25 == 0 or state.is_terminal())


@pytest.mark.parametrize("game_id", cases("test_a_finished_hand_shows_no_hidden_card"))
def test_a_finished_hand_shows_no_hidden_card(game_id: str) -> None:
    """Hands played to the end by the game's computer players (Conquin closes, Colonel
    goes out): the final views and the whole log."""
    for seed in SEEDS:
        seen: Seen | None = None
        for state in computer_steps(game_id, seed):
            if seen is None:
                seen = Seen(state)
                continue
            seen.update(state)
            _check(state, seen, f"seed {seed}, step {len(state.history)}", log=False)
        assert seen is not None and state.is_terminal()
        _check(state, seen, f"seed {seed}, the end", log=True)
