"""Random simulations over every pair of players, checking invariants at every step:
the 40 cards are conserved, hand + exposed = 10 at each decision (R13), every take's
arrangement is valid (R4, R5), observations show only what the observer has seen, and every
record replays to the same result."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from solver.cards import FULL_DECK, card_str, cards_of
from solver.game.conquian.state import GameState
from solver.game.conquian.view import observe
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from solver.melds import is_valid_meld
from solver.players import make_player

PAIRS = list(itertools.combinations_with_replacement(("random", "greedy", "expert"), 2))
HANDS = {"random": 1500, "greedy": 1500, "expert": 60}  # expert hands run playouts: slower


def _check_conservation(state: GameState) -> None:
    parts = [state.hands[0], state.hands[1], state.exposed[0], state.exposed[1], state.waste,
             sum(1 << c for c in state.deal.stock[state.stock_pos:])]
    if state.center is not None:
        parts.append(1 << state.center)
    total = 0
    for part in parts:
        assert not total & part, "a card is in two places"
        total |= part
    assert total == FULL_DECK, "a card went missing"


def _check_observation(state: GameState, player: int) -> None:
    obs = observe(state, player)
    known = state.hands[player] | state.face_up | state.exposed[0] | state.exposed[1]
    shown = obs.hand | obs.exposed | obs.opponent_exposed | obs.seen
    if obs.center is not None:
        shown |= 1 << obs.center
    assert shown & ~known == 0
    hidden = state.hands[1 - player] | sum(1 << c for c in state.deal.stock[state.stock_pos:])
    text = json.dumps(obs.to_dict())
    for card in cards_of(hidden):
        assert f'"{card_str(card)}"' not in text, "a hidden card reached the view"


def _play_checked(state: GameState, players: tuple[str, str], rng: random.Random) -> None:
    agents = (make_player(players[0]), make_player(players[1]))
    while not state.is_terminal():
        _check_conservation(state)
        for p in (0, 1):
            size = state.hands[p].bit_count() + state.exposed[p].bit_count()
            assert size == 10, f"R13 broken for player {p}"
            _check_observation(state, p)
        player = state.current_player()
        action = agents[player].choose(observe(state, player), rng)
        if action.type == "take":
            union = 0
            for meld in action.melds:
                assert is_valid_meld(meld) and not union & meld
                union |= meld
            assert union == state.exposed[player] | 1 << state.center | action.hand_cards
        state.apply_action(action)
    _check_conservation(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_random_hands_keep_every_invariant(players: tuple[str, str]) -> None:
    rng = random.Random(f"sim:{players}")
    hands = min(HANDS[players[0]], HANDS[players[1]])
    results = {"won": 0, "draw": 0}
    for i in range(hands):
        state = GameState(deal_from_seed(hand_seed(7, i), i % 2))
        check_everything = i < 60  # the slow per-step observation checks on a prefix
        if check_everything:
            _play_checked(state, players, rng)
        else:
            agents = (make_player(players[0]), make_player(players[1]))
            while not state.is_terminal():
                p = state.current_player()
                state.apply_action(agents[p].choose(observe(state, p), rng))
            _check_conservation(state)
        results["draw" if state.is_draw else "won"] += 1
        record = json.loads(json.dumps(to_record(state)))
        again = replay(record)
        assert again.winner == state.winner and to_record(again) == record
        stored = json.loads(json.dumps(state_to_dict(state)))
        assert state_to_dict(state_from_dict(stored)) == stored
    assert results["won"] > 0


def test_stored_live_hand_round_trips_at_every_step() -> None:
    rng = random.Random(3)
    agents = (make_player("random"), make_player("random"))
    for i in range(30):
        state = GameState(deal_from_seed(hand_seed(11, i), i % 2), (1, 2))
        while not state.is_terminal():
            stored = json.loads(json.dumps(state_to_dict(state)))
            loaded = state_from_dict(stored)
            assert state_to_dict(loaded) == stored
            assert loaded.current_player() == state.current_player()
            assert loaded.legal_actions() == state.legal_actions()
            p = state.current_player()
            state.apply_action(agents[p].choose(observe(state, p), rng))
