"""Conquin rules I1-I13 (docs/rules/conquin.md), chips, records and the views."""

from __future__ import annotations

import json
import random

import pytest

from solver.cards import JOKER_BASE, NATURALS, card_kind, card_str, cards_of, mask_of
from solver.errors import IllegalActionError
from solver.game.conquin import ConquinAction, ConquinState, melding, observe
from solver.game.conquin.melding import best_closing, split
from solver.game.conquin.players import PLAYERS
from solver.game.conquin.state import TAKE_FACE_UP, TAKE_STOCK
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import hand_seed
from solver.game.playing import play_hand
from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from tests.game.draw_helpers import CONQUIN, make_deal, physical

PLAY = ConquinAction("play")
PASS = ConquinAction("pass")
RAISE = ConquinAction("raise")
CALL = ConquinAction("call")


def k(text: str) -> int:
    return CONQUIN.deck.parse(text)


def closing_hand(text: str) -> tuple[int, int]:
    return split(mask_of(physical(text, set())))


def discard(text: str) -> ConquinAction:
    return ConquinAction("discard", card=k(text))


def close(melds: list[str], card: str) -> ConquinAction:
    return ConquinAction.from_dict({"type": "close", "melds": [m.split() for m in melds],
                                    "discard": card})


def table(hands: list[str], top: str = "", dealer: int = 0, chips: tuple[int, ...] = (),
          pot: int | None = None) -> ConquinState:
    return ConquinState(make_deal("conquin", hands, top, dealer), chips, pot)


def everyone_plays(state: ConquinState) -> None:
    while state.phase in ("speak", "call"):
        state.apply_action(PLAY if state.phase == "speak" else CALL)


def test_i1_two_packs_and_four_jokers() -> None:
    deck = CONQUIN.deck
    assert deck.size == 108 and deck.jokers == 4
    assert sum(1 for c in deck.cards if card_kind(c) == k("7H")) == 2


def test_i2_three_to_ten_players_and_the_deal_passes_clockwise() -> None:
    for n in (3, 10):
        state = ConquinState(deal_from_seed(1, 0, CONQUIN, n))
        assert state.n == n and state.stock_count == 108 - 10 * n - 1
    record = to_record(play_hand(ConquinState(deal_from_seed(2, 0, CONQUIN, 3)),
                                 [PLAYERS["greedy"]() for _ in range(3)], random.Random(0)))
    for bad in (record["hands"][:2], record["hands"] * 4):
        with pytest.raises(InvalidGameError, match="3 to 10 hands"):
            replay(dict(record, hands=bad))


def test_i3_antes_and_i4_the_turned_card() -> None:
    deal = deal_from_seed(3, 2, CONQUIN, 5)
    state = ConquinState(deal)
    assert state.paid == [0, 0, 1, 2, 0] and state.pot == 3
    assert state.face_up == deal.stock[0]
    assert all(h.bit_count() == 10 for h in deal.hands)
    # Ten cards at once to each player from the dealer's left (I4).
    shuffled = list(CONQUIN.deck.cards)
    random.Random(3).shuffle(shuffled)
    assert deal.hands[3] == mask_of(shuffled[:10])


def test_i5_sets_repeat_suits_runs_go_round_the_corner() -> None:
    assert best_closing(*closing_hand("7H 7H 7S KD AD 2D 3D 9C 10C JC")) is not None
    assert best_closing(*closing_hand("QS KS AS 2S 3S 5H 5H 5D 5C 5S")) is not None
    # A run never holds the same card twice: the second 2♦ has nowhere to go.
    assert best_closing(*closing_hand("KD AD 2D 2D 9C 10C JC 7H 7S 7C")) is None
    # A set holds at most eight cards (two packs of one rank).
    assert best_closing(*closing_hand("7H 7H 7S 7S 7D 7D 7C 7C * *")) is not None


def test_i6_jokers_at_most_as_many_as_natural_cards() -> None:
    assert best_closing(*closing_hand("5H 6H * 9C 9D * QS KS AS 2S")) is not None
    assert best_closing(*closing_hand("5H * * 9C 9D 9S QS KS AS 2S")) is None


