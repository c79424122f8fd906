"""What the editor and the file import need from the solver, behind one small adapter.

Everything speaks the contract's JSON (position, task, answer dicts). The rules of a
correct puzzle follow the puzzle-set format of CONTRACT.md ("Puzzle sets"):

* ``can_use`` / ``can_force``: the analysis' ``usable`` / ``forceable``;
* ``find_play``: a non-empty subset of the real plays (a teacher may narrow it);
* ``win``: exactly the winning plays (R10), possibly none ("no play wins");
* ``discard``: a legal take that does not win, and the safe discards after it — the cards
  left in hand that do not fit the opponent's exposed melds by themselves (R9).

This module builds on ``solver.position`` and ``solver.search`` directly until the
``solver.puzzles`` package lands; then its functions delegate there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from flask_babel import gettext as _

from solver.analysis import Analysis
from solver.cards import CardMask, card_glyph, card_str, cards_of, iter_cards, parse_card
from solver.cover import first_cover
from solver.errors import ConquianError
from solver.explain import explain
from solver.melds import MELDS_CONTAINING
from solver.position import Position
from solver.search import analyze

TASKS: Final = ("can_use", "can_force", "find_play", "win", "discard")
LANGUAGES: Final = ("en", "pt", "es")
RULESET: Final = "conquian-40"
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 5
MIN_HINTS: Final = 2
MAX_PUZZLES: Final = 500
MAX_TEXT: Final = 10_000  # characters in one hint or explanation
ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")
SET_FIELDS: Final = ("id", "title", "language", "author", "ruleset", "puzzles", "translation_of")
PUZZLE_FIELDS: Final = (
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


class PuzzleFileError(ConquianError):
    """A set or puzzle that breaks the format; the message names file, puzzle and field."""

    def __init__(self, message: str, *, source: str = "", puzzle: str = "", field: str = ""):
        self.source, self.puzzle, self.field, self.detail = source, puzzle, field, message
        parts = [source] if source else []
        if puzzle:
            parts.append(f"puzzle {puzzle!r}")
        if field:
            parts.append(f"field {field!r}")
        super().__init__(": ".join([*parts, message]))


def _shown(value: object) -> str:
    if value is None:
        return "missing"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- cards and answers


def cards(mask: CardMask) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def mask_from(value: object, where: str) -> CardMask:
    """A list of distinct cards as a mask; ValueError naming ``where`` otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of cards, not {_shown(value)}")
    mask = 0
    for i, item in enumerate(value):
        try:
            card = parse_card(item)
        except ConquianError as exc:
            raise ValueError(f"{where}[{i}]: {exc}") from None
        if mask >> card & 1:
            raise ValueError(f"{where}: {card_str(card)} is listed twice")
        mask |= 1 << card
    return mask


def _play_key(mask: CardMask) -> tuple[int, list[int]]:
    return (mask.bit_count(), cards_of(mask))


def plays_answer(masks: Sequence[CardMask] | frozenset[CardMask]) -> dict[str, Any]:
    return {"plays": [cards(m) for m in sorted(set(masks), key=_play_key)]}


def safe_discards(position: Position, take: CardMask) -> CardMask:
    """Cards left after ``take`` that do not fit the opponent's exposed melds alone (R9)."""
    opponent = position.opponent_exposed
    left = position.hand & ~take
    safe = 0
    for card in iter_cards(left):
        if first_cover(opponent | 1 << card) is None:
            safe |= 1 << card
    return safe


def default_take(analysis: Analysis) -> CardMask | None:
    """The biggest take that does not win (a win has no discard, R10)."""
    plays = [p for p in analysis.plays if not p.wins]
    if not plays:
        return None
    return max(plays, key=lambda p: (p.size, [-c for c in cards_of(p.hand_cards)])).hand_cards


