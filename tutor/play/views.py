"""Play against the computer in any rule profile: set up a match, play it, resign or start
another, resume an unfinished one, review each hand.

One path for every profile (issue 28): the game is a :class:`TableGame`, the page renders
``play/game.html`` with the one view (``game_view``), and every move arrives as the form
field ``action``, the record-form action of one of the view's choices.  Plain forms with
CSRF tokens and redirect-after-post; static/js/play.js enhances them.  Only the learner
who started a game may see or play it here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.game.registry import game_rules
from solver.rules import RuleProfile, get_profile
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.extensions import limiter
from tutor.play import admission, coaching, repeats, store
from tutor.play import review as graded
from tutor.play.choices import suggested
from tutor.play.describe import phrase, tell
from tutor.play.games import (
    DEFAULT_LEVEL,
    HUMAN,
    NEXT_HAND,
    PlayError,
    TableGame,
    default_seats,
    known_rules,
    match_options,
    new_game,
    requested_seed,
)
from tutor.play.table_view import seat_name
from tutor.play.view import game_view, hand_result, log_entries, revealed_hands

bp = Blueprint("play", __name__, url_prefix="/play")

LEVEL_LABELS = {
    "easy": (_l("Easy"), _l("The computer plays any legal move at random.")),
    "medium": (_l("Medium"), _l("The computer takes every card it can and keeps its best cards.")),
    "hard": (_l("Hard"),
             _l("The expert: counts its outs, avoids feeding you and forces when it hurts.")),
}


def _owned(game_id: str) -> store.Loaded:
    """The learner's own game, or 404 (another learner's game does not exist for them);
    a stored game that no longer reads is answered with a page saying so."""
    learner = current_learner(create=False)
    loaded = store.load_playable(game_id)
    if loaded is None or learner is None or loaded.learner_id != learner.id:
        abort(404, description=_("There is no game of yours with this address."))
    return loaded


def profile_name(rules: RuleProfile) -> str:
    return _(rules.display_name)


def setup_text(rules: RuleProfile) -> list[str]:
    """What a match of ``rules`` is, from the profile and its match: who plays, how it
    ends."""
    seats = default_seats(rules)
    target = game_rules(rules).new_match(0, rules, seats, {}).target
    players = rules.rule("players")
    if rules.players_fixed:
        lines = [_("%(n)s players: you and the computer (%(rule)s).", n=rules.max_players,
                   rule=players)]
    else:
        lines = [_("You and %(lo)s to %(hi)s computer players (%(rule)s).",
                   lo=rules.min_players - 1, hi=rules.max_players - 1, rule=players)]
    end = rules.rule("match") or rules.rule("score")
    if target is None:
        lines.append(_("The table has no set end: the chips carry over from deal to deal for "
                       "as long as you play (%(rule)s).", rule=rules.rule("score")))
    else:
        lines.append(_("The first to reach %(target)s on the match score wins the match "
                       "(%(rule)s).", target=target, rule=end))
    return lines


def _profiles() -> list[dict[str, Any]]:
    out = []
    for key in known_rules():
        rules = get_profile(key)
        out.append({"id": key, "name": profile_name(rules), "text": setup_text(rules),
                    "opponents": list(range(rules.min_players - 1, rules.max_players)),
                    "default_opponents": default_seats(rules) - 1,
                    "options": match_options(rules)})
    return out


@bp.get("/")
def index() -> ResponseReturnValue:
    learner = current_learner(create=False)
    unfinished: list[dict[str, Any]] = []
    if learner is not None:
        unfinished = [{**vars(s), "rules_name": profile_name(s.rules)}
                      for s in store.summaries(learner.id, 20) if not s.over]
    seed = request.args.get("seed", "")
    profiles = _profiles()
    many = [p for p in profiles if len(p["opponents"]) > 1]
    return render_template(
        "play/index.html",
        levels=LEVEL_LABELS,
        default_level=DEFAULT_LEVEL,
        coaching_levels=coaching.LEVELS,
        coaching=coaching.level(),
        games=unfinished,
        profiles=profiles,
        rules=[(p["id"], p["name"]) for p in profiles],
        default_rules=known_rules()[0],
        many_seats=many,
        with_options=[p for p in profiles if p["options"]],
        seed=seed if seed.isdigit() and current_app.config["ALLOW_CLIENT_SEED"] else "",
    )


def _start_from(form: Mapping[str, Any], seed: int | None) -> TableGame:
    """A new game as the set-up form asks for it (coaching: the form's, else the learner's)."""
    rules = form.get("rules") or known_rules()[0]
    profile = get_profile(rules) if rules in known_rules() else None
    opponents = None
    options: dict[str, Any] = {}
    if profile is not None:
        if not profile.players_fixed:
            opponents = form.get("opponents")
        options = {name: form.get(name) for name in match_options(profile)}
    chosen = form.get("coaching")
    level = coaching.parse(chosen) if chosen else coaching.level()
    return new_game(rules, form.get("level", DEFAULT_LEVEL), seed, opponents, options,
                    level)


@bp.post("/")
@limiter.limit("120 per minute")
def start() -> ResponseReturnValue:
    try:
        seed = requested_seed(request.form.get("seed"), current_app.config["ALLOW_CLIENT_SEED"])
        game = _start_from(request.form, seed)
    except PlayError as exc:
        flash(error_text(exc), "error")
        return redirect(url_for(".index"))
    learner = current_learner()
    assert learner is not None
    coaching.save(game.coaching)  # remembered for this learner's next match
    game_id = store.create(game, learner.id)
    return redirect(url_for(".game", game_id=game_id, _anchor="play"))


def _context(game_id: str, game: TableGame) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "view": game_view(game, with_log=True,
                          help_requested=bool(request.args.get("help"))),
        "coaching": game.coaching,
        "coaching_levels": coaching.LEVELS,
        "level_label": LEVEL_LABELS[game.level][0],
        "rules_name": profile_name(game.rules),
        "finished_hands": game.hand_index + (1 if game.hand_over else 0),
        "move_number": repeats.move_number(game),
    }


@bp.get("/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    loaded = _owned(game_id)
    return render_template("play/game.html", **_context(game_id, loaded.game))


@bp.get("/<game_id>/table")
def table(game_id: str) -> ResponseReturnValue:
    """The table alone, for play.js to swap in after an action."""
    loaded = _owned(game_id)
    return render_template("play/_table.html", **_context(game_id, loaded.game))


def posted_action(form: Mapping[str, Any]) -> Any:
    """The move a table form sends: the field ``action``, the record-form action of one of
    the view's choices, as JSON (the game checks it); ``type=next_hand`` also deals on."""
    if form.get("type") == NEXT_HAND:
        return {"type": NEXT_HAND}
    try:
        action = json.loads(form.get("action") or "")
    except ValueError:
        action = None
    if not isinstance(action, dict):
        raise PlayError(_("Unknown action: choose one of the buttons on the page."))
    return action


