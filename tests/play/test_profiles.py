"""Games of every other profile on the site (issue 12 item 4): started with ``rules``
(and Conquin's ``opponents``), played to the end of a hand with legal actions only, through
the JSON API and the pages; reloaded after a restart; and no opponent card or stock order
in any response before the hand ends."""

from __future__ import annotations

import html as html_lib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.record import state_from_dict, state_to_dict
from solver.game.registry import game_rules
from solver.rules import DEFAULT_PROFILE
from tests.play.conftest import learner_client, make_app
from tutor.extensions import db
from tutor.models import Game
from tutor.play import store

PROFILES = ("cooncan", "kunken", "kunken-40", "kunken-104", "colonel", "conquin")
CODE_RE = re.compile(r'"(\*?(?:10|[A2-9JQK])[SHDC])"')
ATTR_RE = re.compile(r'data-card="(\*?(?:10|[A2-9JQK])[SHDC])"')
PUBLIC_FIELDS = ("melds", "opponent_melds", "center", "seen", "pile", "pending", "waste",
                 "table", "upcard", "down", "opponent_down")


def _start(client: FlaskClient, rules: str, seed: int, **extra: Any) -> tuple[str, dict]:
    response = client.post("/api/games", json={"rules": rules, "seed": seed, **extra})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    return body["id"], body["view"]


def _act(client: FlaskClient, game_id: str, action: dict) -> dict:
    response = client.post(f"/api/games/{game_id}/actions", json=action)
    assert response.status_code == 200, (action, response.get_json())
    return dict(response.get_json())


def _kinds(value: Any) -> set[str]:
    """Card codes in any JSON value (a joker standing for a card, "*5H", is not that card)."""
    return {c for c in CODE_RE.findall(json.dumps(value)) if not c.startswith("*")}


def _server_state(app: Flask, game_id: str) -> Any:
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        return state_from_dict(row.state)


def _hidden(app: Flask, game_id: str, view: dict) -> tuple[set[str], list[str]]:
    """The kinds only the other seats' hands and the stock hold now (no copy in the
    learner's hand or face up anywhere), and the stock's order (top first)."""
    state = _server_state(app, game_id)
    game = game_rules(state.deal.rules)
    seats = len(state.deal.hands)
    others: set[str] = set()
    for seat in range(1, seats):
        others |= _kinds(game.observe(state, seat).to_dict()["hand"])
    stock_codes = state_to_dict(state)["stock"]
    remaining = stock_codes[len(stock_codes) - view["stock_count"]:] if view["stock_count"] else []
    public = _kinds(view["hand"]) | _kinds({k: view.get(k) for k in PUBLIC_FIELDS})
    # What the game's observer lets the learner see of each step was shown face up (a meld
    # taken back into the hand, a discard taken); another seat's stock draw is not.
    public |= _kinds([game.observe_action(state, actor, a, 0) for actor, a in state.history])
    # The learner's own hand as the server holds it: the view shows exactly that hand.
    assert sorted(game.observe(state, 0).to_dict()["hand"]) == sorted(view["hand"])
    return (others | _kinds(remaining)) - public, remaining


def _check(app: Flask, game_id: str, view: dict, texts: list[str], where: str) -> None:
    if view["hand_over"]:
        return  # the hands are turned face up at the end (the stock still is not)
    hidden, stock = _hidden(app, game_id, view)
    assert view.get("revealed") is None, where
    for text in texts:
        named = {c for c in CODE_RE.findall(text) + ATTR_RE.findall(text)
                 if not c.startswith("*")}
        leak = sorted(named & hidden)
        context = [text[max(0, text.find(c) - 150):text.find(c) + 40] for c in leak[:1]]
        assert not leak, f"{where}: shows {leak}: {context}"
        if len(stock) >= 3:
            order = '", "'.join(stock[:3])
            assert order not in text, f"{where}: shows the stock's order"


def _actions(view: dict) -> list[dict]:
    """Every action the view offers: a choice's own, or each of its discards' (a take with
    a discard is chosen in two steps)."""
    found = []
    for choice in view["choices"]:
        if choice["action"] is not None:
            found.append(choice["action"])
        found += [d["action"] for d in choice.get("discards") or []]
    return found


def _choose(view: dict, rng: random.Random) -> dict:
    """A random legal action, except in Conquin, where the learner plays the deal and
    closes when it can: random players at a Conquin table can go on for a thousand turns."""
    for kind in ("close", "play"):
        preferred = [a for a in _actions(view) if a["type"] == kind]
        if preferred:
            return dict(rng.choice(preferred))
    return dict(rng.choice(_actions(view)))


