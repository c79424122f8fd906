"""A teacher's set as learners meet it: the set page and one puzzle at a time.

The teacher's preview renders the very same template (``preview=True`` only stops
attempts from being recorded). Works without JS: hints and answers are form posts.
"""

from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from solver.cards import card_glyph, parse_card
from solver.errors import ConquianError
from tutor.core.learner import current_learner
from tutor.extensions import db
from tutor.models import Attempt, Puzzle, PuzzleSet
from tutor.teach.editor import describe_answer
from tutor.teach.forms import ActionForm
from tutor.teach.markdown import render_markdown
from tutor.teach.services import learner_may_see
from tutor.teach.solving import grade
from tutor.teach.store import puzzle_to_dict as puzzle_dict


def question(task: str) -> str:
    return {
        "can_use": _("Can you take the center card now?"),
        "can_force": _(
            "If you decline or pass the center card, can your opponent force it on you?"
        ),
        "find_play": _("Which cards from your hand can you lay down with the center card?"),
        "win": _("Find the play that wins the hand."),
        "discard": _("You take the center card as shown. Which card do you discard?"),
    }[task]


def visible_set_or_404(slug: str) -> PuzzleSet:
    puzzle_set = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    if puzzle_set is None or not learner_may_see(puzzle_set, current_learner(create=False)):
        abort(404)
    return puzzle_set


def solved_keys(puzzle_set: PuzzleSet) -> set[int]:
    learner = current_learner(create=False)
    if learner is None:
        return set()
    ids = [p.id for p in puzzle_set.puzzles]
    if not ids:
        return set()
    rows = db.session.execute(
        db.select(Attempt.puzzle_id).where(
            Attempt.learner_id == learner.id, Attempt.puzzle_id.in_(ids), Attempt.correct
        )
    ).scalars()
    return set(rows)


def set_page(slug: str) -> ResponseReturnValue:
    puzzle_set = visible_set_or_404(slug)
    return render_template(
        "teach/shared_set.html",
        puzzle_set=puzzle_set,
        solved=solved_keys(puzzle_set),
        description=render_markdown(puzzle_set.description),
    )


def shared_solve_page(slug: str, key: str) -> ResponseReturnValue:
    puzzle_set = visible_set_or_404(slug)
    puzzle = next((p for p in puzzle_set.puzzles if p.key == key), None)
    if puzzle is None:
        abort(404)
    return solve_page(puzzle_set, puzzle, preview=False)


def read_response(task: str, form: Any) -> dict[str, Any]:
    """The learner's form answer as a grading response; ValueError with a message."""
    if task in ("can_use", "can_force"):
        choice = form.get("choice")
        if choice not in ("yes", "no"):
            raise ValueError(_("Choose yes or no."))
        return {"usable" if task == "can_use" else "forceable": choice == "yes"}
    if task in ("find_play", "win"):
        if task == "win" and form.get("none") == "1":
            return {"hand_cards": None}
        chosen = form.getlist("cards")
        for code in chosen:
            try:
                parse_card(code)
            except ConquianError:
                raise ValueError(_("Choose cards from your hand.")) from None
        return {"hand_cards": chosen}
    discard = form.get("discard")
    if not discard:
        raise ValueError(_("Choose the card to discard."))
    return {"discard": discard}


def solve_page(puzzle_set: PuzzleSet, puzzle: Puzzle, *, preview: bool) -> ResponseReturnValue:
    hints = list(puzzle.hints or [])
    form = ActionForm()
    try:
        shown = max(0, min(len(hints), int(request.form.get("hints", "0"))))
    except ValueError:
        shown = 0
    result: dict[str, Any] | None = None
    problem = None
    revealed = False
    status = 200
    if request.method == "POST" and form.validate_on_submit():
        action = request.form.get("action")
        if action == "hint":
            shown = min(len(hints), shown + 1)
        elif action == "reveal":
            revealed = True
        elif action == "answer":
            try:
                response = read_response(puzzle.task, request.form)
                correct = grade(puzzle_dict(puzzle), response)
            except (ValueError, KeyError):
                problem = _("That answer could not be read: %(what)s", what=_("choose again."))
                status = 400
            else:
                result = {"correct": correct, "response": response}
                if not preview:
                    learner = current_learner()
                    assert learner is not None
                    db.session.add(
                        Attempt(
                            learner_id=learner.id,
                            puzzle_id=puzzle.id,
                            correct=correct,
                            hints_used=shown,
                        )
                    )
                    db.session.commit()
    order = list(puzzle_set.puzzles)
    index = order.index(puzzle)
    following = order[index + 1] if index + 1 < len(order) else None
    next_url = None
    if following is not None:
        next_url = (
            url_for("teach.preview_puzzle", set_id=puzzle_set.id, puzzle_id=following.id)
            if preview
            else url_for("teach.shared_puzzle", slug=puzzle_set.slug, key=following.key)
        )
    finished = revealed or bool(result and result["correct"])
    position = puzzle.position
    take = puzzle.answer.get("take", []) if puzzle.task == "discard" else []
    return render_template(
        "teach/solve.html",
        puzzle_set=puzzle_set,
        puzzle=puzzle,
        position=position,
        take=take,
        question=question(puzzle.task),
        hints=hints[:shown],
        hints_total=len(hints),
        shown=shown,
        result=result,
        problem=problem,
        finished=finished,
        answer_text=describe_answer(
            puzzle.task, puzzle.answer, card_glyph(parse_card(position["center"]))
        )
        if finished
        else None,
        explanation=render_markdown(puzzle.explanation) if finished else None,
        preview=preview,
        number=index + 1,
        total=len(order),
        next_url=next_url,
        form=form,
    ), status
