"""Hidden information stays hidden: across many games played to the end through the API with
random legal actions, every card code in any game response — JSON view, play page, table
partial, hand log, review page — is one the learner may see (own hand, both players'
melds, the center card, the waste), and never one of the computer's hand (until the hand is
over: its review shows it) or the unturned stock.  The cards named in the log sentences
and drawn on the pages (their spoken names) are checked too."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.play.helpers import (
    computer_hand,
    hidden_cards,
    mentioned_in_html,
    mentioned_in_json,
    random_action,
    visible_cards,
)

LEVELS = ("easy", "medium", "hard")


def _check_view(app: Flask, game_id: str, view: dict, where: str) -> set[str]:
    visible = visible_cards(view)
    hidden = hidden_cards(app, game_id)
    assert not visible & hidden, f"{where}: the view's own fields show hidden cards"
    shown = visible
    if view["hand_over"]:
        # The hand is over: the computer's hand is turned face up (``revealed``), and only
        # that — the stock never turned stays hidden.
        revealed = {c for seat in view["revealed"] for c in seat["hand"]}
        shown = visible | computer_hand(app, game_id)
        assert computer_hand(app, game_id) <= revealed <= shown, where
    named = mentioned_in_json(view)
    assert named <= shown, f"{where}: JSON names {sorted(named - shown)}"
    return visible


def _check_html(html: str, visible: set[str], where: str) -> None:
    named = mentioned_in_html(html)
    assert named <= visible, f"{where}: HTML names {sorted(named - visible)}"


@pytest.mark.slow
def test_no_hidden_card_reaches_the_learner(app: Flask, client: FlaskClient) -> None:
    rng = random.Random(2024)
    hands = matches = responses = 0
    for number in range(36):
        level = LEVELS[number % 3]
        # Every game through the HTML start form, so that its pages belong to this client.
        start = client.post("/play/", data={"level": level, "seed": str(1000 + number)})
        game_id = start.location.split("#")[0].rsplit("/", 1)[1]
        view = client.get(f"/api/games/{game_id}").get_json()
        whole_match = number % 12 == 0  # a few whole matches, the rest first hands
        step = 0
        while True:
            where = f"game {number} ({level}) step {step}"
            visible = _check_view(app, game_id, view, where)
            responses += 1
            if step % 3 == 0 or view["hand_over"]:
                page = client.get(f"/play/{game_id}")
                assert page.status_code == 200
                html = page.get_data(as_text=True)
                _check_html(html, visible, where + " page")
                log = client.get(f"/api/games/{game_id}/log").get_json()
                named = mentioned_in_json(log)
                assert named <= visible, f"{where}: the log names {sorted(named - visible)}"
                # the checker sees the cards the page does draw (it is not blind)
                assert set(view["hand"]) <= mentioned_in_html(html)
                if "take" in view["legal_actions"]:
                    take = view["takes"][0]["hand_cards"] or [""]
                    part = client.get(f"/play/{game_id}/table", query_string={"take": take})
                    _check_html(part.get_data(as_text=True), visible, where + " take step")
            if view["hand_over"]:
                hands += 1
                review = client.get(f"/play/{game_id}/hands/{view['hand_number']}/review")
                assert review.status_code == 200
                # Once the hand is over its review shows the computer's hand, and only that:
                # the stock never turned stays hidden.
                revealed = computer_hand(app, game_id)
                html = review.get_data(as_text=True)
                _check_html(html, visible | revealed, where + " review")
                assert revealed <= mentioned_in_html(html)
                if not whole_match or view["match"]["over"]:
                    matches += view["match"]["over"]
                    break
            response = client.post(f"/api/games/{game_id}/actions",
                                   json=random_action(view, rng))
            assert response.status_code == 200, response.get_json()
            view = response.get_json()
            step += 1
    assert hands >= 36 and matches >= 3
    assert responses > 500
