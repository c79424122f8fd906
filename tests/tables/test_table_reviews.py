"""After a table hand each person gets the graded review of their own decisions: made when
the hand ends (inline under the test configuration), one per person's seat and none for a
computer's, each decision one of that seat's own, naming no card the seat had not seen
when it decided; the review page opens for its player only (another player reads their own,
a spectator is refused), and the seat's view links to it once the hand is over."""

from __future__ import annotations

import random
import re
import secrets
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.cards import parse_kind
from solver.game.record import replay, state_from_dict
from solver.game.registry import GAMES, game_rules, players_of
from solver.review.profiles import without_drawn_card
from solver.rules import get_profile
from tests.conformance.games import named_kinds
from tests.conformance.test_hidden import Seen
from tests.play.conftest import learner_client, make_app
from tests.play.helpers import mentioned_in_html
from tests.tables.helpers import true_state
from tutor.extensions import db
from tutor.models import Learner, PlayTable, TableReview
from tutor.tables import review_grading, services
from tutor.tables.seat_view import seat_names, seat_view

MAX_MOVES = 5000  # reached only by a hand that never ends (see test_services)
CSRF = re.compile(r'name="csrf_token" value="[^"]*"|name="csrf-token" content="[^"]*"')
"""The signed CSRF tokens (the forms' field and the page's meta tag), which carry the time."""


@pytest.fixture
def app(db_path: Path) -> Flask:
    """The tables' test site with a small grading budget (the grader's floor still gives
    each decision its minimum of deals)."""
    app = make_app(db_path, REVIEW_PLAYOUTS=16)
    with app.app_context():
        db.create_all()
    return app


def _learner(app: Flask) -> int:
    with app.app_context():
        row = Learner(token=secrets.token_urlsafe(32))
        db.session.add(row)
        db.session.commit()
        return int(row.id)


def _many_seats() -> str:
    """A profile seating three or more, from the registry."""
    return next(r for r in GAMES if get_profile(r).max_players >= 3)


def _play_to_the_end(table_id: str, people: dict[int, int], number: int) -> None:
    """Every person's seat plays the greedy computer's move from its own observation."""
    rng = random.Random(table_id)
    players: dict[int, Any] = {}
    for _ in range(MAX_MOVES):
        game = services.load_game(services.get_table(table_id))
        if game.hand_over:
            return
        seat = game.state.current_player()
        rules = game_rules(game.rules)
        player = players.setdefault(seat, players_of(game.rules)["greedy"]())
        action = player.choose(rules.observe(game.state, seat), rng)
        number = services.move(table_id, people[seat], number, action.to_dict())
    raise AssertionError("the hand did not end")


def _seen_before_each_step(stored: dict[str, Any]) -> list[list[set[int]]]:
    """What each seat had seen before each step of a stored hand, and at its end."""
    final = state_from_dict(stored)
    rules = game_rules(final.deal.rules)
    state = state_from_dict({**stored, "actions": [], "result": None})
    seen = Seen(state)
    out = [[set(s) for s in seen.by_seat]]
    for player, action in final.history:
        rules.replay_step(state, player, action, "test")
        seen.update(state)
        out.append([set(s) for s in seen.by_seat])
    return out


def _check_own_decisions(stored: dict[str, Any], seat: int, data: dict[str, Any]) -> None:
    """Each graded decision is one of ``seat``'s own moves, and names no card the seat
    had not seen when it decided."""
    history = state_from_dict(stored).history
    seen = _seen_before_each_step(stored)
    for decision in data["decisions"]:
        step = int(decision["step"])
        player, action = history[step]
        assert player == seat, f"seat {seat}'s review grades seat {player}'s move {step}"
        assert decision["you"] == without_drawn_card(action).to_dict()
        shown = named_kinds([decision["you"], decision["best"]]) - seen[step][seat]
        assert not shown, f"seat {seat}'s decision at step {step} names unseen cards"


def _reviews(table_id: str) -> dict[tuple[int, int], dict[str, Any]]:
    rows = db.session.query(TableReview).filter_by(table_id=table_id).all()
    return {(r.hand, r.seat): dict(r.data) for r in rows}


def _hand_with(app: Flask, rules: str, people: int) -> tuple[str, dict[int, int]]:
    """A started table of ``rules`` with ``people`` people and computer players in the
    other seats, its hand played to the end through the services."""
    profile = get_profile(rules)
    seats = max(people, profile.min_players)
    learners = {seat: _learner(app) for seat in range(people)}
    table_id = services.open_table(learners[0], rules, seats).id
    for seat in range(1, people):
        assert services.join(table_id, learners[seat]) == seat
    if seats > people:
        services.fill_with_computers(table_id, learners[0], "easy")
    number = services.start(table_id, learners[0], seed=29)
    _play_to_the_end(table_id, learners, number)
    return table_id, learners