def test_i7_speaking_order_stakes_and_raises() -> None:
    state = table(["", "", "", ""], dealer=0)
    assert state.current_player() == 2  # the left of the two-chip player (seat 1)
    assert [a.chips for a in state.legal_actions()] == [None, 2, 6]
    state.apply_action(PLAY)  # seat 2 pays 2
    state.apply_action(RAISE)  # seat 3 raises to x3: 6 chips
    assert state.level == 3 and state.paid[3] == 6
    with pytest.raises(IllegalActionError, match="chips"):
        state.apply_action(ConquinAction("play", chips=6))  # the dealer owes 5, not 6
    state.apply_action(RAISE)  # the dealer raises to x9: pays 18 - 1
    assert state.paid[0] == 18 and [a.type for a in state.legal_actions()] == ["pass", "play"]
    state.apply_action(PLAY)  # the two-chip player pays 18 - 2
    assert state.paid[1] == 18
    # One more round for those who paid less: seat 2 (2 chips) and seat 3 (6 chips).
    assert state.phase == "call" and state.current_player() == 2
    state.apply_action(CALL)
    state.apply_action(PASS)
    assert state.paid == [18, 18, 18, 6] and state.in_ == [True, True, True, False]
    assert state.phase == "take" and state.current_player() == 1  # dealer's left (I8)


def test_i8_take_then_discard_in_turn_among_the_players_still_in() -> None:
    state = table(["", "", "", ""], top="9H 4C", dealer=0)
    state.apply_action(PASS)  # seat 2 passes
    for _ in range(3):
        state.apply_action(PLAY)
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError, match="I8"):
        state.apply_action(discard("9H"))
    state.apply_action(TAKE_FACE_UP)
    assert state.hands[1].bit_count() == 11 and state.face_up is None  # I13: eleven
    assert [a.type for a in state.legal_actions()].count("take") == 0
    state.apply_action(discard("9H"))
    assert state.current_player() == 3  # seat 2 is out
    state.apply_action(TAKE_STOCK)
    assert state.history[-1][1].card == state.deal.stock[1]  # the 4C under the turned card


def _to_close(hand: str, top: str) -> ConquinState:
    state = table([hand, "", ""], top=top, dealer=2)
    everyone_plays(state)
    assert state.current_player() == 0
    return state


def test_i9_the_worked_example_closes_for_double() -> None:
    state = _to_close("7S 7H 7H 7C 9D 10D JD QD KD 3C", top="AD")
    state.apply_action(TAKE_FACE_UP)
    closes = [a for a in state.legal_actions() if a.type == "close"]
    assert [card_str(a.card or 0) for a in closes] == ["3C"]
    state.apply_action(close(["7S 7H 7H 7C", "9D 10D JD QD KD AD"], "3C"))
    assert state.winner == 0 and state.multiplier == 2 and state.end == "close"
    stake = 2
    # The pot (2 + 2 + 2 chips) plus one more stake from each other player still in.
    assert state.settled == (6 - 2 + 2 * stake, -2 - stake, -2 - stake)
    assert sum(state.settled) == 0


def test_i9_a_close_must_show_ten_cards_in_valid_melds() -> None:
    state = _to_close("7S 7H 7H 7C 9D 10D JD QD KD 3C", top="AD")
    state.apply_action(TAKE_FACE_UP)
    with pytest.raises(IllegalActionError, match="I9"):
        state.apply_action(close(["7S 7H 7H 7C", "9D 10D JD QD KD"], "3C"))
    with pytest.raises(IllegalActionError, match="meld 2"):
        state.apply_action(close(["7S 7H 7H 7C", "9D 10D JD QD KD 3C"], "AD"))
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply_action(close(["7S 7H 7H 7C", "9D 10D JD QD KD AD"], "5S"))


