"""``conquian puzzles generate --rules P``: puzzles of the profiles beside conquian-40.

Proposals are random consistent positions of the profile (:func:`solver.sampling.
sample_position`); the exact search (:func:`solver.search.analyze`) then verifies each:
the theme's predicate must hold, the task must have a clear answer, and a win on the
table must not overshadow a lesson about something else; CP-SAT's twin analysis must then
agree (:func:`engines_agree`).  Hints and explanations are the
claims of :mod:`solver.puzzles.hints`, so ``conquian puzzles validate`` re-derives them.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Final, cast

from solver.analysis import Analysis, ClosingAnalysis, DrawAnalysis
from solver.analysis.closing import discard_str
from solver.cards import NUM_SUITS, card_str
from solver.claims.glyphs import card_text
from solver.position import Position
from solver.puzzles.generator import Candidate, pick_title
from solver.puzzles.hand_themes import HAND_THEMES, hand_themes_of
from solver.puzzles.hints import render
from solver.puzzles.model import Puzzle, PuzzleSet, Task
from solver.puzzles.profile_hints import explanation, hints
from solver.puzzles.relabel import SuitPermutation, relabel_puzzle
from solver.puzzles.tasks import solve_task
from solver.puzzles.themes import THEMES, themes_of
from solver.rules import PROFILES, get_profile
from solver.sampling import sample_position
from solver.sampling_hand import random_position
from solver.search import analyze, analyze_any

PROFILE_SPECS: Final[dict[str, dict[str, Task]]] = {
    profile.id: {theme: cast(Task, task) for theme, task in profile.puzzle_themes.items()}
    for profile in PROFILES.values() if profile.puzzle_themes
}
"""Per profile with a generated set, its themes and the task each asks
(``RuleProfile.puzzle_themes``)."""


def themes_for(rules: str) -> dict[str, Task]:
    profile = get_profile(rules)
    if profile.id not in PROFILE_SPECS:
        raise ValueError(f"no puzzle themes for {profile.id}; profiles with themes: "
                         + ", ".join(PROFILE_SPECS))
    return PROFILE_SPECS[profile.id]


def verify_hand(theme: str, task: Task, position: Position) -> Candidate | None:
    """:func:`verify` for the draw (colonel) and closing (conquin) tasks; the candidate's
    analysis is ``None`` (those puzzles read ``analyze_any`` themselves)."""
    from solver import cpsat

    analysis = analyze_any(position)
    if not HAND_THEMES[theme](position, analysis):
        return None
    if isinstance(analysis, ClosingAnalysis) and any(
            discard_str(c.discard) == card_str(position.center) for c in analysis.closings):
        return None  # the hand closes without the center card: any card would do

    if cpsat.analyze_any(position).to_dict() != analysis.to_dict():
        raise AssertionError(f"the engines disagree on {position.to_dict()}")
    return Candidate(position, None, solve_task(position, task))  # type: ignore[arg-type]


def verify(theme: str, task: Task, position: Position) -> Candidate | None:
    """The exact search's verdict: the puzzle's candidate, or ``None`` when rejected."""
    if task in ("draw_upcard", "close"):
        return verify_hand(theme, task, position)
    analysis: Analysis = analyze(position)
    if not THEMES[theme](position, analysis):
        return None
    if task == "find_play" and not analysis.plays:
        return None
    if task == "win" and len(analysis.winning_plays) != 1:
        return None
    if task != "win" and analysis.winning_plays:
        return None  # a win on the table would overshadow the lesson
    if task == "find_play" and len(analysis.plays) > 6:
        return None  # too many accepted answers make a guessing game
    if not engines_agree(position, analysis):
        raise AssertionError(f"the engines disagree on {position.to_dict()}")
    return Candidate(position, analysis, solve_task(position, task, analysis=analysis))


def position_themes(position: Position) -> list[str]:
    """Every theme that holds in a position of any profile (draw and closing ones included)."""
    if position.rules.analysis != "center":
        return hand_themes_of(position, analyze_any(position))
    return themes_of(position, analyze(position))


def themes_suit_blind(position: Position) -> bool:
    """The position's themes are the same under every naming of the suits: the site shows
    puzzles relabelled (:mod:`solver.puzzles.relabel`), so a theme must not hang on which of
    several equal arrangements the solver prints."""
    found = position_themes(position)
    data = {"position": position.to_dict()}
    for images in permutations(range(NUM_SUITS)):
        moved = relabel_puzzle(data, SuitPermutation(images))["position"]
        if position_themes(Position.from_dict(moved)) != found:
            return False
    return True


def engines_agree(position: Position, analysis: Analysis) -> bool:
    """CP-SAT's twin analysis gives the same plays (hand cards, wins) as the exact search:
    a kept puzzle is verified by both engines, as the conquian-40 generator's are."""
    from solver import cpsat

    twin = cpsat.analyze(position)
    return ({(p.hand_cards, p.wins) for p in twin.plays}
            == {(p.hand_cards, p.wins) for p in analysis.plays}
            and twin.forceable == analysis.forceable)


