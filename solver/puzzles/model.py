"""Puzzle sets as the contract defines them: parsing and structural validation.

``parse_set`` turns a JSON object into a :class:`PuzzleSet` or raises
:class:`PuzzleFormatError`, whose message names the file, the puzzle and the field.
Whether the answers are *right* is :mod:`solver.puzzles.tasks`' business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from solver.cards import JOKER_BASE, CardMask, card_kind, card_str, cards_of, parse_card
from solver.errors import ConquianError, Text
from solver.messages import N_
from solver.position import Position
from solver.puzzles.best_move import BEST_MOVE
from solver.rules import DEFAULT_PROFILE, PROFILES

Task = Literal["can_use", "can_force", "find_play", "win", "discard", "draw_upcard", "close"]
TASKS: Final[tuple[Task, ...]] = ("can_use", "can_force", "find_play", "win", "discard",
                                  "draw_upcard", "close")
FLAG_KEYS: Final[dict[str, str]] = {"can_use": "usable", "can_force": "forceable",
                                    "draw_upcard": "upcard", "close": "closes"}
"""The yes/no tasks and their answer's key.  ``draw_upcard`` (colonel: does drawing the
upcard leave less deadwood than a stock card on average?) and ``close`` (conquin: does
taking the center card let you close?) ask the questions of the draw and closing analyses."""
TASKS_OF_ANALYSIS: Final[dict[str, tuple[str, ...]]] = {
    "center": ("can_use", "can_force", "find_play", "win", "discard"),
    "draw": ("draw_upcard",),
    "closing": ("close",),
}
RULESET: Final = DEFAULT_PROFILE.id
"""The profile of a puzzle set that names none."""
PUZZLE_RULESETS: Final[tuple[str, ...]] = tuple(PROFILES)
"""Every profile has puzzles: the tasks of its kind of analysis (:data:`TASKS_OF_ANALYSIS`)."""
LANGUAGES: Final = ("en", "pt", "es", "it", "ru")
"""The languages of puzzle sets: the bundled sets come in each, rendered from the site's
catalogs (``tutor/translations``), and the validator reads their sentences back."""
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 5
MIN_HINTS: Final = 2


class PuzzleFormatError(ConquianError):
    """A puzzle set, puzzle or learner response that does not follow the contract's format."""

    def __init__(self, message: str | Text, *, source: str = "", puzzle: str = "",
                 field: str = "", **params: Any):
        self.source, self.puzzle, self.field = source, puzzle, field
        self.detail_text = message if isinstance(message, Text) else Text(message, params)
        self.detail = self.detail_text.render()
        super().__init__(Text("{where}{detail}", {"where": where_text(source, puzzle, field),
                                                  "detail": self.detail_text}))


def where(source: str, puzzle: str, field: str) -> str:
    """``"file.json: puzzle 'x': field 'answer': "`` (parts left out when unknown)."""
    return where_text(source, puzzle, field).render()


def where_text(source: str, puzzle: str, field: str) -> Text:
    """:func:`where` as a translatable text ("puzzle" and "field" are words to translate)."""
    parts: list[object] = []
    if source:
        parts.append(source)
    if puzzle:
        parts.append(Text(N_("puzzle {id}"), {"id": repr(puzzle)}))
    if field:
        parts.append(Text(N_("field {name}"), {"name": repr(field)}))
    return Text("".join(f"{{p{i}}}: " for i in range(len(parts))),
                {f"p{i}": part for i, part in enumerate(parts)})


@dataclass(frozen=True, slots=True)
class Answer:
    """A puzzle's answer, normalised: one of the fields is meaningful for each task."""

    flag: bool | None = None  # can_use / can_force
    plays: frozenset[CardMask] = frozenset()  # find_play / win: accepted hand-card sets
    take: CardMask = 0  # discard: the given take
    discards: CardMask = 0  # discard: the accepted discards

    def to_dict(self, task: Task) -> dict[str, Any]:
        if task in FLAG_KEYS:
            return {FLAG_KEYS[task]: self.flag}
        if task in ("find_play", "win"):
            ordered = sorted(self.plays, key=lambda m: (m.bit_count(), cards_of(m)))
            return {"plays": [[card_str(c) for c in cards_of(m)] for m in ordered]}
        return {
            "take": [card_str(c) for c in cards_of(self.take)],
            "discards": [card_str(c) for c in cards_of(self.discards)],
        }


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    title: str
    position: Position
    task: Task
    answer: Answer
    themes: tuple[str, ...]
    difficulty: int
    hints: tuple[str, ...]
    explanation: str
    extra: Mapping[str, Any] = field(default_factory=dict)  # fields beyond the contract's

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "position": self.position.to_dict(),
            "task": self.task,
            "answer": self.answer.to_dict(self.task),
            "themes": list(self.themes),
            "difficulty": self.difficulty,
            "hints": list(self.hints),
            "explanation": self.explanation,
        }
        data.update(self.extra)
        return data


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    id: str
    title: str
    language: str
    author: str
    puzzles: tuple[Puzzle, ...]
    translation_of: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    ruleset: str = RULESET

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "language": self.language,
            "author": self.author,
            "ruleset": self.ruleset,
        }
        if self.translation_of is not None:
            data["translation_of"] = self.translation_of
        data.update(self.extra)
        data["puzzles"] = [p.to_dict() for p in self.puzzles]
        return data


