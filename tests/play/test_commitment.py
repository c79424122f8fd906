"""The deal commitment on the site, for every registered game: a hand played to its end
through the JSON API shows the same commitment from its first view on, never the salt or
the deal before the end, and at the end reveals the parts of the deal the learner may see
(version 2): they and the list of part hashes hash to that commitment, they are the deal
the server dealt (the cards each seat started with), and a hand the game keeps face down
shows its hash alone.  A hand stored with version 1 still shows and verifies as it did."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.commitment import (
    check_reveal,
    commitment,
    deal_text,
    parse_committed_text,
    part_lines,
)
from solver.game.errors import InvalidGameError
from solver.game.record import state_from_dict
from solver.game.registry import GAMES, game_rules
from solver.rules import get_profile
from tests.play.helpers import random_action
from tutor.extensions import db
from tutor.models import Game
from tutor.play.games import game_from_dict, new_game

MAX_MOVES = 400


def _stored(app: Flask, game_id: str) -> dict[str, Any]:
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        return dict(row.state)


def _store(app: Flask, game_id: str, state: dict[str, Any]) -> None:
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        row.state = state
        row.version += 1  # a change the site's cached copy does not know
        db.session.commit()


def _choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move; at a Conquin table, a close or a meld first (random players
    there can go on for a long time)."""
    if "choices" not in view:
        return random_action(view, rng)

    def action(choice: dict[str, Any]) -> dict[str, Any]:
        return dict(choice["action"] or rng.choice(choice["discards"])["action"])

    for kind in ("close", "play"):
        preferred = [ch for ch in view["choices"]
                     if (ch["action"] or ch["discards"][0]["action"])["type"] == kind]
        if preferred:
            return action(rng.choice(preferred))
    return action(rng.choice(view["choices"]))


def _start(client: FlaskClient, rules: str, seed: int) -> tuple[str, dict[str, Any]]:
    extra = {"opponents": 3} if get_profile(rules).max_players > 2 else {}
    response = client.post("/api/games",
                           json={"rules": rules, "seed": seed, "level": "medium", **extra})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    return body["id"], body["view"]


def _secrets(app: Flask, game_id: str) -> list[str]:
    """What must not leave the server before the hand ends: the salt, and the deal's text
    line by line (its stock line above all)."""
    stored = _stored(app, game_id)
    lines = deal_text(state_from_dict(stored).deal).split("\n")[:-1]
    return [stored["table"]["deal_salt"], "conquian-deal-v", *lines]


def _assert_hidden(texts: dict[str, str], secrets: list[str], where: str) -> None:
    for name, text in texts.items():
        for secret in secrets:
            assert secret not in text, f"{where}: the {name} shows {secret!r}"


