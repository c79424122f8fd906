"""I12: a Conquin deal in which nobody closes ends after the profile's ``turn_limit`` turns
with no closer, every player taking back what they put in (issue 28: reshuffling the
discards let such a deal go on for ever)."""

from __future__ import annotations

import json

from solver.game.conquin import ConquinAction, ConquinState, observe
from solver.game.conquin.state import TAKE_STOCK, TERMINAL
from solver.game.deal import deal_from_seed
from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from tests.game.draw_helpers import CONQUIN, make_deal

LIMIT = CONQUIN.turn_limit


def everyone_plays(state: ConquinState) -> None:
    while state.phase in ("speak", "call"):
        state.apply_action(ConquinAction("play" if state.phase == "speak" else "call"))


def never_close(state: ConquinState, turns: int) -> None:
    """``turns`` turns of taking the stock card and discarding it again: no hand changes,
    so nobody closes who could not at the deal, and nobody ever tries to."""
    for _ in range(turns):
        assert not state.is_terminal(), f"over after {state.turns} turns"
        state.apply_action(TAKE_STOCK)
        taken = state.history[-1][1].card
        state.apply_action(ConquinAction("discard", card=taken))


def test_conquin_has_a_turn_limit() -> None:
    assert LIMIT > 0


def test_a_deal_nobody_closes_ends_at_the_turn_limit_with_the_chips_back() -> None:
    state = ConquinState(deal_from_seed(1, 0, CONQUIN, 4), (5, -3, 0, -2))
    everyone_plays(state)
    speaking = len(state.history)
    never_close(state, LIMIT - 1)
    assert not state.is_terminal() and state.reshuffles > 0  # I12 rebuilt the stock
    never_close(state, 1)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert not state.legal_actions()
    assert len(state.history) == speaking + 2 * LIMIT
    assert state.end == "limit" and state.winner is None
    assert state.returns() == [0.0] * 4 and state.settled == (0, 0, 0, 0)
    assert state.result() == {"end": "limit", "turns": LIMIT, "chips": [0, 0, 0, 0]}
    assert sorted(state.all_cards()) == sorted(CONQUIN.deck.cards)


def test_every_seat_sees_the_limit_and_the_records_replay_to_it() -> None:
    state = ConquinState(deal_from_seed(2, 1, CONQUIN, 3))
    everyone_plays(state)
    never_close(state, LIMIT)
    for seat in range(3):
        result = observe(state, seat).to_dict()["result"]
        assert result["end"] == "limit" and result["turns"] == LIMIT
        assert result["winner"] is None and result["chips"] == [0, 0, 0]
    record = json.loads(json.dumps(to_record(state)))
    assert record["result"]["end"] == "limit"
    assert replay(record).result() == state.result()
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))).result() == \
        state.result()


def test_the_pot_chip_stays_with_its_holder() -> None:
    deal = deal_from_seed(3, 0, CONQUIN, 4)
    state = ConquinState(deal, (), pot_holder=2)  # seat 2 opens with the Pot chip (I11)
    assert state.pot_played
    everyone_plays(state)
    never_close(state, LIMIT)
    assert state.next_pot_holder() == 2 and state.result() == {
        "end": "limit", "turns": LIMIT, "chips": [0, 0, 0, 0], "pot_chip": 2}


def test_a_close_on_the_last_turn_still_wins_and_a_discard_ends_the_deal() -> None:
    def last_turn() -> ConquinState:
        state = ConquinState(make_deal(
            "conquin", ["7H 7H 7S KD AD 2D 3D 9C 10C JC", "", "", ""], "4H 5S", dealer=3))
        everyone_plays(state)
        state.turns = LIMIT - 1  # as if the deal had gone on this long
        state.apply_action(TAKE_STOCK)
        return state

    state = last_turn()
    closes = [a for a in state.legal_actions() if a.type == "close"]
    assert closes, "seat 0 can close by discarding the 5S"
    state.apply_action(closes[0])
    assert state.end == "close" and state.winner == 0
    state = last_turn()
    state.apply_action(ConquinAction("discard", card=CONQUIN.deck.parse("5S")))
    assert state.end == "limit" and state.winner is None