_SET_FIELDS: Final = ("id", "title", "language", "author", "ruleset", "puzzles", "translation_of")
_PUZZLE_FIELDS: Final = (
    "id", "title", "position", "task", "answer", "themes", "difficulty", "hints", "explanation",
)


def _text(data: Mapping[str, Any], name: str, err: _Err, *, required: bool = True) -> str:
    value = data.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise err(N_("must be a non-empty string, not {value}"), name, value=_shown(value))
    return value


def _shown(value: object) -> str | Text:
    if value is None:
        return Text(N_("missing"))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Err:
    """Builds errors that carry the file and the puzzle being parsed."""

    def __init__(self, source: str, puzzle: str = ""):
        self.source, self.puzzle = source, puzzle

    def __call__(self, message: str | Text, field: str = "", **params: Any) -> PuzzleFormatError:
        return PuzzleFormatError(message, source=self.source, puzzle=self.puzzle, field=field,
                                 **params)


def parse_cards(value: object, err: _Err, name: str) -> CardMask:
    if not isinstance(value, list):
        raise err(N_("must be a list of cards, not {value}"), name, value=_shown(value))
    mask = 0
    for i, item in enumerate(value):
        try:
            card = parse_card(item)
        except ConquianError as exc:
            raise err(exc.text, f"{name}[{i}]") from None
        if mask >> card & 1:
            raise err(N_("{card} is listed twice"), name, card=card_str(card))
        mask |= 1 << card
    return mask


def hand_cards(value: object, position: Position, err: _Err, name: str) -> CardMask:
    """Cards of the position's hand, read as its profile's deck writes them: with two packs
    ``"8C"`` is the first copy of 8♣ in the hand not already listed, ``"*"`` the next joker
    of the hand.  A card the hand lacks keeps its first copy, so the answer check can say
    that it is no legal play."""
    if not isinstance(value, list):
        raise err(N_("must be a list of cards, not {value}"), name, value=_shown(value))
    deck, hand, mask = position.rules.deck, position.hand, 0
    for i, item in enumerate(value):
        try:
            card = deck.parse(item)
        except ConquianError as exc:
            raise err(exc.text, f"{name}[{i}]") from None
        kind = card_kind(card)
        free = [c for c in cards_of(hand & ~mask) if card_kind(c) == kind
                or (kind >= JOKER_BASE and c >= JOKER_BASE)]
        if free:
            card = free[0]
        elif mask >> card & 1:
            raise err(N_("{card} is listed twice"), name, card=card_str(card))
        mask |= 1 << card
    return mask


def read_hand_cards(value: object, position: Position, name: str = "cards") -> CardMask:
    """:func:`hand_cards` for a learner's response: errors name ``name`` only."""
    return hand_cards(value, position, _Err(""), name)


def parse_answer(task: Task, value: object, err: _Err,
                 position: Position | None = None) -> Answer:
    if not isinstance(value, Mapping):
        raise err(N_("must be an object, not {value}"), "answer", value=_shown(value))

    def read(cards: object, name: str) -> CardMask:
        if position is None:
            return parse_cards(cards, err, name)
        return hand_cards(cards, position, err, name)

    if task in FLAG_KEYS:
        key = FLAG_KEYS[task]
        flag = value.get(key)
        if not isinstance(flag, bool):
            raise err(N_("a {task} answer is {shape}"), f"answer.{key}", task=task,
                      shape=f"{{{key!r}: true|false}}")
        return Answer(flag=flag)
    if task in ("find_play", "win"):
        plays = value.get("plays")
        if not isinstance(plays, list):
            raise err(N_("a {task} answer is {shape}"), "answer.plays", task=task,
                      shape="{'plays': [[cards], ...]}")
        masks = [read(p, f"answer.plays[{i}]") for i, p in enumerate(plays)]
        if len(set(masks)) != len(masks):
            raise err(N_("the same play is listed twice"), "answer.plays")
        if task == "find_play" and not masks:
            raise err(N_("a find_play puzzle needs at least one accepted play"), "answer.plays")
        return Answer(plays=frozenset(masks))
    take = read(value.get("take"), "answer.take")
    discards = read(value.get("discards"), "answer.discards")
    if not discards:
        raise err(N_("a discard puzzle needs at least one accepted discard"), "answer.discards")
    return Answer(take=take, discards=discards)


