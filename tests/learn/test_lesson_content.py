"""Every lesson is consistent with the solver: positions are legal, and each exercise has
exactly the right answers the lesson text promises (table-driven)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from solver.cards import card_str, cards_of, parse_card
from solver.position import Position
from solver.rules import DEFAULT_PROFILE, get_profile
from tutor.learn.exercises import (
    Answer,
    AnswerError,
    CanBeForced,
    Discard,
    ExtendMeld,
    FindPlay,
    ForceOpponent,
    JudgeMelds,
    LayAlone,
    SplitRun,
    TakeOrLeave,
    TakeOutcome,
)
from tutor.learn.lessons import LESSONS, WORKED_EXAMPLE, lesson_by_slug


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def test_lesson_slugs_are_unique_and_the_worked_example_comes_first() -> None:
    slugs = [lesson.slug for lesson in LESSONS]
    assert len(slugs) == len(set(slugs))
    assert slugs[0] == "worked-example"
    assert lesson_by_slug("worked-example") is WORKED_EXAMPLE
    assert lesson_by_slug("nope") is None


def test_every_step_cites_rules_and_every_position_is_legal() -> None:
    for lesson in LESSONS:
        book = get_profile(lesson.profile).rule("deck")[0]  # R, C, H, I or K
        assert lesson.rules and all(r.startswith(book) for r in lesson.rules), lesson.slug
        assert lesson.steps
        for step in lesson.steps:
            ex = step.exercise
            if hasattr(ex, "position_data"):
                position = Position.from_dict(dict(ex.position_data))  # raises if inconsistent
                assert position.rules.id == lesson.profile, (lesson.slug, step.title)


# (lesson, step number, the answer the solver must accept, one it must reject)
RIGHT_AND_WRONG = [
    ("worked-example", 1, Answer(choice="take"), Answer(choice="leave")),
    ("worked-example", 2, Answer(("4H", "5H")), Answer(("4H",))),
    ("worked-example", 3, Answer(("QS",)), Answer(("KD",))),
    ("worked-example", 4, Answer(choice="leave"), Answer(choice="take")),
    ("worked-example", 5, Answer(choice="leave"), Answer(choice="lay")),
    ("deck", 1, Answer(("4S", "JS")), Answer(("3S",))),
    ("deck", 2, Answer(("JD",)), Answer(("AD", "JD"))),
    ("melds", 1, Answer(("0", "2", "5")), Answer(("0", "1", "2", "5"))),
    ("melds", 2, Answer(("AC", "2C", "3C", "4C")), Answer(("AC", "3C", "5C"))),
    ("center", 1, Answer(choice="take"), Answer(choice="leave")),
    ("center", 2, Answer(choice="leave"), Answer(choice="take")),
    ("center", 3, Answer(("2S", "2C")), Answer(("2S", "AH"))),
    ("rearranging", 1, Answer(("6C",)), Answer(())),
    ("rearranging", 2, Answer(choice="leave"), Answer(choice="take")),
    ("forcing", 1, Answer(choice="yes"), Answer(choice="no")),
    ("forcing", 2, Answer(choice="no"), Answer(choice="yes")),
    ("forcing", 3, Answer(choice="force"), Answer(choice="allow")),
    ("forcing", 4, Answer(choice="force"), Answer(choice="allow")),
    ("winning", 1, Answer(("4S", "QD", "QH")), Answer(("QD", "QH"))),
    ("winning", 2, Answer(choice="play_on"), Answer(choice="win")),
    ("winning", 3, Answer(choice="take"), Answer(choice="leave")),
    ("draw", 1, Answer(choice="take"), Answer(choice="leave")),
    ("draw", 2, Answer(choice="leave"), Answer(choice="take")),
    ("match", 1, Answer(("5H", "6H", "JH")), Answer(("5H", "6H"))),
    ("match", 2, Answer(("4D",)), Answer(())),
    ("deal", 1, Answer(choice="take"), Answer(choice="leave")),
    ("cooncan", 1, Answer(()), Answer(("7D",))),
    ("cooncan", 2, Answer(choice="no"), Answer(choice="yes")),
    ("cooncan", 3, Answer(("5H", "6H")), Answer(("5H",))),
    ("kunken", 1, Answer(("9S", "*")), Answer(("9S",))),
    ("kunken", 2, Answer(choice="leave"), Answer(choice="take")),
    ("kunken", 3, Answer(("7D",)), Answer(("QS",))),
    ("kunken-40", 1, Answer(()), Answer(("AD", "2D"))),
    ("kunken-104", 1, Answer(("8C", "*")), Answer(("8C", "8C"))),
    ("colonel", 1, Answer(choice="stock"), Answer(choice="upcard")),
    ("colonel", 2, Answer(choice="upcard"), Answer(choice="stock")),
    ("conquin", 1, Answer(choice="close"), Answer(choice="wait")),
    ("conquin", 2, Answer(choice="wait"), Answer(choice="close")),
]


def test_the_table_covers_every_step_of_conquian_40() -> None:
    """conquian-40's course is covered here; every other game's course has a table of its
    own beside it (tests/learn/test_course_<game>.py), which covers that course's steps."""
    covered = {(slug, n) for slug, n, _r, _w in RIGHT_AND_WRONG}
    every = {(lesson.slug, i + 1) for lesson in LESSONS if lesson.profile == DEFAULT_PROFILE.id
             for i in range(len(lesson.steps))}
    assert every <= covered
    assert len(covered) == len(RIGHT_AND_WRONG)


