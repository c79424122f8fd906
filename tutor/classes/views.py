"""Teachers' class pages (/teach/classes) and the learners' side (/join, /classes/<code>)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required
from wtforms.fields.choices import SelectChoice

from tutor.classes import services
from tutor.classes.forms import AssignForm, ClassForm, JoinForm
from tutor.classes.tables import class_tables
from tutor.core.learner import current_learner
from tutor.extensions import db, limiter
from tutor.models.classes import Assignment, Classroom, Membership
from tutor.teach.forms import ActionForm

bp = Blueprint("classes", __name__)


# ---------------------------------------------------------------- teachers


@bp.route("/teach/classes/new", methods=["GET", "POST"])
@login_required
def new_class() -> ResponseReturnValue:
    form = ClassForm()
    if form.validate_on_submit():
        classroom = Classroom(
            owner_id=current_user.id,
            name=(form.name.data or "").strip(),
            code=services.new_code(),
        )
        db.session.add(classroom)
        db.session.commit()
        flash(_("Class created. Give your learners its code."), "success")
        return redirect(url_for("classes.show", class_id=classroom.id))
    return render_template("classes/new.html", form=form), 400 if form.errors else 200


def _assign_form(classroom: Classroom) -> AssignForm:
    """The sets the class can be given: the teacher's published sets and the bundled
    library (each bundled set in each of its languages), in two groups."""
    form = AssignForm()
    own, bundled = services.assignable_sets(classroom, current_user.id)
    languages = current_app.config["LANGUAGES"]
    groups: dict[str, list[SelectChoice]] = {}
    if own:
        groups[_("Your sets")] = [SelectChoice(s.id, s.title) for s in own]
    if bundled:
        groups[_("The site's puzzle sets")] = [
            SelectChoice(s.id, f"{s.title} ({languages.get(s.language, s.language)})")
            for s in bundled
        ]
    form.set_id.choices = groups
    return form


def _show(classroom: Classroom, assign: AssignForm) -> str:
    tables = services.results(classroom)
    return render_template(
        "classes/show.html",
        classroom=classroom,
        assign=assign,
        action=ActionForm(),
        tables=tables,
        themes=services.theme_results(tables),
    )


@bp.get("/teach/classes/<int:class_id>")
@login_required
def show(class_id: int) -> ResponseReturnValue:
    classroom = services.owned_class_or_404(class_id)
    return _show(classroom, _assign_form(classroom))


@bp.get("/teach/classes/<int:class_id>/tables")
@login_required
def tables(class_id: int) -> ResponseReturnValue:
    """The class's open tables, each watchable as a spectator."""
    classroom = services.owned_class_or_404(class_id)
    teacher = current_learner(create=False)
    return render_template("classes/tables.html", classroom=classroom,
                           tables=class_tables(classroom, None if teacher is None
                                               else teacher.id))