def parse_puzzle(data: object, source: str = "", index: int = 0,
                 ruleset: str | None = None) -> Puzzle:
    """One puzzle; ``ruleset`` is its set's (a position naming no rules plays it, one naming
    others is refused); ``None``: the position's own ``rules``, conquian-40 by default."""
    err = _Err(source, f"#{index + 1}")
    if not isinstance(data, Mapping):
        raise err(N_("a puzzle must be an object, not {value}"), value=_shown(data))
    pid = data.get("id")
    if not isinstance(pid, str) or not pid.strip():
        raise err(N_("must be a non-empty string, not {value}"), "id", value=_shown(pid))
    err = _Err(source, pid)
    title = _text(data, "title", err)
    if data.get("task") == BEST_MOVE:  # said before its position, which is not the format's
        raise err(N_("{value} is the site's own puzzle of a learner's hand, not a task of "
                     "puzzle sets (one of {choices})"), "task", value=repr(BEST_MOVE),
                  choices=", ".join(TASKS))
    try:
        position = Position.from_dict(data.get("position"), ruleset)
    except ConquianError as exc:
        raise err(exc.text, "position") from None
    if ruleset is not None and position.rules.id != ruleset:
        raise err(N_("the set plays {ruleset}, but this position plays {value}"),
                  "position.rules", ruleset=repr(ruleset), value=repr(position.rules.id))
    task = data.get("task")
    if task not in TASKS:
        raise err(N_("must be one of {choices}, not {value}"), "task",
                  choices=", ".join(TASKS), value=_shown(task))
    kind = position.rules.analysis
    if task not in TASKS_OF_ANALYSIS[kind]:
        raise err(N_("a {rules} puzzle asks one of {choices}, not {value}"), "task",
                  rules=position.rules.id, choices=", ".join(TASKS_OF_ANALYSIS[kind]),
                  value=repr(task))
    answer = parse_answer(task, data.get("answer"), err, position)
    themes = data.get("themes")
    if not isinstance(themes, list) or not all(isinstance(t, str) and t for t in themes):
        raise err(N_("must be a list of theme names, not {value}"), "themes",
                  value=_shown(themes))
    difficulty = data.get("difficulty")
    if (
        isinstance(difficulty, bool)
        or not isinstance(difficulty, int)
        or not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY
    ):
        raise err(N_("must be a whole number from {least} to {most}, not {value}"),
                  "difficulty", least=MIN_DIFFICULTY, most=MAX_DIFFICULTY,
                  value=_shown(difficulty))
    hints = data.get("hints")
    if (
        not isinstance(hints, list)
        or len(hints) < MIN_HINTS
        or not all(isinstance(h, str) and h.strip() for h in hints)
    ):
        raise err(N_("must be a list of at least {count} non-empty strings"), "hints",
                  count=MIN_HINTS)
    explanation = _text(data, "explanation", err)
    extra = {k: v for k, v in data.items() if k not in _PUZZLE_FIELDS}
    return Puzzle(
        id=pid, title=title, position=position, task=task, answer=answer,
        themes=tuple(themes), difficulty=difficulty, hints=tuple(hints),
        explanation=explanation, extra=extra,
    )


def parse_set_header(data: object, source: str = "") -> tuple[PuzzleSet, Sequence[object]]:
    """The set's own fields (with no puzzles yet) and its raw puzzle list."""
    err = _Err(source)
    if not isinstance(data, Mapping):
        raise err(N_("a puzzle set must be a JSON object, not {value}"), value=_shown(data))
    set_id = _text(data, "id", err)
    title = _text(data, "title", err)
    language = _text(data, "language", err)
    author = _text(data, "author", err, required=False)
    ruleset = data.get("ruleset", RULESET)
    if ruleset not in PUZZLE_RULESETS:
        raise err(N_("puzzles are available for {rulesets}, not {value}"), "ruleset",
                  rulesets=", ".join(PUZZLE_RULESETS), value=_shown(ruleset))
    translation_of = data.get("translation_of")
    if translation_of is not None and (not isinstance(translation_of, str) or not translation_of):
        raise err(N_("must be the id of the original set, not {value}"), "translation_of",
                  value=_shown(translation_of))
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or not puzzles:
        raise err(N_("must be a non-empty list of puzzles"), "puzzles")
    extra = {k: v for k, v in data.items() if k not in _SET_FIELDS}
    header = PuzzleSet(
        id=set_id, title=title, language=language, author=author, puzzles=(),
        translation_of=translation_of, extra=extra, ruleset=ruleset,
    )
    return header, puzzles


def parse_set(data: object, source: str = "") -> PuzzleSet:
    """A whole puzzle set, or :class:`PuzzleFormatError` at the first malformed field."""
    header, raw = parse_set_header(data, source)
    puzzles = tuple(parse_puzzle(p, source, i, header.ruleset) for i, p in enumerate(raw))
    seen: set[str] = set()
    for p in puzzles:
        if p.id in seen:
            raise PuzzleFormatError(N_("two puzzles share this id"), source=source, puzzle=p.id,
                                    field="id")
        seen.add(p.id)
    return PuzzleSet(
        id=header.id, title=header.title, language=header.language, author=header.author,
        puzzles=puzzles, translation_of=header.translation_of, extra=header.extra,
        ruleset=header.ruleset,
    )
