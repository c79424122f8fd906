"""The teacher's pages: dashboard, sets, the puzzle editor, preview, files."""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    Response,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.utils import secure_filename

from solver.puzzles.model import LANGUAGES as SET_LANGUAGES
from solver.rules import DEFAULT_PROFILE, PROFILES
from tutor.analyzer.profiles import profile_info
from tutor.core.errors import error_text
from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet
from tutor.models.classes import Classroom
from tutor.teach import preview, services
from tutor.teach.commands import register as register_commands
from tutor.teach.editor import check, other_game, parse_card_line, parse_play_lines
from tutor.teach.forms import (
    TASK_CHOICES,
    ActionForm,
    ImportForm,
    NewSetForm,
    PuzzleForm,
    SetForm,
)
from tutor.teach.markdown import render_markdown
from tutor.teach.solving import buildable_profiles, known_themes, tasks_of
from tutor.teach.store import (
    MAX_IMPORT_BYTES,
    PuzzleImportError,
    export_json,
    new_slug,
    puzzle_from_dict,
)
from tutor.teach.store import import_file as import_file_into_store

bp = Blueprint("teach", __name__)


@bp.app_template_filter("markdown")
def markdown_filter(text: str | None) -> Markup:
    """``{{ text|markdown }}``: authored Markdown as sanitized HTML, on any page of the site."""
    return render_markdown(text or "")


EMPTY_POSITION: dict[str, Any] = {
    "hand": [],
    "melds": [],
    "opponent_melds": [],
    "center": None,
    "center_from": "opponent",
}


def empty_position(ruleset: str) -> dict[str, Any]:
    """A new puzzle's position: only the fields the set's game has (no melds where they
    stay in the hand; the fewest players where the number varies)."""
    profile = PROFILES.get(ruleset, DEFAULT_PROFILE)
    data: dict[str, Any] = {"rules": profile.id, **EMPTY_POSITION}
    if not profile.melds_shown:
        del data["melds"], data["opponent_melds"]
    if not profile.players_fixed:
        data["players"] = profile.min_players
    return data


@bp.get("/teach/")
@login_required
def index() -> ResponseReturnValue:
    sets = services.teacher_sets(current_user.id)
    classes = list(
        db.session.execute(
            db.select(Classroom).filter_by(owner_id=current_user.id).order_by(Classroom.name)
        ).scalars()
    )
    return render_template("teach/index.html", sets=sets, classes=classes, action=ActionForm())


# ---------------------------------------------------------------- sets


@bp.route("/teach/sets/new", methods=["GET", "POST"])
@login_required
def new_set() -> ResponseReturnValue:
    form = NewSetForm()
    form.ruleset.choices = [(pid, _(PROFILES[pid].display_name)) for pid in buildable_profiles()]
    if form.validate_on_submit():
        title = (form.title.data or "").strip()
        puzzle_set = PuzzleSet(
            slug=new_slug(title),
            title=title,
            description=(form.description.data or "").strip(),
            language=form.language.data or "en",
            ruleset=form.ruleset.data or DEFAULT_PROFILE.id,
            author=current_user.display_name,
            source="teacher",
            owner_id=current_user.id,
            is_published=False,
        )
        db.session.add(puzzle_set)
        db.session.commit()
        flash(_("Set created. Add its first puzzle."), "success")
        return redirect(url_for("teach.new_puzzle", set_id=puzzle_set.id))
    return render_template("teach/set_new.html", form=form), 400 if form.errors else 200


@bp.route("/teach/sets/<int:set_id>", methods=["GET", "POST"])
@login_required
def edit_set(set_id: int) -> ResponseReturnValue:
    puzzle_set = services.owned_set_or_404(set_id)
    form = SetForm(obj=puzzle_set)
    if form.validate_on_submit():
        puzzle_set.title = (form.title.data or "").strip()
        puzzle_set.description = (form.description.data or "").strip()
        puzzle_set.language = form.language.data or "en"
        db.session.commit()
        flash(_("Set saved."), "success")
        return redirect(url_for("teach.edit_set", set_id=set_id))
    status = 400 if form.errors else 200
    return (
        render_template("teach/set.html", puzzle_set=puzzle_set, form=form, action=ActionForm()),
        status,
    )


@bp.post("/teach/sets/<int:set_id>/delete")
@login_required
def delete_set(set_id: int) -> ResponseReturnValue:
    puzzle_set = services.owned_set_or_404(set_id)
    if ActionForm().validate_on_submit():
        db.session.delete(puzzle_set)
        db.session.commit()
        flash(_("The set “%(title)s” was deleted.", title=puzzle_set.title), "success")
    return redirect(url_for("teach.index"))


