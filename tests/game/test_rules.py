"""Each rule step of the hand, table-driven where the cases share a shape (R6-R11)."""

from __future__ import annotations

import pytest

from solver.cards import card_str, parse_card
from solver.errors import IllegalActionError
from solver.game.conquian.actions import NO_FORCE, TURN, Action
from solver.game.conquian.state import GameState
from tests.game.helpers import make_deal, mask, mid_hand


def act(kind: str, card: str | None = None) -> Action:
    return Action(kind, None if card is None else parse_card(card))  # type: ignore[arg-type]


def take(card: str, hand_cards: str, melds: str, discard: str | None) -> Action:
    return Action(
        "take", parse_card(card), mask(hand_cards),
        tuple(sorted(mask(m) for m in melds.split("|"))),
        None if discard is None else parse_card(discard),
    )


def kinds(state: GameState) -> set[str]:
    return {a.type for a in state.legal_actions()}


def test_opening_non_dealer_turns_then_takes_or_passes() -> None:  # R6
    state = GameState(make_deal("4H 5H QS", "", "6H", dealer=0))
    assert state.current_player() == 1
    assert state.legal_actions() == [TURN]
    state.apply_action(TURN)
    assert state.center == parse_card("6H") and state.phase == "turned"
    assert "pass" in kinds(state) and "decline" not in kinds(state)
    state.apply_action(act("pass", "6H"))
    # The dealer faces it as a card left by the opponent; passing exposed nothing (R6).
    assert state.current_player() == 0 and state.phase == "respond"
    assert state.exposed == [0, 0] and state.hands[1].bit_count() == 10
    assert kinds(state) == {"take", "decline"}


def test_worked_example_take_expose_and_discard() -> None:  # R8, the rules' example
    state = GameState(make_deal("4H 5H QS", "", "6H", dealer=0))
    state.apply_action(TURN)
    state.apply_action(act("pass", "6H"))
    state.apply_action(take("6H", "4H 5H", "4H 5H 6H", "QS"))
    assert state.melds[0] == (mask("4H 5H 6H"),)
    assert not state.hands[0] >> parse_card("6H") & 1  # the taken card never enters the hand
    assert state.hands[0].bit_count() == 7 and state.center == parse_card("QS")
    assert state.current_player() == 1 and state.phase == "respond"
    record = state.history[-1][1].to_dict(0)
    assert record == {"player": 0, "type": "take", "card": "6H", "hand_cards": ["4H", "5H"],
                      "melds": [["4H", "5H", "6H"]], "discard": "QS"}


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (take("7H", "4H 5H", "4H 5H 7H", "QS"), "R7"),  # not the center card
        (take("6H", "4H 5H", "4H 5H 6H", "6H"), "R8"),  # discard the taken card
        (take("6H", "4H 5H", "4H 5H 6H", "KD"), "R8"),  # discard not in hand
        (take("6H", "4H 5H", "4H 5H 6H", None), "R8"),  # no discard without winning
        (take("6H", "4H 5H QS", "4H 5H 6H", "KD"), "R5"),  # hand_cards not all melded
        (take("6H", "", "4H 5H 6H", "QS"), "R8"),  # melds add cards that are not hand_cards
        (act("decline", "6H"), "R7"),  # a card turned by the opponent and passed: decline is ok
        (act("pass", "6H"), "R7"),  # only your own turned card can be passed
        (act("force", "6H"), "R9"),  # the opponent has no melds
        (NO_FORCE, "R9"),
        (TURN, "R6"),
    ],
)
def test_illegal_actions_name_the_rule(action: Action, rule: str) -> None:
    state = GameState(make_deal("4H 5H QS", "KD", "6H", dealer=0))
    state.apply_action(TURN)
    state.apply_action(act("pass", "6H"))
    if action.type == "decline":
        state.apply_action(action)  # legal: contrast case
        assert state.phase == "turn" and state.current_player() == 0
        return
    with pytest.raises(IllegalActionError, match=rule):
        state.apply_action(action)


def test_turn_names_no_card_and_hand_over_refuses_actions() -> None:
    state = GameState(make_deal("", "", "6H"))
    with pytest.raises(IllegalActionError, match="face down"):
        state.apply_action(act("turn", "6H"))
    state.phase = "over"
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(TURN)


def test_decline_goes_to_waste_and_the_decliner_turns() -> None:  # R7
    state = GameState(make_deal("", "", "6H 7C", dealer=0))
    state.apply_action(TURN)
    state.apply_action(act("pass", "6H"))
    state.apply_action(act("decline", "6H"))
    assert state.waste == mask("6H") and state.center is None
    assert state.current_player() == 0 and state.legal_actions() == [TURN]
    state.apply_action(TURN)
    assert state.center == parse_card("7C") and state.center_from_stock


def forcing_state(phase: str, center: str, melds0: str, center_from_stock: bool) -> GameState:
    return mid_hand(
        hands=("AS 2D 4C QD KC JS 7D", "AD 2S 3S 4S 5C QS KS"),
        melds=("4H 5H 6H", "JC JD JH"),
        center=center, facing=0, phase=phase, center_from_stock=center_from_stock,
    ) if melds0 == "run" else mid_hand(
        hands=("AS KD 7C", "AD 2S 3S 4S 5C QS KS"),
        melds=("2H 3H 4H | 5S 5D 5C 5H", "JC JD JH"),
        center=center, facing=0, phase=phase, center_from_stock=center_from_stock,
    )