def _finish(game_id: str, loaded: store.Loaded, change: Any) -> ResponseReturnValue:
    """Apply ``change`` to the learner's copy of the game, save it, and back to the table;
    a refused move is flashed and nothing is saved."""
    game = loaded.game
    try:
        change(game)
        store.save(loaded, game)
        if game.hand_over:
            graded.prepare(game_id, game)  # the review is ready when the learner asks
    except PlayError as exc:
        flash(error_text(exc), "error")
    except store.GameChanged:
        flash(_("This game was changed in another window. Here is where it stands now."), "error")
    return redirect(url_for(".game", game_id=game_id, _anchor="play"))


@bp.post("/<game_id>/act")
def act(game_id: str) -> ResponseReturnValue:
    with admission.turns:  # as the API's moves: a few at a time per process
        return _act(game_id)


def _act(game_id: str) -> ResponseReturnValue:
    loaded = _owned(game_id)
    try:
        action = posted_action(request.form)
        # The same form sent again (a retry) for a move already made: the game as it is.
        if repeats.repeated(loaded.game, request.form.get(repeats.FIELD), action):
            return redirect(url_for(".game", game_id=game_id, _anchor="play"))
    except PlayError as exc:
        flash(error_text(exc), "error")
        return redirect(url_for(".game", game_id=game_id, _anchor="play"))
    return _finish(game_id, loaded, lambda game: game.act(action))


@bp.post("/<game_id>/resign")
def resign(game_id: str) -> ResponseReturnValue:
    """The learner gives the match up: it ends, lost."""
    return _finish(game_id, _owned(game_id), lambda game: game.resign())


@bp.post("/<game_id>/new")
@limiter.limit("120 per minute")
def new_match(game_id: str) -> ResponseReturnValue:
    """Another match like this one: the same rules, computer level, seats and coaching."""
    old = _owned(game_id).game
    try:
        game = new_game(old.rules.id, old.level, None, old.seats - 1
                        if not old.rules.players_fixed else None, old.options, old.coaching)
    except PlayError as exc:
        flash(error_text(exc), "error")
        return redirect(url_for(".game", game_id=game_id, _anchor="play"))
    learner = current_learner()
    assert learner is not None
    return redirect(url_for(".game", game_id=store.create(game, learner.id), _anchor="play"))


@bp.post("/coaching")
def set_coaching() -> ResponseReturnValue:
    """Change the coaching of a game (kept with it) and remember it for the learner's next
    match, then go back to the match (or the start)."""
    chosen = coaching.parse(request.form.get("coaching", ""))
    if chosen is None:
        flash(_("Choose one of the coaching levels."), "error")
    else:
        coaching.save(chosen)
    game_id = request.form.get("game", "")
    if not game_id:
        return redirect(url_for(".index"))
    loaded = _owned(game_id)  # only the learner's own game: no redirect to anyone else's
    if chosen is not None and chosen != loaded.game.coaching:
        game = loaded.game
        game.coaching = chosen
        try:
            store.save(loaded, game)
        except store.GameChanged:
            flash(_("This game was changed in another window. Here is where it stands now."),
                  "error")
    return redirect(url_for(".game", game_id=game_id, _anchor="play"))


