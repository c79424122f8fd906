"""The five puzzle tasks: the solver's answer, checking a puzzle, grading a learner.

These functions back the validator, the generator and the teachers' live editor:

* :func:`validate_position` - a position dict, or an error saying what is wrong;
* :func:`solve_task` - the correct answer of a task for a position;
* :func:`check_answer` - every problem of one puzzle (answer, themes), empty when right;
* :func:`grade` - whether a learner's response to a puzzle is right.

What counts as correct:

* ``can_use`` / ``can_force``: equal to the analysis' ``usable`` / ``forceable``.
* ``find_play``: the accepted sets may be a teacher's narrowed choice, but each must be a
  real play of the analysis (at least one is required).
* ``win``: exactly the winning plays (R10) - an empty list says "no play wins".
* ``discard``: the take must be a real play that does not win (a win has no discard,
  R10); the accepted discards are exactly the safe ones of :mod:`solver.puzzles.discard`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass

from solver.analysis import Analysis, ClosingAnalysis, DrawAnalysis
from solver.cards import CardMask, card_str, cards_of
from solver.errors import Text
from solver.messages import N_
from solver.position import Position
from solver.puzzles.discard import safe_discards
from solver.puzzles.hand_themes import HAND_THEMES, hand_themes_of
from solver.puzzles.model import (
    FLAG_KEYS,
    Answer,
    Puzzle,
    PuzzleFormatError,
    Task,
    read_hand_cards,
)
from solver.puzzles.themes import THEMES, themes_of
from solver.search import analyze, analyze_any


def validate_position(data: object) -> Position:
    """The position, or :class:`~solver.errors.InvalidPositionError` naming the fault."""
    return Position.from_dict(data)


def _cards(mask: CardMask) -> str:
    return " ".join(card_str(c) for c in cards_of(mask)) or "(none)"


def default_take(analysis: Analysis) -> CardMask | None:
    """The take a discard puzzle uses when none is given: the biggest play that does not win."""
    plays = [p for p in analysis.plays if not p.wins]
    if not plays:
        return None
    return max(plays, key=lambda p: (p.size, [-c for c in cards_of(p.hand_cards)])).hand_cards


def solve_task(
    position: Position,
    task: Task,
    take: CardMask | None = None,
    analysis: Analysis | None = None,
) -> Answer:
    """The solver's answer to ``task``.  For ``find_play`` it is every play.

    For ``discard``, ``take`` is the given take (default: :func:`default_take`);
    raises :class:`PuzzleFormatError` when that take is not a non-winning play.
    """
    if task in ("draw_upcard", "close"):
        hand = analyze_any(position)
        if isinstance(hand, DrawAnalysis):
            return Answer(flag=hand.upcard_better)
        if isinstance(hand, ClosingAnalysis):
            return Answer(flag=hand.closes)
        raise PuzzleFormatError(N_("{rules} has no {task} puzzles"), field="task",
                                rules=position.rules.id, task=task)
    analysis = analysis or analyze(position)
    if task == "can_use":
        return Answer(flag=analysis.usable)
    if task == "can_force":
        return Answer(flag=analysis.forceable)
    if task == "find_play":
        return Answer(plays=frozenset(p.hand_cards for p in analysis.plays))
    if task == "win":
        return Answer(plays=frozenset(p.hand_cards for p in analysis.winning_plays))
    if take is None:
        take = default_take(analysis)
        if take is None:
            raise PuzzleFormatError(N_("there is no take that leaves a card to discard"),
                                    field="answer.take")
    play = analysis.play_for(take)
    if play is None:
        raise PuzzleFormatError(N_("taking {center} with {cards} is not a legal play"),
                                field="answer.take", center=card_str(position.center),
                                cards=_cards(take))
    if play.wins:
        raise PuzzleFormatError(N_("this take wins the hand, so there is no discard (R10)"),
                                field="answer.take")
    return Answer(take=take, discards=safe_discards(position, take))


def field_problem(field: str, message: str | Text, **params: object) -> Text:
    """``"answer.plays: …"``: the field stays as it is, the sentence is translatable."""
    reason = message if isinstance(message, Text) else Text(message, params)
    return Text("{field}: {message}", {"field": field, "message": reason})


def check_answer(puzzle: Puzzle, analysis: Analysis | None = None) -> list[Text]:
    """Every problem with the puzzle's answer and themes (each ``"field: what is wrong"``);
    an empty list when it is right."""
    if puzzle.task in ("draw_upcard", "close"):
        return _check_hand_answer(puzzle)
    analysis = analysis or analyze(puzzle.position)
    problems: list[Text] = []
    task, given = puzzle.task, puzzle.answer
    if task in ("can_use", "can_force"):
        right = solve_task(puzzle.position, task, analysis=analysis)
        if given.flag != right.flag:
            name = "usable" if task == "can_use" else "forceable"
            problems.append(field_problem(
                f"answer.{name}", N_("the answer says {given}, the solver says {right}"),
                given=given.flag, right=right.flag,
            ))
    elif task == "find_play":
        real = {p.hand_cards for p in analysis.plays}
        for mask in sorted(given.plays - real, key=cards_of):
            problems.append(field_problem(
                "answer.plays", N_("{cards} with {center} is not a legal play"),
                cards=_cards(mask), center=card_str(puzzle.position.center),
            ))
    elif task == "win":
        right = solve_task(puzzle.position, task, analysis=analysis)
        for mask in sorted(given.plays - right.plays, key=cards_of):
            problems.append(field_problem(
                "answer.plays", N_("{cards} does not win the hand"), cards=_cards(mask)
            ))
        for mask in sorted(right.plays - given.plays, key=cards_of):
            problems.append(field_problem(
                "answer.plays", N_("the winning play {cards} is missing"), cards=_cards(mask)
            ))
    else:
        try:
            right = solve_task(puzzle.position, task, take=given.take, analysis=analysis)
        except PuzzleFormatError as exc:
            problems.append(field_problem(exc.field, exc.detail_text))
        else:
            if not right.discards:
                problems.append(field_problem("answer.discards",
                                              N_("no discard is safe after this take")))
            elif given.discards != right.discards:
                problems.append(field_problem(
                    "answer.discards",
                    N_("the answer accepts {given}, the safe discards are {right}"),
                    given=_cards(given.discards), right=_cards(right.discards),
                ))
    return problems + _theme_problems(puzzle.themes, THEMES,
                                      themes_of(puzzle.position, analysis))


def _check_hand_answer(puzzle: Puzzle) -> list[Text]:
    """:func:`check_answer` for the draw and closing tasks (colonel, conquin)."""
    problems: list[Text] = []
    right = solve_task(puzzle.position, puzzle.task)
    if puzzle.answer.flag != right.flag:
        problems.append(field_problem(
            f"answer.{FLAG_KEYS[puzzle.task]}",
            N_("the answer says {given}, the solver says {right}"),
            given=puzzle.answer.flag, right=right.flag))
    return problems + _theme_problems(puzzle.themes, {**THEMES, **HAND_THEMES},
                                      hand_themes_of(puzzle.position,
                                                     analyze_any(puzzle.position)))


def _theme_problems(themes: Iterable[str], known: Container[str],
                    found: Container[str]) -> list[Text]:
    """What is wrong with a puzzle's ``themes``: one ``known`` to no task, or one its
    position does not show (``found``)."""
    problems: list[Text] = []
    for theme in themes:
        if theme not in known:
            problems.append(field_problem("themes", N_("unknown theme {theme}"),
                                          theme=repr(theme)))
        elif theme not in found:
            problems.append(field_problem(
                "themes", N_("the position does not show the theme {theme}"), theme=repr(theme)
            ))
    return problems


@dataclass(frozen=True, slots=True)
class Grade:
    correct: bool
    expected: Answer


def _response_cards(response: Mapping[str, object], key: str,
                    position: Position) -> CardMask | None:
    value = response.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise PuzzleFormatError(N_("must be a list of cards, not {value}"), field=key,
                                value=repr(value))
    # The hand's copies, as the answer reads them (two packs, jokers).
    return read_hand_cards(value, position, key)


def grade(puzzle: Puzzle, response: Mapping[str, object]) -> Grade:
    """Is a learner's response right?  Responses, by task:

    ``{"usable": bool}``, ``{"forceable": bool}``, ``{"hand_cards": [cards]}`` for
    ``find_play`` and ``win`` (``{"hand_cards": null}`` says "no play wins"), and
    ``{"discard": card}``.  A malformed response raises :class:`PuzzleFormatError`.
    """
    answer, task = puzzle.answer, puzzle.task
    if task in FLAG_KEYS:
        key = FLAG_KEYS[task]
        flag = response.get(key)
        if not isinstance(flag, bool):
            raise PuzzleFormatError(N_("the response needs {key}: true or false"), field=key,
                                    key=repr(key))
        return Grade(flag == answer.flag, answer)
    if task in ("find_play", "win"):
        if "hand_cards" not in response:
            raise PuzzleFormatError(N_("the response needs {key}"), field="hand_cards",
                                    key="'hand_cards'")
        mask = _response_cards(response, "hand_cards", puzzle.position)
        if mask is None:
            return Grade(task == "win" and not answer.plays, answer)
        return Grade(mask in answer.plays, answer)
    raw = response.get("discard")
    card_mask = read_hand_cards([raw], puzzle.position, "discard")
    return Grade(bool(answer.discards & card_mask), answer)
