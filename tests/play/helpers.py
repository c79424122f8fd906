"""Helpers for the play tests: random legal actions from a view, and card mentions."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from solver.cards import NUM_CARDS, card_name, card_str, cards_of, parse_card
from solver.game.record import state_from_dict
from tutor.extensions import db
from tutor.models import Game

CODE_RE = re.compile(r'"([A2-7JQK][SHDC])"')
HTML_ATTR_RE = re.compile(r'(?:data-card|value)="([A2-7JQK][SHDC])"')
ARIA_RE = re.compile(r'aria-label="([^"]*)"')
GLYPH_RE = re.compile(r"(?<![\w])([A2-7JQK][♠♥♦♣])")
NAMES = {card_name(c): card_str(c) for c in range(NUM_CARDS)}
NAME_RE = re.compile("|".join(sorted(NAMES, key=len, reverse=True)))


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A uniformly chosen legal action (record format, no player) for this view."""
    if view["next_hand"]:
        return {"type": "next_hand"}
    kind = rng.choice(view["legal_actions"])
    if kind == "take":
        take = rng.choice(view["takes"])
        return {
            "type": "take",
            "card": view["center"],
            "hand_cards": take["hand_cards"],
            "melds": take["melds"],
            "discard": rng.choice(take["discards"]) if take["discards"] else None,
        }
    if kind in ("turn", "no_force"):
        return {"type": kind}
    return {"type": kind, "card": view["center"]}


def visible_cards(view: dict[str, Any]) -> set[str]:
    """What the learner may see: own hand, both players' melds, the center, the waste."""
    cards = set(view["hand"]) | set(view["seen"])
    for meld in view["melds"] + view["opponent_melds"]:
        cards |= set(meld)
    if view["center"]:
        cards.add(view["center"])
    return cards


def mentioned_in_json(view: dict[str, Any]) -> set[str]:
    """Card codes anywhere in a view, and cards named in its sentences — except the solver's
    explanations, which may name a card the learner would *need* ("Q♣ needs J♣"): those are
    worked out from the learner's own position and say nothing about where the card is.
    The same sentences are the coaching help ("What can I do with this card?")."""
    found = set(CODE_RE.findall(json.dumps(view)))
    trimmed = {k: v for k, v in view.items() if k not in ("analysis", "coaching", "help")}
    return found | mentioned_in_words(json.dumps(trimmed, ensure_ascii=False))


def mentioned_in_words(text: str) -> set[str]:
    found = {NAMES[m] for m in NAME_RE.findall(text)}
    found |= {card_str(parse_card(g)) for g in GLYPH_RE.findall(text)}
    return found


def mentioned_in_html(html: str) -> set[str]:
    """Every card the page draws or offers: data-card and value attributes, and the spoken
    names of drawn cards and card buttons (explanation sentences aside, as above)."""
    found = set(HTML_ATTR_RE.findall(html))
    for label in ARIA_RE.findall(html):
        found |= {NAMES[m] for m in NAME_RE.findall(label)}
    return found


def hidden_cards(app: Flask, game_id: str) -> set[str]:
    """From the server's own record: the computer's hand and the stock not yet turned."""
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        state = state_from_dict(row.state)
    hidden = set(card_str(c) for c in cards_of(state.hands[1]))
    hidden |= {card_str(c) for c in state.deal.stock[state.stock_pos:]}
    return hidden


def computer_hand(app: Flask, game_id: str) -> set[str]:
    """The computer's hand as the server holds it now (shown by a finished hand's review)."""
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        state = state_from_dict(row.state)
    return {card_str(c) for c in cards_of(state.hands[1])}


def stored(app: Flask, game_id: str) -> tuple[Any, Any]:
    """The stored state and its version, to check that a request changed nothing."""
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        return row.state, row.version, row.updated_at


def log_of(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    """Every move of the current hand, from ``GET /api/games/<id>/log``."""
    response = client.get(f"/api/games/{game_id}/log")
    assert response.status_code == 200, response.get_json()
    return list(response.get_json()["log"])
