""""What can I do with this card?" for every profile: the learner's position read off the
view of seat 0 (the card they face: the center card, the upcard, the face-up card), the
analysis of the profile's kind (``RuleProfile.analysis``) and its explanation as claims
the claim checker confirms (``solver.claims``), each citing the profile's own rule ids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.analysis import Analysis
from solver.claims.kinds import Claim
from solver.claims.profiles import explain_any
from solver.errors import ConquianError
from solver.explain import explain
from solver.position import Position
from solver.rules import RuleProfile
from solver.rules.cite import cite
from solver.search import analyze_any
from tutor.play.table_view import HUMAN


def _laid(table: Sequence[Mapping[str, Any]], owner: int) -> list[dict[str, Any]]:
    """The cards of ``owner``'s melds laid off by the other seat, per meld (C14, K15, H13)."""
    out = []
    for index, meld in enumerate(m for m in table if m["owner"] == owner):
        cards = [c["code"] for c in meld["cards"] if c["owner"] != owner]
        if cards:
            out.append({"meld": index, "cards": cards})
    return out


def _melds(table: Sequence[Mapping[str, Any]], owner: int) -> list[list[str]]:
    return [[c["code"] for c in m["cards"]] for m in table if m["owner"] == owner]


def position_data(view: Mapping[str, Any], rules: RuleProfile, kinds: set[str],
                  table: Sequence[Mapping[str, Any]], seats: int) -> dict[str, Any] | None:
    """The learner's position (contract "position JSON") when they face a card the
    profile's analysis reads; ``None`` otherwise."""
    if not view.get("to_act") or not view.get("hand"):
        return None
    base: dict[str, Any] = {"rules": rules.id, "hand": list(view["hand"])}
    if rules.analysis == "closing":
        if "take" not in kinds or not view.get("center"):
            return None
        return {**base, "center": view["center"], "players": seats}
    mine, theirs = _melds(table, HUMAN), _melds(table, 1)
    owned = {"laid_off": _laid(table, 1), "opponent_laid_off": _laid(table, HUMAN)}
    owned = {k: v for k, v in owned.items() if v}
    if rules.analysis == "draw":
        if "draw" not in kinds or not view.get("upcard"):
            return None
        return {**base, "melds": mine, "opponent_melds": theirs, "center": view["upcard"],
                "center_from": "opponent", "stock": view.get("stock_count", 0), **owned}
    center, source = view.get("pending"), view.get("pending_from")  # Kunken's card in use
    if center is None:
        center, source = view.get("center"), view.get("center_from") or "opponent"
        if not kinds & {"take", "decline", "pass"} or center is None:
            return None
    if source != "stock":
        source = "opponent"
    return {**base, "melds": mine, "opponent_melds": theirs, "center": center,
            "center_from": source, "stock": view.get("stock_count", 0), **owned}


def help_claims(position: Position, *, forced: bool = False) -> list[Claim]:
    """The one entry point for every profile: the explanation of the analysis of the
    position's kind (center, draw or closing)."""
    analysis = analyze_any(position)
    if isinstance(analysis, Analysis):
        return explain(analysis, forced=forced)
    return explain_any(analysis)


def render(claims: Sequence[Claim], rules: RuleProfile, translate: Any = None) -> list[str]:
    """The claims in the page's language; conquian-40's sentences cite R ids, rewritten to
    the profile's own (``cite``)."""
    return [cite(c.render(translate), rules) for c in claims]


def card_help(view: Mapping[str, Any], rules: RuleProfile, kinds: set[str],
              table: Sequence[Mapping[str, Any]], seats: int, translate: Any = None
              ) -> tuple[list[str], Position | None, list[Claim]]:
    """The sentences, the position and the claims (empty when the learner faces no card
    the profile's analysis reads, or the analysis cannot be made)."""
    data = position_data(view, rules, kinds, table, seats)
    if data is None:
        return [], None, []
    try:
        position = Position.from_dict(data)
        claims = help_claims(position, forced=view.get("phase") == "forced")
    except (ConquianError, ValueError):
        return [], None, []  # no analysis here: the choices still say what is legal
    return render(claims, rules, translate), position, claims
