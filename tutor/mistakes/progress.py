"""The progress page's "your most frequent mistakes", per game: the kinds of the learner's
personal puzzles (tutor.mistakes.kinds), most frequent first, each with the rule it is
about and the lesson of that game's course that teaches the rule (or, where the course has
none, that rule in the game's rule book)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from flask import url_for

from solver.rules import PROFILES, get_profile
from tutor.extensions import db
from tutor.learn.lessons import LESSONS
from tutor.mistakes.kinds import LABELS, TOPICS
from tutor.models import Learner, PersonalPuzzle

SHOWN: Final = 3
"""Kinds listed per game."""


@dataclass(frozen=True)
class Teaching:
    rule: str  # the profile's rule id
    url: str
    lesson: str | None  # the lesson's title; None: the link is the rule book's


@dataclass(frozen=True)
class KindCount:
    kind: str
    label: str
    count: int
    teaching: Teaching | None


@dataclass(frozen=True)
class GameMistakes:
    game: str
    kinds: list[KindCount]


def rule_of(kind: str, profile: str) -> str | None:
    """The profile's rule on the first topic of ``kind`` it has."""
    rules = get_profile(profile)
    for topic in TOPICS[kind]:
        if topic in rules.rule_ids:
            return rules.rule_ids[topic]
    return None


def lesson_of(rule: str, profile: str) -> tuple[str, str] | None:
    """(slug, title) of the first lesson of the profile's course that cites ``rule``."""
    for lesson in LESSONS:
        if lesson.profile == profile and rule in lesson.rules:
            return lesson.slug, str(lesson.title)
    return None


def teaching(kind: str, profile: str) -> Teaching | None:
    rule = rule_of(kind, profile)
    if rule is None:
        return None
    found = lesson_of(rule, profile)
    if found is not None:
        return Teaching(rule, url_for("learn.lesson", slug=found[0]), found[1])
    return Teaching(rule, url_for("rules.book", profile=profile) + "#" + rule, None)


def frequent_mistakes(learner: Learner | None) -> list[GameMistakes]:
    """Per game (in the registry's order), the learner's most frequent kinds of mistake."""
    if learner is None:
        return []
    rows = db.session.execute(
        db.select(PersonalPuzzle.profile, PersonalPuzzle.kind)
        .where(PersonalPuzzle.learner_id == learner.id)
    ).all()
    counts: dict[str, Counter[str]] = {}
    for profile, kind in rows:
        counts.setdefault(profile, Counter())[kind] += 1
    out = []
    for game in PROFILES:
        if game in counts:
            ranked = sorted(counts[game].items(), key=lambda kv: (-kv[1], kv[0]))[:SHOWN]
            out.append(GameMistakes(game, [
                KindCount(kind, str(LABELS[kind]), n, teaching(kind, game))
                for kind, n in ranked if kind in LABELS
            ]))
    return out
