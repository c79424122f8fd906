"""``/analyzer/``: build or paste a position and see every play with the center card.

The position lives in the query string (see :mod:`tutor.analyzer.codec`), so the page
works without JavaScript and every analysis can be shared; static/js/analyzer.js updates
it live through ``POST /analyzer/analysis`` (the API's answer, with errors in the form's
words: see :mod:`tutor.analyzer.wording`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from solver.analysis import Analysis, Play
from solver.cards import JOKER_BASE, card_str, cards_of
from solver.claims.profiles import explain_any, explain_center_play
from solver.errors import ConquianError
from solver.explain import Sentence, explain, explain_play
from solver.position import Position
from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile
from solver.rules.cite import cite
from solver.rules.variants import Colonel, Conquin, Cooncan, Kunken
from solver.search import analyze
from tutor.analyzer.codec import (
    QueryError,
    form_values,
    has_position,
    position_data,
    position_query,
    profile_of,
)
from tutor.analyzer.profiles import profile_options, profiles_table
from tutor.analyzer.wording import form_error_text
from tutor.analyzer.words import page_words
from tutor.api.analyze import analysis_response, read_json_body
from tutor.core.card_words import alone_title
from tutor.core.errors import error_text

bp = Blueprint("analyzer", __name__, url_prefix="/analyzer")

MAX_JSON = 4000  # characters of pasted JSON


# Positions offered as starting points: (label, canonical query, hands in the site's order).
EXAMPLES = (
    # The rule book's worked example, the same hand as the lesson's (tutor.learn.lessons).
    ("worked", {"hand": "3S6SQS4H5H2D7DKDACJC", "opp": "KSKHKC", "center": "6H", "stock": "12"}),
    ("rearrange", {"hand": "2SKSJHQDAC6C", "melds": "3H4H5H6H", "center": "6D", "stock": "12"}),
    ("force", {"hand": "AH6HQHJDKD3C7C", "melds": "2S3S4S", "center": "5S", "from": "stock"}),
    ("win", {"hand": "4SQHQD", "melds": "AS2S3S.5C6C7CJC", "center": "QS"}),
    # One position of each other rule system (the README's docs/examples), keyed by its
    # profile's id.
    *((profile.id, {"rules": profile.id, **query}) for profile, query in (
        (Cooncan, {"hand": "5S6S7SAH3HJDQD2C4CKC", "opp": "4D5D6D", "center": "7D",
                   "stock": "15"}),
        (Colonel, {"hand": "10SJSQS8H9HKH2D3D2C5C", "opp": "4S5S6S", "center": "10H",
                   "stock": "25"}),
        (Conquin, {"hand": "7SAHQHKH7D9D4C5C7C*", "center": "2H", "players": "4"}),
        (Kunken, {"hand": "QS8H9H6DQD2C*", "melds": "3C4C5C", "opp": "KSKDKC", "center": "10H",
                  "stock": "20"}),
    )),
)


@dataclass
class PlayView:
    """One play, ready to draw: the arrangement with the newly exposed cards marked."""

    hand_cards: list[str]
    melds: list[list[str]]
    new: set[str]
    rearranged: bool
    wins: bool
    sentences: list[str]
    lay_off: list[dict[str, Any]]
    """Cards laid off on the opponent's melds (profiles with lay-offs): meld index, cards."""


@dataclass
class PlayGroup:
    key: str
    title: str
    plays: list[PlayView]


def _render(sentence: Sentence, position: Position) -> str:
    """A sentence in the page's language, citing the rule book of the position's profile."""
    return cite(sentence.render(_), position.rules)


def _play_view(analysis: Analysis, play: Play) -> PlayView:
    center = card_str(analysis.position.center)
    hand_cards = [card_str(c) for c in cards_of(play.hand_cards)]
    lay_off = play.to_dict().get("lay_off") or []
    return PlayView(
        hand_cards=hand_cards,
        melds=[play.meld_strings(m) for m in play.melds],
        new={center, *hand_cards},
        rearranged=play.rearranged,
        wins=play.wins,
        sentences=_play_sentences(analysis, play),
        lay_off=list(lay_off),
    )


def _play_sentences(analysis: Analysis, play: Play) -> list[str]:
    position = analysis.position
    if position.rules.plain_center:
        return [_render(s, position) for s in explain_play(analysis, play)]
    return [s.render(_) for s in explain_center_play(analysis, play)]


