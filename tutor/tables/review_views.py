"""The review of a finished table hand, for each player their own (their seat's decisions,
graded from what that seat saw), and the host's grant of the hand's cards to the class's
teacher.  The pages reuse the play review's grade summary and chart (play/_grades.html)
and its sentences, each checked there; the seats are named as at the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from solver.game.record import state_from_dict
from solver.game.registry import game_rules
from solver.rules import get_profile
from tutor.core.errors import error_text
from tutor.extensions import limiter
from tutor.play import review as graded
from tutor.play.choices import suggested
from tutor.play.describe import opens, phrase, tell, translator
from tutor.play.games import TableGame
from tutor.play.view import hand_result
from tutor.tables import review_grading, reviews, web
from tutor.tables.seat_view import seat_names
from tutor.tables.services import TableError

bp = Blueprint("table_reviews", __name__)


def _refuse(exc: TableError) -> ResponseReturnValue:
    if web.wants_json():
        return jsonify({"error": error_text(exc)}), exc.status
    abort(exc.status, description=error_text(exc))


def _seat_and_hand(table_id: str, number: int
                   ) -> tuple[Any, TableGame, dict[str, Any], int]:
    table, game, stored = reviews.finished_hand(table_id, number)
    return table, game, stored, reviews.own_seat(table, web.learner_id())


@bp.get("/tables/<table_id>/hands/<int:number>/review/status")
def review_status(table_id: str, number: int) -> ResponseReturnValue:
    """Whether the viewer's review of the hand is stored yet (the pending page asks)."""
    try:
        _table, game, stored, seat = _seat_and_hand(table_id, number)
    except TableError as exc:
        return _refuse(exc)
    data = review_grading.ready_review(table_id, number - 1, seat, stored, game.seed)
    return {"ready": data is not None,
            "review": url_for(".review", table_id=table_id, number=number)}


@bp.get("/tables/<table_id>/hands/<int:number>/review")
def review(table_id: str, number: int) -> ResponseReturnValue:
    """The viewer's own review of hand ``number`` (from 1): only a player of the table, and
    only their seat's decisions."""
    try:
        table, game, stored, seat = _seat_and_hand(table_id, number)
    except TableError as exc:
        return _refuse(exc)
    names = seat_names(table.seats, table.options["seats"])
    data = review_grading.ready_review(table_id, number - 1, seat, stored, game.seed)
    common = {"table": table, "number": number, "seat": seat, "names": names,
              "rules_name": _(game.rules.display_name),
              "is_host": table.host_id == web.learner_id(),
              "granted": reviews.granted(table_id, number - 1),
              "back": url_for("tables.show", table_id=table_id, _anchor="play")}
    if data is None:
        return render_template("tables/review_pending.html", **common)
    final = state_from_dict(stored)
    view = game_rules(game.rules).observe(final, seat).to_dict()
    common.update(outcome=_outcome(view, seat, names), revealed=_revealed(final, names),
                  log=_log(final, seat, names))
    return _page(stored, data, seat, common)


def _page(stored: Mapping[str, Any], data: Mapping[str, Any], seat: int,
                  common: dict[str, Any]) -> ResponseReturnValue:
    """Each graded decision (solver.review.profiles): the seat's move and the best one
    compared, told as the seat's observer saw them."""
    review = graded.profile_review(data)
    rules = game_rules(stored["ruleset"])
    profile = get_profile(stored["ruleset"])
    final = state_from_dict(stored)
    views = _views_at(stored, seat, {d.step for d in review.decisions})
    translate = translator()
    rows = []
    for d in review.decisions:
        mine = rules.observe_action(final, seat, final.history[d.step][1], seat)
        rows.append({"d": d, "you": tell(_named(mine, views[d.step]), 0, "", translate),
                     "best": suggested(_named(d.best, views[d.step]), views[d.step], profile)})
    return render_template("tables/review.html", review=review, decisions=rows,
                           grade_labels=graded.PROFILE_GRADE_LABELS,
                           thresholds=graded.profile_thresholds(),
                           card_name=lambda c: phrase(c) if len(c) > 1 else _("joker"),
                           **common)


