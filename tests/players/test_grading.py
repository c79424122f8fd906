"""Grading decisions (solver.review.grading): positions where the blunder is plain, the
grade scale, reasons that are true of the position, hands graded from the learner's view
only and always the same way."""

from __future__ import annotations

import random

import pytest

from solver.cards import parse_card
from solver.game.conquian.actions import TURN, Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import observe
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.players import make_player
from solver.players.expert import ExpertPlayer
from solver.review.grading import (
    GRADES,
    THRESHOLDS,
    After,
    feeds,
    grade_decision,
    grade_for,
    grade_hand,
    same_move,
    text_from_dict,
    win_outs,
)
from tests.game.helpers import mask, mid_hand
from tests.players.test_expert import _shuffle_hidden


def _take(center: str, hand: str, melds: list[str], discard: str | None) -> Action:
    return Action("take", parse_card(center), mask(hand), tuple(mask(m) for m in melds),
                  None if discard is None else parse_card(discard))


# Each: the position, who decides, the (plainly bad) move, the better move's kind, and a
# phrase that one of the reasons must contain.
BLUNDERS = [
    pytest.param(
        dict(hands=("4H 5H", "AD 2S 3S 4S QS JS 2D 7D 7S 7C"),
             melds=("KD KC KH | 2C 3C 4C 5C 6C", ""), center="6H", facing=0,
             phase="respond"),
        0, Action("decline", parse_card("6H")), "take", "wins the hand at once",
        id="declining-the-winning-card",
    ),
    pytest.param(
        dict(hands=("QD QH KS AC 5C 4S 2H 3H 4D 7D", ""),
             melds=("", "KD KC KH | 2C 3C 4C | 5S 6S 7S JS"), center="QS", facing=0,
             phase="respond"),
        0, _take("QS", "QD QH", ["QS QD QH"], "KS"), None, "whose hand is empty",
        id="discarding-the-card-an-empty-hand-wins-with",
    ),
    pytest.param(
        dict(hands=("", "AD 2S 3S 4S 5C QS KS 6C 7C JS"),
             melds=("4H 5H 6H 7H | KD KC KH | 2C 3C 4C", ""), center="3H", facing=0,
             phase="force"),
        1, Action("force", parse_card("3H")), "no_force", "eleventh card",
        id="forcing-an-empty-hand",
    ),
]


@pytest.mark.parametrize(("position", "player", "move", "better", "phrase"), BLUNDERS)
def test_a_plain_blunder_is_graded_blunder_with_a_true_reason(
    position: dict, player: int, move: Action, better: str | None, phrase: str
) -> None:
    state = mid_hand(**position)
    observation = observe(state, player)
    assert move in observation.legal_actions()
    expert = ExpertPlayer()
    expert.model.observe(observation)
    graded = grade_decision(observation, move, expert, random.Random(3))
    assert graded.grade == "blunder", graded
    assert graded.drop >= THRESHOLDS[-1]
    assert not same_move(graded.best.action, move)
    if better is not None:
        assert graded.best.action.type == better
    texts = [t.render() for t in graded.reasons]
    assert any(phrase in t for t in texts), texts
    # The last reason states the playout figures, and they are the options' own.
    assert f"{round(100 * graded.best.chances)}%" in texts[-1]
    assert f"{round(100 * graded.chosen.chances)}%" in texts[-1]


@pytest.mark.parametrize(("position", "player", "move", "better", "phrase"), BLUNDERS[:1])
def test_the_right_move_is_graded_best(
    position: dict, player: int, move: Action, better: str | None, phrase: str
) -> None:
    state = mid_hand(**position)
    observation = observe(state, player)
    win = next(a for a in observation.legal_actions() if a.wins)
    expert = ExpertPlayer()
    expert.model.observe(observation)
    graded = grade_decision(observation, win, expert, random.Random(3))
    assert graded.grade == "best" and graded.drop == 0.0
    assert graded.chosen.chances == 1.0


@pytest.mark.parametrize(
    ("drop", "grade"),
    [(0.0, "best"), (0.02, "best"), (0.021, "good"), (0.049, "good"), (0.05, "inaccuracy"),
     (0.099, "inaccuracy"), (0.10, "mistake"), (0.199, "mistake"), (0.20, "blunder"),
     (1.0, "blunder")],
)
def test_grade_scale(drop: float, grade: str) -> None:
    assert grade_for(drop) == grade
    assert grade in GRADES


def test_reason_facts_are_checked_on_the_cards() -> None:
    # 4H-5H with KD KC KH / 2C..6C exposed: 3H and 6H would both give 11 down (R10).
    held = After(mask("4H 5H"), mask("KD KC KH 2C 3C 4C 5C 6C"), None)
    assert win_outs(held, mask("3H 6H 7H AS")) == 2
    assert feeds(parse_card("KS"), mask("KD KC KH"))
    assert not feeds(parse_card("QS"), mask("KD KC KH"))
    assert not feeds(parse_card("KS"), 0)


def _hand(seed: int) -> tuple[GameState, list[tuple[int, object, Action]], float]:
    rng = random.Random(seed)
    state = GameState(deal_from_seed(hand_seed(seed, 0), 0))
    players = [make_player("random"), make_player("greedy")]
    steps = []
    while not state.is_terminal():
        p = state.current_player()
        observation = observe(state, p)
        action = players[p].choose(observation, rng)
        if p == 0:
            steps.append((len(state.history), observation, action))
        state.apply_action(action)
    result = 0.5 if state.winner is None else float(state.winner == 0)
    return state, steps, result


def test_a_hand_is_graded_from_the_learner_view_and_always_the_same() -> None:
    _, steps, result = _hand(21)
    review = grade_hand(steps, "s", result, deals=12)
    assert review.decisions
    # Only real choices are graded, each at its own step, in order.
    assert [d.step for d in review.decisions] == sorted(d.step for d in review.decisions)
    for d in review.decisions:
        assert len(d.observation.legal_actions()) > 1
        assert d.chosen.deals == 12
    data = review.to_dict()
    assert data["chances"][-1] == result
    assert len(data["chances"]) == len(review.decisions) + 1
    assert grade_hand(steps, "s", result, deals=12).to_dict() == data
    # Reasons survive storage as templates with their values.
    for d in data["decisions"]:
        for r in d["reasons"]:
            assert text_from_dict(r).render()


def test_grading_never_reads_the_hidden_cards() -> None:
    state, steps, _ = _hand(22)
    index, observation, action = next(s for s in steps if len(s[1].legal_actions()) > 2)
    # The same view over a different computer hand and stock: the same grading.
    replay = GameState(state.deal, state.score)
    for _, step in state.history[:index]:
        replay.apply_action(TURN if step.type == "turn" else step)
    other = _shuffle_hidden(replay, 0, random.Random(1))
    assert observe(other, 0) == observation
    assert other.hands[1] != replay.hands[1]
    graded = [grade_decision(observe(s, 0), action, _model(observe(s, 0)), random.Random(9),
                             deals=10).to_dict() for s in (replay, other)]
    assert graded[0] == graded[1]


def _model(observation: object) -> ExpertPlayer:
    expert = ExpertPlayer()
    expert.model.observe(observation)  # type: ignore[arg-type]
    return expert