@pytest.mark.slow  # a whole hand; Kunken's two packs take some 20 s
@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_hand_reveals_the_deal_it_committed_to(app: Flask, client: FlaskClient,
                                                 rules: str) -> None:
    game_id, view = _start(client, rules, 2)
    committed = view["deal_commitment"]
    assert committed["revealed"] is None
    digest = committed["hash"]
    assert len(digest) == 64 and committed["short"] == digest[:12]
    first_hand = Counter(view["hand"])
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert "Deal commitment:" in page and committed["short"] in page and digest in page
    secrets = _secrets(app, game_id)
    rng = random.Random(rules)
    moves = 0
    while not view["hand_over"]:
        assert view["deal_commitment"] == committed, f"{rules} move {moves}"
        texts = {"view": client.get(f"/api/games/{game_id}").get_data(as_text=True)}
        if moves % 5 == 0:
            texts["page"] = client.get(f"/play/{game_id}").get_data(as_text=True)
            texts["table"] = client.get(f"/play/{game_id}/table").get_data(as_text=True)
            texts["log"] = client.get(f"/api/games/{game_id}/log").get_data(as_text=True)
        _assert_hidden(texts, secrets, f"{rules} move {moves}")
        answer = client.post(f"/api/games/{game_id}/actions", json=_choose(view, rng))
        assert answer.status_code == 200, answer.get_json()
        view = answer.get_json()
        if not view["hand_over"]:
            _assert_hidden({"answer": answer.get_data(as_text=True)}, secrets,
                           f"{rules} move {moves}")
        moves += 1
        assert moves < MAX_MOVES, f"{rules}: the hand does not end"

    revealed = view["deal_commitment"]["revealed"]
    assert view["deal_commitment"]["hash"] == digest and revealed["version"] == 2
    checked = check_reveal(revealed["text"])
    assert checked["sha256"] == digest and checked["wrong"] == []
    assert hashlib.sha256(revealed["root"].encode("utf-8")).hexdigest() == digest
    # The revealed parts are the deal the server dealt and played from ...
    stored = _stored(app, game_id)
    state = state_from_dict(stored)
    lines = part_lines(state.deal)
    shows = game_rules(rules).shows_hand
    for part in revealed["parts"]:
        label = part["label"]
        seat = int(label[5:]) if label.startswith("hand ") else None
        kept_down = (seat not in (None, 0) and shows is not None
                     and not shows(state, seat))
        if kept_down or (label == "stock" and any(p["hidden"] for p in revealed["parts"]
                                                   if p["label"] != "stock")):
            assert part["text"] is None and part["why"], f"{rules}: {label} shown"
            assert lines[label] not in revealed["text"]
        else:
            assert part["text"].endswith(lines[label]), f"{rules}: {label}"
    # Each part is named as a heading reads: "The computer's hand", never "Hand of The
    # computer" (a seat's name begins with a capital).
    seats = len(state.deal.hands)
    others = ["The computer's hand"] if seats == 2 else \
        [f"Computer {n}'s hand" for n in range(1, seats)]
    assert [part["name"] for part in revealed["parts"]] == \
        ["Dealer", "Your hand", *others, "Stock"]
    # ... and seat 0's hand in it is the one the learner was shown at the start.
    own = Counter(lines["hand 0"].split(":")[1].split())
    assert own == first_hand
    assert stored["table"]["deal_salt"] not in client.get(f"/api/games/{game_id}") \
        .get_data(as_text=True)
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert "data-deal-root" in page and digest in page and "sha256sum part.txt" in page
    assert all(p["text"] in page for p in revealed["parts"] if p["text"])


def test_the_next_hand_gets_a_new_salt_and_commitment(app: Flask,
                                                      client: FlaskClient) -> None:
    game_id, view = _start(client, "conquian-40", 5)
    rng = random.Random(5)
    while not view["hand_over"]:
        view = client.post(f"/api/games/{game_id}/actions",
                           json=_choose(view, rng)).get_json()
    first = view["deal_commitment"]
    salt = _stored(app, game_id)["table"]["deal_salt"]
    view = client.post(f"/api/games/{game_id}/actions", json={"type": "next_hand"}).get_json()
    assert view["deal_commitment"]["revealed"] is None
    assert view["deal_commitment"]["hash"] != first["hash"]
    assert _stored(app, game_id)["table"]["deal_salt"] != salt


def test_a_game_stored_without_a_salt_shows_no_commitment(app: Flask,
                                                          client: FlaskClient) -> None:
    """A game stored before deal commitments loads and plays; its hand shows none, and the
    next hand it deals has one."""
    game_id, view = _start(client, "conquian-40", 6)
    stored = _stored(app, game_id)
    del stored["table"]["deal_salt"]
    _store(app, game_id, stored)
    view = client.get(f"/api/games/{game_id}").get_json()
    assert view["deal_commitment"] is None
    page = client.get(f"/play/{game_id}")
    assert page.status_code == 200 and "Deal commitment:" not in page.get_data(as_text=True)
    rng = random.Random(6)
    while not view["hand_over"]:
        answer = client.post(f"/api/games/{game_id}/actions", json=_choose(view, rng))
        assert answer.status_code == 200, answer.get_json()
        view = answer.get_json()
        assert view["deal_commitment"] is None
    view = client.post(f"/api/games/{game_id}/actions", json={"type": "next_hand"}).get_json()
    assert view["deal_commitment"] is not None