@pytest.mark.slow
def test_two_people_get_a_review_each_and_the_computer_none(app: Flask) -> None:
    with app.test_request_context():
        table_id, _people = _hand_with(app, _many_seats(), 2)
        table = services.get_table(table_id)
        game = services.load_game(table)
        assert game.hand_over and game.seats == 3
        reviews = _reviews(table_id)
        assert set(reviews) == {(0, 0), (0, 1)}  # seat 2 is a computer's: no review
        stored = game.hand_states()[0]
        for seat in (0, 1):
            _check_own_decisions(stored, seat, reviews[(0, seat)])
        assert reviews[(0, 0)]["decisions"] != reviews[(0, 1)]["decisions"]
        for record in services.record(table):  # what `conquian replay` reads
            assert replay(record).is_terminal()

        # A grading worker's job (tutor.jobs.worker) stores a missing review once.
        db.session.query(TableReview).filter_by(table_id=table_id, seat=1).delete()
        db.session.commit()
        assert review_grading.grade_job(table_id, 0, 1) == "stored"
        assert review_grading.grade_job(table_id, 0, 1) == "already stored"
        assert _reviews(table_id)[(0, 1)] == reviews[(0, 1)]  # graded the same way again
        assert review_grading.grade_job(table_id, 1, 0) == "no such finished hand"


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(GAMES))
def test_a_review_is_made_for_the_person_in_every_game(app: Flask, rules: str) -> None:
    with app.test_request_context():
        table_id, _people = _hand_with(app, rules, 1)
        game = services.load_game(services.get_table(table_id))
        reviews = _reviews(table_id)
        assert set(reviews) == {(0, 0)}, f"{rules}: one review, the person's"
        assert reviews[(0, 0)]["profile"] == rules
        _check_own_decisions(game.hand_states()[0], 0, reviews[(0, 0)])


# --- the page --------------------------------------------------------------------------------


def _open(host: FlaskClient, guest: FlaskClient) -> str:
    opened = host.post("/tables/", data={"rules": _many_seats(), "seats": "3",
                                         "name": "Ann"})
    assert opened.status_code == 302
    table_id = str(opened.location.rsplit("/", 1)[1].split("#")[0])
    assert guest.post(f"/tables/{table_id}/join", data={"name": "Bea"}).status_code == 302
    assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    return table_id


def _play_over_http(app: Flask, table_id: str, people: dict[int, FlaskClient]) -> None:
    rng = random.Random(31)
    for _ in range(MAX_MOVES):
        body = people[0].get(f"/tables/{table_id}/state").get_json()
        if body["view"]["hand_over"]:
            return
        state = true_state(app, table_id)
        seat = state.current_player()
        view = people[seat].get(f"/tables/{table_id}/state").get_json()["view"]
        assert view["review_url"] is None  # no review link while the hand goes on
        choice = rng.choice(view["choices"])
        action = rng.choice(choice["discards"])["action"] if choice["discards"] \
            else choice["action"]
        answer = people[seat].post(f"/tables/{table_id}/moves",
                                   json={"move": body["move_number"], "action": action})
        assert answer.status_code == 200, answer.get_json()
    raise AssertionError("the hand did not end")


@pytest.mark.slow
def test_each_player_reads_only_their_own_review(app: Flask) -> None:
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    table_id = _open(host, guest)
    _play_over_http(app, table_id, {0: host, 1: guest})
    url = f"/tables/{table_id}/hands/1/review"
    with app.test_request_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None and row.state is not None
        stored = services.load_game(row).hand_states()[0]
        names = seat_names(row.seats, 3)
    at_end = _seen_before_each_step(stored)[-1]
    for seat, client in ((0, host), (1, guest)):
        view = client.get(f"/tables/{table_id}/state").get_json()["view"]
        assert view["review_url"] == url  # the table page's link, for each player
        page = client.get(url)
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert f"Review of hand 1 <span class=\"muted\">· {names[seat]}</span>" in html
        shown = {parse_kind(c) for c in mentioned_in_html(html)} - at_end[seat]
        assert not shown, f"seat {seat}'s review page names cards it never saw"
        status = client.get(f"{url}/status").get_json()
        assert status == {"ready": True, "review": url}
    # A reloaded page reads the stored review: the same page (but for the signed CSRF
    # token of the host's grant form, which carries the time).
    pages = [CSRF.sub("", host.get(url).get_data(as_text=True)) for _ in range(2)]
    assert pages[0] == pages[1] and "Show the teacher the cards of hand 1" in pages[0]
    assert "Show the teacher" not in guest.get(url).get_data(as_text=True)  # not the host
    with app.app_context():
        assert db.session.query(TableReview).filter_by(table_id=table_id).count() == 2

    refused = spectator.get(url)
    assert refused.status_code == 403
    assert "only the players at this table may read its reviews" in \
        refused.get_data(as_text=True)
    assert spectator.get(f"/tables/{table_id}/state").get_json()["view"].get(
        "review_url") is None
    answer = spectator.get(url, headers={"Accept": "application/json"})
    assert answer.status_code == 403 and "only the players" in answer.get_json()["error"]
    missing = host.get(f"/tables/{table_id}/hands/2/review")
    assert missing.status_code == 404 and "no hand 2" in missing.get_data(as_text=True)
    assert host.get(f"/tables/{'0' * 32}/hands/1/review").status_code == 404


def test_no_review_before_the_hand_is_over(app: Flask) -> None:
    host, guest = learner_client(app), learner_client(app)
    table_id = _open(host, guest)
    answer = host.get(f"/tables/{table_id}/hands/1/review")
    assert answer.status_code == 404
    assert "has not been played to its end yet" in answer.get_data(as_text=True)
    with app.test_request_context():
        table = services.get_table(table_id)
        game = services.load_game(table)
        names = seat_names(table.seats, 3)
        assert seat_view(game, 0, names, play_table=table)["review_url"] is None
