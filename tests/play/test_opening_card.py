"""The play log and the table say what really happened to a turned or taken card (issue 27
item 9): Kunken's opening card laid face up starts the discard pile (K6), it is not a
discard from the hand; a card taken from the discard pile is not captioned as a stock card.

Every profile of the registry is played through the API; the checks apply wherever the
situation arises, and the test requires that it arose somewhere."""

from __future__ import annotations

import html as html_lib
import random
from itertools import pairwise
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from tutor.core.cards import card_phrase

STOCK_CAPTION = "Card from the stock, face up:"
PILE_CAPTION = "Card taken from the discard pile:"
OPENING_CAPTION = "Opening card, turned from the stock:"


def _play(client: FlaskClient, rules: str, seed: int) -> list[tuple[dict[str, Any], str]]:
    """The first moves of a hand (the learner taking from the pile whenever they can), each
    view with its page."""
    extra = {"opponents": 3} if rules == "conquin" else {}
    body = client.post("/api/games", json={"rules": rules, "seed": seed, **extra}).get_json()
    game_id, view = body["id"], body["view"]
    if "choices" not in view:
        return []  # conquian-40's own table, which has no pending card
    rng = random.Random(seed)
    seen = []
    for _ in range(8):
        page = html_lib.unescape(client.get(f"/play/{game_id}").get_data(as_text=True))
        seen.append((view, page))
        if view["hand_over"]:
            break
        # A take with a discard is one choice listing its discards (the first is played).
        actions = [c["action"] or c["discards"][0]["action"] for c in view["choices"]]
        takes = [a for a in actions if a["type"] == "take"]
        action = takes[0] if takes else rng.choice(actions)
        view = client.post(f"/api/games/{game_id}/actions", json=action).get_json()
    return seen


def test_the_opening_card_and_the_taken_card_are_told_as_they_happened(
        app: Flask, client: FlaskClient) -> None:
    laid = offered = turned = taken = 0
    for rules in sorted(GAMES):
        for seed in range(8):
            for view, page in _play(client, rules, seed):
                log = view["last_actions"]
                for before, after in pairwise(log):
                    if (before["action"]["type"], after["action"]["type"]) != ("turn", "discard"):
                        continue
                    assert before["seat"] == after["seat"]
                    with app.test_request_context():
                        name = card_phrase(after["action"]["card"])
                    assert f"laid the {name} face up: it starts the discard pile" in after[
                        "text"], after["text"]
                    assert "discards" not in after["text"]
                    laid += 1
                if view.get("pending") is None:
                    continue
                if view.get("pending_from") == "discard":
                    assert PILE_CAPTION in page and STOCK_CAPTION not in page
                    taken += 1
                elif view.get("phase") == "open":
                    assert OPENING_CAPTION in page and STOCK_CAPTION not in page
                    turned += 1
                    for choice in view["choices"]:
                        if (choice["action"] or {}).get("type") == "discard":
                            assert "face up: it starts the discard pile" in choice["text"]
                            offered += 1
                else:
                    assert STOCK_CAPTION in page
    assert laid and offered and turned and taken, (laid, offered, turned, taken)
