"""The builders the courses are written with say each step once: ``melds`` reads compact
card text, ``ask`` makes the usual step, ``lesson`` gathers the steps of one profile."""

from __future__ import annotations

from functools import partial

import pytest

from solver.rules import PROFILES
from tutor.learn.course import Lesson, Step, ask, lesson, melds
from tutor.learn.exercises import FindPlay


def test_melds_reads_codes_apart_by_spaces_and_melds_by_commas() -> None:
    assert melds("AS 2S 3S, KH KD KC") == [["AS", "2S", "3S"], ["KH", "KD", "KC"]]
    assert melds("*7C 8C  9C") == [["*7C", "8C", "9C"]]
    assert melds("") == []


def test_ask_builds_the_step_with_the_exercise_and_its_extra_fields() -> None:
    position = {"hand": ["5H", "6H"], "center": "7H"}
    step = ask(partial(FindPlay, need_win=True), "Title", ("One.", "Two."), "Prompt?",
               position)
    assert step == Step("Title", ("One.", "Two."),
                        FindPlay("Prompt?", position, need_win=True))


@pytest.mark.parametrize("profile", PROFILES)
def test_lesson_keeps_its_profile_and_the_steps_in_order(profile: str) -> None:
    first = ask(FindPlay, "A", ("a",), "a?", {})
    second = ask(FindPlay, "B", ("b",), "b?", {})
    built = lesson(profile, "slug", "Title", "Summary", ("X1",), first, second)
    assert built == Lesson("slug", "Title", "Summary", ("X1",), (first, second), profile)
