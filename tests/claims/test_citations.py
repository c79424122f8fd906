"""Every sentence the solver writes, in every profile of the registry, is true and cites
only the rules its template declares (issue 27 item 8): the explanations, the plays
explained, the puzzle verdicts, hints and explanations, over thousands of positions."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from solver import sampling_hand
from solver.analysis import Analysis
from solver.claims import Claim, Context, check
from solver.claims.citations import allowed_ids, ids_for, topics_of
from solver.claims.kinds import BOOKS, KINDS
from solver.claims.profiles import explain_any, explain_center_play
from solver.explain import explain, explain_play
from solver.position import Position
from solver.puzzles import hints as c40_hints
from solver.puzzles import profile_hints
from solver.puzzles.profile_gen import PROFILE_SPECS
from solver.puzzles.tasks import default_take, solve_task
from solver.rules import PROFILES, get_profile
from solver.sampling import sample_position
from solver.search import analyze, analyze_any

POSITIONS = 2000
C40_TASKS = ("can_use", "can_force", "find_play", "win", "discard")


def position_of(profile: str, rng: random.Random) -> Position:
    if get_profile(profile).analysis == "center":
        return sample_position(profile, rng)
    return sampling_hand.random_position(profile, rng)


def _tasks(position: Position, analysis: Analysis) -> Iterator[tuple[str, str]]:
    """The puzzle tasks (and the theme that asks them) that make sense for the position."""
    specs = PROFILE_SPECS.get(position.rules.id)
    pairs = list(specs.items()) if specs else [("", t) for t in C40_TASKS]
    for theme, task in pairs:
        if task == "find_play" and not analysis.plays:
            continue
        if task == "win" and specs and not analysis.winning_plays:
            continue
        if task == "discard" and default_take(analysis) is None:
            continue
        yield theme, task


def sentences(position: Position) -> Iterator[tuple[Claim, Context]]:
    """Every sentence the solver's writers say about ``position``, with what it is judged
    against: explanations, each play, puzzle verdicts, every task's hints and solution."""
    fresh = Context(position)
    any_analysis = analyze_any(position)
    if not isinstance(any_analysis, Analysis):
        for claim in explain_any(any_analysis):
            yield claim, fresh
        for claim in profile_hints.hand_explanation(position):
            yield claim, fresh
        task = "draw_upcard" if position.rules.analysis == "draw" else "close"
        answer = solve_task(position, task)
        ctx = Context(position, task=task, answer=answer)
        for claim in profile_hints.hints(position, None, task, answer, ""):  # type: ignore[arg-type]
            yield claim, ctx
        return
    analysis = analyze(position)
    c40 = position.rules.id == "conquian-40"
    for claim in explain(analysis) if c40 else explain_any(analysis):
        yield claim, fresh
    for play in analysis.plays:
        for claim in explain_play(analysis, play) if c40 else explain_center_play(analysis, play):
            yield claim, fresh
        if not c40:
            for claim in profile_hints.play_claims(position, analysis, play):
                yield claim, fresh
    if not c40:
        for question in ("usable", "forceable"):
            for claim in profile_hints.verdict_claims(position, analysis, question):
                yield claim, fresh
    for theme, task in _tasks(position, analysis):
        answer = solve_task(position, task, analysis=analysis)  # type: ignore[arg-type]
        ctx = Context(position, task=task, answer=answer)
        if c40:
            steps = [*c40_hints.hints(position, analysis, task, answer),  # type: ignore[arg-type]
                     *c40_hints.explanation(position, analysis, task, answer)]  # type: ignore[arg-type]
        else:
            steps = [*profile_hints.hints(position, analysis, task, answer, theme),  # type: ignore[arg-type]
                     *profile_hints.explanation(position, analysis, task, answer, theme)]  # type: ignore[arg-type]
        for claim in steps:
            yield claim, ctx


def _cited(claim: Claim) -> tuple[str, ...]:
    """The ids the rendered sentence shows in parentheses."""
    return tuple(i for group in re.findall(r"\(([A-Z]\d+(?:, [A-Z]\d+)*)\)", claim.render())
                 for i in group.split(", "))