def solve(
    position: Position,
    task: str,
    analysis: Analysis,
    *,
    accepted: Sequence[CardMask] | None = None,
    take: CardMask | None = None,
) -> dict[str, Any]:
    """The correct contract answer. ValueError (with the field) when none can be made."""
    if task == "can_use":
        return {"usable": analysis.usable}
    if task == "can_force":
        return {"forceable": analysis.forceable}
    if task == "find_play":
        real = {p.hand_cards for p in analysis.plays}
        if not real:
            raise ValueError(
                f"answer: {card_str(position.center)} cannot be taken, so there is no play to "
                "find; ask can_use instead"
            )
        if accepted:
            for mask in accepted:
                if mask not in real:
                    raise ValueError(
                        f"answer.plays: {' '.join(cards(mask)) or '(no hand card)'} with "
                        f"{card_str(position.center)} is not a legal play"
                    )
            return plays_answer(list(accepted))
        return plays_answer(list(real))
    if task == "win":
        return plays_answer([p.hand_cards for p in analysis.winning_plays])
    if task == "discard":
        if take is None:
            take = default_take(analysis)
            if take is None:
                raise ValueError("answer.take: no take leaves a card to discard")
        play = analysis.play_for(take)
        if play is None:
            raise ValueError(
                f"answer.take: taking {card_str(position.center)} with "
                f"{' '.join(cards(take)) or 'no hand card'} is not a legal play"
            )
        if play.wins:
            raise ValueError("answer.take: this take wins the hand, so there is no discard (R10)")
        safe = safe_discards(position, take)
        if not safe:
            raise ValueError("answer.discards: no discard is safe after this take")
        return {"take": cards(take), "discards": cards(safe)}
    raise ValueError(f"task: must be one of {', '.join(TASKS)}, not {_shown(task)}")


def answer_problems(
    position: Position, task: str, answer: object, analysis: Analysis
) -> list[tuple[str, str]]:
    """(field, message) for every way ``answer`` differs from the solver's."""
    if not isinstance(answer, Mapping):
        return [("answer", f"must be an object, not {_shown(answer)}")]
    try:
        if task in ("can_use", "can_force"):
            key = "usable" if task == "can_use" else "forceable"
            flag = answer.get(key)
            if not isinstance(flag, bool):
                return [(f"answer.{key}", f"a {task} answer is {{{key!r}: true|false}}")]
            right = solve(position, task, analysis)[key]
            if flag != right:
                return [(f"answer.{key}", f"the answer says {flag}, the solver says {right}")]
            return []
        if task in ("find_play", "win"):
            raw = answer.get("plays")
            if not isinstance(raw, list):
                return [("answer.plays", f"a {task} answer is {{'plays': [[cards], ...]}}")]
            masks = [mask_from(p, f"answer.plays[{i}]") for i, p in enumerate(raw)]
            if len(set(masks)) != len(masks):
                return [("answer.plays", "the same play is listed twice")]
            if task == "find_play":
                if not masks:
                    return [("answer.plays", "a find_play puzzle needs at least one accepted play")]
                solve(position, task, analysis, accepted=masks)
                return []
            right = {p.hand_cards for p in analysis.winning_plays}
            out = [
                ("answer.plays", f"{' '.join(cards(m))} does not win the hand")
                for m in sorted(set(masks) - right, key=_play_key)
            ]
            out += [
                ("answer.plays", f"the winning play {' '.join(cards(m))} is missing")
                for m in sorted(right - set(masks), key=_play_key)
            ]
            return out
        take = mask_from(answer.get("take"), "answer.take")
        given = mask_from(answer.get("discards"), "answer.discards")
        right_discards = mask_from(
            solve(position, task, analysis, take=take)["discards"], "answer.discards"
        )
        if given != right_discards:
            return [
                (
                    "answer.discards",
                    f"the answer accepts {' '.join(cards(given)) or 'nothing'}, the safe "
                    f"discards are {' '.join(cards(right_discards))}",
                )
            ]
        return []
    except ValueError as exc:
        where, _, message = str(exc).partition(": ")
        return [(where, message)]


# ---------------------------------------------------------------- themes, difficulty, hints


def known_themes() -> tuple[str, ...]:
    """Theme names a puzzle may carry (none are computed until solver.puzzles lands)."""
    return ()


def themes_of(position: Position, analysis: Analysis) -> list[str]:
    return []


def estimate_difficulty(position: Position, analysis: Analysis, task: str) -> int:
    """A rough 1-5 rating: more melds, plays, rearrangements and harder tasks rate higher."""
    score = {"can_use": 0.0, "can_force": 0.5, "find_play": 0.5, "win": 1.0, "discard": 1.0}[task]
    score += 0.25 * (len(position.melds) + len(position.opponent_melds))
    score += 0.3 * min(max(len(analysis.plays) - 1, 0), 5)
    score += 1.4 if any(p.rearranged for p in analysis.plays) else 0.0
    score += 0.35 * max((p.size for p in analysis.plays), default=0)
    for level, cut in enumerate((1.6, 2.8, 4.0, 5.2), start=1):
        if score < cut:
            return level
    return MAX_DIFFICULTY


def _near(position: Position) -> int:
    """Melds with the center card that the player holds at least one other card of."""
    pool = position.hand | position.exposed
    return sum(1 for m in MELDS_CONTAINING[position.center] if m & pool)