def _finished_hand(game_id: str, number: int) -> tuple[TableGame, dict[str, Any]]:
    """The learner's game and its finished hand ``number`` (from 1), or 404."""
    game = _owned(game_id).game
    hands = game.hand_states()
    if not 1 <= number <= len(hands) or (number == len(hands) and not game.hand_over):
        abort(404, description=_("This hand has not been played to its end yet."))
    return game, hands[number - 1]


def _being_graded(game_id: str, number: int, game: TableGame) -> ResponseReturnValue:
    """The review page while a grading worker has the hand (tutor.jobs)."""
    return render_template("play/review_pending.html", game_id=game_id, number=number,
                           level_label=LEVEL_LABELS[game.level][0])


@bp.get("/<game_id>/hands/<int:number>/review/status")
def review_status(game_id: str, number: int) -> ResponseReturnValue:
    """Whether the hand's review is stored yet: the page being graded asks until it is.  A
    job lost for good is enqueued again, or graded here with no worker left (ready_review)."""
    game, stored = _finished_hand(game_id, number)
    ready = graded.ready_review(game_id, number - 1, stored, game.seed) is not None
    return {"ready": ready, "review": url_for(".review", game_id=game_id, number=number)}


@bp.get("/<game_id>/hands/<int:number>/review")
def review(game_id: str, number: int) -> ResponseReturnValue:
    game, stored = _finished_hand(game_id, number)
    hands = game.hand_states()
    if graded.by_playouts(game.rules):
        return _profile_review(game_id, game, number)
    data = graded.ready_review(game_id, number - 1, stored, game.seed)
    if data is None:
        return _being_graded(game_id, number, game)
    review = graded.review_hand(stored, data)
    result = stored.get("result") or {}
    if "winner" in result:
        outcome = _("You won this hand.") if result["winner"] == HUMAN else _(
            "The computer won this hand.")
    else:
        outcome = _("This hand was a draw (%(rule)s).", rule=game.rules.rule("draw"))
    return render_template(
        "play/review.html",
        game_id=game_id,
        number=number,
        review=review,
        decisions=review.decisions,
        grade_labels=graded.GRADE_LABELS,
        thresholds=graded.thresholds(),
        outcome=outcome,
        hands_played=len(hands) - (0 if game.hand_over else 1),
        level_label=LEVEL_LABELS[game.level][0],
        match_over=game.match_over,
        analyzer="analyzer.index" in current_app.view_functions,
    )


def _views_at(stored: Mapping[str, Any], observe: Any, steps: set[int]
              ) -> dict[int, dict[str, Any]]:
    """The learner's view before each of ``steps`` moves of a stored hand."""
    from solver.game.record import state_from_dict
    from solver.review.profiles import without_drawn_card

    state = state_from_dict({**stored, "actions": [], "result": None})
    final = state_from_dict(stored)
    views: dict[int, dict[str, Any]] = {}
    for step, (_seat, action) in enumerate(final.history):
        if step in steps:
            views[step] = observe(state, HUMAN).to_dict()
        state.apply_action(without_drawn_card(action))
    return views


def _named(action: dict[str, Any], view: Mapping[str, Any]) -> dict[str, Any]:
    """A move of the review with the cards of the meld it takes back (Kunken, K9), which
    the record gives only by its place."""
    if action.get("type") != "take_back":
        return action
    melds = view.get("melds") or []
    index = action.get("meld")
    if isinstance(index, int) and 0 <= index < len(melds):
        meld = melds[index]
        return {**action, "cards": list(meld["cards"] if isinstance(meld, Mapping) else meld)}
    return action


def _joker_name(code: str) -> str:
    return phrase(code) if len(code) > 1 else _("joker")


def _profile_review(game_id: str, game: TableGame, number: int) -> ResponseReturnValue:
    """The review of a finished hand graded by solver.review.profiles: the learner's
    decisions graded, the result and every hand as it ended, turned face up."""
    from solver.game.record import state_from_dict

    stored = game.hand_states()[number - 1]
    state = state_from_dict(stored)
    rules = game_rules(game.rules)
    you = seat_name(HUMAN, game.seats)
    data = graded.ready_review(game_id, number - 1, stored, game.seed)
    if data is None:
        return _being_graded(game_id, number, game)
    review = graded.profile_review(data)
    history = state.history
    views = _views_at(stored, rules.observe, {d.step for d in review.decisions})
    decisions = [{"d": d, "you": tell(_named(rules.observe_action(
                      state, HUMAN, history[d.step][1], HUMAN), views[d.step]), HUMAN, you),
                  "best": suggested(_named(d.best, views[d.step]), views[d.step],
                                    get_profile(game.rules))}
                 for d in review.decisions]
    return render_template(
        "play/profile_review.html",
        game_id=game_id,
        number=number,
        review=review,
        decisions=decisions,
        grade_labels=graded.PROFILE_GRADE_LABELS,
        thresholds=graded.profile_thresholds(),
        outcome=hand_result({"result": stored.get("result")}, game.seats) or "",
        revealed=revealed_hands(state, game.seats),
        log=log_entries(state),
        rules_name=profile_name(game.rules),
        card_name=_joker_name,
        level_label=LEVEL_LABELS[game.level][0],
    )
