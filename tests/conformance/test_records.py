"""Records round-trip: a hand written down and read back is the same hand."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from tests.conformance.games import canon, computer_hand, game_of, snapshot
from tests.conformance.known_bugs import cases
from tests.conformance.strategies import Hand, hands

SETTINGS = settings(max_examples=8, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _through_json(data: object) -> object:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game_id", cases("test_a_stored_hand_reads_back_the_same"))
def test_a_stored_hand_reads_back_the_same(game_id: str) -> None:
    @SETTINGS
    @given(hands(game_id))
    def check(hand: Hand) -> None:
        stored = _through_json(state_to_dict(hand.state))
        back = state_from_dict(stored)
        assert snapshot(back, copy_blind=True) == snapshot(hand.state, copy_blind=True)
        # Read back, the stored form is a fixed point (copies named as the replay deals them).
        again = _through_json(state_to_dict(back))
        assert state_to_dict(state_from_dict(again)) == again
        assert snapshot(state_from_dict(again)) == snapshot(back)

    check()


@pytest.mark.parametrize("game_id", cases("test_a_hand_read_back_is_listed_the_same"))
def test_a_hand_read_back_is_listed_the_same(game_id: str) -> None:
    """A game the server reads back from its stored form shows every seat its hand in the
    same order: with two packs the stored form names cards, not copies, so the view must
    not list them by copy."""
    @SETTINGS
    @given(hands(game_id))
    def check(hand: Hand) -> None:
        back = state_from_dict(_through_json(state_to_dict(hand.state)))
        game = game_of(hand.state)
        for seat in range(hand.state.deal.players):
            before = game.observe(hand.state, seat).to_dict()
            after = game.observe(back, seat).to_dict()
            assert after["hand"] == before["hand"], seat

    check()


@pytest.mark.parametrize("game_id", cases("test_every_legal_action_reads_back_from_its_record"))
def test_every_legal_action_reads_back_from_its_record(game_id: str) -> None:
    @SETTINGS
    @given(hands(game_id))
    def check(hand: Hand) -> None:
        state = hand.state
        if state.is_terminal():
            return
        game = game_of(state)
        for action in state.legal_actions():
            data = action.to_dict()
            back = game.action_from_dict(_through_json(data), "action")
            assert back.to_dict() == data
            assert canon(back.to_dict(3)) == canon(action.to_dict(3))
            played, read = state.clone(), state.clone()
            played.apply_action(action)
            read.apply_action(back)
            assert snapshot(read) == snapshot(played), data

    check()


@pytest.mark.parametrize("game_id", cases("test_a_finished_hand_replays_from_its_record"))
def test_a_finished_hand_replays_from_its_record(game_id: str) -> None:
    for seed in range(4):
        state = computer_hand(game_id, seed)
        assert state.is_terminal(), f"seed {seed}: the computer players did not finish"
        record = _through_json(to_record(state))
        again = replay(record)
        assert snapshot(again, copy_blind=True) == snapshot(state, copy_blind=True)
        assert game_of(again).result(again) == record["result"]  # type: ignore[index]
        assert again.returns() == state.returns()
        rewritten = _through_json(to_record(again))
        assert to_record(replay(rewritten)) == rewritten
        # The stored form (every step explicit) reads back too.
        stored = state_from_dict(_through_json(state_to_dict(state)))
        assert snapshot(stored, copy_blind=True) == snapshot(state, copy_blind=True)