@bp.get("/teach/classes/<int:class_id>/results.csv")
@login_required
def results_csv(class_id: int) -> ResponseReturnValue:
    """Every learner's result on every puzzle, for a spreadsheet."""
    classroom = services.owned_class_or_404(class_id)
    body = services.results_csv(services.results(classroom))
    filename = f"class-{classroom.code}-results.csv"
    return Response(
        "\ufeff" + body,  # a byte-order mark: spreadsheets then read the file as UTF-8
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.post("/teach/classes/<int:class_id>/assign")
@login_required
def assign(class_id: int) -> ResponseReturnValue:
    classroom = services.owned_class_or_404(class_id)
    form = _assign_form(classroom)
    if form.validate_on_submit():
        db.session.add(Assignment(classroom_id=classroom.id, set_id=form.set_id.data))
        db.session.commit()
        flash(_("Set assigned."), "success")
        return redirect(url_for("classes.show", class_id=class_id))
    return _show(classroom, form), 400


@bp.post("/teach/classes/<int:class_id>/assignments/<int:assignment_id>/remove")
@login_required
def unassign(class_id: int, assignment_id: int) -> ResponseReturnValue:
    return _remove(
        class_id, Assignment, assignment_id, lambda _row: _("Set removed from the class.")
    )


@bp.post("/teach/classes/<int:class_id>/members/<int:member_id>/remove")
@login_required
def remove_member(class_id: int, member_id: int) -> ResponseReturnValue:
    return _remove(
        class_id, Membership, member_id, lambda m: _("%(name)s left the class.", name=m.nickname)
    )


def _remove(
    class_id: int,
    model: type[Assignment] | type[Membership],
    row_id: int,
    message: Callable[[Any], str],
) -> ResponseReturnValue:
    """Delete one row of the teacher's own class (404 for anything else), then go back."""
    classroom = services.owned_class_or_404(class_id)
    row: Any = db.session.get(model, row_id)
    if row is None or row.classroom_id != classroom.id:
        abort(404)
    if ActionForm().validate_on_submit():
        db.session.delete(row)
        db.session.commit()
        flash(message(row), "success")
    return redirect(url_for("classes.show", class_id=class_id))


@bp.post("/teach/classes/<int:class_id>/delete")
@login_required
def delete(class_id: int) -> ResponseReturnValue:
    classroom = services.owned_class_or_404(class_id)
    if ActionForm().validate_on_submit():
        db.session.delete(classroom)
        db.session.commit()
        flash(_("The class was deleted."), "success")
    return redirect(url_for("teach.index"))


# ---------------------------------------------------------------- learners


def _my_memberships() -> list[Membership]:
    learner = current_learner(create=False)
    if learner is None:
        return []
    return list(
        db.session.execute(
            db.select(Membership).filter_by(learner_id=learner.id).order_by(Membership.joined_at)
        ).scalars()
    )


@bp.route("/join", methods=["GET", "POST"])
# A whole class may share one address (school NAT), yet codes must not be guessed in bulk.
@limiter.limit("20 per minute;300 per hour", methods=["POST"])
def join() -> ResponseReturnValue:
    form = JoinForm()
    if form.validate_on_submit():
        code = services.normalise_code(form.code.data or "")
        nickname = (form.nickname.data or "").strip()
        classroom = db.session.execute(
            db.select(Classroom).filter_by(code=code)
        ).scalar_one_or_none()
        if classroom is None:
            form.code.errors = [*form.code.errors, _("No class has this code. Check it again.")]
        else:
            learner = current_learner()
            assert learner is not None
            mine = next((m for m in classroom.memberships if m.learner_id == learner.id), None)
            taken = next(
                (
                    m
                    for m in classroom.memberships
                    if m.nickname.casefold() == nickname.casefold() and m is not mine
                ),
                None,
            )
            if taken is not None:
                form.nickname.errors = [
                    *form.nickname.errors,
                    _("Someone in this class already uses this nickname. Choose another."),
                ]
            else:
                if mine is None:
                    db.session.add(
                        Membership(
                            classroom_id=classroom.id, learner_id=learner.id, nickname=nickname
                        )
                    )
                else:
                    mine.nickname = nickname
                db.session.commit()
                flash(_("Welcome to %(name)s!", name=classroom.name), "success")
                return redirect(url_for("classes.mine", code=classroom.code))
    status = 400 if form.errors else 200
    return render_template("classes/join.html", form=form, memberships=_my_memberships()), status


@bp.get("/classes/<code>")
def mine(code: str) -> ResponseReturnValue:
    """A learner's view of a class they joined: the assigned sets."""
    learner = current_learner(create=False)
    classroom = db.session.execute(
        db.select(Classroom).filter_by(code=services.normalise_code(code))
    ).scalar_one_or_none()
    if classroom is None or learner is None:
        abort(404)
    member = next((m for m in classroom.memberships if m.learner_id == learner.id), None)
    if member is None:
        abort(404)
    return render_template("classes/mine.html", classroom=classroom, member=member)