def triviality(
    position: Position, analysis: Analysis, task: str, answer: Mapping[str, Any]
) -> str | None:
    """Why the puzzle is too easy to teach anything, or None."""
    center = card_glyph(position.center)
    if task == "can_use" and not analysis.usable and _near(position) == 0:
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


def suggest(position: Position, analysis: Analysis, task: str) -> dict[str, Any]:
    """Suggested hints (first nudge to strongest), explanation, difficulty and themes,
    in the current locale (the editor forces the set's language)."""
    center = card_glyph(position.center)
    hints = [
        _(
            "Which melds could %(center)s belong to? Look at its neighbours in its suit and at "
            "the other cards of its rank.",
            center=center,
        )
    ]
    if task == "can_force":
        hints.append(
            _(
                "Forcing depends only on what is already on the table: cover your hand and look "
                "at your exposed melds (R9)."
            )
        )
    elif task == "discard":
        hints.append(
            _(
                "Before discarding, study your opponent's melds: which of your cards would "
                "they take with no card from their hand (R9)?"
            )
        )
    elif task == "win":
        hints.append(
            _(
                "A win needs 11 cards down at once: %(center)s and every card of your hand (R10).",
                center=center,
            )
        )
    else:
        hints.append(
            _(
                "A taken card goes down at once in a valid meld, with cards from your hand, your "
                "melds or both; it never joins your hand (R8)."
            )
        )
    if any(p.rearranged for p in analysis.plays):
        hints.append(
            _(
                "Your melds are not fixed: you may split them or move cards between them, as "
                "long as every meld stays valid (R5)."
            )
        )
    explanation = " ".join(s.render(_) for s in explain(analysis))
    return {
        "hints": hints,
        "explanation": explanation,
        "difficulty": estimate_difficulty(position, analysis, task),
        "themes": themes_of(position, analysis),
    }


# ---------------------------------------------------------------- whole puzzles and sets


@dataclass
class ParsedSet:
    id: str
    title: str
    language: str
    author: str
    translation_of: str | None
    puzzles: list[dict[str, Any]]
    extra: dict[str, Any] = field(default_factory=dict)


def _text(
    data: Mapping[str, Any],
    name: str,
    err: Callable[[str, str], PuzzleFileError],
    *,
    required: bool = True,
    limit: int = 200,
) -> str:
    value = data.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise err(f"must be a non-empty string, not {_shown(value)}", name)
    if len(value) > limit:
        raise err(f"is {len(value)} characters long; at most {limit} are allowed", name)
    return value


def parse_puzzle(data: object, source: str = "", index: int = 0) -> dict[str, Any]:
    """One puzzle, checked against the format and the solver: its canonical contract dict."""

    def err(message: str, name: str = "", puzzle: str = f"#{index + 1}") -> PuzzleFileError:
        return PuzzleFileError(message, source=source, puzzle=puzzle, field=name)

    if not isinstance(data, Mapping):
        raise err(f"a puzzle must be an object, not {_shown(data)}")
    pid = data.get("id")
    if not isinstance(pid, str) or not ID_PATTERN.match(pid):
        raise err(
            f"must be a short name of letters, digits, '-', '_' or '.', not {_shown(pid)}", "id"
        )

    def perr(message: str, name: str = "") -> PuzzleFileError:
        return err(message, name, pid)

    title = _text(data, "title", perr)
    try:
        position = Position.from_dict(data.get("position"))
    except ConquianError as exc:
        raise perr(str(exc), "position") from None
    task = data.get("task")
    if task not in TASKS:
        raise perr(f"must be one of {', '.join(TASKS)}, not {_shown(task)}", "task")
    analysis = analyze(position)
    problems = answer_problems(position, task, data.get("answer"), analysis)
    if problems:
        raise perr(problems[0][1], problems[0][0])
    themes = data.get("themes")
    if not isinstance(themes, list) or not all(isinstance(t, str) and t.strip() for t in themes):
        raise perr(f"must be a list of theme names, not {_shown(themes)}", "themes")
    if len(themes) != len(set(themes)):
        raise perr("a theme is listed twice", "themes")
    known = known_themes()
    if known:
        holding = themes_of(position, analysis)
        for theme in themes:
            if theme not in known:
                raise perr(f"unknown theme {theme!r}", "themes")
            if theme not in holding:
                raise perr(f"the position does not show the theme {theme!r}", "themes")
    difficulty = data.get("difficulty")
    if (
        isinstance(difficulty, bool)
        or not isinstance(difficulty, int)
        or not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY
    ):
        raise perr(
            f"must be a whole number from {MIN_DIFFICULTY} to {MAX_DIFFICULTY}, "
            f"not {_shown(difficulty)}",
            "difficulty",
        )
    hints = data.get("hints")
    if not isinstance(hints, list) or not all(isinstance(h, str) and h.strip() for h in hints):
        raise perr(f"must be a list of at least {MIN_HINTS} non-empty strings", "hints")
    if len(hints) < MIN_HINTS:
        raise perr(f"must hold at least {MIN_HINTS} hints, not {len(hints)}", "hints")
    for i, hint in enumerate(hints):
        if len(hint) > MAX_TEXT:
            raise perr(f"is longer than {MAX_TEXT} characters", f"hints[{i}]")
    explanation = _text(data, "explanation", perr, limit=MAX_TEXT)
    out: dict[str, Any] = {
        "id": pid,
        "title": title,
        "position": position.to_dict(),
        "task": task,
        "answer": _canonical_answer(task, data["answer"]),
        "themes": list(themes),
        "difficulty": difficulty,
        "hints": list(hints),
        "explanation": explanation,
    }
    out.update({k: v for k, v in data.items() if k not in PUZZLE_FIELDS})
    return out


