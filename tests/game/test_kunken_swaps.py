"""K5, the joker swap within the turn's take (issue 27 item 4): «Игрок, взявший ту карту,
за которую выложен джокер, может поменять её на джокера».

While the card taken (from the pile or the stock) waits to be used, a hand card or the taken
card itself may be swapped for the table joker standing for it; the joker comes into the
hand at once.  A discard is takeable when such swaps make it usable.
"""

from __future__ import annotations

import json
import random

import pytest

from solver.cards import JOKER_BASE, card_kind
from solver.game.deal import deal_from_seed
from solver.game.kunken import KAction, KMeld, KunkenState, kind_of
from solver.game.match import hand_seed
from solver.game.record import replay, to_record
from solver.game.registry import game_rules, players_of
from solver.players.kunken import KunkenExpert, KunkenGreedy
from solver.rules import RuleProfile
from tests.game.test_meld_games import _kunken, _play, c, km

JOKER = JOKER_BASE
ISSUE_HAND = "8D 6C 2S JH 4D QC 10S"


def _joker_meld(naturals: str, stands: str, joker: int = JOKER) -> KMeld:
    return KMeld(km(naturals) | 1 << joker, ((joker, c(stands)),))


def _issue_position() -> KunkenState:
    """The issue's position: KS-KH-KC down, the opponent's 7D-*8D-9D, 6H on the pile."""
    state = _kunken("2C", "")
    _play(state, 0, ISSUE_HAND, [KMeld(km("KS KH KC"))], [_joker_meld("7D 9D", "8D")],
          pile="6H")
    return state


def _joker_profiles() -> list[RuleProfile]:
    """The Kunken profiles (the engine's registry) whose pack has jokers."""
    from solver.game.kunken import KUNKEN_PROFILES

    return [p for p in KUNKEN_PROFILES if p.deck.jokers]


def test_issue_position_the_take_is_legal_and_completes_through_the_swap() -> None:
    state = _issue_position()
    take = KAction("take", c("6H"))
    assert take in state.legal_actions()
    state.apply_action(take)
    swap = KAction("swap", c("8D"), owner=1, meld=0)
    # Nothing uses 6H before the swap: the swap is the only step, and no discard.
    assert state.legal_actions() == [swap]
    state.apply_action(swap)
    assert state.hands[0] >> JOKER & 1 and not state.hands[0] >> c("8D") & 1
    assert state.melds[1][0].cards == km("7D 8D 9D") and state.melds[1][0].stands == ()
    assert state.pending == c("6H")  # 6H still waits: the joker is now in the hand
    melds = [a for a in state.legal_actions() if a.type == "meld"]
    assert melds and all(a.cards == (c("6H"), c("6C")) and len(a.jokers) == 1 for a in melds)
    state.apply_action(melds[0])
    assert state.pending is None and state.down_count(0) == 6
    assert KAction("discard", c("QC")) in state.legal_actions()
    state.apply_action(KAction("discard", c("QC")))
    assert state.current_player() == 1


def test_the_taken_card_itself_may_be_swapped_and_that_uses_it() -> None:
    state = _kunken("2C", "")
    _play(state, 0, "3C 5S 9H JD KC QS 2D", [_joker_meld("7D 9D", "8D")], [], pile="8D")
    take = KAction("take", c("8D"))
    assert take in state.legal_actions()
    state.apply_action(take)
    swap = KAction("swap", c("8D"), owner=0, meld=0)
    assert swap in state.legal_actions()
    state.apply_action(swap)
    assert state.pending is None and state.phase == "play"
    assert state.melds[0][0].cards == km("7D 8D 9D") and state.hands[0] >> JOKER & 1
    # The turn goes on to the discard; the meld holding the taken card stays down (K9).
    assert KAction("discard", c("KC")) in state.legal_actions()
    assert not any(a.type == "take_back" for a in state.legal_actions())


def test_a_drawn_card_may_be_swapped_too_and_is_then_not_discarded() -> None:
    state = _kunken("2C", "", stock_top="8D")
    _play(state, 0, "3C 5S 9H JD KC QS 2D", [KMeld(km("AS 2S 3S"))],
          [_joker_meld("7D 9D", "8D")])
    state.apply_action(KAction("draw"))
    swap = KAction("swap", c("8D"), owner=1, meld=0)
    assert swap in state.legal_actions()
    state.apply_action(swap)
    assert state.pending is None and state.hands[0] >> JOKER & 1
    assert not any(a.type == "discard" and a.card == c("8D") for a in state.legal_actions())


def test_opponents_jokers_need_a_meld_of_your_own_and_laid_off_jokers_stay() -> None:
    state = _kunken("2C", "")
    _play(state, 0, ISSUE_HAND, [], [_joker_meld("7D 9D", "8D")], pile="6H")
    assert not any(a.type == "take" for a in state.legal_actions())  # K10: no meld of yours
    laid = KMeld(km("7D 9D") | 1 << JOKER, ((JOKER, c("8D")),), laid=1 << JOKER)
    _play(state, 0, ISSUE_HAND, [KMeld(km("KS KH KC"))], [laid], pile="6H")
    assert not any(a.type == "take" for a in state.legal_actions())  # a laid-off joker


