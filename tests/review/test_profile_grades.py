"""The graded review of the newer profiles (solver.review.profiles, issue 27 item 13):
grades only what the playouts make clear, the same for a given seed, and a refused win is
graded worse than the win, in every profile the review covers (read from the registry)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.game.playing import play_hand
from solver.game.record import state_from_dict, state_to_dict
from solver.game.registry import game_rules, players_of
from solver.review.grading import GRADES, THRESHOLDS, grade_for
from solver.review.paired import (
    LABELS,
    MISTAKE_AT,
    MISTAKE_OR_WORSE,
    UNCLEAR,
    hopeless,
    label,
    paired_drop,
)
from solver.review.profiles import covers, grade_profile_hand, without_drawn_card
from solver.rules import PROFILES, get_profile

COVERED = [p for p in PROFILES if covers(p)]


def _seats(rules: str) -> int:
    return max(2, PROFILES[rules].min_players)


def _wins_at_once(state: Any, action: Any, seat: int = 0) -> bool:
    after = state.clone()
    after.apply_action(action)
    return bool(after.is_terminal()) and after.returns()[seat] > 0


def _hands_over_the_win(state: Any, action: Any) -> bool:
    """After ``action`` the next player, an opponent, can win at once."""
    after = state.clone()
    after.apply_action(action)
    if after.is_terminal() or after.current_player() == 0:
        return False
    seat = after.current_player()
    return any(_wins_at_once(after, a, seat) for a in after.legal_actions())


class _Refuser:
    """The greedy player, except that the first time it could win at once and had a move
    that lets the next player win at once instead (``handing``; otherwise any move that
    does not win), it makes that move (the clearly worse move to grade)."""

    def __init__(self, rules: str, handing: bool) -> None:
        self.greedy = players_of(rules)["greedy"]()
        self.handing = handing
        self.refused: int | None = None

    def choose(self, state: Any, observation: Any, rng: random.Random) -> Any:
        if self.refused is None:
            legal = list(state.legal_actions())
            if any(_wins_at_once(state, a) for a in legal):
                others = [a for a in legal if not _wins_at_once(state, a)
                          and (not self.handing or _hands_over_the_win(state, a))]
                if others:
                    self.refused = len(state.history)
                    return others[0]
        return self.greedy.choose(observation, rng)


def refused_win(rules: str) -> tuple[dict[str, Any], int]:
    """A hand in which the learner (seat 0) could win at once, did not, and lost the hand
    (the refusal cost something), and the step of the refusal: one where the refusal let
    the opponent win at once if there is one in 100 hands (there is none where a turn
    starts with a draw, as in Colonel)."""
    seats = _seats(rules)
    look = game_rules(rules).observe
    for seed in range(200):
        state = game_rules(rules).new_match(seed % 100, get_profile(rules), seats,
                                            {"dealer": 0}).next_hand()
        learner = _Refuser(rules, handing=seed < 100)
        others = [players_of(rules)["greedy"]() for _ in range(seats)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            observation = look(state, seat)
            action = (learner.choose(state, observation, rng) if seat == 0
                      else others[seat].choose(observation, rng))
            state.apply_action(action)
        if learner.refused is not None and state.returns()[0] <= 0:
            return state_to_dict(state), learner.refused
    raise AssertionError(f"no refused win in 200 {rules} hands")


@pytest.mark.parametrize("rules", COVERED)
def test_a_refused_win_grades_worse_than_the_win(rules: str) -> None:
    stored, step = refused_win(rules)
    review = grade_profile_hand(stored, 0, "refused", steps={step})
    [decision] = review["decisions"]
    assert decision["step"] == step
    # The winning move was compared and won every deal...
    assert decision["best_chances"] == 1.0 and not decision["same"]
    state = state_from_dict({**stored, "actions": stored["actions"][:step], "result": None})
    best = next(a for a in state.legal_actions()
                if without_drawn_card(a).to_dict() == decision["best"])
    assert _wins_at_once(state, best)
    # ... and the refusal did worse: never "best", its drop (less one standard error) over
    # two points; when the deals cannot tell which grade, "unclear" (or "mistake or worse")
    # says so.
    assert decision["chances"] < 1.0
    assert decision["grade"] in (*GRADES[1:], MISTAKE_OR_WORSE, UNCLEAR)
    assert decision["drop"] > THRESHOLDS[0]


def _played(rules: str, seed: int) -> dict[str, Any]:
    seats = _seats(rules)
    state = game_rules(rules).new_match(seed, get_profile(rules), seats,
                                        {"dealer": 0}).next_hand()
    greedy = players_of(rules)["greedy"]
    play_hand(state, [greedy() for _ in range(seats)], random.Random(seed))
    return state_to_dict(state)


@pytest.mark.parametrize("rules", COVERED)
def test_grading_is_the_same_for_the_same_seed(rules: str) -> None:
    stored = _played(rules, 1)
    state = state_from_dict({**stored, "actions": [], "result": None})
    choices = []
    for step, (seat, action) in enumerate(state_from_dict(stored).history):
        if seat == 0 and len(state.legal_actions()) > 1:
            choices.append(step)
        state.apply_action(without_drawn_card(action))
    steps = set(choices[:3])
    first = grade_profile_hand(stored, 0, "same", steps=steps, playouts=200)
    assert first == grade_profile_hand(stored, 0, "same", steps=steps, playouts=200)
    assert first["decisions"]
    for d in first["decisions"]:
        assert d["step"] in steps and d["grade"] in LABELS
        assert 0 <= d["low"] <= d["high"] <= 1
        assert d["grade"] == label(d["low"], d["high"])
        # A grade is given only when both ends of the drop fall in it.
        if d["grade"] in GRADES:
            assert grade_for(d["low"]) == d["grade"] == grade_for(d["high"])
        else:
            assert grade_for(d["low"]) != grade_for(d["high"])


def test_the_drop_is_graded_only_when_clear() -> None:
    # The same results on 96 deals: the learner's move is as good as the others...
    same = [[1.0, 0.0, 1.0, 0.5] * 24] * 3
    assert paired_drop(same).grade == "best"
    # ... but 16 such deals are too few to say that the drop is under two points.
    assert paired_drop([row[:16] for row in same]).grade == UNCLEAR
    # The other move wins every deal the learner's loses: a blunder, for sure.
    worse = [[0.0] * 16, [1.0] * 16]
    assert paired_drop(worse).grade == "blunder" and paired_drop(worse).best == 1
    # Half the deals go either way: the drop could be anything from 0 to 50 points.
    noisy = [[1.0, 0.0] * 8, [0.0, 1.0] * 8]
    drop = paired_drop(noisy)
    assert drop.grade == UNCLEAR and drop.low == 0.0 and drop.high > 0.2
    # The learner's move clearly better than the others: best even with noise.
    better = [[1.0] * 16, [0.0, 1.0] * 8]
    assert paired_drop(better).grade == "best" and paired_drop(better).best == 0


def test_a_drop_surely_past_a_mistake_is_mistake_or_worse() -> None:
    # Both ends past the mistake threshold, one a mistake and one a blunder: surely bad.
    assert label(MISTAKE_AT + 0.02, 0.6) == MISTAKE_OR_WORSE
    assert label(MISTAKE_AT, 0.6) == MISTAKE_OR_WORSE
    # One end under it: the decision may be an inaccuracy, so the deals cannot tell.
    assert label(MISTAKE_AT - 0.02, 0.6) == UNCLEAR
    # Both ends in one grade: that grade.
    assert label(MISTAKE_AT + 0.01, MISTAKE_AT + 0.05) == "mistake"
    assert grade_for(0.3) == label(0.3, 0.6) == "blunder"
    # 16 deals where the other move won 9 the learner's move lost, drew none better:
    # a drop from about 17 to 96 points, not "unclear".
    rows = [[0.0] * 16, [1.0] * 9 + [0.0] * 7]
    drop = paired_drop(rows)
    assert MISTAKE_AT <= drop.low < THRESHOLDS[3] <= drop.high
    assert drop.grade == MISTAKE_OR_WORSE


def test_a_decision_that_could_become_clear_is_sampled_on() -> None:
    # 4 of 16 deals lost by the learner's move only: a drop from 0 to 60 points now, but
    # the same share on 160 deals would put it past the mistake threshold (14 to 36).
    rows = [[0.0] * 16, [1.0] * 4 + [0.0] * 12]
    assert paired_drop(rows).grade == UNCLEAR
    assert not hopeless(rows, 160)
    # Even 160 deals of a share this small would leave it between "best" and a mistake.
    rows = [[0.0] * 16, [1.0] * 1 + [0.0] * 15]
    assert paired_drop(rows).grade == UNCLEAR and hopeless(rows, 160)


def test_the_review_page_names_and_counts_every_grade() -> None:
    from tutor.play.review import PROFILE_GRADE_LABELS, profile_review, profile_thresholds

    # Every grade the grader gives has a label, a row in the scale and a count.
    assert set(PROFILE_GRADE_LABELS) == set(LABELS)
    assert [grade for grade, _ in profile_thresholds()] == list(LABELS)
    move = {"type": "discard", "card": "5S"}
    data = {"result": 0.0, "decisions": [
        {"step": n, "grade": grade, "chances": 0.5, "best_chances": 0.5, "same": True,
         "deals": 16, "compared": 2, "you": move, "best": move}
        for n, grade in enumerate(["best", UNCLEAR, UNCLEAR])]}
    review = profile_review(data)
    assert review.counts == {**dict.fromkeys(LABELS, 0), "best": 1, UNCLEAR: 2}
    assert [p["grade"] for p in review.chart["points"]] == ["best", UNCLEAR, UNCLEAR, "end"]
