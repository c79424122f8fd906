"""A graded mistake as a puzzle ("find the better move"), verified before it is kept.

The position is read off the learner's own observation before the decision (the view of
seat 0: no hidden card can reach it), as the contract's position JSON, and the question is
the contract task that asks for the grader's better move there:

* the better move takes the center card with other hand cards than the learner's → ``find_play``
  (the accepted set: the better move's hand cards; where a take names no hand cards, as in
  Kunken, every play with the card: the grader rated taking it);
* the same take but a better discard → ``discard`` (the take given, the better discard);
* Colonel's draw → ``draw_upcard``; Conquin's take → ``close``: yes/no questions the
  solver answers itself, kept only when its answer is the grader's better move.

A question is kept only when the exact search confirms it (the accepted play is legal,
the yes/no answer is the solver's) and the puzzle's own checker accepts the better move and
refuses the learner's.  Decisions no contract task can ask (a discard after a draw, a meld
from the hand, a lay-off, adding to a meld) become the site's "find the better move" puzzle
(tutor.mistakes.best_move).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Final

from flask import current_app, has_app_context, has_request_context

from solver.cards import card_str, cards_of
from solver.claims import Context, false_claims
from solver.errors import ConquianError
from solver.game.registry import game_rules
from solver.position import Position
from solver.puzzles import hints as center_hints
from solver.puzzles import model as sp
from solver.puzzles import profile_hints
from solver.puzzles.best_move import BestMovePuzzle
from solver.puzzles.model import read_hand_cards
from solver.puzzles.tasks import check_answer, grade
from solver.review.paired import MISTAKE_OR_WORSE
from solver.rules import DEFAULT_PROFILE, get_profile
from solver.search import analyze_any
from tutor.mistakes.best_move import best_move_puzzle
from tutor.mistakes.kinds import kind_of
from tutor.play.card_help import position_data
from tutor.play.games import HUMAN, replay_hand
from tutor.play.table_view import table

GRADED: Final = ("mistake", MISTAKE_OR_WORSE, "blunder")
"""The grades a puzzle is made of ("mistake or worse": surely at least a mistake)."""


@dataclass(frozen=True)
class Question:
    step: int
    grade: str
    kind: str
    played: dict[str, Any]
    best: dict[str, Any]
    puzzle: sp.Puzzle | BestMovePuzzle


def _position(state: Any, rules: str) -> Position | None:
    """The learner's position before the decision, from their observation only."""
    profile = get_profile(rules)
    view = game_rules(rules).observe(state, HUMAN).to_dict()
    view.setdefault("to_act", True)
    kinds = {a.type for a in state.legal_actions()}
    seats = len(state.hands)
    # The table's seat names are words of the page's language: a grading worker has no
    # request, so it reads them in a request of its own (only the cards are kept).
    context = (current_app.test_request_context() if has_app_context()
               and not has_request_context() else nullcontext())
    with context:
        data = position_data(view, profile, kinds, table(view, profile), seats)
    if data is None:
        return None
    try:
        return Position.from_dict(data)
    except (ConquianError, ValueError):
        return None


def _ask(position: Position, you: Mapping[str, Any], best: Mapping[str, Any]
         ) -> tuple[sp.Task, sp.Answer, dict[str, Any], dict[str, Any]] | None:
    """The task, its answer, and the responses of the better and the learner's move."""
    analysis_kind = get_profile(position.rules).analysis
    if analysis_kind == "draw":
        if best.get("type") != "draw" or you.get("type") != "draw":
            return None
        upcard = best.get("from") == "upcard"
        return ("draw_upcard", sp.Answer(flag=upcard), {"upcard": upcard},
                {"upcard": not upcard})
    if analysis_kind == "closing":
        if best.get("type") != "take" or you.get("type") != "take" \
                or best.get("from") == you.get("from"):
            return None
        takes = best.get("from") == "face_up"
        return "close", sp.Answer(flag=takes), {"closes": takes}, {"closes": not takes}
    if best.get("type") != "take":
        return None
    if "hand_cards" not in best:
        # The take alone (the melds come after it, as in Kunken): every play with the
        # card is the better move; the learner left it.
        if you.get("type") == "take":
            return None
        analysis = analyze_any(position)
        plays = frozenset(p.hand_cards for p in getattr(analysis, "plays", ()))
        if not plays:
            return None
        first = min(plays, key=lambda m: (m.bit_count(), m))
        return ("find_play", sp.Answer(plays=plays),
                {"hand_cards": [card_str(c) for c in cards_of(first)]}, {"hand_cards": None})
    take = read_hand_cards(list(best["hand_cards"]), position, "hand_cards")
    same = (you.get("type") == "take"
            and sorted(you.get("hand_cards") or []) == sorted(best["hand_cards"]))
    if not same:
        mine = you.get("hand_cards") if you.get("type") == "take" else None
        return ("find_play", sp.Answer(plays=frozenset({take})),
                {"hand_cards": list(best["hand_cards"])}, {"hand_cards": mine})
    if best.get("discard") is None or you.get("discard") is None:
        return None
    discard = read_hand_cards([best["discard"]], position, "discard")
    return ("discard", sp.Answer(take=take, discards=discard),
            {"discard": best["discard"]}, {"discard": you["discard"]})