@pytest.mark.parametrize(
    ("melds0", "center", "force_melds"),
    [
        ("run", "7H", "4H 5H 6H 7H"),
        ("run", "3H", "3H 4H 5H 6H"),
        # 6H fits only by moving 5H out of the set of four into the run (R5 rearrangement).
        ("rearrange", "6H", "2H 3H 4H 5H 6H | 5S 5D 5C"),
    ],
)
def test_forcing_after_a_decline(melds0: str, center: str, force_melds: str) -> None:  # R9
    state = forcing_state("respond", center, melds0, False)
    state.apply_action(act("decline", center))
    assert state.phase == "force" and state.current_player() == 1
    assert kinds(state) == {"force", "no_force"}
    waived = state.clone()
    waived.apply_action(NO_FORCE)
    assert waived.phase == "turn" and waived.current_player() == 0
    assert waived.waste >> parse_card(center) & 1
    state.apply_action(act("force", center))
    assert state.phase == "forced" and state.current_player() == 0
    assert kinds(state) == {"take"}
    with pytest.raises(IllegalActionError, match="R9"):
        state.apply_action(act("decline", center))
    discard = card_str(min(c for c in range(40) if state.hands[0] >> c & 1))
    state.apply_action(take(center, "", force_melds, discard))
    assert state.current_player() == 1 and state.center == parse_card(discard)


@pytest.mark.parametrize(("melds0", "center"), [("run", "7H"), ("rearrange", "6H")])
def test_forcing_after_a_pass(melds0: str, center: str) -> None:  # R9, turned card
    state = forcing_state("turned", center, melds0, True)
    state.apply_action(act("pass", center))
    assert state.current_player() == 1
    assert kinds(state) == {"decline", "force"} | ({"take"} & kinds(state))
    state.apply_action(act("force", center))
    assert state.phase == "forced" and state.current_player() == 0


def test_a_card_needing_hand_cards_cannot_be_forced() -> None:  # R9
    state = forcing_state("respond", "KH", "run", False)  # would need hand cards: not forceable
    state.apply_action(act("decline", "KH"))
    assert state.phase == "turn" and state.current_player() == 0


def test_win_with_eleven_and_no_discard() -> None:  # R10
    state = mid_hand(hands=("7H", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H | KD KC KH | 2C 3C 4C", "JC JD JS"),
                     center="JH", facing=0, phase="respond")
    assert all(a.discard is None for a in state.take_actions())
    with pytest.raises(IllegalActionError, match="R10"):
        state.apply_action(take("JH", "7H", "4H 5H 6H 7H JH | KD KC KH | 2C 3C 4C", "2C"))
    state.apply_action(take("JH", "7H", "4H 5H 6H 7H JH | KD KC KH | 2C 3C 4C", None))
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.exposed[0].bit_count() == 11 and state.legal_actions() == []


def test_ten_down_with_an_empty_hand_plays_on() -> None:  # R10
    state = mid_hand(hands=("QS", "AD 2S 3S 4S 5C QD KS"),
                     melds=("4H 5H 6H | KD KC KH | 2C 3C 4C", "JC JD JS"),
                     center="7H", facing=0, phase="respond")
    state.apply_action(take("7H", "", "4H 5H 6H 7H | KD KC KH | 2C 3C 4C", "QS"))
    assert not state.is_terminal() and state.hands[0] == 0
    assert state.exposed[0].bit_count() == 10 and state.winner is None
    assert state.current_player() == 1 and state.center == parse_card("QS")


def test_empty_hand_wins_with_the_first_card_that_fits() -> None:  # R10
    state = mid_hand(hands=("", "AD 2S 3S 4S 5C QD KS"),
                     melds=("4H 5H 6H 7H | KD KC KH | 2C 3C 4C", "JC JD JS"),
                     center="JH", facing=0, phase="respond")
    assert {a.discard for a in state.take_actions()} == {None}
    state.apply_action(take("JH", "", "4H 5H 6H 7H JH | KD KC KH | 2C 3C 4C", None))
    assert state.winner == 0


def test_last_stock_card_then_draw() -> None:  # R11
    state = mid_hand(hands=("AS 2D 4C QD KC JS 7D", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H", "JC JD JH"),
                     center=None, facing=0, phase="turn", stock_left=1)
    state.apply_action(TURN)
    assert state.stock_count == 0
    last = state.center
    assert last is not None
    if "take" in kinds(state):
        pytest.skip("the filler card happens to be usable")
    state.apply_action(Action("pass", last))
    state.apply_action(Action("decline", last))
    assert state.is_terminal() and state.winner is None and state.returns() == [0.0, 0.0]


def test_declining_a_discard_with_no_stock_is_a_draw() -> None:  # R11
    state = mid_hand(hands=("AS 2D 4C QD KC JS 7D", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H", "JC JD JH"),
                     center="2C", facing=1, phase="respond", stock_left=0)
    state.apply_action(act("decline", "2C"))
    assert state.is_draw


@pytest.mark.parametrize("force", [True, False])
def test_forceable_decline_of_the_last_card(force: bool) -> None:  # R9, R11
    state = mid_hand(hands=("AS 2D 4C QD KC JS 7D", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H", "JC JD JH"),
                     center="7H", facing=0, phase="respond", stock_left=0)
    state.apply_action(act("decline", "7H"))
    assert state.phase == "force"
    if force:
        state.apply_action(act("force", "7H"))
        state.apply_action(take("7H", "", "4H 5H 6H 7H", "AS"))
        assert state.phase == "respond" and state.current_player() == 1
    else:
        state.apply_action(NO_FORCE)
        assert state.is_draw
