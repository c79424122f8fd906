"""What the editor and the file import need from the solver, in the contract's JSON.

The puzzle rules live in ``solver.puzzles`` (format, correct answers, themes, difficulty,
hint ladder, grading). This adapter speaks plain dicts to the site, adds the limits that
the database columns and the URLs need, and holds the editor's own "trivial puzzle" check.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from flask_babel import gettext as _

from solver.analysis import Analysis
from solver.cards import CardMask, card_glyph, card_str, cards_of, parse_card
from solver.cli.catalogs import translator
from solver.errors import ConquianError, Text
from solver.melds import MELDS_CONTAINING
from solver.messages import N_
from solver.position import Position
from solver.puzzles import model as pm
from solver.puzzles import profile_hints
from solver.puzzles import tasks as pt
from solver.puzzles.difficulty import difficulty as rate
from solver.puzzles.hand_themes import hand_themes_of
from solver.puzzles.hints import explanation as explain_puzzle
from solver.puzzles.hints import hints as hint_ladder
from solver.puzzles.model import PuzzleFormatError
from solver.puzzles.themes import THEMES, themes_of
from solver.puzzles.validate import false_sentences
from solver.rules import PROFILES, RuleProfile
from solver.search import analyze_any

TASKS: Final = pm.TASKS
LANGUAGES: Final = pm.LANGUAGES
RULESET: Final = pm.RULESET
MIN_HINTS: Final = pm.MIN_HINTS
MIN_DIFFICULTY: Final = pm.MIN_DIFFICULTY
MAX_TEXT: Final = 10_000  # characters in one hint or explanation
# Ids become URL parts (/sets/<set>/<puzzle>) and database keys of 80 characters.
ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")
ID_RULE: Final = N_("must be a short name (up to 80 letters, digits, '-', '_' or '.')")
# Longest text per field, as the database columns allow.
PUZZLE_LIMITS: Final = {"title": 200, "explanation": MAX_TEXT}

PuzzleFileError = PuzzleFormatError
"""A set or puzzle that breaks the format; its message names file, puzzle and field."""


class SolveError(ConquianError):
    """No puzzle can be made of this: ``"field: what is wrong"`` (the field as it is, the
    sentence translatable), so a form can show it beside the field."""

    def __init__(self, field: str, message: str | Text, **params: Any) -> None:
        super().__init__(pt.field_problem(field, message, **params))


# ---------------------------------------------------------------- cards and answers


def cards(mask: CardMask) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def mask_from(value: object, where: str) -> CardMask:
    """A list of distinct cards as a mask; ValueError naming ``where`` otherwise."""
    if not isinstance(value, list):
        raise ConquianError(N_("{where} must be a list of cards, not {value}"), where=where,
                            value=f"{value!r:.40}")
    mask = 0
    for i, item in enumerate(value):
        try:
            card = parse_card(item)
        except ConquianError as exc:
            raise SolveError(f"{where}[{i}]", exc.text) from None
        if mask >> card & 1:
            raise SolveError(where, N_("{card} is listed twice"), card=card_str(card))
        mask |= 1 << card
    return mask


def hand_masks(value: object, position: Position, where: str) -> CardMask:
    """Cards of the position's hand as a mask, reading two copies of a card and jokers
    (``"*"``) as the hand holds them; SolveError naming ``where`` otherwise."""
    try:
        return pm.read_hand_cards(value, position, where)
    except PuzzleFormatError as exc:
        raise SolveError(exc.field or where, exc.detail_text) from None


def tasks_of(rules: RuleProfile) -> tuple[str, ...]:
    """The tasks a puzzle of ``rules`` may ask (its kind of analysis decides)."""
    return pm.TASKS_OF_ANALYSIS.get(rules.analysis, ())


def hand_task(task: str) -> bool:
    """A task of the draw (colonel) or closing (conquin) analysis: no center plays."""
    return task in ("draw_upcard", "close")


def default_take(analysis: Analysis) -> CardMask | None:
    return pt.default_take(analysis)


def _answer_error(message: str, name: str = "") -> PuzzleFileError:
    return PuzzleFileError(message, field=name)


def _answer(task: str, data: Mapping[str, Any], position: Position | None = None) -> pm.Answer:
    return pm.parse_answer(cast(pm.Task, task), data, _answer_error,  # type: ignore[arg-type]
                           position)


def solve(
    position: Position,
    task: str,
    analysis: Analysis | None,
    *,
    accepted: Sequence[CardMask] | None = None,
    take: CardMask | None = None,
) -> dict[str, Any]:
    """The correct contract answer; for find_play, the teacher's ``accepted`` plays when
    given. ValueError "field: message" when no puzzle can be made of it."""
    if task not in TASKS:
        raise SolveError("task", N_("must be one of {choices}"), choices=", ".join(TASKS))
    typed: pm.Task = task  # narrowed by the check above
    if task not in tasks_of(position.rules):
        raise SolveError("task", N_("a {rules} puzzle asks one of {choices}"),
                         rules=position.rules.id, choices=", ".join(tasks_of(position.rules)))
    if hand_task(task):
        try:
            return pt.solve_task(position, typed).to_dict(typed)
        except PuzzleFormatError as exc:
            raise SolveError(exc.field or "answer", exc.detail_text) from None
    assert analysis is not None  # a center task: the caller analysed the position
    if task == "find_play":
        real = {p.hand_cards for p in analysis.plays}
        if not real:
            raise SolveError(
                "answer",
                N_("{center} cannot be taken, so there is no play to find; ask whether it can "
                   "be taken (can_use) instead"),
                center=card_str(position.center),
            )
        for mask in accepted or ():
            if mask not in real:
                raise SolveError(
                    "answer.plays", N_("{cards} with {center} is not a legal play"),
                    cards=" ".join(cards(mask)) or Text(N_("(no hand card)")),
                    center=card_str(position.center),
                )
        return pm.Answer(plays=frozenset(accepted or real)).to_dict(typed)
    try:
        answer = pt.solve_task(position, typed, take=take, analysis=analysis)
    except PuzzleFormatError as exc:
        raise SolveError(exc.field or "answer", exc.detail_text) from None
    if task == "discard" and not answer.discards:
        raise SolveError("answer.discards",
                         N_("no discard is safe after this take; choose another"))
    return answer.to_dict(typed)


# ---------------------------------------------------------------- whole puzzles and sets


def _limits(data: Mapping[str, Any], limits: Mapping[str, int], err: Any) -> None:
    for name, limit in limits.items():
        value = data.get(name)
        if isinstance(value, str) and len(value) > limit:
            raise err(N_("is {length} characters long; at most {limit} are allowed"), name,
                      length=len(value), limit=limit)


def _checked(puzzle: pm.Puzzle, data: Mapping[str, Any], source: str) -> dict[str, Any]:
    def err(message: str | Text, name: str = "", **params: Any) -> PuzzleFileError:
        return PuzzleFileError(message, source=source, puzzle=puzzle.id, field=name, **params)

    if not ID_PATTERN.match(puzzle.id):
        raise err(ID_RULE, "id")
    _limits(data, PUZZLE_LIMITS, err)
    for i, hint in enumerate(puzzle.hints):
        if len(hint) > MAX_TEXT:
            raise err(N_("is longer than {limit} characters"), f"hints[{i}]", limit=MAX_TEXT)
    if len(set(puzzle.themes)) != len(puzzle.themes):
        raise err(N_("a theme is listed twice"), "themes")
    problems = pt.check_answer(puzzle)
    if problems:
        problem = problems[0]  # "field: what is wrong"
        raise err(problem.params["message"], problem.params["field"])
    return puzzle.to_dict()


def parse_puzzle(data: object, source: str = "", index: int = 0) -> dict[str, Any]:
    """One puzzle, checked against the format and the solver: its canonical contract dict."""
    puzzle = pm.parse_puzzle(data, source, index)
    return _checked(puzzle, cast(Mapping[str, Any], data), source)


def sentence_problems(
    position: Position,
    task: str,
    answer: Mapping[str, Any],
    hints: Sequence[str],
    explanation: str,
    language: str,
) -> list[tuple[str, Text]]:
    """The hints and explanation through the claim checker, as a teacher's import checks
    them (``solver.puzzles.validate``): each false sentence as (form field, problem naming
    the hint and the sentence); sentences the checker cannot read pass, as in an import."""
    puzzle = pm.Puzzle(
        id="editor", title="editor", position=position, task=cast(pm.Task, task),
        answer=_answer(task, answer, position), themes=(), difficulty=MIN_DIFFICULTY,
        hints=tuple(hints), explanation=explanation,
    )
    translate = translator(language if language in LANGUAGES else "en")
    out = []
    for problem in false_sentences(puzzle, translate, strict=False):
        where = problem.params.get("where")  # Text("hint {number}") or Text("the explanation")
        in_hints = isinstance(where, Text) and "number" in where.params
        out.append(("hints" if in_hints else "explanation", problem))
    return out


def known_themes() -> tuple[str, ...]:
    return tuple(THEMES)


# ---------------------------------------------------------------- suggestions and warnings


def _near(position: Position) -> int:
    """Three-card melds with the center card of which the player holds another card."""
    pool = position.hand | position.exposed
    return sum(1 for m in MELDS_CONTAINING[position.center] if m.bit_count() == 3 and m & pool)


def triviality(
    position: Position, analysis: Analysis | None, task: str, answer: Mapping[str, Any]
) -> str | None:
    """Why the puzzle is too easy to teach anything, or None."""
    center = card_glyph(position.center)
    if analysis is None:
        return None  # the draw and closing questions weigh the whole hand
    # _near reads the 40-card meld table: other packs skip this check.
    forty = position.rules.deck.size == 40
    if task == "can_use" and forty and not analysis.usable and _near(position) == 0:
        return _(
            "None of your cards is even near %(center)s: the answer is plain at a glance.",
            center=center,
        )
    if task == "can_force" and not position.melds:
        return _(
            "There are no exposed melds of yours, so nothing can be forced: the answer is "
            "always no."
        )
    only = analysis.plays[0] if len(analysis.plays) == 1 else None
    if task == "find_play" and only and only.size <= 2 and not position.melds:
        return _(
            "There is one obvious way to take %(center)s and nothing else to look at.",
            center=center,
        )
    if task == "discard":
        left = position.hand & ~mask_from(answer.get("take", []), "take")
        if left.bit_count() <= 1:
            return _("Only one card is left to discard.")
        if mask_from(answer.get("discards", []), "discards") == left:
            return _("Every card left is a safe discard.")
    if task == "win" and not position.hand:
        return _("The hand is empty: any card that can be added wins.")
    return None


def _profile_theme(position: Position, task: str, themes: Sequence[str]) -> str | None:
    """The profile puzzle theme the suggestions follow (``""``: none fits), or ``None`` for
    conquian-40's own hint engine (the profiles' puzzle themes are ``PROFILE_SPECS``)."""
    from solver.puzzles.profile_gen import PROFILE_SPECS  # see suggest

    specs = PROFILE_SPECS.get(position.rules.id)
    if specs is None:
        return None
    return next((t for t, asked in specs.items() if asked == task and t in themes), "")


def suggest(
    position: Position, analysis: Analysis | None, task: str, answer: Mapping[str, Any],
    language: str,
) -> dict[str, Any]:
    """The hint engine's ladder, explanation, difficulty and themes, in the set's language:
    conquian-40's, or the profile's own (citing its own book) for the other games."""
    # Here, not at the top: profile_gen brings the CP-SAT generator (ortools, pandas),
    # which a site that never checks a teacher's puzzle need not load at start-up.
    from solver.puzzles.profile_gen import profile_difficulty

    typed = cast(pm.Task, task)
    parsed = _answer(task, answer, position)
    translate = translator(language if language in LANGUAGES else "en")
    if analysis is None:  # the draw and closing puzzles: the profile's hint engine
        themes = hand_themes_of(position, analyze_any(position))
        hand_theme = _profile_theme(position, task, themes) or ""
        none = cast(Analysis, None)  # these ladders read analyze_any themselves
        return {
            "hints": [s.render(translate)
                      for s in profile_hints.hints(position, none, typed, parsed, hand_theme)],
            "explanation": " ".join(s.render(translate) for s in profile_hints.explanation(
                position, none, typed, parsed, hand_theme)),
            "difficulty": profile_difficulty(None, hand_theme, position),
            "themes": themes,
        }
    themes = themes_of(position, analysis)
    theme = _profile_theme(position, task, themes)
    if theme is None:
        hints = hint_ladder(position, analysis, typed, parsed, themes)
        explained = explain_puzzle(position, analysis, typed, parsed, themes)
        level = rate(position, analysis, typed, parsed.take if task == "discard" else None)
    else:
        # The profiles' ladders have no discard puzzle and no win puzzle without a win:
        # the teacher writes those sentences.
        asked = task != "discard" and (task != "win" or bool(parsed.plays))
        hints = profile_hints.hints(position, analysis, typed, parsed, theme) if asked else []
        explained = (profile_hints.explanation(position, analysis, typed, parsed, theme)
                     if asked else [])
        level = profile_difficulty(analysis, theme)
    return {
        "hints": [s.render(translate) for s in hints],
        "explanation": " ".join(s.render(translate) for s in explained),
        "difficulty": level,
        "themes": themes,
    }


def editor_builds(rules: RuleProfile) -> bool:
    """Whether the editor can build puzzles of ``rules``: its picker shows every pack (52
    cards, two packs, jokers), so every profile whose analysis has puzzle tasks."""
    return bool(tasks_of(rules))


def buildable_profiles() -> list[str]:
    """The profile ids the editor builds puzzles of, in the registry's order."""
    return [pid for pid, profile in PROFILES.items() if editor_builds(profile)]


def unbuildable(position: Position) -> str | None:
    """Why the editor cannot build a puzzle of this position's game, or None."""
    if editor_builds(position.rules):
        return None
    names = ", ".join(p.id for p in PROFILES.values() if editor_builds(p))
    return _("The editor builds puzzles of %(names)s; a %(rules)s puzzle set can be "
             "imported as a file.", names=names, rules=position.rules.id)
