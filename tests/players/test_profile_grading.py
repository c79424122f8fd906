"""The graded review of hands by playouts (solver.review.profiles), for every registered
profile the plain center analysis does not cover: grades from the learner's view only, the
same whatever the hidden cards, and reproducible."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.game.playing import play_hand
from solver.game.record import state_from_dict, state_to_dict
from solver.game.registry import game_rules, players_of
from solver.review.paired import LABELS
from solver.review.profiles import DEALS, FLOOR, _replayed, _sample, grade_profile_hand
from solver.rules import PROFILES, get_profile

GRADED = tuple(pid for pid, profile in PROFILES.items() if not profile.plain_center)
"""The profiles whose hands this grader reviews (the others: solver.review.grading)."""


def played(rules: str, seed: int) -> dict[str, Any]:
    # Up to four seats: a game of more than two players is graded at a full table.
    seats = min(4, get_profile(rules).max_players)
    state = game_rules(rules).new_match(seed, get_profile(rules), seats,
                                        {"dealer": 0}).next_hand()
    play_hand(state, [players_of(rules)["greedy"]() for _ in range(seats)], random.Random(seed))
    return state_to_dict(state)


@pytest.mark.parametrize("rules", GRADED)
def test_every_graded_decision_is_the_learners_and_adds_up(rules: str) -> None:
    graded = 0
    for seed in (3, 4):
        stored = played(rules, seed)
        review = grade_profile_hand(stored, 0, str(seed))
        assert review["profile"] == rules
        mine = {i for i, a in enumerate(stored["actions"]) if a["player"] == 0}
        for d in review["decisions"]:
            assert d["step"] in mine
            assert d["grade"] in LABELS
            assert FLOOR <= d["deals"] <= DEALS and 2 <= d["compared"] <= 4
            assert 0 <= d["chances"] <= d["best_chances"] <= 1
            assert d["drop"] <= d["best_chances"] - d["chances"] + 1e-9
            assert d["same"] == (d["you"] == d["best"])
            # The move graded is the one the learner made (a stock draw without its card).
            made = dict(stored["actions"][d["step"]])
            made.pop("player")
            if made["type"] in ("turn", "draw") or made.get("from") == "stock":
                made.pop("card", None)
            assert d["you"] == made
        graded += len(review["decisions"])
        assert review == grade_profile_hand(stored, 0, str(seed)), "grading is reproducible"
    assert graded > 0


def _never_seen_swap(stored: dict[str, Any]) -> dict[str, Any] | None:
    """The hand with two cards the learner never saw swapped (one in the opponent's hand
    when there is one such), provided the same moves stay legal; ``None`` if none."""
    hand, history = _replayed(stored, 0)
    hands = stored["hands"]

    def card(p: tuple[str, int, int]) -> str:
        return str(hands[p[1]][p[2]] if p[0] == "hands" else stored["stock"][p[2]])

    hidden = sorted(p for p, seen in hand.revealed.items()
                    if seen > len(history) and card(p) != "*")
    # An opponent's card against the first stock card nobody drew: the playouts from
    # earlier decisions meet both, so a grader that read the real deal would differ.
    in_hands = [p for p in hidden if p[0] == "hands"]
    in_stock = [p for p in hidden if p[0] == "stock"][:3]
    for a in in_hands:
        for b in in_stock:
            if card(a) == card(b):
                continue
            new_hands = [list(h) for h in hands]
            new_stock = list(stored["stock"])
            for p, c in ((a, card(b)), (b, card(a))):
                if p[0] == "hands":
                    new_hands[p[1]][p[2]] = c
                else:
                    new_stock[p[2]] = c
            other = {**stored, "hands": new_hands, "stock": new_stock}
            try:
                state_from_dict(other)
            except Exception:
                continue
            return other
    return None


@pytest.mark.parametrize("rules", GRADED)
def test_the_grades_do_not_depend_on_the_cards_the_learner_never_saw(rules: str) -> None:
    # Swapping two cards the learner never saw (in the opponent's hand, in the stock) is
    # a deal the learner cannot tell apart: the review must be the same, to the figure.
    checked = 0
    for seed in range(5, 40):
        stored = played(rules, seed)
        other = _never_seen_swap(stored)
        if other is None:
            continue
        # The deals sampled for every decision are the same, card for card...
        one, history = _replayed(stored, 0)
        two, _ = _replayed(other, 0)
        for step in range(len(history)):
            a = _sample(one, history, step, random.Random(step))
            b = _sample(two, history, step, random.Random(step))
            assert (a is None) == (b is None)
            if a is not None:
                assert state_to_dict(a) == state_to_dict(b), f"step {step}"
        # ... and so are the grades.
        first = grade_profile_hand(stored, 0, "s")
        second = grade_profile_hand(other, 0, "s")
        assert first["decisions"] == second["decisions"]
        checked += 1
        if checked == 2:
            break
    assert checked == 2