VISIBILITIES = ("private", "unlisted", "public")


@bp.post("/teach/sets/<int:set_id>/publish")
@login_required
def publish_set(set_id: int) -> ResponseReturnValue:
    """Private (only the teacher), unlisted (anyone with the link) or public (also listed
    on the puzzle pages). ``publish=1``/``0`` still means public/private."""
    puzzle_set = services.owned_set_or_404(set_id)
    if ActionForm().validate_on_submit():
        visibility = request.form.get("visibility") or {"1": "public", "0": "private"}.get(
            request.form.get("publish", ""), ""
        )
        if visibility not in VISIBILITIES:
            flash(_("Choose private, unlisted or public."), "error")
        elif visibility != "private" and not puzzle_set.puzzles:
            flash(_("Add a puzzle before sharing the set."), "error")
        elif visibility != "private" and (false := services.false_sentences_of(puzzle_set)):
            flash(_("The set is not shared: mend what the claim checker finds false first. "
                    "%(problems)s", problems=" ".join(false[:3])), "error")
        else:
            puzzle_set.is_published = visibility != "private"
            puzzle_set.is_listed = visibility == "public"
            db.session.commit()
            flash(
                {
                    "public": _("The set is public: it is listed on the puzzle pages, and "
                                "anyone with its link can solve it."),
                    "unlisted": _("The set is unlisted: anyone with its link can solve it, "
                                  "but it is not listed on the puzzle pages."),
                    "private": _("The set is private again: only you can see it."),
                }[visibility],
                "success",
            )
    return redirect(url_for("teach.edit_set", set_id=set_id))


@bp.get("/teach/sets/<int:set_id>/export")
@login_required
def export_set(set_id: int) -> ResponseReturnValue:
    puzzle_set = services.owned_set_or_404(set_id)
    return Response(
        export_json(puzzle_set),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{puzzle_set.slug}.json"'},
    )


@bp.route("/teach/import", methods=["GET", "POST"])
@login_required
def import_file() -> ResponseReturnValue:
    form = ImportForm()
    problem = None
    if form.validate_on_submit():
        upload = form.file.data
        name = secure_filename(upload.filename or "") or "upload.json"
        raw = upload.stream.read(MAX_IMPORT_BYTES + 1)
        try:
            puzzle_set, new = import_file_into_store(raw, name, current_user)
        except PuzzleImportError as exc:
            db.session.rollback()
            problem = error_text(exc)
        else:
            message = (
                _(
                    "Imported “%(title)s” with %(count)s puzzles. It is private until you "
                    "make it unlisted or public.",
                    title=puzzle_set.title,
                    count=len(puzzle_set.puzzles),
                )
                if new
                else _(
                    "Updated your set “%(title)s” from the file (%(count)s puzzles).",
                    title=puzzle_set.title,
                    count=len(puzzle_set.puzzles),
                )
            )
            flash(message, "success")
            return redirect(url_for("teach.edit_set", set_id=puzzle_set.id))
    status = 400 if problem or form.errors else 200
    return render_template(
        "teach/import.html", form=form, problem=problem, limit_kb=MAX_IMPORT_BYTES // 1024
    ), status


# ---------------------------------------------------------------- puzzles


def _editor(
    puzzle_set: PuzzleSet, form: PuzzleForm, puzzle: Puzzle | None, report: dict[str, Any] | None
) -> str:
    # The tasks, picker pack and fields of the set's game (the analyzer's profile table).
    profile = PROFILES.get(puzzle_set.ruleset, DEFAULT_PROFILE)
    form.task.choices = [c for c in TASK_CHOICES if c.value in tasks_of(profile)]
    return render_template(
        "teach/puzzle.html",
        profile=profile_info(profile),
        puzzle_set=puzzle_set,
        puzzle=puzzle,
        form=form,
        report=report,
        themes=known_themes(),
        action=ActionForm(),
        explanation_html=render_markdown(form.explanation.data or ""),
    )


def _required_game(puzzle_set: PuzzleSet, puzzle: Puzzle | None) -> str | None:
    """The game a position must play to join the set: the set's, once it has other
    puzzles (the first puzzle of an empty set may still choose another)."""
    others = any(p is not puzzle for p in puzzle_set.puzzles)
    return puzzle_set.ruleset if others else None


