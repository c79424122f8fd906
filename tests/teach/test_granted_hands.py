"""A teacher watching a class table sees no hand; once a hand is over its host may grant the
teacher that hand's cards: the teacher's view then shows every hand as it ended and the
deal's reveal (what every seat is shown), and never a card of the next hand.  Only the host
grants, only a finished hand; the grant is recorded once."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import class_code, join, make_class

from solver.game.record import state_to_dict
from solver.game.registry import GAMES, game_rules, players_of
from tests.conformance.cards import kinds, zones
from tests.tables.helpers import Watch, named, true_state
from tutor.extensions import db
from tutor.models import TableHandGrant

MAX_MOVES = 5000  # reached only by a hand that never ends (tests/tables/test_services.py)


def _state(client: FlaskClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/tables/{table_id}/state")
    assert answer.status_code == 200
    body = answer.get_json()
    assert isinstance(body, dict)
    return body


def _play_hand(app: Flask, pupil: FlaskClient, table_id: str) -> Any:
    """The pupil (seat 0) plays the greedy computer's moves to the end of the hand."""
    rules = next(iter(GAMES))
    player = players_of(rules)["greedy"]()
    rng = random.Random(30)
    for _ in range(MAX_MOVES):
        state = true_state(app, table_id)
        if state.is_terminal():
            return state
        action = player.choose(game_rules(rules).observe(state, 0), rng)
        number = _state(pupil, table_id)["move_number"]
        answer = pupil.post(f"/tables/{table_id}/moves",
                            json={"move": number, "action": action.to_dict()})
        assert answer.status_code == 200, answer.get_json()
    raise AssertionError("the hand did not end")


@pytest.mark.slow
def test_the_host_grants_the_teacher_a_finished_hand(app: Flask, owner: FlaskClient,
                                                    other: FlaskClient) -> None:
    class_id = make_class(owner)
    pupil, guest = app.test_client(), app.test_client()
    assert join(pupil, class_code(app, class_id), "Lu").status_code == 302
    opened = pupil.post("/tables/", data={"rules": next(iter(GAMES)), "seats": "2",
                                          "name": "Lu"})
    table_id = str(opened.location.rsplit("/", 1)[1].split("#")[0])
    assert pupil.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert pupil.post(f"/tables/{table_id}/start").status_code == 302
    grant = f"/tables/{table_id}/hands/1/grant"
    early = pupil.post(grant, headers={"Accept": "application/json"})
    assert early.status_code == 404 and "not been played to its end" in early.get_json()["error"]

    final = _play_hand(app, pupil, table_id)
    watch = Watch(final)
    watch.seen(final)
    hidden = kinds(zones(final).hidden)  # the stock never turned: no one sees it
    before = _state(owner, table_id)["view"]
    assert before["revealed"] is None
    # the deal's reveal before the grant: the dealer alone, every hand and the stock hashed
    assert [p["label"] for p in before["deal_commitment"]["revealed"]["parts"]
            if p["text"]] == ["dealer"]
    assert not before["granted"]
    assert not named(before) - watch.public, "the teacher sees a card before the grant"

    refused = owner.post(grant, headers={"Accept": "application/json"})  # not the host
    assert refused.status_code == 403 and "only the host" in refused.get_json()["error"]
    flashed = guest.post(grant, follow_redirects=True)  # a form: the table page says why
    assert "only the host of this table may show its hands" in flashed.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(TableHandGrant).filter_by(table_id=table_id).count() == 0
    assert not _state(owner, table_id)["view"]["granted"]
    assert pupil.post(grant, data={}).status_code == 302
    assert pupil.post(grant, headers={"Accept": "application/json"}).get_json() == {
        "granted": True, "hand": 1}  # granted twice: one grant
    with app.app_context():
        assert db.session.query(TableHandGrant).filter_by(table_id=table_id).count() == 1

    after = _state(owner, table_id)["view"]
    assert after["granted"] is True and after["you"] is None  # still a spectator
    hands = {r["seat"]: r["hand"] for r in after["revealed"]}
    rules = game_rules(final.deal.rules)
    assert hands == {s: rules.observe(final, s).to_dict().get("hand", [])
                     for s in range(2)}
    assert all(p["text"] for p in after["deal_commitment"]["revealed"]["parts"])  # the deal
    shown = named({k: v for k, v in after.items() if k != "deal_commitment"})
    assert shown - watch.public - set().union(*watch.known.by_seat) == set()
    assert not (named(after["revealed"]) & hidden)
    assert _state(other, table_id)["view"]["revealed"] is None  # another class's teacher

    # The next hand: the teacher sees public information only again.
    number = _state(pupil, table_id)["move_number"]
    assert pupil.post(f"/tables/{table_id}/moves",
                      json={"move": number, "action": {"type": "next_hand"}}).status_code == 200
    live = true_state(app, table_id)
    fresh = Watch(live)
    fresh.seen(live)
    now = _state(owner, table_id)["view"]
    assert now["revealed"] is None and not now["granted"]
    assert now["deal_commitment"]["revealed"] is None
    assert not named(now) - fresh.public, "the teacher sees a card of the live next hand"
    assert state_to_dict(final)["hands"] != state_to_dict(live)["hands"]