@pytest.mark.parametrize("salt", ["", "ABCDEF" * 6, "0" * 31, 12])
def test_a_bad_stored_salt_is_refused_saying_where(app: Flask, client: FlaskClient,
                                                   salt: object) -> None:
    game_id, _view = _start(client, "conquian-40", 7)
    stored = _stored(app, game_id)
    stored["table"]["deal_salt"] = salt
    with pytest.raises(InvalidGameError, match=r"table\.deal_salt"):
        game_from_dict(stored)


def test_a_resigned_match_reveals_its_deal(app: Flask, client: FlaskClient) -> None:
    """Resigning ends the match in the middle of a hand: no move can follow, so the deal
    and its salt are shown, and they hash to the commitment."""
    game_id, view = _start(client, "conquian-40", 8)
    digest = view["deal_commitment"]["hash"]
    assert not view["hand_over"] and view["deal_commitment"]["revealed"] is None
    assert client.post(f"/play/{game_id}/resign").status_code == 302
    view = client.get(f"/api/games/{game_id}").get_json()
    checked = check_reveal(view["deal_commitment"]["revealed"]["text"])
    assert checked["sha256"] == digest and checked["wrong"] == []
    assert all(checked["parts"].values())  # conquian-40 keeps no hand face down


def test_only_a_seeded_game_has_a_salt_anyone_could_work_out() -> None:
    """Without a seed every game's salt is fresh; a seed (test servers only) fixes the deal,
    and its salts with it, so the same seed gives the same game."""
    unseeded = [new_game("conquian-40") for _ in range(3)]
    assert len({g.deal_salt for g in unseeded}) == 3
    assert not any(g.to_dict()["table"].get("seeded") for g in unseeded)
    one, two = new_game("conquian-40", seed=11), new_game("conquian-40", seed=11)
    assert one.deal_salt == two.deal_salt and one.to_dict()["table"]["seeded"] is True
    assert game_from_dict(one.to_dict()).seeded
    assert new_game("conquian-40", seed=12).deal_salt != one.deal_salt


def test_a_hand_stored_with_version_1_still_shows_and_verifies(app: Flask,
                                                               client: FlaskClient) -> None:
    """A hand stored before version 2 (no ``deal_commitment`` in its table) keeps the
    version-1 commitment its players were shown, reveals its whole deal at the end as it
    did, and the next hand it deals has version 2."""
    game_id, view = _start(client, "conquian-40", 9)
    stored = _stored(app, game_id)
    assert stored["table"].pop("deal_commitment") == 2
    _store(app, game_id, stored)
    state = state_from_dict(stored)
    digest = commitment(state.deal, stored["table"]["deal_salt"])
    view = client.get(f"/api/games/{game_id}").get_json()
    assert view["deal_commitment"]["hash"] == digest and view["deal_commitment"]["version"] == 1
    rng = random.Random(9)
    while not view["hand_over"]:
        view = client.post(f"/api/games/{game_id}/actions", json=_choose(view, rng)).get_json()
        assert view["deal_commitment"]["hash"] == digest
    revealed = view["deal_commitment"]["revealed"]
    assert hashlib.sha256(revealed["text"].encode()).hexdigest() == digest
    assert parse_committed_text(revealed["text"])[0] == stored["table"]["deal_salt"]
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert "data-deal-text" in page and "data-deal-root" not in page
    assert revealed["text"] in page
    view = client.post(f"/api/games/{game_id}/actions", json={"type": "next_hand"}).get_json()
    assert view["deal_commitment"]["version"] == 2
    assert _stored(app, game_id)["table"]["deal_commitment"] == 2