def test_a_hand_swap_that_would_strand_the_taken_card_is_refused() -> None:
    """Two packs: 5H waits with 6H and a joker in the hand (5H-6H-*).  Swapping 6H for the
    table's *6H would leave 5H with two jokers and one natural card, so it is not offered;
    with 5S 5D in the hand, 5H still goes down after it, and it is."""
    state = _kunken("2C", "", profile="kunken-104")
    assert state.rules.deck.packs == 2
    own = [_joker_meld("6S 6D", "6H", JOKER + 1)]
    state.hands[0] = km("6H 2C 9S KD QC") | 1 << JOKER
    state.melds[0], state.melds[1] = own, []
    state.pile, state.to_play, state.phase = [c("5H")], 0, "draw"
    state.invalidate()
    state.apply_action(KAction("take", c("5H")))
    swap = KAction("swap", c("6H"), owner=0, meld=0)
    legal = state.legal_actions()
    assert swap not in legal and any(a.type == "meld" for a in legal)
    state.pending, state.phase = None, "draw"
    state.pile = [c("5H")]
    state.hands[0] |= km("5S 5D")
    state.invalidate()
    state.apply_action(KAction("take", c("5H")))
    assert swap in state.legal_actions()


@pytest.mark.parametrize("player", [KunkenGreedy, KunkenExpert])
def test_greedy_and_expert_take_through_a_swap_and_make_it(player: type) -> None:
    from solver.game.kunken import observe_kunken

    state = _issue_position()
    chooser = player()
    rng = random.Random(1)
    start = state.down_count(0)
    while state.current_player() == 0:
        action = chooser.choose(observe_kunken(state, 0), rng)
        state.apply_action(action)
    assert any(a.type == "take" for _, a in state.history)
    assert any(a.type == "swap" for _, a in state.history)
    assert state.down_count(0) >= start + 3  # 6H, 6C and the joker went down


def test_greedy_swaps_first_when_that_puts_more_cards_down() -> None:
    """6H could go onto 3H-4H-5H alone; swapping 8D for the joker first melds 6H 6C *."""
    from solver.game.kunken import observe_kunken

    state = _kunken("2C", "")
    _play(state, 0, ISSUE_HAND, [KMeld(km("3H 4H 5H"))], [_joker_meld("7D 9D", "8D")],
          pile="6H")
    state.apply_action(KAction("take", c("6H")))
    assert any(a.type == "add" for a in state.legal_actions())
    choice = KunkenGreedy().choose(observe_kunken(state, 0), random.Random(0))
    assert choice == KAction("swap", c("8D"), owner=1, meld=0)


@pytest.mark.parametrize("profile", _joker_profiles(), ids=lambda p: p.id)
def test_random_play_swaps_within_the_take_and_the_records_replay(profile: RuleProfile) -> None:
    game = game_rules(profile)
    known = players_of(profile)
    seen = {"taken card": 0, "hand card": 0, "take only through a swap": 0}
    for i in range(120):
        state = game.new_hand(deal_from_seed(hand_seed(27, i), i % 2, profile), ())
        rng = random.Random(i)
        players = [known["random"](), known["random" if i % 2 else "greedy"]()]
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, str(state)  # a take never strands the turn
            if (state.phase == "draw" and state.pile and not state._uses(state.pile[-1])
                    and KAction("take", kind_of(state.pile[-1])) in legal):
                seen["take only through a swap"] += 1
            player = state.current_player()
            action = players[player].choose(game.observe(state, player), rng)
            if action.type == "swap" and state.pending is not None:
                own = state.pending < JOKER_BASE and action.card == card_kind(state.pending)
                seen["taken card" if own else "hand card"] += 1
            state.apply_action(action)
        record = json.loads(json.dumps(to_record(state)))
        assert game.result(replay(record)) == record["result"]
    assert all(seen.values()), seen


def test_the_taken_card_goes_onto_a_run_it_does_not_touch_with_the_cards_between() -> None:
    """KS cannot go onto the opponent's 9S-10S-JS alone, nor may a joker go first while
    KS waits: the take is one add of KS with a joker as QS (or the QS itself)."""
    state = _kunken("2C", "")
    _play(state, 0, "2H 8H 4D JD 8C JC", [KMeld(km("2S 2D 2C"))], [KMeld(km("9S 10S JS"))],
          pile="KS")
    state.hands[0] |= 1 << JOKER
    state.apply_action(KAction("take", c("KS")))
    add = KAction("add", None, (c("KS"),), (c("QS"),), 1, 0)
    assert add in state.legal_actions()
    state.apply_action(add)
    assert state.pending is None and state.melds[1][0].laid.bit_count() == 2
    assert state.down_count(0) == 5
    # Without the joker, QS from the hand bridges the gap in the same add.
    _play(state, 0, "QS 8H 4D JD 8C", [KMeld(km("2S 2D 2C"))], [KMeld(km("9S 10S JS"))],
          pile="KS")
    state.apply_action(KAction("take", c("KS")))
    assert KAction("add", None, (c("QS"), c("KS")), (), 1, 0) in state.legal_actions()