def _with_set_rules(text: str, ruleset: str) -> str:
    """The position text, naming the set's game when it names none (saved positions
    always say their game)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return text  # build_puzzle says what is wrong with it
    if isinstance(data, dict) and "rules" not in data:
        return json.dumps({"rules": ruleset, **data})
    return text


def _report_for(
    form: PuzzleForm, puzzle_set: PuzzleSet, puzzle: Puzzle | None
) -> dict[str, Any]:
    """The no-JS "Check" and the live endpoint say the same: one ``check`` call."""
    try:
        data = services.read_position_text(form.position.data or "")
    except services.FormProblem as exc:
        return {"ok": False, "error": {"field": "position", "message": exc.message}}
    task = form.task.data
    try:
        accepted = parse_play_lines(form.accepted.data or "", "accepted")
        take = parse_card_line(form.take.data or "", "take")
    except ValueError as exc:
        return {"ok": False, "error": {"field": "accepted", "message": str(exc)}}
    return check(
        data,
        task,
        accepted=accepted if task == "find_play" else None,
        take=take if task == "discard" else None,
        language=puzzle_set.language,
        hints=services.split_lines(form.hints.data),
        explanation=(form.explanation.data or "").strip(),
        ruleset=puzzle_set.ruleset,
        game=_required_game(puzzle_set, puzzle),
    )


def _save_puzzle(puzzle_set: PuzzleSet, puzzle: Puzzle | None) -> ResponseReturnValue:
    """Shared by "new" and "edit": check or save, re-showing the form with messages."""
    form = PuzzleForm()
    if not form.validate_on_submit():
        return _editor(puzzle_set, form, puzzle, None), 400
    report = _report_for(form, puzzle_set, puzzle)
    if request.form.get("action") == "check":
        # Without JS the teacher asks for the check; empty hint fields get the suggestions.
        suggestions = report.get("suggestions") or {}
        if suggestions and not (form.hints.data or "").strip():
            form.hints.data = "\n".join(suggestions["hints"])
        if suggestions and not (form.explanation.data or "").strip():
            form.explanation.data = suggestions["explanation"]
        return _editor(puzzle_set, form, puzzle, report)
    key = puzzle.key if puzzle is not None else services.next_key(puzzle_set)
    try:
        fields = dict(request.form.items())
        fields["position"] = _with_set_rules(fields.get("position", ""), puzzle_set.ruleset)
        data = services.build_puzzle(fields, key, puzzle_set.title, puzzle_set.language)
    except services.FormProblem as exc:
        for name, message in exc.problems:
            target = getattr(form, name, None)
            if target is None or not hasattr(target, "errors"):
                target = form.title
            target.errors = [*target.errors, message]
        return _editor(puzzle_set, form, puzzle, report), 400
    # A set plays one game (its file's "ruleset"): the first puzzle sets it.
    game = services.game_of(data)
    required = _required_game(puzzle_set, puzzle)
    if required is not None and game != required:
        form.position.errors = [*form.position.errors, other_game(required, game)]
        return _editor(puzzle_set, form, puzzle, report), 400
    puzzle_set.ruleset = game
    if puzzle is None:
        puzzle = puzzle_from_dict(data, len(puzzle_set.puzzles))
        puzzle_set.puzzles.append(puzzle)
        message = _("Puzzle added.")
    else:
        services.apply_puzzle(puzzle, data)
        message = _("Puzzle saved.")
    db.session.commit()
    flash(message, "success")
    return redirect(url_for("teach.edit_puzzle", set_id=puzzle_set.id, puzzle_id=puzzle.id))


@bp.route("/teach/sets/<int:set_id>/puzzles/new", methods=["GET", "POST"])
@login_required
def new_puzzle(set_id: int) -> ResponseReturnValue:
    puzzle_set = services.owned_set_or_404(set_id)
    if request.method == "POST":
        return _save_puzzle(puzzle_set, None)
    form = PuzzleForm(
        formdata=None,
        data={
            "title": _("Puzzle %(n)s", n=len(puzzle_set.puzzles) + 1),
            "task": tasks_of(PROFILES.get(puzzle_set.ruleset, DEFAULT_PROFILE))[0],
            "position": json.dumps(empty_position(puzzle_set.ruleset)),
            "difficulty": "1",
        },
    )
    return _editor(puzzle_set, form, None, None)


@bp.route("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>", methods=["GET", "POST"])
@login_required
def edit_puzzle(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    puzzle_set, puzzle = services.owned_puzzle_or_404(set_id, puzzle_id)
    if request.method == "POST":
        return _save_puzzle(puzzle_set, puzzle)
    form = PuzzleForm(formdata=MultiDict(services.form_data_of(puzzle)))
    return _editor(puzzle_set, form, puzzle, _report_for(form, puzzle_set, puzzle))


@bp.post("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/delete")
@login_required
def delete_puzzle(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    puzzle_set, puzzle = services.owned_puzzle_or_404(set_id, puzzle_id)
    if ActionForm().validate_on_submit():
        puzzle_set.puzzles.remove(puzzle)
        services.renumber(puzzle_set)
        if not puzzle_set.puzzles:
            puzzle_set.is_published = False
        db.session.commit()
        flash(_("Puzzle deleted."), "success")
    return redirect(url_for("teach.edit_set", set_id=set_id) + "#puzzles")


@bp.post("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/duplicate")
@login_required
def duplicate_puzzle(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    puzzle_set, puzzle = services.owned_puzzle_or_404(set_id, puzzle_id)
    if ActionForm().validate_on_submit():
        services.duplicate_puzzle(puzzle_set, puzzle)
        db.session.commit()
        flash(_("Puzzle duplicated."), "success")
    return redirect(url_for("teach.edit_set", set_id=set_id) + "#puzzles")


@bp.post("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/move")
@login_required
def move_puzzle(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    puzzle_set, puzzle = services.owned_puzzle_or_404(set_id, puzzle_id)
    if ActionForm().validate_on_submit():
        step = -1 if request.form.get("direction") == "up" else 1
        services.move_puzzle(puzzle_set, puzzle, step)
        db.session.commit()
    return redirect(url_for("teach.edit_set", set_id=set_id) + f"#puzzle-{puzzle_id}")


@bp.get("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/preview")
@login_required
def preview_puzzle(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    return preview.page(services.owned_puzzle_or_404(set_id, puzzle_id)[1])


@bp.post("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/preview/hint")
@login_required
def preview_hint(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    return preview.hint(services.owned_puzzle_or_404(set_id, puzzle_id)[1])


@bp.post("/teach/sets/<int:set_id>/puzzles/<int:puzzle_id>/preview/answer")
@login_required
def preview_answer(set_id: int, puzzle_id: int) -> ResponseReturnValue:
    return preview.answer(services.owned_puzzle_or_404(set_id, puzzle_id)[1])


# ---------------------------------------------------------------- the live check


def _card_lists(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(p, list) and all(isinstance(c, str) for c in p) for p in value)


@bp.post("/teach/api/check")
@login_required
def check_position() -> ResponseReturnValue:
    """The editor's live validation: position + task in, the report out (always JSON)."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(ok=False, error={"field": "body", "message": _("Send a JSON object.")}), 400
    task = body.get("task")
    language = body.get("language") if body.get("language") in SET_LANGUAGES else "en"
    # Cards stay as typed: check() reads them against the hand (two copies, jokers).
    accepted, take = body.get("accepted") or [], body.get("take")
    if not _card_lists(accepted) or (take is not None and not _card_lists([take])):
        message = _("Send each accepted play and the take as a list of cards.")
        return jsonify(ok=False, error={"field": "answer", "message": message}), 400
    hints, explanation = body.get("hints") or [], body.get("explanation") or ""
    if isinstance(hints, str):
        hints = services.split_lines(hints)
    if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints) \
            or not isinstance(explanation, str):
        message = _("Send the hints as a list of sentences and the explanation as text.")
        return jsonify(ok=False, error={"field": "hints", "message": message}), 400
    ruleset = game = None
    set_id = request.args.get("set", "")
    if set_id.isdigit() and len(set_id) <= 12:  # the editor's own set: its game holds
        puzzle_set = db.session.get(PuzzleSet, int(set_id))
        if puzzle_set is None or puzzle_set.owner_id != current_user.id:
            message = _("There is no such set of yours.")
            return jsonify(ok=False, error={"field": "set", "message": message}), 404
        editing = request.args.get("puzzle", "")
        puzzle = next((p for p in puzzle_set.puzzles if str(p.id) == editing), None)
        ruleset, game = puzzle_set.ruleset, _required_game(puzzle_set, puzzle)
    report = check(
        body.get("position"),
        task,
        accepted=accepted if task == "find_play" else None,
        take=take if task == "discard" else None,
        language=str(language),
        hints=[h.strip() for h in hints if h.strip()],
        explanation=explanation.strip(),
        ruleset=ruleset,
        game=game,
    )
    return jsonify(report)


register_commands(bp)