@pytest.mark.parametrize(("hand", "top", "melds", "discard_card", "times"), [
    ("4S 5S 6S 7S 8S 9S 10S JS QS 2H", "KS", ["4S 5S 6S 7S 8S 9S 10S JS QS KS"], "2H", 5),
    ("4S 5S 6S 7S * 9S 10S JS QS 2H", "KS", ["4S 5S 6S 7S *8S 9S 10S JS QS KS"], "2H", 4),
    ("4S 5S 6S 7S * 9S 10S * 2H 2C", "KS", ["4S 5S 6S 7S *8S 9S 10S", "2H 2C *2D"], "KS", 2),
    ("4S 5S 6S 9H 9D 9C 2H 2C 2D 2S", "JD", ["4S 5S 6S", "9H 9D 9C", "2H 2C 2D 2S"], "JD", 1),
])
def test_i10_payments(hand: str, top: str, melds: list[str], discard_card: str,
                      times: int) -> None:
    state = _to_close(hand, top)
    state.apply_action(TAKE_FACE_UP)
    state.apply_action(close(melds, discard_card))
    assert state.multiplier == times
    extra = (times - 1) * 2
    assert state.settled[1] == -2 - extra and state.settled[2] == -2 - extra


def test_i10_a_ten_card_run_with_two_jokers_pays_best_as_two_melds() -> None:
    mult, melds = best_closing(*closing_hand("4S 5S 6S 7S * 9S 10S * QS KS")) or (0, ())
    assert mult == 2 and len(melds) == 2


def test_i10_players_who_passed_pay_only_their_antes() -> None:
    state = table(["7S 7H 7H 7C 9D 10D JD QD KD 3C", "", "", ""], top="AD", dealer=3)
    state.apply_action(PLAY)  # seat 1 (left of the two-chip seat 0)... plays
    state.apply_action(PASS)  # seat 2
    state.apply_action(PASS)  # the dealer (seat 3) loses the ante
    state.apply_action(PLAY)  # seat 0, the two-chip player, owes nothing more
    assert state.current_player() == 0
    state.apply_action(TAKE_FACE_UP)
    state.apply_action(close(["7S 7H 7H 7C", "9D 10D JD QD KD AD"], "3C"))
    assert state.settled == (5 - 2 + 2, -2 - 2, 0, -1)


def test_i11_the_pot_chip_opens_with_four_and_goes_to_the_winner() -> None:
    state = table(["7S 7H 7H 7C 9D 10D JD QD KD 3C", "", ""], top="AD", dealer=1, pot=0)
    assert state.current_player() == 0 and state.pot_played and state.stake == 4
    assert [a.type for a in state.legal_actions()] == ["play", "raise"]  # no pass
    assert [a.chips for a in state.legal_actions()] == [4, 12]
    everyone_plays(state)
    assert state.paid == [4, 4, 4] and state.pot == 12
    elsewhere = table(["", "", ""], dealer=0, pot=0)  # holder not on the left of seat 1
    assert not elsewhere.pot_played and elsewhere.stake == 2
    assert elsewhere.next_pot_holder() == 0


def test_i11_the_winner_takes_the_pot_chip() -> None:
    state = table(["7S 7H 7H 7C 9D 10D JD QD KD 3C", "", ""], top="AD", dealer=1, pot=0)
    for action in (PLAY, PLAY, PLAY):
        state.apply_action(action)
    # seat 2 goes first: take the stock, discard it; then seat 0 closes with the AD.
    state.apply_action(TAKE_STOCK)
    drawn = state.history[-1][1].card
    state.apply_action(ConquinAction("discard", card=drawn))
    assert state.current_player() == 0
    state.apply_action(TAKE_STOCK)
    state.apply_action(ConquinAction("discard", card=state.history[-1][1].card))
    state.apply_action(TAKE_STOCK)
    state.apply_action(ConquinAction("discard", card=state.history[-1][1].card))
    # Not closed yet: the chip stays with its holder until someone wins the deal.
    assert state.next_pot_holder() == 0 and not state.is_terminal()


def test_i12_an_empty_stock_is_remade_from_the_discards_the_same_way_on_replay() -> None:
    state = ConquinState(deal_from_seed(4, 0, CONQUIN, 10))
    everyone_plays(state)
    assert state.stock_count == 7
    turns = 0
    while state.reshuffles == 0:
        state.apply_action(TAKE_STOCK)
        state.apply_action(ConquinAction("discard", card=state.history[-1][1].card))
        turns += 1
    # Seven stock cards, then the eighth take remakes the stock from the discards under
    # the face-up card (the turned card and seven discards, less the top one).
    assert turns == 8 and state.stock_count == 7 - 1
    again = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert [card_kind(c) for c in again.stock] == [card_kind(c) for c in state.stock]
    assert [card_kind(c) for c in again.waste] == [card_kind(c) for c in state.waste]
    assert sorted(again.all_cards()) == list(range(108))


