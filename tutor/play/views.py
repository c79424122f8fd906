"""Play against the computer: choose a level, play a match to 3 (R12), review each hand.

Plain forms with CSRF tokens and redirect-after-post; static/js/play.js enhances them
through the JSON API.  Only the learner who started a game may see or play it here.
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
from werkzeug.datastructures import MultiDict

from solver.cards import card_str, cards_of
from solver.claims.play import force_help as forcing_help
from solver.cover import first_cover
from solver.errors import ConquianError
from solver.game.errors import InvalidGameError
from solver.melds import meld_cards
from tutor.core.errors import error_text
from tutor.core.learner import current_learner
from tutor.extensions import limiter
from tutor.play import coaching, store
from tutor.play import review as graded
from tutor.play.coaching import can_pick_cards, plain_prompt
from tutor.play.describe import names, translator
from tutor.play.forms import TakeChoice, form_action, parse_take
from tutor.play.games import (
    DEFAULT_LEVEL,
    DEFAULT_RULES,
    HUMAN,
    PlayError,
    game_from_dict,
    is_profile_game,
    known_rules,
    new_game,
    requested_seed,
)
from tutor.play.profile_view import RULE_NAMES, profile_view
from tutor.play.profiles import CONQUIN_OPPONENTS, DEFAULT_CONQUIN_OPPONENTS
from tutor.play.view import game_view, human_observation

bp = Blueprint("play", __name__, url_prefix="/play")

LEVEL_LABELS = {
    "easy": (_l("Easy"), _l("The computer plays any legal move at random.")),
    "medium": (_l("Medium"), _l("The computer takes every card it can and keeps its best cards.")),
    "hard": (_l("Hard"),
             _l("The expert: counts its outs, avoids feeding you and forces when it hurts.")),
}


def _owned(game_id: str) -> store.Loaded:
    """The learner's own game, or 404 (another learner's game does not exist for them)."""
    learner = current_learner(create=False)
    try:
        loaded = store.load(game_id)
    except InvalidGameError:
        current_app.logger.exception("stored game %s does not load", game_id)
        abort(404)
    if loaded is None or learner is None or loaded.learner_id != learner.id:
        abort(404, description=_("There is no game of yours with this address."))
    return loaded


def _summary(row: Any) -> dict[str, Any] | None:
    try:
        game = game_from_dict(row.state, row.level)
    except ConquianError:
        return None
    score = list(game.score)
    rules = game.rules if is_profile_game(game) else DEFAULT_RULES
    return {"id": row.id, "level": row.level, "you": score[0], "them": max(score[1:]),
            "rules": rules, "rules_name": RULE_NAMES.get(rules, ""),
            "over": game.match_over, "hand": game.hand_index + 1, "updated": row.updated_at}


@bp.get("/")
def index() -> ResponseReturnValue:
    learner = current_learner(create=False)
    games = []
    if learner is not None:
        games = [s for s in map(_summary, store.learner_games(learner.id)) if s is not None]
    seed = request.args.get("seed", "")
    return render_template(
        "play/index.html",
        levels=LEVEL_LABELS,
        default_level=DEFAULT_LEVEL,
        coaching_levels=coaching.LEVELS,
        coaching=coaching.level(),
        games=games,
        rules=[(r, RULE_NAMES.get(r, "Conquian (40)")) for r in known_rules()],
        default_rules=DEFAULT_RULES,
        opponents=range(CONQUIN_OPPONENTS[0], CONQUIN_OPPONENTS[1] + 1),
        default_opponents=DEFAULT_CONQUIN_OPPONENTS,
        seed=seed if seed.isdigit() and current_app.config["ALLOW_CLIENT_SEED"] else "",
    )


@bp.post("/")
@limiter.limit("120 per minute")
def start() -> ResponseReturnValue:
    try:
        seed = requested_seed(request.form.get("seed"), current_app.config["ALLOW_CLIENT_SEED"])
        rules = request.form.get("rules") or DEFAULT_RULES
        opponents = request.form.get("opponents") if rules == "conquin" else None
        pot_chip = rules == "conquin" and request.form.get("pot_chip") == "on"
        game = new_game(rules, request.form.get("level", DEFAULT_LEVEL), seed, opponents,
                        pot_chip)
    except PlayError as exc:
        flash(error_text(exc), "error")
        return redirect(url_for(".index"))
    learner = current_learner()
    assert learner is not None
    coaching.save(request.form.get("coaching", ""))  # remembered for this learner
    game_id = store.create(game, learner.id)
    return redirect(url_for(".game", game_id=game_id, _anchor="play"))


def _profile_context(game_id: str, game: Any) -> dict[str, Any]:
    from tutor.play.profile_view import card_name, own_melds, table_seats

    view = profile_view(game, with_log=True)
    return {
        "game_id": game_id,
        "view": view,
        "seats": table_seats(view),
        "melds": own_melds(view),
        "card_name": card_name,
        "coaching": coaching.level(),
        "coaching_levels": coaching.LEVELS,
        "level_label": LEVEL_LABELS[game.level][0],
        "finished_hands": game.hand_index + (1 if game.hand_over else 0),
    }


def _table_context(game_id: str, game: Any, args: MultiDict[str, str]) -> dict[str, Any]:
    if is_profile_game(game):
        return _profile_context(game_id, game)
    obs = human_observation(game)
    view = game_view(game, obs, with_log=True)
    level = coaching.level()
    listed = level == "full"  # only full coaching lists the takes and states the verdict
    if not listed:
        history = game.state.history
        last_player, last_action = history[-1] if history else (None, None)
        view["prompt"] = plain_prompt(obs, last_action, last_player == HUMAN, translator())
    can_pick = can_pick_cards(obs, level)
    take: TakeChoice | None = None
    if "take" in args and can_pick:
        take = parse_take(obs, args.getlist("take"), listed)
    force_melds = None
    force_help: list[str] = []
    if obs.phase == "force" and obs.center is not None:
        cover = first_cover(obs.opponent_exposed | 1 << obs.center)
        force_melds = [] if cover is None else [
            [card_str(c) for c in meld_cards(m)] for m in cover
        ]
        helped = forcing_help(obs)
        if helped is not None:
            force_help = [claim.render(_) for claim in helped[0]]
    analyzer_url = None
    if view["position"] is not None and "analyzer.index" in current_app.view_functions:
        analyzer_url = url_for("analyzer.index",
                               json=json.dumps(view["position"], separators=(",", ":")))
    take_options = []
    if listed and "take" in obs.action_types and obs.analysis is not None:
        for play in obs.analysis.plays:
            label = (_("Lay the %(cards)s with it", cards=names(play.hand_cards))
                     if play.hand_cards else _("Take it onto your melds, with no card from hand"))
            take_options.append({
                "hand_cards": [card_str(c) for c in cards_of(play.hand_cards)],
                "melds": [[card_str(c) for c in meld_cards(m)] for m in play.melds],
                "wins": play.wins, "rearranged": play.rearranged, "label": label,
            })
    return {
        "game_id": game_id,
        "view": view,
        "take": take,
        "take_options": take_options,
        "can_pick": can_pick,
        "coaching": level,
        "coaching_levels": coaching.LEVELS,
        "force_melds": force_melds,
        "force_help": force_help,
        "analyzer_url": analyzer_url,
        "level_label": LEVEL_LABELS[game.level][0],
        "finished_hands": game.hand_index + (1 if game.hand_over else 0),
    }


@bp.get("/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    loaded = _owned(game_id)
    if is_profile_game(loaded.game):
        return render_template("play/profile_game.html",
                               **_profile_context(game_id, loaded.game))
    return render_template("play/game.html", **_table_context(game_id, loaded.game, request.args))


@bp.get("/<game_id>/table")
def table(game_id: str) -> ResponseReturnValue:
    """The table alone, for play.js to swap in after an action."""
    loaded = _owned(game_id)
    if is_profile_game(loaded.game):
        return render_template("play/_profile_table.html",
                               **_profile_context(game_id, loaded.game))
    return render_template("play/_table.html",
                           **_table_context(game_id, loaded.game, request.args))


@bp.post("/<game_id>/act")
def act(game_id: str) -> ResponseReturnValue:
    loaded = _owned(game_id)
    game = loaded.game
    try:
        if is_profile_game(game):
            game.act(_profile_form_action(request.form))
        else:
            listed = coaching.level() == "full"
            game.act(form_action(human_observation(game), request.form, listed))
        store.save(loaded, game)
        if game.hand_over:
            graded.prepare(game_id, game)  # the review is ready when the learner asks
    except PlayError as exc:
        flash(error_text(exc), "error")
    except store.GameChanged:
        flash(_("This game was changed in another window. Here is where it stands now."), "error")
    return redirect(url_for(".game", game_id=game_id, _anchor="play"))


def _profile_form_action(form: Any) -> Any:
    """A profile game's action from its form: one button per legal action, carrying the
    action in the record format as JSON (the engine checks it)."""
    if form.get("type") == "next_hand":
        return {"type": "next_hand"}
    try:
        action = json.loads(form.get("action", ""))
    except ValueError:
        action = None
    if not isinstance(action, dict):
        raise PlayError(_("Unknown action: choose one of the buttons on the page."))
    return action


@bp.post("/coaching")
def set_coaching() -> ResponseReturnValue:
    """Remember the learner's coaching level, then go back to the match (or the start)."""
    if not coaching.save(request.form.get("coaching", "")):
        flash(_("Choose one of the coaching levels."), "error")
    game_id = request.form.get("game", "")
    if game_id:
        _owned(game_id)  # only the learner's own game: no redirect to anyone else's
        return redirect(url_for(".game", game_id=game_id, _anchor="play"))
    return redirect(url_for(".index"))


