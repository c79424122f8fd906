"""The page of a learner's "find the better move" puzzle (tutor.mistakes.best_move): the
table as the play page draws it, the legal moves to choose from, the hint ladder and the
explanation (sentences the claim checker confirms against the stored review), answered in
a puzzle round like any puzzle, so that the FSRS review queue schedules it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from solver.claims.review import ReviewClaim, false_review_claims
from solver.puzzles.best_move import BEST_MOVE, BadMove, is_accepted, read_move
from solver.puzzles.relabel import SuitPermutation
from solver.rules import get_profile
from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.mistakes.owner import owner_of
from tutor.models import Learner, Puzzle, PuzzleRound, PuzzleSet
from tutor.play.choices import choices, label
from tutor.play.table_view import seat_list, table
from tutor.puzzles import rounds

bp = Blueprint("mistakes", __name__, url_prefix="/mine")


def _owned(slug: str, key: str) -> tuple[Learner, Puzzle]:
    """The learner's own best-move puzzle, or 404 (another learner's is not theirs to see)."""
    learner = current_learner(create=False)
    row = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    if learner is None or row is None or owner_of(row) != learner.id:
        abort(404, description=gettext("There is no such puzzle of yours."))
    puzzle = db.session.execute(
        db.select(Puzzle).filter_by(set_id=row.id, key=key)).scalar_one_or_none()
    if puzzle is None or puzzle.task != BEST_MOVE:
        abort(404, description=gettext("There is no such puzzle of yours."))
    return learner, puzzle


def _score(view: dict[str, Any], seats: int) -> list[int]:
    score = view.get("score")
    if isinstance(score, dict):
        return [int(score.get("you") or 0), *[int(s) for s in score.get("opponents") or
                                               [score.get("opponent") or 0]]]
    return [0] * seats


def _sentences(view: dict[str, Any], key: str, melds: list[dict[str, Any]]) -> list[str]:
    """The stored sentences of ``key`` that the claim checker confirms, in the page's words."""
    claims = [ReviewClaim.from_dict(c) for c in (view.get("claims") or {}).get(key) or []]
    review = view.get("review") or {}
    if false_review_claims(claims, review):
        return []  # never say what the review does not hold
    return [c.render(lambda move: label(move, view, melds), gettext) for c in claims]


def _tied(puzzle: Puzzle, move: dict[str, Any]) -> bool:
    """The move is one the review rated as good as the grader's better move (the claim
    checker confirms it: the page never says so of another)."""
    view = puzzle.position["observation"]
    claim = ReviewClaim("also_best", {"move": move})
    return not false_review_claims([claim], view.get("review") or {})


def _context(puzzle: Puzzle, round_: PuzzleRound | None, *, result: str | None = None,
             chosen: dict[str, Any] | None = None, error: str | None = None
             ) -> dict[str, Any]:
    position = puzzle.position
    view = dict(position["observation"])
    if "center" not in view:
        view["center"] = view.get("upcard")
    profile = get_profile(str(position["rules"]))
    melds = table(view, profile)
    seats = seat_list(view, _score(view, len(view.get("players") or []) or 2))
    moves: list[dict[str, Any]] = []
    for choice in choices(position["actions"], view, melds):
        for d in choice.get("discards") or [None]:
            action = d["action"] if d else choice["action"]
            text = f'{choice["label"]} — {d["label"]}' if d else choice["label"]
            moves.append({"id": len(moves), "label": text, "action": action})
    ended = result in ("right", "after_miss", "shown") or (
        round_ is not None and round_.outcome is not None)
    shown = round_.hints_used if round_ is not None and round_.outcome is None else 0
    hints = _sentences(view, "hints", melds)
    return {
        "puzzle": puzzle, "puzzle_set": puzzle.puzzle_set, "profile": profile,
        "rules_profile": profile.id, "v": view, "seats": seats, "melds": melds,
        "moves": moves, "hints": hints[:shown], "more_hints": shown < len(hints),
        "hint_total": len(hints),
        "explanation": _sentences(view, "explanation", melds) if ended else [],
        "result": result, "chosen": chosen, "error": error, "ended": ended,
        "tied": chosen is not None and result in ("right", "after_miss")
        and _tied(puzzle, chosen),
        "origin": (puzzle.extra or {}).get("personal"),
    }


def _page(puzzle: Puzzle, status: int = 200, **kwargs: Any) -> ResponseReturnValue:
    learner = current_learner(create=False)
    round_ = rounds.open_round(learner, puzzle)
    return render_template("mistakes/best_move.html", **_context(puzzle, round_, **kwargs)), \
        status


@bp.get("/<slug>/<key>")
def puzzle(slug: str, key: str) -> ResponseReturnValue:
    _learner, item = _owned(slug, key)
    return _page(item)


@bp.post("/<slug>/<key>/answer")
def answer(slug: str, key: str) -> ResponseReturnValue:
    learner, item = _owned(slug, key)
    try:
        move = read_move(item.position, request.form.get("action"))
    except BadMove as exc:
        return _page(item, 400, error=gettext(str(exc)))
    correct = is_accepted(item.answer, move)
    round_ = rounds.begin(learner, item, str(SuitPermutation.identity()))
    rounds.answer(round_, correct)
    db.session.commit()
    if correct:
        result = "right" if round_.outcome == "clean" else "after_miss"
    else:
        result = "shown" if round_.outcome is not None else "wrong"
    return render_template("mistakes/best_move.html",
                           **_context(item, round_, result=result, chosen=move))


@bp.post("/<slug>/<key>/hint")
def hint(slug: str, key: str) -> ResponseReturnValue:
    """The next hint; after the last, the solution (the round counts as missed)."""
    learner, item = _owned(slug, key)
    round_ = rounds.begin(learner, item, str(SuitPermutation.identity()))
    rounds.show_step(round_, len(item.hints) + 1)
    db.session.commit()
    if round_.outcome is not None:
        return render_template("mistakes/best_move.html",
                               **_context(item, round_, result="shown"))
    return redirect(url_for(".puzzle", slug=slug, key=key, _anchor="hints"))
