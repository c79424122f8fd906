"""One game class for every profile (issue 28): ``TableGame`` plays each registered game
through the game and match protocols — start, act, finish a hand, deal the next, resign —
and the site around it: the resume list, the set-up text, the coaching kept with the game,
a new match like the last, and games stored by the older ``MatchGame`` / ``ProfileGame``
forms.  Parametrised over the registry, so an eighth game is tested without a new list."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.record import state_to_dict
from solver.game.registry import GAMES
from solver.rules import DEFAULT_PROFILE, get_profile
from tutor.extensions import db
from tutor.models import Game
from tutor.play import store
from tutor.play.games import HUMAN, PlayError, TableGame, game_from_dict, new_game

RULES = tuple(GAMES)


def _opponents(rules: str) -> int | None:
    """Three computer players where the profile seats more than two (keeps hands short)."""
    profile = get_profile(rules)
    return None if profile.players_fixed else min(3, profile.max_players - 1)


def _finish_hand(game: TableGame, rng: random.Random) -> None:
    """Play the learner's side with random legal actions until the hand ends; where the
    game lets a player close or lay down, prefer it so random hands end in time."""
    for _ in range(3000):
        if game.hand_over:
            return
        actions = game.legal()
        assert actions, "the learner is to act whenever the hand goes on"
        eager = [a for a in actions if a.to_dict()["type"] in ("close", "play")]
        game.act(rng.choice(eager or actions).to_dict())
    raise AssertionError("the hand did not end")


def _client_game(app: Flask, game_id: str) -> TableGame:
    with app.app_context():
        loaded = store.load(game_id)
        assert loaded is not None
        return loaded.game


def _start(client: FlaskClient, rules: str, **form: str) -> str:
    data = {"rules": rules, "level": "easy", "seed": "5", **form}
    opponents = _opponents(rules)
    if opponents is not None:
        data.setdefault("opponents", str(opponents))
    response = client.post("/play/", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return str(response.location).split("#")[0].rsplit("/", 1)[1]


@pytest.mark.parametrize("rules", RULES)
def test_a_hand_plays_to_its_end_and_the_next_is_dealt(rules: str) -> None:
    game = new_game(rules, "easy", 11, _opponents(rules))
    assert game.rules is get_profile(rules) and game.hand_index == 0
    assert game.seats == len(game.state.deal.hands)
    with pytest.raises(PlayError):
        game.act({"type": "next_hand"})  # not before the hand is over
    before = list(game.match.score)
    _finish_hand(game, random.Random(2))
    counted = game.score  # the match with the finished hand counted
    assert game.match.score == before, "the match counts the hand only when dealing on"
    if game.match_over:
        return  # a match that one hand decides has no next hand
    first_deal = state_to_dict(game.state)
    game.act({"type": "next_hand"})
    assert game.hand_index == 1 and game.finished == [first_deal]
    assert game.match.hands_played == 1 and game.match.score == counted
    assert game.score == counted and not game.hand_over
    assert state_to_dict(game.state)["hands"] != first_deal["hands"]


@pytest.mark.parametrize("rules", RULES)
def test_the_stored_form_reads_back_as_the_same_game(rules: str) -> None:
    game = new_game(rules, "medium", 3, _opponents(rules), coaching="none")
    _finish_hand(game, random.Random(4))
    stored = game.to_dict()
    again = game_from_dict(stored)
    assert again.table_dict() == game.table_dict()
    assert (again.score, again.hand_over, again.coaching) == (game.score, True, "none")


def _older_form(game: TableGame) -> dict[str, Any]:
    """``game`` as the code before issue 28 stored it: ``MatchGame`` for the default
    profile, ``ProfileGame`` for the others."""
    hand = state_to_dict(game.state)
    if game.rules is DEFAULT_PROFILE:
        return {**hand, "match": {"seed": game.seed, "human": HUMAN,
                                  "finished": list(game.finished)}}
    return {**hand, "match": {"seed": game.seed, "human": HUMAN, "rules": game.rules.id,
                              "seats": game.seats, "stake": game.stake,
                              "finished": list(game.finished)}}


@pytest.mark.parametrize("rules", RULES)
def test_games_stored_by_the_older_code_still_load(app: Flask, client: FlaskClient,
                                                   rules: str) -> None:
    game_id = _start(client, rules)
    game = _client_game(app, game_id)
    rng = random.Random(8)
    _finish_hand(game, rng)
    if not game.match_over:
        game.act({"type": "next_hand"})  # the older form's finished hands count again
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        row.state = _older_form(game)
        row.version += 1
        db.session.commit()
    store.clear_cache()
    loaded = _client_game(app, game_id)
    assert loaded.rules is game.rules and loaded.seats == game.seats
    assert (loaded.hand_index, loaded.score) == (game.hand_index, game.score)
    assert loaded.match.score == game.match.score
    page = client.get(f"/play/{game_id}")
    assert page.status_code == 200
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_bad_stored_data_gives_a_clear_error(app: Flask, client: FlaskClient) -> None:
    game_id = _start(client, RULES[0])
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        row.state = {**row.state, "table": {**row.state["table"], "match": {"seed": "x"}}}
        row.version += 1
        db.session.commit()
    store.clear_cache()
    page = client.get(f"/play/{game_id}")
    assert page.status_code == 409 and "can no longer be read" in page.get_data(as_text=True)
    api = client.get(f"/api/games/{game_id}")
    assert api.status_code == 409 and "can no longer be read" in api.get_json()["error"]
    move = client.post(f"/api/games/{game_id}/actions", json={"type": "next_hand"})
    assert move.status_code == 409


@pytest.mark.parametrize("rules", RULES)
def test_resigning_ends_the_match_as_a_loss(app: Flask, client: FlaskClient,
                                            rules: str) -> None:
    game_id = _start(client, rules)
    assert client.post(f"/play/{game_id}/resign").status_code == 302
    game = _client_game(app, game_id)
    assert game.resigned and game.match_over and game.match_winner not in (None, HUMAN)
    assert not game.legal()
    refused = client.post(f"/api/games/{game_id}/actions", json={"type": "next_hand"})
    assert refused.status_code == 400 and "resigned" in refused.get_json()["error"]
    client.post(f"/play/{game_id}/resign")  # twice: refused, nothing changes
    assert _client_game(app, game_id).to_dict() == game.to_dict()


def _resume_links(client: FlaskClient) -> list[str]:
    page = client.get("/play/").get_data(as_text=True)
    found = re.search(r'<section[^>]*aria-labelledby="your-games".*?</section>', page, re.S)
    return [] if found is None else re.findall(r'href="/play/([0-9a-f]{32})', found.group(0))


@pytest.mark.parametrize("rules", RULES)
def test_unfinished_games_are_listed_to_resume(app: Flask, client: FlaskClient,
                                               rules: str) -> None:
    playing = _start(client, rules)
    resigned = _start(client, rules, seed="6")
    client.post(f"/play/{resigned}/resign")
    assert _resume_links(client) == [playing]
    page = client.get("/play/").get_data(as_text=True)
    game = _client_game(app, playing)
    assert html.escape(get_profile(rules).display_name) in page
    assert "–".join(str(s) for s in game.score) in page
    # Another learner sees none of them.
    other = app.test_client()
    assert _resume_links(other) == []


@pytest.mark.parametrize("rules", RULES)
def test_the_coaching_level_is_kept_with_the_game(app: Flask, client: FlaskClient,
                                                  rules: str) -> None:
    game_id = _start(client, rules, coaching="none")
    assert _client_game(app, game_id).coaching == "none"
    client.post("/play/coaching", data={"coaching": "on_demand", "game": game_id})
    assert _client_game(app, game_id).coaching == "on_demand"
    store.clear_cache()  # kept in the stored game, not only in this process
    assert _client_game(app, game_id).coaching == "on_demand"
    assert client.get(f"/api/games/{game_id}").get_json()["coaching"]["level"] == "on_demand"
    # The learner's next match starts at the level chosen last.
    later = _start(client, rules)
    assert _client_game(app, later).coaching == "on_demand"


@pytest.mark.parametrize("rules", RULES)
def test_a_new_match_is_like_the_last(app: Flask, client: FlaskClient, rules: str) -> None:
    game_id = _start(client, rules, coaching="none")
    response = client.post(f"/play/{game_id}/new")
    new_id = str(response.location).split("#")[0].rsplit("/", 1)[1]
    assert new_id != game_id
    old, new = _client_game(app, game_id), _client_game(app, new_id)
    assert (new.rules, new.level, new.seats, new.coaching) == (
        old.rules, old.level, old.seats, old.coaching)
    assert new.hand_index == 0 and not new.match_over


def test_the_setup_page_describes_each_profile_by_its_own_rules(client: FlaskClient) -> None:
    page = client.get("/play/").get_data(as_text=True)
    for rules in RULES:
        profile = get_profile(rules)
        found = re.search(rf'<dd data-rules="{re.escape(rules)}">(.*?)</dd>', page, re.S)
        assert found is not None, rules
        text = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))  # rule links
        assert f"({profile.rule('players')})" in text
        # Each cites its own book (R12 only in the book whose ids start with R).
        cited = re.findall(r"\(([A-Z])\d+\)", text)
        assert cited and set(cited) == {profile.book}, (rules, text)
    assert page.count('name="coaching"') == 3  # the coaching choice, whatever the profile