@bp.get("/<game_id>/hands/<int:number>/review")
def review(game_id: str, number: int) -> ResponseReturnValue:
    loaded = _owned(game_id)
    game = loaded.game
    if is_profile_game(game):
        return _profile_review(game_id, game, number)
    hands = game.hand_states()
    if not 1 <= number <= len(hands) or (number == len(hands) and not game.hand_over):
        abort(404, description=_("This hand has not been played to its end yet."))
    stored = hands[number - 1]
    data = graded.stored_review(game_id, number - 1, stored, game.seed)
    review = graded.review_hand(stored, data)
    result = stored.get("result") or {}
    if "winner" in result:
        outcome = _("You won this hand.") if result["winner"] == HUMAN else _(
            "The computer won this hand.")
    else:
        outcome = _("This hand was a draw (R11).")
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


def _profile_review(game_id: str, game: Any, number: int) -> ResponseReturnValue:
    """The review of a finished hand of another profile: the learner's decisions graded
    (solver.review.profiles), the result and every hand as it ended, turned face up."""
    from solver.game.record import state_from_dict
    from tutor.play.profile_view import (
        card_name,
        describe,
        hand_log,
        hand_result,
        revealed_hands,
    )

    hands = game.hand_states()
    if not 1 <= number <= len(hands) or (number == len(hands) and not game.hand_over):
        abort(404, description=_("This hand has not been played to its end yet."))
    stored = hands[number - 1]
    state = state_from_dict(stored)
    from solver.game.registry import game_rules

    rules = game_rules(game.rules)
    observe = rules.observe
    revealed = revealed_hands(state)
    review = graded.profile_review(graded.stored_review(game_id, number - 1, stored, game.seed))
    history = state.history
    views = _views_at(stored, observe, {d.step for d in review.decisions})
    decisions = [{"d": d, "you": describe(_named(rules.observe_action(
                      state, HUMAN, history[d.step][1], HUMAN), views[d.step]), HUMAN),
                  "best": describe(_named(d.best, views[d.step]), HUMAN)}
                 for d in review.decisions]
    return render_template(
        "play/profile_review.html",
        game_id=game_id,
        number=number,
        review=review,
        decisions=decisions,
        grade_labels=graded.PROFILE_GRADE_LABELS,
        thresholds=graded.profile_thresholds(),
        outcome=hand_result(game, stored.get("result")) or "",
        revealed=revealed,
        log=hand_log(state),
        rules_name=RULE_NAMES.get(game.rules, game.rules),
        card_name=card_name,
        level_label=LEVEL_LABELS[game.level][0],
    )