@pytest.mark.parametrize("rules", PROFILES)
def test_a_hand_plays_to_its_end_through_the_api(client: FlaskClient, rules: str) -> None:
    extra = {"opponents": 3} if rules == "conquin" else {}
    game_id, view = _start(client, rules, 11, **extra)
    assert view["rules"]["id"] == rules and view["ruleset"] == rules
    assert len(view["seats"]) == (4 if rules == "conquin" else 2)
    rng = random.Random(rules)
    moves = 0
    while not view["hand_over"]:
        assert view["turn"] == "you" and view["choices"]
        view = _act(client, game_id, _choose(view, rng))
        moves += 1
        assert moves < 500
    assert view["hand_result"] and view["choices"] == []
    winner = {"you": 0, "opponent": 1}.get(view["result"].get("winner"),
                                           view["result"].get("winner"))
    # A won hand counts toward the match at once (Conquin pays in chips instead).
    assert view["match"]["score"] == [s["score"] for s in view["seats"]]
    if winner is not None and rules != "conquin":
        assert view["match"]["score"][winner] > 0
    assert view["revealed"]
    # A finished hand refuses further moves and deals the next on request.
    refused = client.post(f"/api/games/{game_id}/actions", json={"type": "discard", "card": "2S"})
    assert refused.status_code == 400 and "next_hand" in refused.get_json()["error"]
    if view["next_hand"]:
        after = _act(client, game_id, {"type": "next_hand"})
        assert after["hand_number"] == 2 and not after["hand_over"]
    assert client.get(f"/play/{game_id}/hands/1/review").status_code == 200


@pytest.mark.parametrize("rules", PROFILES)
def test_illegal_actions_are_refused_and_change_nothing(client: FlaskClient, rules: str) -> None:
    game_id, view = _start(client, rules, 3)
    for bad in ({"type": "fly"}, {"type": "discard", "card": "ZZ"}, [1, 2], "turn",
                {"type": "meld", "cards": ["AS", "AS", "AS"]}):
        response = client.post(f"/api/games/{game_id}/actions", json=bad)
        assert response.status_code == 400, bad
        assert response.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json() == view


def test_unknown_rules_are_refused_with_the_known_ones(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"rules": "gin"})
    assert response.status_code == 400
    error = response.get_json()["error"]
    for rules in ("conquian-40", *PROFILES):
        assert rules in error
    for bad in ({"rules": "conquin", "opponents": 1}, {"rules": "conquin", "opponents": 10},
                {"rules": "conquin", "opponents": "many"}, {"rules": "kunken", "opponents": 3},
                {"rules": "cooncan", "level": "godlike"}, {"rules": 40}):
        response = client.post("/api/games", json=bad)
        assert response.status_code == 400, bad
        assert response.get_json()["error"], bad


@pytest.mark.parametrize("opponents", [2, 5, 9])
def test_conquin_seats_the_chosen_number_of_computer_players(client: FlaskClient,
                                                            opponents: int) -> None:
    _, view = _start(client, "conquin", 4, opponents=opponents)
    assert len(view["players"]) == opponents + 1
    assert [p["you"] for p in view["players"]].count(True) == 1
    assert len(view["seats"]) == opponents + 1
    # The dealer antes 1 and the next player 2 (I4): the pot holds them before anyone plays.
    assert view["pot"] >= 3


def test_conquian_40_is_still_the_default(client: FlaskClient) -> None:
    response = client.post("/api/games", json={})
    view = response.get_json()["view"]
    assert view["rules"]["id"] == DEFAULT_PROFILE.id
    assert view["match"]["target"] == DEFAULT_PROFILE.match_target


def test_conquin_chips_add_up_over_deals(client: FlaskClient) -> None:
    game_id, view = _start(client, "conquin", 21, opponents=3)
    rng = random.Random(5)
    for _deal in range(3):
        while not view["hand_over"]:
            view = _act(client, game_id, _choose(view, rng))
        chips = [s["score"] for s in view["seats"]]
        assert sum(chips) == 0  # chips only change hands
        view = _act(client, game_id, {"type": "next_hand"})
        assert [p["chips"] for p in view["players"]] == chips


@pytest.mark.parametrize("rules", PROFILES)
def test_games_survive_a_restart(db_path: Path, rules: str) -> None:
    app = make_app(db_path)
    with app.app_context():
        db.create_all()
    client = learner_client(app)
    with client.session_transaction() as session:
        cookie = session["learner"]
    game_id, view = _start(client, rules, 8)
    rng = random.Random(1)
    for _ in range(3):
        if view["hand_over"]:
            break
        view = _act(client, game_id, _choose(view, rng))
    store.clear_cache()
    again = make_app(db_path).test_client()
    with again.session_transaction() as session:
        session["learner"] = cookie
    assert again.get(f"/api/games/{game_id}").get_json() == view
    if not view["hand_over"]:
        action = _choose(view, rng)
        assert _act(again, game_id, action)["hand_number"] == 1
    assert again.get(f"/play/{game_id}").status_code == 200