def _explanation(analysis: Analysis) -> list[str]:
    position = analysis.position
    if position.rules.plain_center:
        return [_render(s, position) for s in explain(analysis)]
    return [s.render(_) for s in explain_any(analysis)]


def group_plays(analysis: Analysis) -> list[PlayGroup]:
    """Winning plays first, then by the number of hand cards laid down, most first."""
    groups: list[PlayGroup] = []
    wins = [_play_view(analysis, p) for p in analysis.plays if p.wins]
    if wins:
        groups.append(PlayGroup("wins", _("Winning plays"), wins))
    sizes = sorted({p.size for p in analysis.plays if not p.wins}, reverse=True)
    for size in sizes:
        plays = [_play_view(analysis, p) for p in analysis.plays if not p.wins and p.size == size]
        if size == 0:
            title = alone_title(analysis.position.rules)
        else:
            title = ngettext(
                "Laying %(num)d card from your hand", "Laying %(num)d cards from your hand", size
            )
        groups.append(PlayGroup(f"size-{size}", title, plays))
    return groups


def analysis_context(position: Position) -> dict[str, Any]:
    """What the results template needs.  The center analysis is drawn from its value types;
    the others (draw, closing) from their contract JSON, as static/js/analyzer.js draws them.
    Raises :class:`ConquianError` when the profile's analysis cannot be made."""
    profile = position.rules
    context: dict[str, Any] = {
        "kind": profile.analysis,
        "center": "*" if position.center >= JOKER_BASE else card_str(position.center),
        "share_query": position_query(position),
        "rule_take": profile.rule("take"),
        "rule_force": profile.rule("force") if profile.forcing else "",
    }
    if profile.analysis != "center":
        context["data"] = analysis_response(position)
        return context
    analysis = analyze(position)
    context.update(
        analysis=analysis,
        groups=group_plays(analysis),
        explanation=_explanation(analysis),
    )
    return context


def _profile_context(profile: RuleProfile) -> dict[str, Any]:
    return {
        "profile": profile,
        "profile_options": profile_options(),
        "profiles_table": profiles_table(),
        "rules_profile": profile.id,
        "words": page_words(profile),
    }


@bp.get("/")
def index() -> ResponseReturnValue:
    args = request.args
    context: dict[str, Any] = {"examples": EXAMPLES, "json_text": "", "error": None}
    status = 200
    try:
        context.update(_profile_context(profile_of(args)))
    except QueryError:
        context.update(_profile_context(DEFAULT_PROFILE))

    if "json" in args:
        text = args.get("json", "")
        context["json_text"] = text[:MAX_JSON]
        try:
            if len(text) > MAX_JSON:
                raise QueryError(_("The pasted JSON is too long for one position."))
            position = Position.from_json(text)
        except (QueryError, ConquianError) as exc:
            context.update(values=form_values({}), error=error_text(exc), error_source="json")
            return render_template("analyzer/index.html", **context), 400
        return redirect(url_for("analyzer.index") + "?" + urlencode(position_query(position)))


    context["values"] = form_values(args)
    if has_position(args):
        try:
            position = Position.from_dict(position_data(args))
            context.update(analysis_context(position))
        except QueryError as exc:
            context.update(error=str(exc), error_source="form")
            status = 400
        except ConquianError as exc:
            context.update(error=form_error_text(exc, context["profile"]), error_source="form")
            status = 400
    return render_template("analyzer/index.html", **context), status


@bp.post("/analysis")
def live_analysis() -> ResponseReturnValue:
    """The page's live analysis (static/js/analyzer.js): ``POST /api/analyze``'s answer,
    but an error names the form's fields rather than the JSON's."""
    data, problem = read_json_body()
    if problem is not None:
        return jsonify(error=problem), 400
    rules = data.get("rules") if isinstance(data, dict) else None
    profile = PROFILES.get(rules, DEFAULT_PROFILE) if isinstance(rules, str) else DEFAULT_PROFILE
    try:
        position = Position.from_dict(data)
        answer = analysis_response(position)
    except ConquianError as exc:
        return jsonify(error=form_error_text(exc, profile)), 400
    return jsonify(answer)