def _confirmed(puzzle: sp.Puzzle, right: dict[str, Any], wrong: dict[str, Any]) -> bool:
    """The exact search agrees, and the checker takes the better move, not the learner's."""
    if puzzle.task != "discard" and check_answer(puzzle):
        return False
    if puzzle.task == "discard":
        analysis = analyze_any(puzzle.position)
        plays = {p.hand_cards for p in getattr(analysis, "plays", ())}
        if puzzle.answer.take not in plays:
            return False
    return grade(puzzle, right).correct and not grade(puzzle, wrong).correct


def _sentences(position: Position, analysis: Any, task: sp.Task, answer: sp.Answer
               ) -> tuple[list[str], str]:
    """The hints and the explanation: the solver's claims for the task (no theme: the
    question is the grader's, not a theme's), each confirmed by the claim checker (the
    question is not asked otherwise).  A ``discard`` question accepts the grader's
    better discard, not the safe ones the explanation would name: it has none."""
    if get_profile(position.rules).plain_center:
        said = center_hints.hints(position, analysis, task, answer, [])
        why = [] if task == "discard" else center_hints.explanation(position, analysis, task,
                                                                    answer, [])
    else:
        said = profile_hints.hints(position, analysis, task, answer, "")
        why = [] if task == "discard" else profile_hints.explanation(position, analysis, task,
                                                                     answer, "")
    if false_claims([*said, *why], Context(position=position, task=task, answer=answer)):
        raise ValueError("a sentence the claim checker does not confirm")
    return [c.render() for c in said], " ".join(c.render() for c in why)


def question(state: Any, rules: str, graded: Mapping[str, Any], key: str
             ) -> Question | None:
    """The verified puzzle of one graded decision (``state``: before it), or None: a
    contract task's where one can ask it, else the site's "find the better move"."""
    if graded.get("grade") not in GRADED or graded.get("same"):
        return None
    asked = _contract_question(state, rules, graded, key)
    if asked is not None:
        return asked
    found = best_move_puzzle(state, rules, graded, key)
    if found is None:
        return None
    you, best = dict(graded["you"]), dict(graded["best"])
    return Question(int(graded["step"]), str(graded["grade"]), kind_of(you, best), you, best,
                    found)


def _contract_question(state: Any, rules: str, graded: Mapping[str, Any], key: str
                       ) -> Question | None:
    position = _position(state, rules)
    if position is None:
        return None
    you, best = dict(graded["you"]), dict(graded["best"])
    try:
        asked = _ask(position, you, best)
        if asked is None:
            return None
        task, answer, right, wrong = asked
        analysis = analyze_any(position)
        said, why = _sentences(position, analysis, task, answer)
        puzzle = sp.Puzzle(id=key, title="Find the better move", position=position, task=task,
                           answer=answer, themes=(), difficulty=2 if graded["grade"] == "blunder"
                           else 3, hints=tuple(said), explanation=why)
        if len(said) < sp.MIN_HINTS or not _confirmed(puzzle, right, wrong):
            return None
    except (ConquianError, ValueError, KeyError, StopIteration):
        return None
    return Question(int(graded["step"]), str(graded["grade"]), kind_of(you, best), you, best,
                    puzzle)


def questions(stored: Mapping[str, Any], data: Mapping[str, Any], prefix: str
              ) -> list[Question]:
    """The verified puzzles of a finished hand's graded review ``data``."""
    steps = replay_hand(stored)
    rules = str(stored.get("ruleset") or DEFAULT_PROFILE.id)
    out = []
    for graded in data.get("decisions") or []:
        step = int(graded["step"])
        state, player, _action = steps[step]
        if player != HUMAN:
            continue
        found = question(state, rules, graded, f"{prefix}-s{step}")
        if found is not None:
            out.append(found)
    return out