@pytest.mark.parametrize(("slug", "number", "right", "wrong"), RIGHT_AND_WRONG)
def test_right_answer_accepted_wrong_answer_rejected_both_explained(
    slug: str, number: int, right: Answer, wrong: Answer
) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    exercise = lesson.steps[number - 1].exercise
    good = exercise.check(right)
    bad = exercise.check(wrong)
    assert good.correct, (slug, number)
    assert not bad.correct, (slug, number)
    # An explanation after every answer, right or wrong.
    assert good.sentences or good.items
    assert bad.sentences or bad.items


def test_worked_example_walkthrough_follows_the_seed() -> None:
    """Seed 000, section 09: take 6♥ with 4♥ 5♥, discard Q♠; 7♥ cannot be taken; 4♥-5♥
    never goes down alone."""
    take, lay, discard, seven, alone = (s.exercise for s in WORKED_EXAMPLE.steps)
    assert isinstance(take, TakeOrLeave) and isinstance(lay, FindPlay)
    assert isinstance(discard, Discard) and isinstance(seven, TakeOrLeave)
    assert isinstance(alone, LayAlone)
    hand = {card_str(c) for c in cards_of(take.position.hand)}
    assert {"4H", "5H", "QS"} <= hand
    assert card_str(take.position.center) == "6H"
    plays = take.analysis().plays
    assert [sorted(card_str(c) for c in cards_of(p.hand_cards)) for p in plays] == [["4H", "5H"]]
    assert [[card_str(c) for c in cards_of(m)] for m in plays[0].melds] == [["4H", "5H", "6H"]]
    # Q♠ goes with nothing and fits no meld of theirs; K♦ would give them a fourth king.
    best = discard.best()
    assert best >> parse_card("QS") & 1 and not best >> parse_card("KD") & 1
    assert card_str(seven.position.center) == "7H" and not seven.analysis().usable
    assert not alone.analysis().usable


def test_feedback_for_the_seven_of_hearts_names_the_missing_six() -> None:
    seven = WORKED_EXAMPLE.steps[3].exercise
    feedback = seven.check(Answer(choice="take"))
    assert not feedback.correct
    assert any("6♥" in s and "R8" in s for s in feedback.sentences)


def test_discard_feedback_explains_a_kept_pair_and_the_safe_card() -> None:
    discard = Discard(
        prompt="p",
        position_data={
            "hand": ["4H", "5H", "QS", "2C", "3C", "6C", "7C", "AD", "AS", "2D"],
            "melds": [],
            "opponent_melds": [["KS", "KH", "KC"]],
            "center": "6H",
        },
        take=("4H", "5H"),
    )
    feedback = discard.check(Answer(("2C",)))
    assert "2♣" in feedback.sentences[0] and "3♣" in feedback.sentences[0]
    assert any("Q♠" in s for s in feedback.sentences)


def test_the_worked_examples_discard_step_flags_the_fourth_king() -> None:
    feedback = WORKED_EXAMPLE.steps[2].exercise.check(Answer(("KD",)))
    assert not feedback.correct and "opponent" in feedback.sentences[0]


def test_discard_that_feeds_the_opponent_is_flagged() -> None:
    ex = Discard(
        prompt="p",
        position_data={
            "hand": ["4H", "5H", "KD", "2C", "3C", "6C", "7C", "AD", "AS", "2D"],
            "melds": [],
            "opponent_melds": [["KS", "KH", "KC"]],
            "center": "6H",
        },
        take=("4H", "5H"),
    )
    feedback = ex.check(Answer(("KD",)))
    assert not feedback.correct
    assert "opponent" in feedback.sentences[0]