def run_profile(profile: str, positions: int) -> tuple[Counter[str], list[str]]:
    """Sentences and citations checked under ``profile``, and every finding."""
    rng = random.Random(f"citations-{profile}")
    counts: Counter[str] = Counter()
    findings: list[str] = []
    rules = get_profile(profile)
    for _ in range(positions):
        position = position_of(profile, rng)
        for claim, ctx in sentences(position):
            counts["sentences"] += 1
            counts[f"key:{claim.book}/{claim.key}"] += 1
            cited = _cited(claim)
            counts["citations"] += len(cited)
            problem = check(claim, ctx)
            if problem is None and not set(cited) <= allowed_ids(claim, rules):
                problem = f"cites {cited}, its topics allow {sorted(allowed_ids(claim, rules))}"
            if problem is not None and len(findings) < 20:
                findings.append(f"{position.to_dict()}: {claim.render()!r}: {problem}")
            counts["findings"] += problem is not None
    return counts, findings


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_sentence_is_true_and_cites_its_declared_topics(profile: str) -> None:
    counts, findings = run_profile(profile, POSITIONS)
    assert not findings, "\n".join(findings)
    assert counts["sentences"] >= POSITIONS and counts["citations"] >= POSITIONS


@pytest.mark.parametrize("book", ["profile", "puzzle_profile"])
def test_templates_that_cite_declare_their_topics(book: str) -> None:
    for key, template in BOOKS[book].items():
        if (book, key) not in KINDS:
            continue
        assert bool(topics_of(book, key)) == ("{rule}" in template), key


def test_conquian_40_templates_cite_only_rules_of_its_book() -> None:
    for book in ("explain", "puzzle"):
        for key in BOOKS[book]:
            if (book, key) in KINDS:
                assert all(topics_of(book, key)), (book, key)


def _emitted(profile: str, key: str, tries: int = 3000) -> tuple[Claim, Context]:
    rng = random.Random(f"emitted-{profile}")
    for _ in range(tries):
        for claim, ctx in sentences(position_of(profile, rng)):
            if claim.key == key:
                return claim, ctx
    raise AssertionError(f"no {key} sentence under {profile}")


@pytest.mark.parametrize(("profile", "key", "topic", "old"), [
    # Issue 27 item 8: what each sentence used to cite, and the rule that says it.
    ("kunken", "no_forcing", "force", "K7"),
    ("kunken-40", "no_forcing", "force", "K7"),
    ("cooncan", "play_discard", "take", "C7"),
    ("conquin", "closing_two", "score", "I9"),
])
def test_a_sentence_cites_the_rule_that_says_it(profile: str, key: str, topic: str,
                                                 old: str) -> None:
    claim, ctx = _emitted(profile, key)
    assert claim.params["rule"] == get_profile(profile).rule(topic) != old
    assert check(claim, ctx) is None
    assert check(dataclasses.replace(claim, params={**claim.params, "rule": old}), ctx)


def test_the_conquin_close_puzzle_cites_closing_and_payment() -> None:
    claim, ctx = _emitted("conquin", "close_yes")
    assert claim.params["rule"] == ids_for(get_profile("conquin"), ("close", "score"))
    assert claim.params["rule"] == "I9, I10"
    assert check(dataclasses.replace(claim, params={**claim.params, "rule": "I9"}), ctx)


@pytest.mark.parametrize("profile", [p for p in PROFILES if p != "conquian-40"])
def test_every_citation_swapped_for_another_id_is_caught(profile: str) -> None:
    rules = get_profile(profile)
    rng = random.Random(f"swap-{profile}")
    caught = Counter[str]()
    for _ in range(150):
        for claim, ctx in sentences(position_of(profile, rng)):
            rule = claim.params.get("rule")
            if not rule or claim.book not in ("profile", "puzzle_profile"):
                continue
            other = next(i for i in rules.rule_ids.values() if i not in str(rule))
            wrong = dataclasses.replace(claim, params={**claim.params, "rule": other})
            assert check(wrong, ctx), (claim.render(), other)
            caught[claim.key] += 1
    assert caught
