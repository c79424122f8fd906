"""What a move's answer need not work out again (issue 28's web floor): a copy of a
position keeps the legal actions already found for it, and a hand's deal commitment is
hashed once while the hand goes on.  The answers stay the same (their values are checked
against a fresh computation)."""

from __future__ import annotations

import random

import flask_babel
import orjson
import pytest
from flask import Flask

from solver.game import commitment
from solver.game.registry import GAMES
from solver.rules import PROFILES
from tutor.extensions import db
from tutor.models import Game
from tutor.play import fairness, speech, store
from tutor.play import view as view_module
from tutor.play.games import new_game
from tutor.play.view import game_view


@pytest.mark.parametrize("rules_id", PROFILES)
def test_a_copy_keeps_the_legal_actions_found(rules_id: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(rules_id, "medium", 5).state
    found = state.legal_actions()
    copy = state.clone()
    kind = type(state)
    if hasattr(kind, "_generate"):  # a game that keeps what it worked out for a position
        def again(self: object) -> None:
            raise AssertionError("the copy worked out its legal actions again")
        monkeypatch.setattr(kind, "_generate", again)
    assert copy.legal_actions() == found
    monkeypatch.undo()
    copy.apply_action(found[0])  # a step forgets them: the next position's are its own
    replay = new_game(rules_id, "medium", 5).state
    replay.apply_action(found[0])
    assert copy.legal_actions() == replay.legal_actions()
    assert state.legal_actions() == found


@pytest.mark.parametrize("rules_id", PROFILES)
def test_the_commitment_is_hashed_once_a_hand(rules_id: str, app: Flask,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(rules_id, "medium", 7)
    with app.test_request_context("/"):
        expected = fairness.deal_commitment(game, 0, ["You"] + ["x"] * (game.seats - 1))
        calls = []
        for name in ("commitment", "commitment_v2"):
            real = getattr(commitment, name)

            def counted(*args: object, _real: object = real) -> object:
                calls.append(1)
                return _real(*args)  # type: ignore[operator]
            monkeypatch.setattr(commitment, name, counted)
        first = game_view(game)["deal_commitment"]
        second = game_view(game.copy())["deal_commitment"]
    assert first == second == expected
    assert first is not None and first["revealed"] is None
    assert len(calls) == 1


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_view_looks_its_catalog_up_once(rules_id: str, app: Flask,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sentence of a view (seats, table, choices, log) is translated with one look-up
    of the request's catalog, not one each."""
    game = new_game(rules_id, "medium", 3)
    looked = []
    real = flask_babel.Domain.get_translations

    def counted(self: flask_babel.Domain) -> object:
        looked.append(1)
        return real(self)
    with app.test_request_context("/", headers={"Accept-Language": "pt"}):
        expected = game_view(game)
        monkeypatch.setattr(flask_babel.Domain, "get_translations", counted)
    with app.test_request_context("/", headers={"Accept-Language": "pt"}):
        assert game_view(game) == expected
    assert len(looked) <= 1


@pytest.mark.slow
@pytest.mark.parametrize("rules_id", GAMES)
def test_each_answer_is_the_view_worked_out_afresh(rules_id: str, app: Flask) -> None:
    """A move's answer, made with cached translations and commitment and saved on a pooled
    connection, is byte for byte the view worked out again in a new request with nothing
    cached, of the game exactly as the database now stores it, through a finished hand."""
    client = app.test_client(use_cookies=False)
    made = client.post("/api/games", json={"rules": rules_id, "seed": 11})
    assert made.status_code == 200
    game_id, headers = made.get_json()["id"], {"X-Game-Token": made.get_json()["token"]}
    view, rng, hands, answers = made.get_json()["view"], random.Random(rules_id), 0, 0
    while hands < 2 and answers < 150 and not view["match"]["over"]:
        hands += bool(view["next_hand"])
        action = {"type": "next_hand"} if view["next_hand"] else rng.choice(
            [a for c in view["choices"] for a in
             [c["action"], *[d["action"] for d in c["discards"] or []]] if a])
        answer = client.post(f"/api/games/{game_id}/actions", json=action, headers=headers)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        answers += 1
        view_module._COMMITMENTS.clear()
        with app.test_request_context("/"):
            loaded = store.cached(game_id)
            row = db.session.get(Game, game_id)
            assert loaded is not None and row is not None
            assert row.state == loaded.game.to_dict() and row.version == loaded.version
            afresh = orjson.dumps(game_view(loaded.game))
        assert answer.get_data() == afresh
        view = orjson.loads(afresh)
    assert hands >= 1


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_copy_shares_the_match_until_it_deals(rules_id: str) -> None:
    """A move works on a copy of the cached game: the copy shares the match (it changes
    only when the next hand is dealt) instead of rebuilding it from its stored form; dealing
    gives the copy a match of its own, and the original's stays as it was."""
    game = new_game(rules_id, "medium", 9)
    copy = game.copy()
    assert copy.match is game.match
    rng = random.Random(rules_id)
    while not copy.hand_over:
        copy.act(rng.choice(copy.legal()).to_dict())
    before = game.match.to_dict()
    copy.next_hand()
    assert copy.match is not game.match
    assert game.match.to_dict() == before
    assert (game.hand_index, copy.hand_index) == (0, 1)
    assert copy.copy().match is copy.match


def test_a_request_translates_without_werkzeugs_proxies(app: Flask,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A view says dozens of sentences: after a request's first, each is translated with the
    request's catalog found on its app context directly, not through ``flask.g``'s proxy."""
    class NoProxy:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"flask.g.{name} looked up again")

    with app.test_request_context("/", headers={"Accept-Language": "pt"}):
        first, language = speech.gettext("You won the hand!"), speech.locale()
        monkeypatch.setattr(speech, "g", NoProxy())
        assert speech.gettext("You won the hand!") == first != "You won the hand!"
        assert speech.translator()("You won the hand!") == first
        assert speech.locale() == language == "pt"
