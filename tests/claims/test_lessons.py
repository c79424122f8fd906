"""Every lesson exercise: what its feedback says about a position is true, and card
exercises grade the selection as a whole with the solver (R1, R4)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from solver.claims import Context
from solver.explain import explain, explain_play
from solver.rules import get_profile
from tests.claims.helpers import assert_all_true
from tutor.learn.exercises import Answer, ExtendMeld
from tutor.learn.lessons import LESSONS, lesson_by_slug


@pytest.fixture(autouse=True)
def request_context(app: Flask) -> Iterator[None]:
    with app.test_request_context():
        yield


def _profile_feedback_is_true(ex: object, where: str) -> int:
    """The other profiles' lessons say the profile claims (their own book's ids)."""
    from solver.position import Position
    from solver.puzzles.profile_hints import hand_explanation, play_claims, verdict_claims
    from solver.search import analyze

    position = Position.from_dict(dict(ex.position_data))  # type: ignore[attr-defined]
    ctx = Context(position)
    if position.rules.analysis != "center":
        return assert_all_true(hand_explanation(position), ctx, where)
    analysis = analyze(position)
    count = assert_all_true(verdict_claims(position, analysis, "usable"), ctx, where)
    count += assert_all_true(verdict_claims(position, analysis, "forceable"), ctx, where)
    for play in analysis.plays:
        count += assert_all_true(play_claims(position, analysis, play), ctx, where)
    return count


def test_every_position_exercise_explains_only_true_sentences() -> None:
    exercises = sentences = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            ex = step.exercise
            if not hasattr(ex, "position_data"):
                continue
            exercises += 1
            where = f"in lesson {lesson.slug}"
            if lesson.profile != "conquian-40":
                sentences += _profile_feedback_is_true(ex, where)
                continue
            analysis = ex.analysis()
            ctx = Context(analysis.position)
            sentences += assert_all_true(explain(analysis), ctx, where)
            for play in analysis.plays:
                sentences += assert_all_true(explain_play(analysis, play), ctx, where)
    assert exercises >= 15 and sentences > exercises


@pytest.mark.parametrize(
    ("slug", "number", "cards", "right"),
    [
        ("deck", 2, ("JD", "7D"), True),  # 7♦-J♦-Q♦-K♦ is a run in the 40-card deck
        ("deck", 2, ("JD",), True),
        ("deck", 2, ("AD",), False),  # Q-K-A does not wrap around
        ("deck", 2, ("7D",), False),  # 7♦-Q♦-K♦ has a gap
        ("deck", 1, ("3S", "4S", "JS", "QS"), True),  # 3-4-5-6-7-J-Q♠
        ("deck", 1, ("3S",), False),
        ("deck", 1, ("4S", "7H"), False),
    ],
)
def test_card_exercises_judge_the_selection_as_a_whole(
    slug: str, number: int, cards: tuple[str, ...], right: bool
) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    ex = lesson.steps[number - 1].exercise
    assert isinstance(ex, ExtendMeld)
    feedback = ex.check(Answer(cards))
    assert feedback.correct is right, feedback.sentences
    if not right:  # the reason comes from the solver's meld_problem
        assert "is not a meld:" in feedback.sentences[0]


def test_a_wrong_meld_says_why_from_the_solver() -> None:
    ex = lesson_by_slug("deck").steps[1].exercise  # type: ignore[union-attr]
    text = " ".join(ex.check(Answer(("AD",))).sentences)  # type: ignore[union-attr]
    assert "Q♦-K♦-A♦" in text or "A♦-Q♦-K♦" in text
    assert "(R" in text


def _lesson_feedback() -> Iterator[tuple[str, object, list[str]]]:
    """Every lesson answer of the content table, fully revealed: (where, exercise, the
    sentences it shows)."""
    from solver.rules.cite import cite
    from tests.learn.test_lesson_content import RIGHT_AND_WRONG

    for slug, number, right, wrong in RIGHT_AND_WRONG:
        lesson = lesson_by_slug(slug)
        assert lesson is not None
        ex = lesson.steps[number - 1].exercise
        for answer in (right, wrong):
            sentences = ex.check(answer).sentences
            if hasattr(ex, "position_data"):  # as the page shows them: the game's own ids
                sentences = [cite(s, ex.position.rules) for s in sentences]
            yield f"{slug} step {number} answer {answer}", ex, sentences


def test_the_feedback_text_of_every_lesson_passes_the_claim_checker() -> None:
    """The sentences as shown, read back by the claim checker (as a teacher's import is
    read): every one it reads is true of the step's position."""
    from solver.claims.check import check
    from solver.claims.parse import parse_text

    read = 0
    for where, ex, sentences in _lesson_feedback():
        if not hasattr(ex, "position_data"):
            continue
        ctx = Context(ex.position)  # type: ignore[attr-defined]
        for sentence in sentences:
            for claim in parse_text(sentence).claims:
                reason = check(claim, ctx)
                if reason is not None and reason.startswith("cannot be checked"):
                    continue  # read, but about a play the words alone do not name
                assert reason is None, f"{where}: {sentence!r} is false: {reason}"
                read += 1
    assert read >= 20


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def test_lesson_text_cites_the_rule_that_says_what_it_uses_it_for() -> None:
    """Paragraphs, prompts and feedback of the games beside conquian-40: a sentence on taking
    melds back cites the book's rule on your own melds and speaks of whole melds (K9 takes
    back whole melds, never single cards); one on the stake cites the scoring rule (I10, not
    I9); one on forcing cites the forcing rule."""
    checked = 0
    for lesson in LESSONS:
        rules = get_profile(lesson.profile)
        if rules.id == "conquian-40":
            continue
        texts = [str(lesson.summary)]
        for step in lesson.steps:
            texts += [str(p) for p in step.paragraphs]
            texts.append(str(step.exercise.prompt))
        texts += [s for where, _ex, sentences in _lesson_feedback()
                  if where.startswith(f"{lesson.slug} ") for s in sentences]
        for sentence in (s for text in texts for s in _sentences(text)):
            cited = set(re.findall(r"\b[A-Z]\d+\b", sentence))
            lowered = sentence.lower()
            if ("back into your hand" in lowered or "go back" in lowered) and cited:
                assert rules.rule("own_melds") in cited, sentence
                assert "whole" in lowered, sentence
                checked += 1
            if "stake" in lowered and cited:
                assert rules.rule("score") in cited, sentence
                checked += 1
            if "forced" in lowered and cited:
                assert rules.rule("force") in cited, sentence
                checked += 1
    assert checked >= 4


def test_no_lesson_solution_discards_the_card_it_takes() -> None:
    """"take A♠ and discard A♠": the taken card did nothing."""
    for where, _ex, sentences in _lesson_feedback():
        for sentence in sentences:
            match = re.search(r"take (\S+) and discard (\S+?),", sentence)
            assert not (match and match.group(1) == match.group(2)), f"{where}: {sentence}"
