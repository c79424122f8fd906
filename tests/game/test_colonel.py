"""Colonel rules H1-H13 (docs/rules/colonel.md), the records and the views."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from solver.cards import card_str, cards_of, mask_of
from solver.errors import IllegalActionError
from solver.game.colonel import ColonelAction, ColonelState, observe, pips
from solver.game.colonel.match import MATCH_TARGET, ColonelMatch
from solver.game.colonel.players import PLAYERS
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import hand_seed
from solver.game.playing import play_hand, play_match
from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from tests.game.draw_helpers import COLONEL, make_deal, physical

# Two hands with no meld between them unless a test says so.
LOOSE0 = "AS 3H 5D 7C 9S JH KD 2C 6S 10H"
LOOSE1 = "2S 4H 6D 8C 10S QH AD 3C 8H JD"


def c(text: str) -> int:
    return COLONEL.deck.parse(text)


def m(text: str) -> int:
    return mask_of(physical(text, set(), COLONEL))


def draw(source: str) -> ColonelAction:
    return ColonelAction("draw", source)


def meld(text: str) -> ColonelAction:
    return ColonelAction("meld", cards=m(text))


def lay(text: str, index: int) -> ColonelAction:
    return ColonelAction("lay_off", cards=m(text), meld=index)


def discard(text: str) -> ColonelAction:
    return ColonelAction("discard", card=c(text))


def state_of(hand0: str = LOOSE0, hand1: str = LOOSE1, top: str = "KS 4C",
             dealer: int = 1) -> ColonelState:
    return ColonelState(make_deal("colonel", [hand0, hand1], top, dealer))


def test_h1_full_pack_ace_high_or_low_never_round_the_corner() -> None:
    assert COLONEL.deck.size == 52
    table = COLONEL.table
    assert table.is_valid(m("QS KS AS")) and table.is_valid(m("AS 2S 3S"))
    assert not table.is_valid(m("KS AS 2S"))


def test_h2_deal_ten_each_and_the_upcard_starts_the_wastepile() -> None:
    deal = deal_from_seed(5, 0, COLONEL)
    state = ColonelState(deal)
    assert [h.bit_count() for h in deal.hands] == [10, 10]
    assert state.upcard == deal.stock[0] and state.stock_count == 31
    # Later deals alternate (our choice): the dealers of one match go 0 1 0 1 … or 1 0 1 0 …
    players = [PLAYERS["greedy"](), PLAYERS["greedy"]()]
    hands = list(play_match(ColonelMatch(3, COLONEL), players, random.Random(0)))
    dealers = [h.deal.dealer for h in hands]
    assert all(a != b for a, b in itertools.pairwise(dealers))


def test_h3_h5_melds_of_hand_cards_after_the_draw() -> None:
    state = state_of("4S 5S 6S 7H 7D 7C 9S JH KD 2C", LOOSE1, top="QD 4C")
    with pytest.raises(IllegalActionError):
        state.apply_action(meld("4S 5S 6S"))  # not before the draw (H4)
    state.apply_action(draw("stock"))
    with pytest.raises(IllegalActionError, match="H3"):
        state.apply_action(meld("6S 7H 7D"))
    state.apply_action(meld("4S 5S 6S"))
    state.apply_action(meld("7H 7D 7C"))  # as many melds as you have (H5)
    assert state.table == [m("4S 5S 6S"), m("7H 7D 7C")] and state.owner == [0, 0]
    assert state.current_player() == 0 and state.phase == "play"


def test_h4_non_dealer_draws_the_upcard_or_the_stock_card_into_the_hand() -> None:
    state = state_of(top="KS 4C")
    assert state.current_player() == 0  # dealer is 1
    state.apply_action(draw("upcard"))
    assert state.hands[0] >> c("KS") & 1 and state.upcard is None
    state.apply_action(discard("KS"))
    state.apply_action(draw("stock"))
    assert state.hands[1] >> c("4C") & 1 and state.history[-1][1].card == c("4C")


def test_h6_lay_off_on_either_players_meld_and_never_break_one() -> None:
    state = state_of("4S 5S 6S 7H 7D 7C 9S JH KD 2C", "8S 3S 4H 6D 8C 10S QH AD 3C 8H",
                     top="QD 4C")
    state.apply_action(draw("stock"))
    state.apply_action(meld("4S 5S 6S"))
    state.apply_action(discard("9S"))
    state.apply_action(draw("stock"))  # player 1 draws 4C
    with pytest.raises(IllegalActionError, match="H6"):
        state.apply_action(lay("8S", 0))  # 7S missing: the run would have a gap
    state.apply_action(lay("3S", 0))  # on the opponent's run
    assert state.table[0] == m("3S 4S 5S 6S") and state.down[1] == m("3S")
    assert not any(a.type == "lay_off" and a.cards == m("8S") for a in state.legal_actions())


def test_h7_a_discard_ends_the_turn() -> None:
    state = state_of()
    state.apply_action(draw("stock"))
    state.apply_action(discard("AS"))
    assert state.current_player() == 1 and state.phase == "start" and state.upcard == c("AS")


def test_h8_going_out_the_worked_example() -> None:
    # Player 0 has Q♠ 4♦ in hand and 8 cards down, among them 4♠-4♥-4♣; player 1 has
    # 9♠-10♠-J♠ down; the upcard is K♠.
    example = state_of("QS 4D 4S 4H 4C 5H 6H 7H 8H 9H", "9S 10S JS 2D 3D 5C 6C 8D 9D 10D",
                       top="2C KS", dealer=0)
    example.apply_action(draw("stock"))  # player 1 draws KS
    example.apply_action(meld("9S 10S JS"))
    example.apply_action(discard("KS"))
    example.apply_action(draw("upcard"))  # player 0 draws K♠ (H4)
    example.apply_action(meld("4S 4H 4C"))
    example.apply_action(meld("5H 6H 7H 8H 9H"))
    example.apply_action(lay("QS", 0))
    example.apply_action(lay("KS", 0))
    assert example.table[0] == m("9S 10S JS QS KS")
    example.apply_action(lay("4D", 1))
    assert example.is_terminal() and example.winner == 0 and example.end == "out"
    assert example.points == pips(example.hands[1])  # H8: the opponent's pips
    assert example.result() == {"winner": 0, "points": example.points, "end": "out"}


def test_h8_the_last_card_may_go_out_as_the_discard() -> None:
    example = state_of("QS 4D 4S 4H 4C 5H 6H 7H 8H 9H", "9S 10S JS 2D 3D 5C 6C 8D 9D 10D",
                       top="2C KS", dealer=0)
    for action in (draw("stock"), meld("9S 10S JS"), discard("KS"), draw("upcard"),
                   meld("4S 4H 4C"), meld("5H 6H 7H 8H 9H"), lay("QS", 0), lay("KS", 0),
                   discard("4D")):
        example.apply_action(action)
    assert example.winner == 0 and example.end == "out" and example.upcard == c("4D")


def test_h9_challenge_accepted_lowest_hand_wins_and_ties_go_to_the_challenged() -> None:
    state = state_of("AS AH AD 2S 2H 2D 3S 3H 3D 4S", "KC QC JC 10C 9C KH QH JH 9D 8D",
                     top="5C 6C", dealer=1)
    state.apply_action(ColonelAction("challenge"))
    assert state.phase == "answer" and state.current_player() == 1
    with pytest.raises(IllegalActionError, match="H9"):
        state.apply_action(draw("stock"))
    state.apply_action(ColonelAction("accept"))
    assert state.winner == 0 and state.end == "challenge"
    assert state.points == pips(state.hands[1])
    tie = state_of("KS QS JS 10S", "KH QH JH 10H", top="2C 3C", dealer=1)
    # Both hands are filled from the same spare cards; make the counts equal explicitly.
    tie.hands = [m("KS QS"), m("KH QH")]
    tie.apply_action(ColonelAction("challenge"))
    tie.apply_action(ColonelAction("accept"))
    assert tie.winner == 1 and tie.points == 20  # the challenged player wins a tie


def test_h9_refused_challenge_play_goes_on_without_a_second_challenge() -> None:
    state = state_of()
    state.apply_action(ColonelAction("challenge"))
    state.apply_action(ColonelAction("refuse"))
    assert state.current_player() == 0 and state.phase == "start"
    assert ColonelAction("challenge") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="H9"):
        state.apply_action(ColonelAction("challenge"))
    state.apply_action(draw("stock"))
    with pytest.raises(IllegalActionError):
        state.apply_action(ColonelAction("challenge"))  # only at the start of a turn
    state.apply_action(discard("KD"))
    assert ColonelAction("challenge") in state.legal_actions()  # the opponent's turn


def test_h10_an_exhausted_stock_ends_the_deal_and_scores_the_difference() -> None:
    rng = random.Random(1)
    state = ColonelState(deal_from_seed(11, 0, COLONEL))
    # Both players draw from the stock and discard what they drew, never melding.
    while not state.is_terminal():
        state.apply_action(draw("stock"))
        drawn = state.history[-1][1].card
        state.apply_action(ColonelAction("discard", card=drawn))
    assert state.stock_count == 0 and state.end == "stock"
    a, b = pips(state.hands[0]), pips(state.hands[1])
    if a == b:
        assert state.winner is None and state.result() == {"draw": True, "end": "stock"}
    else:
        assert state.winner == (0 if a < b else 1) and state.points == abs(a - b)
    assert rng is not None


def test_h11_pips() -> None:
    assert pips(m("AS KH QD JC 10S 9H 2C")) == 1 + 10 + 10 + 10 + 10 + 9 + 2


def test_h12_a_match_goes_to_100_points() -> None:
    players = [PLAYERS["greedy"](), PLAYERS["expert"]()]
    hands = list(play_match(ColonelMatch(8, COLONEL), players, random.Random(2)))
    score = [0, 0]
    for hand in hands:
        assert hand.score == (score[0], score[1])
        if hand.winner is not None:
            score[hand.winner] += hand.points
    assert max(score) >= MATCH_TARGET
    before_last = list(hands[-1].score)
    assert max(before_last) < MATCH_TARGET


def _conservation(state: ColonelState) -> None:
    assert sorted(state.all_cards()) == list(range(52))


def _count(state: ColonelState) -> None:
    if state.phase == "start":
        p = state.to_move
        assert state.hands[p].bit_count() + state.down[p].bit_count() == 10  # H13


def test_property_2000_hands_replay_legally_with_card_conservation_and_h13() -> None:
    names = ["random", "greedy", "expert"]
    rng = random.Random(12)
    for i in range(2000):
        pair = (names[i % 3], names[(i // 3) % 3]) if i % 10 else ("greedy", "expert")
        players = [PLAYERS[pair[0]](), PLAYERS[pair[1]]()]
        state = ColonelState(deal_from_seed(hand_seed(99, i), i % 2, COLONEL))
        while not state.is_terminal():
            _count(state)
            player = state.current_player()
            action = players[player].choose(observe(state, player), rng)
            state.apply_action(action)
            if i % 50 == 0:
                _conservation(state)
        _conservation(state)
        record = json.loads(json.dumps(to_record(state)))
        assert record["ruleset"] == "colonel"
        again = replay(record)
        assert again.result() == state.result() and again.hands == state.hands


def test_hidden_information_no_opponent_card_or_stock_order_in_any_view() -> None:
    rng = random.Random(3)
    players = [PLAYERS["expert"](), PLAYERS["random"]()]
    for i in range(60):
        state = ColonelState(deal_from_seed(hand_seed(5, i), i % 2, COLONEL))
        while not state.is_terminal():
            for viewer in (0, 1):
                view = observe(state, viewer)
                text = json.dumps(view.to_dict())
                hidden = state.hands[1 - viewer]
                # A card the opponent drew from the upcard was seen by everyone; all other
                # opponent cards and every stock card must be absent.
                public = 0
                for p, action in state.history:
                    if p != viewer and action.type == "draw" and action.source == "upcard":
                        public |= 1 << (action.card or 0)
                secret = (hidden & ~public) | mask_of(state.deal.stock[state.stock_pos:])
                shown = set(view.to_dict()["hand"]) | set(view.to_dict()["waste"])
                for meld_view in view.to_dict()["table"]:
                    shown |= set(meld_view["meld"])
                for card in cards_of(secret):
                    assert card_str(card) not in shown
                assert '"stock":' not in text
                assert view.hand == state.hands[viewer]
            player = state.current_player()
            state.apply_action(players[player].choose(observe(state, player), rng))


def test_state_round_trips_through_the_stored_dict_and_rejects_bad_ones() -> None:
    rng = random.Random(4)
    state = ColonelState(deal_from_seed(21, 0, COLONEL), (12, 40))
    players = [PLAYERS["greedy"](), PLAYERS["greedy"]()]
    for _ in range(15):
        player = state.current_player()
        state.apply_action(players[player].choose(observe(state, player), rng))
    data = json.loads(json.dumps(state_to_dict(state)))
    again = state_from_dict(data)
    assert again.hands == state.hands and again.table == state.table
    assert again.score == (12, 40) and again.waste == state.waste
    bad = dict(data, actions=[*data["actions"], {"player": 7, "type": "discard", "card": "2S"}])
    with pytest.raises(InvalidGameError, match=r"actions\[15\]"):
        state_from_dict(bad)
    bad = dict(data, actions=[{"player": 1, "type": "draw", "from": "stock", "card": "ZZ"}])
    with pytest.raises(InvalidGameError, match=r"actions\[0\]\.card"):
        state_from_dict(bad)


def test_a_record_with_a_wrong_stock_card_or_result_does_not_replay() -> None:
    rng = random.Random(5)
    state = play_hand(ColonelState(deal_from_seed(31, 1, COLONEL)),
                      [PLAYERS["greedy"](), PLAYERS["greedy"]()], rng)
    record = to_record(state)
    draws = [i for i, a in enumerate(record["actions"])
             if a["type"] == "draw" and a["from"] == "stock"]
    wrong = json.loads(json.dumps(record))
    first = wrong["actions"][draws[0]]
    first["card"] = "AS" if first["card"] != "AS" else "2S"
    with pytest.raises(InvalidGameError, match="top stock card"):
        replay(wrong)
    lie = dict(record, result={"winner": 1 - (state.winner or 0), "points": 1, "end": "out"})
    with pytest.raises(InvalidGameError, match="result"):
        replay(lie)