HARD_THEMES: Final = ("take-back", "joker-play", "joker-swap", "forcing-lay-off",
                      "no-lay-off-yet")


def profile_difficulty(analysis: Analysis | None, theme: str,
                       position: Position | None = None) -> int:
    """1 to 5: one step each for a theme that needs a rule conquian-40 lacks, for several
    plays to weigh, for a play that must rearrange, for one that needs two or more hand
    cards.  (The conquian-40 model of :mod:`solver.puzzles.difficulty` reads 40-card
    tables, so it is not used here.)"""
    if analysis is None:  # draw / closing: one step each for a close call and a ×2
        assert position is not None
        hand = analyze_any(position)
        level = 2 + (theme in ("close-double", "stock-better", "best-stake", "close-call"))
        if isinstance(hand, DrawAnalysis) and hand.stock_average is not None:
            level += abs(hand.deadwood - hand.stock_average) < 5
        return min(level, 5)
    plays = analysis.plays
    level = 1 + (theme in HARD_THEMES) + (len(plays) > 1)
    level += any(p.rearranged for p in plays) + any(p.size >= 2 for p in plays)
    return min(level, 5)


def make_profile_puzzle(candidate: Candidate, task: Task, pid: str, theme: str,
                        language: str = "en", used_titles: set[str] | None = None) -> Puzzle:
    """The puzzle of a verified candidate, its sentences in ``language``; its title is kept
    distinct from ``used_titles``, which receives it."""
    from solver.cli.catalogs import translator

    position, analysis, answer = candidate.position, candidate.analysis, candidate.answer
    found = (themes_of(position, analysis) if analysis is not None
             else hand_themes_of(position, analyze_any(position)))
    translate = translator(language)
    used = {language: used_titles if used_titles is not None else set()}
    title = pick_title(task, card_text(position.center), used)[language]
    return Puzzle(
        id=pid, title=title, position=position, task=task, answer=answer,
        themes=(theme, *(t for t in found if t != theme)),
        difficulty=profile_difficulty(analysis, theme, position),
        hints=tuple(c.render(translate) for c in hints(position, analysis, task, answer, theme)),
        explanation=render(explanation(position, analysis, task, answer, theme), translate),
        extra={"generated": True},
    )


def generate_profile(rules: str, theme: str, count: int, seed: int = 0,
                     max_proposals: int | None = None,
                     difficulty: int | None = None) -> list[Puzzle]:
    """``count`` verified puzzles of ``theme`` under ``rules``, the same for the same seed
    (fewer when ``max_proposals`` random positions run out)."""
    specs = themes_for(rules)
    if theme not in specs:
        raise ValueError(f"unknown theme {theme!r} for {rules}; themes: {', '.join(specs)}")
    task = specs[theme]
    rng = random.Random(f"{rules}/{theme}/{seed}")
    limit = max_proposals if max_proposals is not None else 4000 + 2000 * count
    seen: set[Position] = set()
    titles: set[str] = set()
    out: list[Puzzle] = []
    for _ in range(limit):
        if len(out) >= count:
            break
        position = (sample_position(rules, rng) if get_profile(rules).analysis == "center"
                    else random_position(rules, rng))
        if position in seen:
            continue
        seen.add(position)
        candidate = verify(theme, task, position)
        if candidate is None or not themes_suit_blind(position):
            continue
        if task == "can_force" and sum(
                p.answer.flag == candidate.answer.flag for p in out) >= (count + 1) // 2:
            continue  # as many yes as no: a theme whose answer is always the same tells it
        pid = f"{rules}-{theme}-{seed}-{len(out) + 1}"
        level = profile_difficulty(candidate.analysis, theme, position)
        if difficulty is not None and level != difficulty:
            continue
        out.append(make_profile_puzzle(candidate, task, pid, theme, used_titles=titles))
    return out


def generate_profile_set(rules: str, count: int, seed: int = 0,
                         themes: list[str] | None = None,
                         difficulty: int | None = None) -> PuzzleSet:
    """``count`` puzzles of each theme of the profile (or of ``themes``)."""
    puzzles: list[Puzzle] = []
    for theme in themes or list(themes_for(rules)):
        puzzles.extend(generate_profile(rules, theme, count, seed, difficulty=difficulty))
    return PuzzleSet(id=f"generated-{rules}-{seed}", title=f"Generated puzzles: {rules}",
                     language="en", author="conquian puzzles generate",
                     puzzles=tuple(puzzles), ruleset=get_profile(rules).id)
