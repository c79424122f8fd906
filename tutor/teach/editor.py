"""The editor's checks: one position and task in, everything the teacher should see out.

``check`` backs both the live JSON endpoint (called by static/js/editor.js as the teacher
clicks cards) and the no-JS "Check" button, so both say the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from solver.analysis import Analysis
from solver.cards import CardMask, card_glyph, cards_of, parse_card
from solver.errors import ConquianError
from solver.messages import N_
from solver.position import Position
from solver.search import analyze, analyze_any
from tutor.core.errors import error_text
from tutor.teach.solving import (
    TASKS,
    cards,
    default_take,
    hand_masks,
    hand_task,
    sentence_problems,
    solve,
    suggest,
    tasks_of,
    triviality,
    unbuildable,
)

Cards = list[str]
"""Cards as typed (``["8C", "8C", "*"]``): read against the position's hand, where two
copies of a card and jokers are told apart (:func:`tutor.teach.solving.hand_masks`)."""


def glyphs(mask: CardMask) -> str:
    return " ".join(card_glyph(c) for c in cards_of(mask))


def parse_play_lines(text: str, where: str = "accepted") -> list[Cards]:
    """Plays typed one per line ("4H 5H"), for the no-JS form; the cards are read against
    the position's hand by :func:`check` (line numbers then name a bad one)."""
    return [items for line in text.splitlines()
            if (items := [t for t in re.split(r"[\s,;]+", line.strip()) if t])]


def parse_card_line(text: str, where: str = "take") -> Cards | None:
    items = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    return items or None


def read_plays(plays: Sequence[Cards], position: Position) -> list[CardMask]:
    """The accepted plays as hand masks; ValueError naming the line of a bad one."""
    out = []
    for number, items in enumerate(plays, start=1):
        try:
            out.append(hand_masks(list(items), position, "accepted"))
        except ValueError as exc:
            problem = error_text(exc)
            raise ValueError(_("line %(n)s: %(problem)s", n=number, problem=problem)) from None
    return out


_YES_NO: dict[str, tuple[str, str, str]] = {
    # task: (the answer's yes/no field, the sentence for yes, for no)
    "draw_upcard": ("upcard", N_("Yes: drawing %(center)s is better than a stock card."),
                    N_("No: a stock card is better than drawing %(center)s.")),
    "close": ("closes", N_("Yes: taking %(center)s lets you close now."),
              N_("No: taking %(center)s does not let you close now.")),
    "can_use": ("usable", N_("Yes: %(center)s can be taken now."),
                N_("No: %(center)s cannot be taken now.")),
    "can_force": ("forceable", N_("Yes: the opponent may force %(center)s on you."),
                  N_("No: %(center)s cannot be forced on you.")),
}


def describe_answer(task: str, answer: Mapping[str, Any], center: str) -> str:
    """The answer in one sentence for the teacher."""
    if task in _YES_NO:
        field, yes, no = _YES_NO[task]
        return _(yes if answer[field] else no, center=center)
    if task in ("find_play", "win"):
        plays = [
            " ".join(_glyph(c) for c in p) or _("no hand card")
            for p in answer["plays"]
        ]
        if not plays:
            return _("No play wins the hand: the learner should say so.")
        return _("Accepted: %(plays)s", plays="; ".join(plays))
    return _(
        "After taking with %(take)s, the safe discards are %(discards)s.",
        take=" ".join(_glyph(c) for c in answer["take"]) or _("no hand card"),
        discards=" ".join(_glyph(c) for c in answer["discards"]),
    )


def _glyph(card: str) -> str:
    """A contract card as shown (a joker is "*", or "*5H" standing for a card)."""
    try:
        return card_glyph(parse_card(card))
    except ConquianError:
        return card


def _position_problem(data: object) -> str | None:
    """Friendlier words for the gaps of a position still being built."""
    if isinstance(data, Mapping) and not data.get("center"):
        return _("Choose the center card.")
    return None