def test_i13_ten_cards_at_every_decision_eleven_before_the_discard() -> None:
    rng = random.Random(6)
    players = [PLAYERS["greedy"]() for _ in range(5)]
    state = ConquinState(deal_from_seed(8, 3, CONQUIN, 5))
    while not state.is_terminal():
        p = state.current_player()
        expected = 11 if state.phase == "discard" else 10
        assert state.hands[p].bit_count() == expected
        state.apply_action(players[p].choose(observe(state, p), rng))


def _conserved(state: ConquinState) -> None:
    assert sorted(state.all_cards()) == list(range(108))


def test_property_500_deals_replay_legally_with_card_conservation_and_chips() -> None:
    rng = random.Random(13)
    for i in range(500):
        n = 3 + i % 4
        names = ["expert" if (i + s) % 4 == 0 else "greedy" for s in range(n)]
        if i % 25 == 0:
            names[-1] = "random"
        players = [PLAYERS[name]() for name in names]
        state = ConquinState(deal_from_seed(hand_seed(77, i), i % n, CONQUIN, n),
                             pot_holder=(i % n) if i % 3 == 0 else None)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            p = state.current_player()
            state.apply_action(players[p].choose(observe(state, p), rng))
            steps += 1
            if steps % 40 == 0:
                _conserved(state)
        assert state.is_terminal()  # a greedy or expert player closes long before
        _conserved(state)
        assert sum(state.settled) == 0
        record = json.loads(json.dumps(to_record(state)))
        assert record["ruleset"] == "conquin"
        again = replay(record)
        assert again.result() == state.result() and again.settled == state.settled


def test_hidden_information_no_hidden_card_or_stock_order_in_any_view() -> None:
    rng = random.Random(9)
    for i in range(40):
        n = 4
        players = [PLAYERS["greedy"]() if s else PLAYERS["expert"]() for s in range(n)]
        state = ConquinState(deal_from_seed(hand_seed(6, i), i % n, CONQUIN, n))
        while not state.is_terminal():
            for viewer in range(n):
                view = observe(state, viewer).to_dict()
                shown = view["hand"] + view["seen"] + ([view["center"]] if view["center"] else [])
                public = set(view["seen"]) | {view["center"]}
                # Taken face-up cards are public too: they were seen on the table.
                for p, action in state.history:
                    if p != viewer and action.type == "take" and action.source == "face_up":
                        public.add(card_str(action.card or 0))
                for q in range(n):
                    if q == viewer:
                        continue
                    for card in cards_of(state.hands[q]):
                        name = card_str(card)
                        if name not in public and name not in view["hand"]:
                            assert name not in shown
                assert "stock" not in {key for key in view if key != "stock_count"}
                assert [s["hand_count"] for s in view["players"]] == \
                    [state.hands[q].bit_count() for q in range(n)]
                # Listed by kind (copies side by side), as a hand read back lists it.
                assert view["hand"] == [card_str(c) for c in
                                        sorted(cards_of(state.hands[viewer]), key=card_kind)]
            p = state.current_player()
            state.apply_action(players[p].choose(observe(state, p), rng))


def test_bad_records_are_rejected_with_where() -> None:
    state = play_hand(ConquinState(deal_from_seed(5, 0, CONQUIN, 4)),
                      [PLAYERS["greedy"]() for _ in range(4)], random.Random(1))
    record = json.loads(json.dumps(to_record(state)))
    bad = json.loads(json.dumps(record))
    bad["actions"][0]["type"] = "fold"
    with pytest.raises(InvalidGameError, match=r"actions\[0\]\.type"):
        replay(bad)
    bad = json.loads(json.dumps(record))
    bad["actions"][0]["player"] = (bad["actions"][0]["player"] + 1) % 4
    with pytest.raises(InvalidGameError, match=r"actions\[0\]"):
        replay(bad)
    with pytest.raises(InvalidGameError, match="pot_chip"):
        replay(dict(record, pot_chip=9))
    assert JOKER_BASE == 104


