"""INTERIM stand-ins for ``solver.puzzles`` (delete when the puzzles branch is merged).

Same names and signatures as ``solver.puzzles.model`` / ``solver.puzzles.tasks``, reduced to
what the site needs: parse a set (errors name file, puzzle and field), check an answer
against the solver, grade a learner's response.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.cards import CardMask, card_str, cards_of, parse_card
from solver.errors import ConquianError
from solver.position import Position
from solver.search import analyze

TASKS = ("can_use", "can_force", "find_play", "win", "discard")
_SET_FIELDS = ("id", "title", "language", "author", "ruleset", "puzzles", "translation_of")
_PUZZLE_FIELDS = (
    "id",
    "title",
    "position",
    "task",
    "answer",
    "themes",
    "difficulty",
    "hints",
    "explanation",
)


class PuzzleFormatError(ConquianError):
    def __init__(self, message: str, *, source: str = "", puzzle: str = "", field: str = ""):
        self.source, self.puzzle, self.field, self.detail = source, puzzle, field, message
        parts = [
            p for p in (source, puzzle and f"puzzle {puzzle!r}", field and f"field {field!r}") if p
        ]
        super().__init__(": ".join([*parts, message]))


@dataclass(frozen=True)
class Answer:
    flag: bool | None = None
    plays: frozenset[CardMask] = frozenset()
    take: CardMask = 0
    discards: CardMask = 0

    def to_dict(self, task: str) -> dict[str, Any]:
        if task == "can_use":
            return {"usable": self.flag}
        if task == "can_force":
            return {"forceable": self.flag}
        if task in ("find_play", "win"):
            ordered = sorted(self.plays, key=lambda m: (m.bit_count(), cards_of(m)))
            return {"plays": [[card_str(c) for c in cards_of(m)] for m in ordered]}
        return {
            "take": [card_str(c) for c in cards_of(self.take)],
            "discards": [card_str(c) for c in cards_of(self.discards)],
        }


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    position: Position
    task: str
    answer: Answer
    themes: tuple[str, ...]
    difficulty: int
    hints: tuple[str, ...]
    explanation: str
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleSet:
    id: str
    title: str
    language: str
    author: str
    puzzles: tuple[Puzzle, ...]
    translation_of: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Grade:
    correct: bool
    expected: Answer


def _cards(value: object, err: Any, name: str) -> CardMask:
    if not isinstance(value, list):
        raise err(f"must be a list of cards, not {value!r}", name)
    mask = 0
    for i, item in enumerate(value):
        try:
            mask |= 1 << parse_card(item)
        except ConquianError as exc:
            raise err(str(exc), f"{name}[{i}]") from None
    return mask


def parse_puzzle(data: object, source: str = "", index: int = 0) -> Puzzle:
    pid = data.get("id") if isinstance(data, Mapping) else None
    name = pid if isinstance(pid, str) and pid else f"#{index + 1}"

    def err(message: str, fld: str = "") -> PuzzleFormatError:
        return PuzzleFormatError(message, source=source, puzzle=name, field=fld)

    if not isinstance(data, Mapping):
        raise err("a puzzle must be an object")
    for key in ("id", "title", "explanation"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise err("must be a non-empty string", key)
    try:
        position = Position.from_dict(data.get("position"))
    except ConquianError as exc:
        raise err(str(exc), "position") from None
    task = data.get("task")
    if task not in TASKS:
        raise err(f"must be one of {', '.join(TASKS)}", "task")
    raw = data.get("answer")
    if not isinstance(raw, Mapping):
        raise err("must be an object", "answer")
    if task in ("can_use", "can_force"):
        key = "usable" if task == "can_use" else "forceable"
        if not isinstance(raw.get(key), bool):
            raise err("must be true or false", f"answer.{key}")
        answer = Answer(flag=raw[key])
    elif task in ("find_play", "win"):
        if not isinstance(raw.get("plays"), list):
            raise err("must be a list of plays", "answer.plays")
        plays = frozenset(_cards(p, err, f"answer.plays[{i}]") for i, p in enumerate(raw["plays"]))
        if task == "find_play" and not plays:
            raise err("a find_play puzzle needs at least one accepted play", "answer.plays")
        answer = Answer(plays=plays)
    else:
        answer = Answer(
            take=_cards(raw.get("take"), err, "answer.take"),
            discards=_cards(raw.get("discards"), err, "answer.discards"),
        )
        if not answer.discards:
            raise err("needs at least one accepted discard", "answer.discards")
    themes = data.get("themes")
    if not isinstance(themes, list) or not all(isinstance(t, str) and t for t in themes):
        raise err("must be a list of theme names", "themes")
    difficulty = data.get("difficulty")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 5:
        raise err("must be a whole number from 1 to 5", "difficulty")
    hints = data.get("hints")
    if (
        not isinstance(hints, list)
        or len(hints) < 2
        or not all(isinstance(h, str) and h.strip() for h in hints)
    ):
        raise err("must be a list of at least 2 non-empty strings", "hints")
    return Puzzle(
        id=data["id"],
        title=data["title"],
        position=position,
        task=task,
        answer=answer,
        themes=tuple(themes),
        difficulty=difficulty,
        hints=tuple(hints),
        explanation=data["explanation"],
        extra={k: v for k, v in data.items() if k not in _PUZZLE_FIELDS},
    )


def parse_set(data: object, source: str = "") -> PuzzleSet:
    def err(message: str, fld: str = "") -> PuzzleFormatError:
        return PuzzleFormatError(message, source=source, field=fld)

    if not isinstance(data, Mapping):
        raise err("a puzzle set must be a JSON object")
    for key in ("id", "title", "language"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise err("must be a non-empty string", key)
    if data.get("ruleset", "conquian-40") != "conquian-40":
        raise err("this tutor plays 'conquian-40'", "ruleset")
    raw = data.get("puzzles")
    if not isinstance(raw, list) or not raw:
        raise err("must be a non-empty list of puzzles", "puzzles")
    puzzles = tuple(parse_puzzle(p, source, i) for i, p in enumerate(raw))
    ids = [p.id for p in puzzles]
    for pid in ids:
        if ids.count(pid) > 1:
            raise PuzzleFormatError(
                "two puzzles share this id", source=source, puzzle=pid, field="id"
            )
    return PuzzleSet(
        id=data["id"],
        title=data["title"],
        language=data["language"],
        author=data.get("author") or "",
        puzzles=puzzles,
        translation_of=data.get("translation_of"),
        extra={k: v for k, v in data.items() if k not in _SET_FIELDS},
    )


def check_answer(puzzle: Puzzle, analysis: Any = None) -> list[str]:
    analysis = analysis or analyze(puzzle.position)
    given, task = puzzle.answer, puzzle.task
    if task == "can_use" and given.flag != analysis.usable:
        return [f"answer.usable: the answer says {given.flag}, the solver says {analysis.usable}"]
    if task == "can_force" and given.flag != analysis.forceable:
        return [
            f"answer.forceable: the answer says {given.flag}, the solver says {analysis.forceable}"
        ]
    if task == "find_play" and given.plays - {p.hand_cards for p in analysis.plays}:
        return ["answer.plays: a listed play is not legal"]
    if task == "win" and given.plays != {p.hand_cards for p in analysis.winning_plays}:
        return ["answer.plays: the winning plays differ from the solver's"]
    if task == "discard":
        play = analysis.play_for(given.take)
        if play is None or play.wins:
            return ["answer.take: not a legal take that leaves a discard"]
        if given.discards & ~(puzzle.position.hand & ~given.take):
            return ["answer.discards: a discard is not left in the hand after the take"]
    return []


def grade(puzzle: Puzzle, response: Mapping[str, object]) -> Grade:
    answer, task = puzzle.answer, puzzle.task
    if task in ("can_use", "can_force"):
        key = "usable" if task == "can_use" else "forceable"
        if not isinstance(response.get(key), bool):
            raise PuzzleFormatError(f"the response needs {key!r}: true or false", field=key)
        return Grade(response[key] == answer.flag, answer)
    if task in ("find_play", "win"):
        if "hand_cards" not in response:
            raise PuzzleFormatError("the response needs 'hand_cards'", field="hand_cards")
        value = response["hand_cards"]
        if value is None:
            return Grade(task == "win" and not answer.plays, answer)

        def err(message: str, fld: str = "") -> PuzzleFormatError:
            return PuzzleFormatError(message, field=fld)

        return Grade(_cards(value, err, "hand_cards") in answer.plays, answer)
    try:
        card = parse_card(response.get("discard"))
    except ConquianError as exc:
        raise PuzzleFormatError(str(exc), field="discard") from None
    return Grade(bool(answer.discards >> card & 1), answer)
