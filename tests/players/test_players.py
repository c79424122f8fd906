"""The computer players: legal, blind to hidden cards, and each true to its description."""

from __future__ import annotations

import random

import pytest

from solver.cards import parse_card
from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import observe
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.players import PLAYERS, make_player
from tests.game.helpers import mask, mid_hand


def _states(count: int, seed: int) -> list[GameState]:
    """Decision states met when greedy plays random."""
    rng = random.Random(seed)
    agents = (make_player("greedy"), make_player("random"))
    out = []
    for i in range(count):
        state = GameState(deal_from_seed(hand_seed(seed, i), i % 2))
        while not state.is_terminal():
            out.append(state.clone())
            p = state.current_player()
            state.apply_action(agents[p].choose(observe(state, p), rng))
    return out


@pytest.mark.parametrize("name", list(PLAYERS))
def test_players_choose_only_from_what_they_see(name: str) -> None:
    """Swapping an opponent hand card with a stock card leaves the observation, and so the
    chosen action, unchanged."""
    changed = 0
    for state in _states(25, 1)[::3]:
        player = state.current_player()
        other = state.clone()
        opp_hand = other.hands[1 - player]
        if not opp_hand or other.stock_count == 0:
            continue
        low = (opp_hand & -opp_hand).bit_length() - 1
        stock = list(other.deal.stock)
        pos = len(stock) - 1
        from solver.game.deal import Deal

        stock[pos], swapped = low, stock[pos]
        other.deal = Deal(other.deal.dealer, other.deal.hands, tuple(stock))
        other.hands[1 - player] = opp_hand & ~(1 << low) | 1 << swapped
        agent = make_player(name)
        a = agent.choose(observe(state, player), random.Random(9))
        b = agent.choose(observe(other, player), random.Random(9))
        assert a == b
        changed += 1
    assert changed > 20


@pytest.mark.parametrize("name", list(PLAYERS))
def test_players_choose_legal_actions(name: str) -> None:
    agent = make_player(name)
    rng = random.Random(2)
    for state in _states(15, 2)[::2]:
        p = state.current_player()
        action = agent.choose(observe(state, p), rng)
        state.clone().apply_action(action)  # raises if illegal


def test_greedy_takes_with_the_most_cards_and_never_forces() -> None:
    state = mid_hand(hands=("4H 5H 6S 6D AS KC QD", "AD 2S 3S 4S 5C QS KS"),
                     melds=("JC JD JH", "2C 3C 4C"),
                     center="6H", facing=0, phase="respond")
    action = make_player("greedy").choose(observe(state, 0), random.Random(0))
    assert action.type == "take" and action.hand_cards.bit_count() == 2
    forcing = mid_hand(hands=("AS 2D 4C QD KC JS 7D", "AD 2S 3S 4S 5C QS KS"),
                       melds=("4H 5H 6H", "JC JD JH"),
                       center="7H", facing=0, phase="force")
    assert make_player("greedy").choose(observe(forcing, 1), random.Random(0)).type == "no_force"


def test_expert_takes_the_win() -> None:  # R10
    state = mid_hand(hands=("7H", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H | KD KC KH | 2C 3C 4C", "JC JD JS"),
                     center="JH", facing=0, phase="respond")
    action = make_player("expert").choose(observe(state, 0), random.Random(0))
    assert action.type == "take" and action.wins


def test_expert_never_forces_an_empty_hand() -> None:  # R9, R10: the forced take would win
    state = mid_hand(hands=("", "AD 2S 3S 4S 5C QS KS 6C 7C JS"),
                     melds=("4H 5H 6H 7H | KD KC KH | 2C 3C 4C", ""),
                     center="3H", facing=0, phase="force")
    assert make_player("expert").choose(observe(state, 1), random.Random(0)).type == "no_force"


def test_expert_does_not_feed_the_opponents_melds() -> None:
    # After taking 6H with 4H 5H, the expert keeps QC (it would extend the opponent's
    # queens for free, R9) and throws a loose card instead.
    state = mid_hand(hands=("4H 5H QC 7S", "AD 2S 3S 4S 5C 7C KS"),
                     melds=("JC JD JS | KD KC KH", "QS QH QD"),
                     center="6H", facing=0, phase="respond")
    action = make_player("expert").choose(observe(state, 0), random.Random(0))
    assert action.type == "take" and action.discard != parse_card("QC")
    assert action.hand_cards & mask("4H 5H") == mask("4H 5H")


def test_unknown_player_name() -> None:
    with pytest.raises(ValueError, match="greedy"):
        make_player("nobody")


def test_action_round_trips_through_its_dict() -> None:
    action = Action("take", parse_card("6H"), mask("4H 5H"), (mask("4H 5H 6H"),),
                    parse_card("QS"))
    assert Action.from_dict(action.to_dict(0)) == action