def _views_at(stored: Mapping[str, Any], seat: int, steps: set[int]
              ) -> dict[int, dict[str, Any]]:
    """The seat's own observation before each of ``steps`` moves of a stored hand."""
    from solver.review.profiles import without_drawn_card

    rules = game_rules(stored["ruleset"])
    state = state_from_dict({**stored, "actions": [], "result": None})
    views: dict[int, dict[str, Any]] = {}
    for step, (_player, action) in enumerate(state_from_dict(stored).history):
        if step in steps:
            views[step] = rules.observe(state, seat).to_dict()
        state.apply_action(without_drawn_card(action))
    return views


def _named(action: Mapping[str, Any], view: Mapping[str, Any]) -> dict[str, Any]:
    """A move with the cards of the meld it takes back (Kunken, K9), which the record
    gives only by its place (as the play review shows it)."""
    if action.get("type") != "take_back":
        return dict(action)
    melds = view.get("melds") or []
    index = action.get("meld")
    if isinstance(index, int) and 0 <= index < len(melds):
        meld = melds[index]
        return {**action, "cards": list(meld["cards"] if isinstance(meld, Mapping) else meld)}
    return dict(action)


def _outcome(view: Mapping[str, Any], seat: int, names: list[str]) -> str:
    """The hand's result as the seat's observer tells it ("you" for the seat)."""
    result = view.get("result")
    winner = result.get("winner") if isinstance(result, dict) else None
    if winner == "you" or winner == seat:
        return _("You won the hand!")
    if isinstance(winner, int) and 0 <= winner < len(names):
        return _("%(who)s won the hand.", who=names[winner])
    if winner == "opponent" and len(names) == 2:
        return _("%(who)s won the hand.", who=names[1 - seat])
    return hand_result(dict(view), len(names)) or ""


def _revealed(final: Any, names: list[str]) -> list[dict[str, Any]]:
    """Each hand as it ended, from its own seat's observer, as every seat is shown it once
    the hand is over (a Conquin hand thrown in stays face down: ``None``)."""
    rules = game_rules(final.deal.rules)
    return [{"seat": s, "name": names[s],
             "hand": rules.observe(final, s).to_dict().get("hand", [])
             if rules.shows_hand is None or rules.shows_hand(final, s) else None}
            for s in range(len(names))]


def _log(final: Any, seat: int, names: list[str]) -> list[dict[str, Any]]:
    """Every move of the hand as the seat's observer showed it."""
    seen = game_rules(final.deal.rules).observe_action
    translate = translator()
    out = []
    for step, (player, action) in enumerate(final.history):
        data = seen(final, player, action, seat)
        actor = 0 if player == seat else 1 + player
        out.append({"actor": "you" if player == seat else "other",
                    "text": tell(data, actor, names[player], translate,
                                 opening=opens(final.history, step, player))})
    return out


@bp.post("/tables/<table_id>/hands/<int:number>/grant")
@limiter.limit("30 per minute")
def grant(table_id: str, number: int) -> ResponseReturnValue:
    """The host shows the class's teacher the cards of finished hand ``number``."""
    try:
        reviews.grant(table_id, web.learner_id(), number)
    except TableError as exc:
        if web.wants_json():
            return jsonify({"error": error_text(exc)}), exc.status
        if exc.status == 404:
            abort(404, description=error_text(exc))
        flash(error_text(exc), "error")
        return redirect(url_for("tables.show", table_id=table_id))
    if web.wants_json():
        return jsonify({"granted": True, "hand": number})
    flash(_("The teacher watching this table now sees the cards of hand %(n)s.", n=number),
          "success")
    if request.form.get("back") == "review":
        return redirect(url_for(".review", table_id=table_id, number=number))
    return redirect(url_for("tables.show", table_id=table_id))
