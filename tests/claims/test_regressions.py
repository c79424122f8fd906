"""One regression test per falsehood of issue 10: the checker refuses the old sentence,
and the engines now say a true one."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

import solver.puzzles.discard as discard_module
from solver.claims import Claim, Context, check
from solver.claims.choice import why_discard_fails, why_take_fails
from solver.explain import explain, explain_forcing_opponent
from solver.game.conquian.view import observe
from solver.position import Position
from solver.puzzles.hints import explanation, hints
from solver.puzzles.tasks import solve_task
from solver.sampling import random_position
from solver.search import analyze
from tests.claims.helpers import assert_all_true
from tests.game.helpers import mid_hand


def pos(**data: Any) -> Position:
    return Position.from_dict({"melds": [], "opponent_melds": [], "stock": 9, **data})


def keys(claims: list[Claim]) -> list[str]:
    return [c.key for c in claims]


def text(claims: list[Claim]) -> str:
    return " ".join(c.render() for c in claims)


# --- 1. "needs C" names only cards that help ---------------------------------------------------

DEAD_HAND = ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "2S", "3D"]
ISSUE_1 = {"hand": ["AS", "2D", "3D", "4H", "5C", "7S", "QD"], "melds": [["KS", "KH", "KC"]],
           "center": "JC"}


def test_1_a_card_that_would_not_help_is_never_named() -> None:
    position = pos(**ISSUE_1)
    old = Claim("needs_cards", {"center": "J♣", "cards": "Q♣"})
    assert check(old, Context(position)) is not None  # Q♣-J♣-K♣ leaves K♠-K♥ (R4, R5)
    said = explain(analyze(position))
    assert_all_true(said, Context(position))
    assert "Q♣" not in text(said) and "needs_pair" in keys(said)


@pytest.mark.parametrize(
    ("data", "single", "dead"),
    [
        # 6♥ alone suffices; 7♠ and 7♣ too (with 7♦ in hand).
        ({"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"], "center": "7H"},
         "6♥ / 7♠ / 7♣", None),
        # 6♥ would help but lies in the opponent's run: dead (R5), not "needed".
        ({"hand": DEAD_HAND, "center": "7H", "opponent_melds": [["6H", "6S", "6C"]]},
         None, "6♥"),
    ],
)
def test_1_single_cards_and_dead_cards_are_told_apart(
    data: dict[str, Any], single: str | None, dead: str | None
) -> None:
    position = pos(**data)
    said = explain(analyze(position))
    assert_all_true(said, Context(position))
    by_key = {c.key: c.params for c in said}
    assert (by_key.get("needs_cards", {}).get("cards")) == single
    assert (by_key.get("dead_cards", {}).get("cards")) == dead


def test_1_no_named_card_fails_to_help_over_many_positions() -> None:
    rng = random.Random(1)
    named = 0
    for _ in range(600):
        position = random_position(rng)
        for claim in explain(analyze(position)):
            if claim.key in ("needs_cards", "needs_pair", "dead_cards"):
                named += 1
                assert check(claim, Context(position)) is None, claim.render()
    assert named > 100


# --- 2. an empty stock is not the last decision -----------------------------------------------

STOCK_EMPTY = [
    # A take at stock 0: the opponent still faces the discard.
    {"hand": ["4H", "5H", "QS"], "melds": [["AS", "2S", "3S", "4S"], ["KH", "KD", "KC"]],
     "center": "6H", "stock": 0},
    # The last card turned and passed: the opponent may take, decline or force it.
    {"hand": ["KS", "QD", "JC", "2C"], "melds": [["3S", "4S", "5S"], ["5H", "6H", "7H"]],
     "center": "AC", "center_from": "stock", "stock": 0},
]


@pytest.mark.parametrize("data", STOCK_EMPTY)
def test_2_the_empty_stock_is_not_called_the_last_decision(data: dict[str, Any]) -> None:
    position = pos(**data)
    analysis = analyze(position)
    assert check(Claim("stock_last", book="puzzle"), Context(position)) is not None
    for task in ("can_use", "can_force"):
        answer = solve_task(position, task, analysis=analysis)
        said = hints(position, analysis, task, answer) + explanation(
            position, analysis, task, answer)
        assert_all_true(said, Context(position, task, answer))
        assert "stock_last" not in keys(said)
        assert {"stock_empty_take", "stock_empty_pass"} & set(keys(said))


def test_2_the_lesson_summary_no_longer_ends_the_hand_at_the_last_card(app: Any) -> None:
    from tutor.learn.lessons import lesson_by_slug

    with app.test_request_context():
        lesson = lesson_by_slug("draw")
        assert lesson is not None
        summary = str(lesson.summary)
    assert "after that, the hand is a draw" not in summary
    assert "goes on" in summary and "not forced" in summary


# --- 3. the forcing hint speaks of exposed cards only ------------------------------------------

def test_3_the_forcing_hint_does_not_speak_of_your_cards() -> None:
    # Hand cards near J♦ (6♦ 7♦), none among the exposed K♠-K♥-K♣.
    position = pos(hand=["6D", "7D", "AS", "2C", "3H", "4C", "5S"], melds=[["KS", "KH", "KC"]],
                   center="JD")
    analysis = analyze(position)
    answer = solve_task(position, "can_force", analysis=analysis)
    ladder = hints(position, analysis, "can_force", answer)
    assert "look_none_exposed" in keys(ladder) and "look_none" not in keys(ladder)
    old = Claim("look_none", {"center": "J♦"}, book="puzzle")
    assert check(old, Context(position)) is not None


# --- 4. a card in the opponent's melds is dead, not "not held" ---------------------------------

def test_4_a_dead_card_is_not_called_one_you_do_not_hold() -> None:
    position = pos(hand=DEAD_HAND, center="7H", opponent_melds=[["6H", "6S", "6C"]])
    old = Claim("missing", {"cards": "6♥"}, book="puzzle")
    assert check(old, Context(position)) is not None
    analysis = analyze(position)
    answer = solve_task(position, "can_use", analysis=analysis)
    said = explanation(position, analysis, "can_use", answer)
    assert_all_true(said, Context(position, "can_use", answer))
    assert "missing" not in keys(said) and "dead_cards" in keys(said)


# --- 5. winning with an empty hand ------------------------------------------------------------

def test_5_an_empty_hand_wins_without_a_dash() -> None:
    position = pos(hand=[], melds=[["4S", "5S", "6S", "7S"], ["KS", "KH", "KD"],
                                   ["AH", "AD", "AC"]], center="JS")
    analysis = analyze(position)
    answer = solve_task(position, "win", analysis=analysis)
    said = explanation(position, analysis, "win", answer)
    assert_all_true(said, Context(position, "win", answer))
    assert "- and" not in text(said) and "win_alone" in keys(said)
    old = Claim("win", {"center": "J♠", "cards": "-"}, book="puzzle")
    assert check(old, Context(position)) is not None


# --- 6. forcing an opponent with an empty hand hands them the win ------------------------------

def test_6_forcing_an_empty_hand_is_said_to_hand_over_the_win() -> None:
    mine = pos(hand=["2C", "3C", "4D", "KD", "QD", "JD", "7C", "QC", "KC", "AH"], center="6S",
               opponent_melds=[["AS", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6H"]])
    said = explain_forcing_opponent(mine, 0)
    assert keys(said) == ["they_fit", "force_wins_them"]
    assert_all_true(said, Context(mine, opponent_hand=0))
    old = Claim("force_then")
    assert check(old, Context(mine, opponent_hand=0)) is not None
    assert keys(explain_forcing_opponent(mine, 3)) == ["they_fit", "force_then"]


# --- 7. a forced card, and a passed card's center_from ----------------------------------------

def test_7_after_being_forced_no_one_speaks_of_declining() -> None:
    position = pos(hand=["KS", "QD", "JC"], center="6H", center_from="stock",
                   melds=[["5S", "5H", "5D", "5C"], ["2H", "3H", "4H"]])
    analysis = analyze(position)
    forced = explain(analysis, forced=True)
    assert "forced_now" in keys(forced)
    assert not {"forceable_opponent", "forceable_stock", "pass", "decline"} & set(keys(forced))
    assert_all_true(forced, Context(position, forced=True))
    old = Claim("forceable_stock", {"center": "6♥"})
    assert check(old, Context(position, forced=True)) is not None


def test_7_a_card_you_turned_and_passed_is_yours_from_the_stock() -> None:
    # Player 0 turned 6♥, which fits their melds; they pass it; player 1 forces it back.
    state = mid_hand(hands=("KS QD JC", "AS 2D 3C 7D QS JS KD AC 2C 7C"),
                     melds=("5S 5H 5D 5C | 2H 3H 4H", ""), center="6H", facing=0,
                     phase="turned", center_from_stock=True)
    from solver.game.conquian.actions import Action

    state.apply_action(Action("pass", state.center))
    assert observe(state, 1).center_from == "opponent"  # player 1 faces a card left to them
    state.apply_action(Action("force", state.center))
    seen = observe(state, 0)
    assert seen.phase == "forced" and seen.center_from == "stock"
    position = seen.position()
    assert position is not None and position.center_from == "stock"


# --- 8. the count of hand cards in the answer --------------------------------------------------

def test_8_the_count_hint_is_true_when_several_sizes_are_accepted() -> None:
    # 6♥ goes down alone onto 3-4-5♥, or with 7♥, or with 7♥ and J♥.
    position = pos(hand=["7H", "JH", "AS", "2D", "QC", "KS", "3C"], melds=[["3H", "4H", "5H"]],
                   center="6H")
    analysis = analyze(position)
    answer = solve_task(position, "find_play", analysis=analysis)
    sizes = {m.bit_count() for m in answer.plays}
    assert len(sizes) > 1
    ladder = hints(position, analysis, "find_play", answer)
    assert "count_cards_range" in keys(ladder) and "count_cards" not in keys(ladder)
    assert_all_true(ladder, Context(position, "find_play", answer))
    old = Claim("count_cards", {"count": min(sizes)}, book="puzzle")
    assert check(old, Context(position, "find_play", answer)) is not None


# --- 9. lesson exercises: see test_lessons.py (the selection judged as a whole) ----------------

# --- 10. the discard rule's reason ------------------------------------------------------------

def test_10_forcing_is_the_discarders_option_and_adds_no_risk() -> None:
    doc = inspect.getdoc(discard_module) or ""
    assert "discarder's own choice" in doc and "could even be forced" not in doc
    # And the game agrees: after the opponent declines a discard that fits their melds, it
    # is the discarder who decides whether to force it (R9).
    state = mid_hand(hands=("AS 2D 3C 7D QS JS KD AC 2C 7C", "KS QD JC"),
                     melds=("", "5S 5H 5D 5C | 2H 3H 4H"), center="6H", facing=1,
                     phase="respond")
    from solver.game.conquian.actions import Action

    state.apply_action(Action("decline", state.center))
    assert state.phase == "force" and state.current_player() == 0
    assert set(state.action_types()) == {"force", "no_force"}


# --- 3 (feedback on one's own choice) ---------------------------------------------------------

def test_a_wrong_choice_is_explained_with_true_claims() -> None:
    rng = random.Random(4)
    said = 0
    for _ in range(400):
        position = random_position(rng)
        analysis = analyze(position)
        chosen = sum(1 << c for c in rng.sample(sorted(_bits(position.hand)),
                                                rng.randint(0, min(3, position.hand.bit_count()))))
        claims = why_take_fails(analysis, chosen, need_win=True)
        for card in _bits(position.hand):
            claims += why_discard_fails(analysis, card)
        said += assert_all_true(claims, Context(position))
    assert said > 400


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]