@pytest.mark.parametrize("rules", PROFILES)
def test_no_hidden_card_reaches_the_learner(app: Flask, client: FlaskClient, rules: str) -> None:
    checked = 0
    for seed in range(3):
        level = ("easy", "medium", "hard")[seed]
        if rules == "conquin":
            level = ("medium", "hard", "medium")[seed]  # the easy players never close
        start = client.post("/play/", data={"rules": rules, "level": level, "seed": str(seed),
                                            "opponents": "3"})
        game_id = start.location.split("#")[0].rsplit("/", 1)[1]
        view = client.get(f"/api/games/{game_id}").get_json()
        rng = random.Random(seed)
        while True:
            raw = client.get(f"/api/games/{game_id}").get_data(as_text=True)
            page = client.get(f"/play/{game_id}").get_data(as_text=True)
            table = client.get(f"/play/{game_id}/table").get_data(as_text=True)
            log = client.get(f"/api/games/{game_id}/log").get_data(as_text=True)
            _check(app, game_id, view, [raw, html_lib.unescape(page), table, log],
                   f"{rules} seed {seed} move {checked}")
            checked += 1
            if view["hand_over"]:
                break
            view = _act(client, game_id, _choose(view, rng))
    assert checked > 10


@pytest.mark.parametrize("rules", PROFILES)
def test_the_page_plays_a_hand_with_its_forms(app: Flask, client: FlaskClient, rules: str
                                              ) -> None:
    start = client.post("/play/", data={"rules": rules, "seed": "2", "opponents": "4"})
    assert start.status_code == 302
    game_id = start.location.split("#")[0].rsplit("/", 1)[1]
    helped = 0
    for _ in range(500):
        page = client.get(f"/play/{game_id}").get_data(as_text=True)
        actions = re.findall(r'name="action" value="([^"]*)"', page)
        actions = [a for a in actions if "next_hand" not in a]
        if not actions:
            break
        helped += "What can I do with this card?" in page
        posted = client.post(f"/play/{game_id}/act",
                             data={"action": html_lib.unescape(actions[-1])})
        assert posted.status_code == 302
    assert helped > 0  # full coaching answers on the table
    assert "Review this hand" in page
    if rules == "conquin":
        assert page.count("play-zone--opponent") == 4
    review = client.get(f"/play/{game_id}/hands/1/review")
    assert review.status_code == 200
    text = review.get_data(as_text=True)
    assert "The hands, turned face up" in text
    _check_graded_review(app, game_id, text)
    bad = client.post(f"/play/{game_id}/act", data={"action": "{not json"})
    assert bad.status_code == 302


@pytest.mark.parametrize("rules", PROFILES)
def test_what_can_i_do_with_this_card(client: FlaskClient, rules: str) -> None:
    """Every use listed for a hand card is one of the learner's legal moves now, and plays
    that card; where the profile's analysis reads the position, it answers in sentences."""
    game_id, view = _start(client, rules, 3, **({"opponents": 3} if rules == "conquin"
                                                 else {}))
    rng = random.Random(3)
    analysed = 0
    while not view["hand_over"]:
        help_ = view["coaching"]["help"]
        if help_:
            analysed += 1
            assert view["help"]["analysis"] == help_
        view = _act(client, game_id, _choose(view, rng))
    assert view["coaching"]["help"] is None
    assert analysed > 0


def test_conquin_with_the_pot_chip(client: FlaskClient) -> None:
    game_id, view = _start(client, "conquin", 6, opponents=3, pot_chip=True)
    app = client.application
    assert _server_state(app, game_id).pot_holder == 0  # the learner holds it first
    rng = random.Random(6)
    while not view["hand_over"]:
        view = _act(client, game_id, _choose(view, rng))
    passed_to = _server_state(app, game_id).next_pot_holder()
    view = _act(client, game_id, {"type": "next_hand"})
    assert _server_state(app, game_id).pot_holder == passed_to is not None
    assert [p["seat"] for p in view["players"] if p["pot_chip"]] == [passed_to]
    without = client.post("/api/games", json={"rules": "kunken", "pot_chip": True})
    assert without.status_code == 400 and "I11" in without.get_json()["error"]
    assert client.post("/api/games", json={"rules": "conquin", "pot_chip": "yes"}
                       ).status_code == 400
    plain = client.post("/api/games", json={"rules": "conquin", "opponents": 2})
    assert _server_state(app, plain.get_json()["id"]).pot_holder is None


def _check_graded_review(app: Flask, game_id: str, page: str) -> None:
    """The review page shows the learner's decisions as graded and stored once
    (solver.review.profiles), each row with its grade and figures."""
    from tutor.extensions import db
    from tutor.models import HandReview

    with app.app_context():
        row = db.session.execute(
            db.select(HandReview).filter_by(game_id=game_id, hand=0)).scalar_one()
        decisions = row.data["decisions"]
    if not decisions:
        assert "None of your decisions in this hand was graded" in page
        return
    assert "Your decisions" in page and "Your winning chances over the hand" in page
    rows = re.findall(r'<tr id="decision-(\d+)">', page)
    assert rows == [str(n + 1) for n in range(len(decisions))]
    for d in decisions:
        assert f"{round(100 * d['chances'])}%" in page
        assert f"{d['deals']} deals, {d['compared']} moves" in page
    # The best move compared is one the learner did not make: offered as the table offers a
    # move ("Lay down 2♦ 2♣ 2♠"), never told as if made ("You laid down …").
    for row in re.findall(r'<tr id="decision-\d+">(.*?)</tr>', page, re.S):
        best = re.sub(r"<[^>]+>", "", re.findall(r"<td>(.*?)</td>", row, re.S)[2]).strip()
        assert best and not best.startswith("You "), best