def _canonical_answer(task: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    if task == "can_use":
        return {"usable": answer["usable"]}
    if task == "can_force":
        return {"forceable": answer["forceable"]}
    if task in ("find_play", "win"):
        return plays_answer([mask_from(p, "plays") for p in answer["plays"]])
    return {
        "take": cards(mask_from(answer["take"], "take")),
        "discards": cards(mask_from(answer["discards"], "discards")),
    }


def parse_set(data: object, source: str = "") -> ParsedSet:
    """A whole set, or PuzzleFileError at the first fault (file, puzzle, field)."""

    def err(message: str, name: str = "") -> PuzzleFileError:
        return PuzzleFileError(message, source=source, field=name)

    if not isinstance(data, Mapping):
        raise err(f"a puzzle set must be a JSON object, not {_shown(data)}")
    set_id = _text(data, "id", err, limit=80)
    if not ID_PATTERN.match(set_id):
        raise err("must be a short name of letters, digits, '-', '_' or '.'", "id")
    title = _text(data, "title", err)
    language = _text(data, "language", err, limit=8)
    if language not in LANGUAGES:
        raise err(f"must be one of {', '.join(LANGUAGES)}, not {_shown(language)}", "language")
    author = _text(data, "author", err, required=False, limit=120)
    ruleset = data.get("ruleset", RULESET)
    if ruleset != RULESET:
        raise err(f"this tutor plays {RULESET!r}, not {_shown(ruleset)}", "ruleset")
    translation_of = data.get("translation_of")
    if translation_of is not None and (
        not isinstance(translation_of, str) or not ID_PATTERN.match(translation_of)
    ):
        raise err(
            f"must be the id of the original set, not {_shown(translation_of)}", "translation_of"
        )
    raw = data.get("puzzles")
    if not isinstance(raw, list) or not raw:
        raise err("must be a non-empty list of puzzles", "puzzles")
    if len(raw) > MAX_PUZZLES:
        raise err(f"holds {len(raw)} puzzles; at most {MAX_PUZZLES} are allowed", "puzzles")
    puzzles = [parse_puzzle(p, source, i) for i, p in enumerate(raw)]
    seen: set[str] = set()
    for p in puzzles:
        if p["id"] in seen:
            raise PuzzleFileError(
                "two puzzles share this id", source=source, puzzle=p["id"], field="id"
            )
        seen.add(p["id"])
    return ParsedSet(
        id=set_id,
        title=title,
        language=language,
        author=author,
        translation_of=translation_of,
        puzzles=puzzles,
        extra={k: v for k, v in data.items() if k not in SET_FIELDS},
    )


# ---------------------------------------------------------------- grading a learner


def grade(task: str, answer: Mapping[str, Any], response: Mapping[str, Any]) -> bool:
    """Whether a learner's response is right. Responses: ``{"usable": bool}``,
    ``{"forceable": bool}``, ``{"hand_cards": [cards] | None}`` (None: "no play wins"),
    ``{"discard": card}``. ValueError for a malformed response."""
    if task in ("can_use", "can_force"):
        key = "usable" if task == "can_use" else "forceable"
        flag = response.get(key)
        if not isinstance(flag, bool):
            raise ValueError(f"the response needs {key!r}: true or false")
        return flag is answer[key]
    if task in ("find_play", "win"):
        hand_cards = response.get("hand_cards")
        accepted = {mask_from(p, "plays") for p in answer["plays"]}
        if hand_cards is None:
            return task == "win" and not accepted
        return mask_from(hand_cards, "hand_cards") in accepted
    card = parse_card(response.get("discard"))
    return card_str(card) in answer["discards"]