def test_judge_melds_items_give_the_solver_reason_for_each_group() -> None:
    judge = lesson_by_slug("melds").steps[0].exercise  # type: ignore[union-attr]
    assert isinstance(judge, JudgeMelds)
    feedback = judge.check(Answer(("0", "2", "5")))
    texts = {tuple(i.cards): i.text for i in feedback.items}
    assert "7 and J are neighbours" in texts[("6S", "7S", "JS")]
    assert "wrap" in texts[("QH", "KH", "AH")]
    assert "at least 3" in texts[("3S", "3H")]


def test_split_run_rejects_a_nine_card_selection_and_too_short_parts() -> None:
    split = lesson_by_slug("melds").steps[1].exercise  # type: ignore[union-attr]
    assert isinstance(split, SplitRun)
    assert not split.check(Answer(split.options)).correct  # nine cards: must be split
    assert not split.check(Answer(("AC", "2C"))).correct
    assert split.check(Answer(("5C", "6C", "7C", "JC", "QC"))).correct


def test_extend_meld_right_cards_come_from_the_solver() -> None:
    ex = ExtendMeld(prompt="p", base=("2C", "3C"), options=("AC", "4C", "KC"))
    assert sorted(card_str(c) for c in cards_of(ex.largest())) == ["4C", "AC"]
    assert ex.check(Answer(("AC",))).correct and not ex.check(Answer(("KC",))).correct


def test_force_opponent_explains_a_rearrangement() -> None:
    ex = lesson_by_slug("forcing").steps[3].exercise  # type: ignore[union-attr]
    assert isinstance(ex, ForceOpponent)
    feedback = ex.check(Answer(choice="force"))
    assert feedback.correct and any("R5" in s for s in feedback.sentences)


def test_ten_down_is_not_a_win() -> None:
    ex = lesson_by_slug("winning").steps[1].exercise  # type: ignore[union-attr]
    assert isinstance(ex, TakeOutcome)
    assert not ex.played().wins
    feedback = ex.check(Answer(choice="win"))
    assert not feedback.correct
    assert any("10" in s and "R10" in s for s in feedback.sentences)


def test_can_be_forced_uses_the_solver_verdict() -> None:
    ex = lesson_by_slug("forcing").steps[0].exercise  # type: ignore[union-attr]
    assert isinstance(ex, CanBeForced) and ex.analysis().forceable


@pytest.mark.parametrize(
    ("slug", "number", "answer"),
    [
        ("worked-example", 2, Answer(("KS",))),  # not in the hand
        ("worked-example", 2, Answer(("10H",))),  # not a card
        ("worked-example", 3, Answer(("QS", "AC"))),  # two discards
        ("worked-example", 3, Answer(("4H",))),  # already laid down
        ("worked-example", 1, Answer(choice="fly")),  # no such button
        ("worked-example", 1, Answer()),  # no choice at all
        ("melds", 1, Answer(("9",))),  # no such group
        ("melds", 1, Answer(("x",))),
        ("deck", 1, Answer(("AH",))),  # not offered
    ],
)
def test_malformed_answers_raise_answer_error(slug: str, number: int, answer: Answer) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    with pytest.raises(AnswerError):
        lesson.steps[number - 1].exercise.check(answer)


@pytest.mark.parametrize("data", [{"cards": 5}, {"cards": [1, 2]}, {"choice": ["take"]}])
def test_answer_from_request_rejects_wrong_types(data: dict[str, object]) -> None:
    with pytest.raises(AnswerError):
        Answer.from_request(data)


def test_every_profile_has_a_course() -> None:
    from solver.rules import PROFILES

    assert {lesson.profile for lesson in LESSONS} == set(PROFILES)


def test_profile_feedback_is_claims_the_checker_accepts() -> None:
    from solver.claims.check import Context, false_claims
    from solver.puzzles.profile_hints import play_claims, verdict_claims
    from solver.search import analyze

    checked = 0
    for lesson in LESSONS:
        if lesson.profile in ("conquian-40", "colonel", "conquin"):
            continue
        for step in lesson.steps:
            position = Position.from_dict(dict(step.exercise.position_data))
            analysis = analyze(position)
            claims = [*verdict_claims(position, analysis, "usable"),
                      *verdict_claims(position, analysis, "forceable")]
            for play in analysis.plays:
                claims += play_claims(position, analysis, play)
            assert false_claims(claims, Context(position)) == [], (lesson.slug, step.title)
            checked += len(claims)
    assert checked > 10