def test_one_discard_per_kind_copies_and_jokers_alike() -> None:
    state = _to_close("7H 7H * * 9D 10D JD QD KD 3C", top="3S")
    state.apply_action(TAKE_FACE_UP)
    shown = [card_str(a.card or 0) for a in state.discards()]
    assert sorted(shown) == sorted(["7H", "*", "9D", "10D", "JD", "QD", "KD", "3C", "3S"])
    state.apply_action(ConquinAction.from_dict({"type": "discard", "card": "7H"}))
    assert state.hands[0].bit_count() == 10 and state.face_up is not None
    assert card_kind(state.face_up) == k("7H")


def test_a_table_passes_the_deal_clockwise_and_carries_the_chips() -> None:
    from solver.game.conquin.table import ConquinTable, first_dealer
    from solver.game.playing import play_match
    from solver.rules.variants import Conquin

    players = [PLAYERS["greedy"]() for _ in range(5)]
    table = ConquinTable(21, Conquin(), 5, {"dealer": None}, pot_holder=3)
    deals = list(play_match(table, players, random.Random(2), hands=12))
    first = first_dealer(21, 5)
    assert [d.deal.dealer for d in deals] == [(first + i) % 5 for i in range(12)]  # I2
    balance = [0] * 5
    holder = 3
    for deal in deals:
        assert list(deal.chips) == balance and deal.pot_holder == holder
        balance = [b + s for b, s in zip(balance, deal.settled, strict=True)]
        holder = deal.winner if deal.pot_played and deal.winner is not None else holder
    assert sum(balance) == 0


def _covered_by_search(naturals: int, jokers: int) -> int:
    """The most natural cards in melds, by the plain search the memo and the early stop
    must agree with."""
    if not naturals:
        return 0
    card = (naturals & -naturals).bit_length() - 1
    low = naturals >> (card + NATURALS) & 1
    best = _covered_by_search(naturals ^ (1 << (card + NATURALS) if low else 1 << card),
                              jokers)
    for nat, miss, _ in melding._options(card % 13, card // 13, naturals, min(jokers, 4)):
        best = max(best, nat.bit_count()
                   + _covered_by_search(melding.minus(naturals, nat), jokers - miss))
    return best


def _closes_by_search(hand: int) -> list[int]:
    """The discards that close, each asked of the full search as before the early exit."""
    state = ConquinState(deal_from_seed(0, 0, CONQUIN, 3))
    state.phase, state.to_move, state.hands[0] = "discard", 0, hand
    naturals, jokers = split(hand)
    assert melding.covered(naturals, jokers) == _covered_by_search(naturals, jokers)
    expected = []
    for action in state.discards():
        assert action.card is not None
        rest = (naturals, jokers - 1) if action.card >= JOKER_BASE else (
            melding.minus(naturals, 1 << card_kind(action.card)), jokers)
        assert melding.covered(*rest) == _covered_by_search(*rest)
        if best_closing(*rest) is not None:
            expected.append(action.card)
    assert [a.card for a in state.closes()] == expected
    return expected


def test_the_quick_closing_and_melding_answers_agree_with_the_plain_search() -> None:
    """The greedy player's speed-ups (issue 28) change no answer: the closes offered after
    the early exit, and ``covered`` with its memo of meld options and early stop."""
    rng = random.Random(28)
    cards = list(CONQUIN.deck.cards)
    for _ in range(40):
        _closes_by_search(mask_of(rng.sample(cards, 11)))
    closable = 0
    for text in ("7H 7H 7S KD AD 2D 3D 9C 10C JC", "QS KS AS 2S 3S 5H 5H 5D 5C 5S",
                 "7H 7H 7S 7S 7D 7D 7C 7C * *", "5H 6H * 9C 9D * QS KS AS 2S",
                 "4S 5S 6S 7S * 9S 10S * QS KS"):
        ten = physical(text, set())
        for extra in rng.sample([c for c in cards if c not in ten], 6):
            closable += bool(_closes_by_search(mask_of([*ten, extra])))
    assert closable == 5 * 6  # each hand closes at least by throwing the extra card