def check(
    data: object,
    task: object,
    *,
    accepted: Sequence[Cards] | None = None,
    take: Cards | None = None,
    language: str = "en",
    hints: Sequence[str] = (),
    explanation: str = "",
    ruleset: str | None = None,
    game: str | None = None,
) -> dict[str, Any]:
    """The editor's report: ``ok``, ``error`` {field, message}, answer, warnings, suggestions.

    The hints and explanation go through the claim checker as a teacher's import does: a
    false sentence makes the report not ok, ``error`` naming the first and ``sentences``
    every one; the answer and suggestions are still there to mend it with.

    ``ruleset``: the game of a position that names none (the set's); ``game``: the game the
    position must play (a set with other puzzles: they are all of one game)."""
    if task not in TASKS:
        return _failure("task", _("Choose a task."))
    problem = _position_problem(data)
    if problem:
        return _failure("position", problem)
    try:
        # A position naming its own game is read as that game (the set's may not hold).
        named = isinstance(data, Mapping) and data.get("rules") is not None
        position = Position.from_dict(data, None if named else ruleset)
    except ConquianError as exc:
        return _failure("position", error_text(exc))
    if game is not None and position.rules.id != game:
        return _failure("position", other_game(game, position.rules.id))
    problem = unbuildable(position)
    if problem:
        return _failure("position", problem)
    if task not in tasks_of(position.rules):
        return _failure("task", wrong_task(position))
    analysis = None if hand_task(str(task)) else analyze(position)
    try:
        plays = read_plays(accepted or (), position)
    except ValueError as exc:
        return _failure("accepted", error_text(exc))
    try:
        take_mask = hand_masks(take, position, "take") if take else None
        answer = solve(position, str(task), analysis, accepted=plays or None, take=take_mask)
    except ValueError as exc:
        text = error_text(exc)  # "field: what is wrong", the field as it is
        field, _sep, message = text.partition(": ")
        report = _failure(field or "answer", message or text)
        report["analysis"] = _analysis(position, analysis)
        report["position"] = position.to_dict()
        return report
    warnings = _warnings(position, analysis, str(task), answer, plays)
    suggestions = suggest(position, analysis, str(task), answer, language)
    sentences = [
        {"field": name, "message": error_text(problem)}
        for name, problem in sentence_problems(position, str(task), answer, hints,
                                               explanation, language)
    ]
    return {
        "ok": not sentences,
        "error": sentences[0] if sentences else None,
        "sentences": sentences,
        "position": position.to_dict(),
        "analysis": _analysis(position, analysis),
        "answer": answer,
        "answer_text": describe_answer(str(task), answer, card_glyph(position.center)),
        "warnings": warnings,
        "suggestions": suggestions,
    }


def other_game(game: str, played: str) -> str:
    """Why a position of another game cannot join a set."""
    return _("This set plays %(set)s, and this position plays %(game)s: the puzzles of a set "
             "are all of one game. Make a new set for %(game)s puzzles.", set=game, game=played)


def wrong_task(position: Position) -> str:
    """Why the chosen task does not fit the position's game."""
    return _("A %(game)s puzzle asks one of these tasks: %(tasks)s.", game=position.rules.id,
             tasks=", ".join(tasks_of(position.rules)))


def _failure(field: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"field": field, "message": message}, "warnings": []}


def _analysis(position: Position, analysis: Analysis | None) -> dict[str, Any]:
    """The center plays (none for a draw or closing puzzle, whose own analysis is
    ``hand``: the contract's draw or closing JSON)."""
    if analysis is None:
        return {"usable": None, "forceable": None, "plays": [], "default_take": None,
                "hand": analyze_any(position).to_dict()}
    default = default_take(analysis)
    return {
        "usable": analysis.usable,
        "forceable": analysis.forceable,
        "plays": [
            {
                "hand_cards": cards(p.hand_cards),
                "text": glyphs(p.hand_cards) or _("no hand card"),
                "wins": p.wins,
                "rearranged": p.rearranged,
                "melds": [cards(m) for m in p.melds],
            }
            for p in analysis.plays
        ],
        "default_take": cards(default) if default is not None else None,
    }


def _warnings(
    position: Position,
    analysis: Analysis | None,
    task: str,
    answer: Mapping[str, Any],
    accepted: Sequence[CardMask] | None,
) -> list[str]:
    out = []
    trivial = triviality(position, analysis, task, answer)
    if trivial:
        out.append(_("This puzzle looks trivial: %(why)s", why=trivial))
    if analysis is None:
        return out
    if task == "find_play" and accepted:
        left_out = [p for p in analysis.plays if p.hand_cards not in set(accepted)]
        if left_out:
            out.append(
                _(
                    "%(count)s other legal plays are not accepted: %(plays)s. A learner who "
                    "finds one will be told it is wrong; say in the title or hints which play "
                    "you want.",
                    count=len(left_out),
                    plays="; ".join(glyphs(p.hand_cards) or _("no hand card") for p in left_out),
                )
            )
    if task == "win" and len(answer["plays"]) > 1:
        out.append(
            _(
                "%(count)s different plays win; all of them are accepted.",
                count=len(answer["plays"]),
            )
        )
    return out
