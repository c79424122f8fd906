"""The capabilities code asks a profile instead of its id (issue 28): each is checked against
what the profile's rules, its books and its engines really do, for every registered profile."""

from __future__ import annotations

import random
import re

import pytest

from solver.puzzles.hand_themes import HAND_THEMES
from solver.puzzles.model import TASKS_OF_ANALYSIS
from solver.puzzles.profile_gen import PROFILE_SPECS
from solver.puzzles.profile_messages import RULE_OF, says
from solver.puzzles.themes import THEMES
from solver.rules import PROFILES, RuleProfile
from solver.sampling import sample_position
from solver.search import center, layoff

ALL = list(PROFILES.values())
IDS = list(PROFILES)


@pytest.mark.parametrize("profile", ALL, ids=IDS)
def test_the_book_prefix_is_that_of_every_rule_id(profile: RuleProfile) -> None:
    assert profile.rule_ids
    assert all(re.fullmatch(rf"{profile.book}\d+", rule) for rule in profile.rule_ids.values())


@pytest.mark.parametrize("profile", ALL, ids=IDS)
def test_the_puzzle_themes_exist_and_ask_a_task_of_the_profiles_analysis(
        profile: RuleProfile) -> None:
    for theme, task in profile.puzzle_themes.items():
        assert theme in THEMES or theme in HAND_THEMES
        assert task in TASKS_OF_ANALYSIS[profile.analysis]
    assert PROFILE_SPECS.get(profile.id, {}) == dict(profile.puzzle_themes)


@pytest.mark.parametrize("profile", ALL, ids=IDS)
def test_a_plain_center_loses_nothing_the_fuller_analysis_finds(profile: RuleProfile) -> None:
    """Where ``plain_center`` holds, the plain engine (no lay-offs, jokers, take-backs)
    answers as the lay-off engine does; where it does not, the profile has one of those."""
    if not profile.plain_center:
        assert (profile.lays_off or profile.has_jokers or profile.take_back
                or profile.center_use != "meld")
        return
    rng = random.Random(f"plain/{profile.id}")
    for _ in range(25):
        position = sample_position(profile, rng)
        plain, full = center.analyze(position), layoff.analyze(position)
        assert sorted((p.hand_cards, p.wins) for p in plain.plays) \
            == sorted((p.hand_cards, p.wins) for p in full.plays)
        assert plain.forceable == full.forceable


@pytest.mark.parametrize("key", [k for k, (_, holds) in RULE_OF.items() if holds is not None])
def test_a_rule_statement_is_said_only_where_the_book_has_its_rules(key: str) -> None:
    topics, _ = RULE_OF[key]
    saying = [p for p in ALL if says(key, p)]
    assert saying, f"no profile says {key}"
    assert all(p.rule(topic) for p in saying for topic in topics)

