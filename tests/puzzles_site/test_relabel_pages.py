"""Suit relabelling on the puzzle pages: a learner sees a puzzle under a random permutation
of the suits, kept for the whole round; hints, solution and explanation follow it, answers
given in it are graded right, and the next round deals the suits again."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.puzzles.relabel import SuitPermutation
from tests.puzzles_site.conftest import make_app
from tests.rulebooks.helpers import unlink_rules
from tutor.extensions import db
from tutor.models import PuzzleRound
from tutor.puzzles.store import import_set

URL = "/puzzles/sets/mini/"


@pytest.fixture
def app(tmp_path: Any) -> Flask:
    return make_app(tmp_path, PUZZLE_RELABEL_SUITS=True)


def dealt(client: FlaskClient, key: str) -> tuple[SuitPermutation, str]:
    page = client.get(URL + key).get_data(as_text=True)
    found = re.search(r'name="suits" value="([SHDC]{4})"', page)
    assert found is not None
    return SuitPermutation.from_str(found[1]), page


def moved_away(app: Flask, key: str) -> tuple[SuitPermutation, str]:
    """Deal ``key`` in fresh browsers until hearts are shown as another suit."""
    for _ in range(60):
        perm, page = dealt(app.test_client(), key)
        if perm.code("AH") != "AH":
            return perm, page
    raise AssertionError("the suits were never moved")


def test_the_page_shows_the_puzzle_in_the_dealt_suits(app: Flask) -> None:
    perm, page = moved_away(app, "lay-run")
    assert f"Select the cards from your hand to lay down with {perm.text('6♥')}" in page
    hearts = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[perm.code("4H")[1]]
    assert f'aria-label="four of {hearts}"' in page and 'value="' + perm.code("4H") + '"' in page
    assert 'aria-label="four of hearts"' not in page


def test_answers_in_the_dealt_suits_are_right_and_the_rest_follows(app: Flask) -> None:
    perm, _ = moved_away(app, "lay-run")
    client = _client_with(perm, app, "lay-run")
    # The written cards are not in the dealt hand: a clear refusal, nothing recorded.
    refused = client.post(URL + "lay-run/answer", data={"answer": "take", "cards": ["4H", "5H"],
                                                         "suits": str(perm)})
    assert refused.status_code == 400 and "is not in your hand" in refused.get_data(as_text=True)
    # Hints arrive relabelled too.
    client.post(URL + "lay-run/hint")
    page = client.get(URL + "lay-run").get_data(as_text=True)
    assert "lay-run: first nudge." in page
    right = client.post(URL + "lay-run/answer", data={
        "answer": "take", "cards": [perm.code("4H"), perm.code("5H")], "suits": str(perm)})
    assert right.status_code == 302
    page = client.get(right.location).get_data(as_text=True)
    assert "Correct!" in page
    glyph = perm.text("6♥")
    assert f"Take {glyph} with these cards:" in page
    assert f"You can take {glyph} now (R8)." in unlink_rules(page)
    assert "You can take 6♥ now" not in page
    with app.app_context():
        [row] = db.session.execute(db.select(PuzzleRound)).scalars()
        assert row.suits == str(perm) and row.outcome == "clean"


def _client_with(perm: SuitPermutation, app: Flask, key: str) -> FlaskClient:
    """A browser that was dealt ``perm`` for ``key`` (drawn again until it comes up)."""
    for _ in range(400):
        client = app.test_client()
        got, _ = dealt(client, key)
        if got == perm:
            return client
    raise AssertionError(f"{perm} never came up")


def test_the_suits_stay_for_the_round_and_change_after_it(app: Flask) -> None:
    client = app.test_client()
    perm, _ = dealt(client, "take-six")
    assert all(dealt(client, "take-six")[0] == perm for _ in range(5))  # reloads
    miss = client.post(URL + "take-six/answer", data={"answer": "no", "suits": str(perm)})
    assert dealt(client, "take-six")[0] == perm  # the round goes on after a miss
    page = client.get(miss.location).get_data(as_text=True)  # and so does its result page
    assert f'name="suits" value="{perm}"' in page and "You have one more try." in page
    client.post(URL + "take-six/answer", data={"answer": "no", "suits": str(perm)})
    seen = {str(dealt(client, "take-six")[0])}
    for _ in range(12):  # each finished round deals again
        current, _ = dealt(client, "take-six")
        client.post(URL + "take-six/answer", data={"answer": "yes", "suits": str(current)})
        seen.add(str(dealt(client, "take-six")[0]))
    assert len(seen) > 3


def test_an_answer_to_an_old_deal_is_refused_not_misgraded(app: Flask) -> None:
    client = app.test_client()
    perm, _ = dealt(client, "take-six")
    stale = next(p for p in ("SHDC", "HSDC", "DCSH") if p != str(perm))
    response = client.post(URL + "take-six/answer", data={"answer": "yes", "suits": stale})
    assert response.status_code == 400
    assert "dealt again since you opened it" in response.get_data(as_text=True)
    data = client.post(URL + "take-six/answer", data={"answer": "yes", "suits": stale},
                       headers={"Accept": "application/json"})
    assert data.status_code == 400 and "dealt again" in data.get_json()["error"]
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(PuzzleRound.id))).scalar_one() == 0


def test_suits_named_in_the_title_stay_put(app: Flask, mini: dict[str, Any]) -> None:
    named = dict(mini, id="named", title="Named")
    named["puzzles"] = [dict(mini["puzzles"][3], title="Six of ♥ with the run")]
    with app.app_context():
        import_set(named)
    for _ in range(30):
        client = app.test_client()
        page = client.get("/puzzles/sets/named/lay-run").get_data(as_text=True)
        found = re.search(r'name="suits" value="([SHDC]{4})"', page)
        assert found is not None and found[1][1] == "H"  # hearts shown as hearts
        assert 'aria-label="four of hearts"' in page


def test_streak_deals_the_suits_too(app: Flask) -> None:
    client = app.test_client()
    seen = set()
    for _ in range(20):
        client.post("/puzzles/streak/new")
        page = client.get("/puzzles/streak").get_data(as_text=True)
        found = re.search(r'name="suits" value="([SHDC]{4})"', page)
        pid = re.search(r'name="puzzle" value="(\d+)"', page)
        assert found is not None and pid is not None
        seen.add(found[1])
        # Any answer ends the round, so the next deal is new.
        discard = re.search(r'name="discard" value="(\w\w)"', page)
        form = {"discard": discard[1]} if discard else {"answer": "no"}
        done = client.post(
            "/puzzles/streak/answer", data={"puzzle": pid[1], "suits": found[1], **form}
        )
        assert done.status_code == 302
    assert len(seen) > 3
