"""The play pages without JavaScript: start a match, act through the plain forms (PRG),
take in two steps, review a hand; ownership, errors and nothing half-saved."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.play.helpers import log_of, random_action, stored
from tests.rulebooks.helpers import unlink_rules


def start(client: FlaskClient, level: str = "medium", seed: int = 8) -> str:
    response = client.post("/play/", data={"level": level, "seed": str(seed)})
    assert response.status_code == 302
    assert response.location.endswith("#play")
    return response.location.split("#")[0].rsplit("/", 1)[1]


def view_of(client: FlaskClient, game_id: str) -> dict[str, Any]:
    return client.get(f"/api/games/{game_id}").get_json()


def advance(client: FlaskClient, game_id: str, done: Any, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    view = view_of(client, game_id)
    for _ in range(3000):
        if done(view):
            return view
        response = client.post(f"/api/games/{game_id}/actions", json=random_action(view, rng))
        view = response.get_json()
    raise AssertionError("never reached")


def test_index_offers_the_three_levels(client: FlaskClient) -> None:
    page = client.get("/play/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for level in ("easy", "medium", "hard"):
        assert f'value="{level}"' in html
    assert 'name="seed"' not in html
    assert 'name="seed" value="12"' in client.get("/play/?seed=12").get_data(as_text=True)
    assert 'name="seed"' not in client.get("/play/?seed=x1").get_data(as_text=True)


def test_play_is_in_the_navigation(client: FlaskClient) -> None:
    assert 'href="/play/"' in client.get("/").get_data(as_text=True)


def test_start_and_resume(client: FlaskClient) -> None:
    game_id = start(client)
    page = client.get(f"/play/{game_id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Your hand" in html
    assert "What can I do with this card?" in html or "Turn the top card" in html
    assert game_id in client.get("/play/").get_data(as_text=True)  # listed to resume


def test_start_rejects_a_bad_level(client: FlaskClient) -> None:
    response = client.post("/play/", data={"level": "godlike"}, follow_redirects=True)
    assert response.status_code == 200
    assert "level must be one of" in response.get_data(as_text=True)
    response = client.post("/play/", data={"level": "easy", "seed": "-4"}, follow_redirects=True)
    assert "seed must be" in response.get_data(as_text=True)


def test_other_learners_cannot_see_or_play(app: Flask, client: FlaskClient) -> None:
    game_id = start(client)
    stranger = app.test_client()
    before = stored(app, game_id)
    for response in (
        stranger.get(f"/play/{game_id}"),
        stranger.get(f"/play/{game_id}/table"),
        stranger.get(f"/play/{game_id}/hands/1/review"),
        stranger.post(f"/play/{game_id}/act", data={"type": "turn"}),
    ):
        assert response.status_code == 404
        assert "Your hand" not in response.get_data(as_text=True)
    assert stored(app, game_id) == before


def test_unknown_game_pages_are_friendly_404s(client: FlaskClient) -> None:
    client.get("/play/")
    for path in ("/play/nope", "/play/" + "a" * 32, "/play/" + "a" * 32 + "/table"):
        response = client.get(path)
        assert response.status_code == 404
        assert "<html" in response.get_data(as_text=True)


def _page_actions(html: str) -> list[dict[str, Any]]:
    """Every action the page's forms post (the field ``action``, record form as JSON)."""
    import json
    from html import unescape

    return [json.loads(unescape(v)) for v in re.findall(r'name="action" value="([^"]*)"', html)]


def _form_for(html: str, kind: str) -> bool:
    return any(a.get("type") == kind for a in _page_actions(html))


def test_plain_forms_play_a_hand(app: Flask, client: FlaskClient) -> None:
    """Play only through the page's forms, as a browser without JavaScript would: every
    legal kind of move has its form, each posting the record-form action."""
    game_id = start(client, "easy", 21)
    rng = random.Random(5)
    for _ in range(400):
        view = view_of(client, game_id)
        if view["hand_over"]:
            break
        html = client.get(f"/play/{game_id}").get_data(as_text=True)
        for k in view["legal_actions"]:
            assert _form_for(html, k), k
        offered = [a for a in _page_actions(html) if a["type"] != "next_hand"]
        response = client.post(f"/play/{game_id}/act",
                               data={"action": json.dumps(rng.choice(offered))})
        assert response.status_code == 302
        assert "flash--error" not in client.get(f"/play/{game_id}").get_data(as_text=True)
    view = view_of(client, game_id)
    assert view["hand_over"]
    html = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert "Review this hand" in html
    assert view["hand_result"] in unlink_rules(html)
    if view["next_hand"]:
        assert _form_for(html, "next_hand")
        client.post(f"/play/{game_id}/act", data={"action": '{"type": "next_hand"}'})
        assert view_of(client, game_id)["hand_number"] == 2


def test_take_step_checks_the_chosen_cards(app: Flask, client: FlaskClient) -> None:
    """A take whose cards are not the learner's, or do not go down, is refused with a
    message and changes nothing."""
    game_id = start(client, "medium", 11)
    view = advance(client, game_id, lambda v: "take" in v["legal_actions"])
    hand = view["hand"]
    before = stored(app, game_id)
    for chosen in ([view["center"]], ["ZZ"], [hand[0], hand[-1]]):
        if sorted(chosen) in [sorted(t["hand_cards"]) for t in view["takes"]]:
            continue
        action = {"type": "take", "card": view["center"], "hand_cards": chosen,
                  "melds": [[*chosen, view["center"]]], "discard": hand[1]}
        client.post(f"/play/{game_id}/act", data={"action": json.dumps(action)})
        page = client.get(f"/play/{game_id}").get_data(as_text=True)
        assert "flash--error" in page, chosen
        assert stored(app, game_id) == before, chosen


def test_bad_form_posts_change_nothing(app: Flask, client: FlaskClient) -> None:
    game_id = start(client, "medium", 11)
    view = advance(client, game_id, lambda v: "take" in v["legal_actions"]
                   and any(t["discards"] for t in v["takes"]))
    before = stored(app, game_id)
    option = next(t for t in view["takes"] if t["discards"])
    kept_out = option["hand_cards"][0] if option["hand_cards"] else view["center"]
    bad_posts = [
        {"type": "dance"},
        {},
        {"type": "turn"},
        {"type": "decline", "card": "KS" if view["center"] != "KS" else "QS"},
        {"type": "take", "card": view["center"], "hand_cards": ",".join(option["hand_cards"])},
        {"type": "take", "card": view["center"], "hand_cards": ",".join(option["hand_cards"]),
         "discard": kept_out},
        {"type": "take", "card": view["center"], "hand_cards": ",".join(option["hand_cards"]),
         "discard": "XX"},
        {"type": "take", "card": "2C" if view["center"] != "2C" else "3C",
         "hand_cards": ",".join(option["hand_cards"]), "discard": option["discards"][0]},
        {"type": "take", "card": view["center"], "hand_cards": "9H", "discard": "AS"},
        {"type": "next_hand"},
    ]
    for data in bad_posts:
        response = client.post(f"/play/{game_id}/act", data=data, follow_redirects=True)
        assert response.status_code == 200, data
        assert 'flash--error' in response.get_data(as_text=True), data
        assert stored(app, game_id) == before, data


def test_force_prompt_offers_force_and_waiver(client: FlaskClient) -> None:
    """Find a moment where the learner may force (the computer declined or passed a card
    that fits its melds) and check the prompt and both buttons."""
    for seed in range(40):
        game_id = start(client, "easy", 300 + seed)
        try:
            view = advance(client, game_id,
                           lambda v: "force" in v["legal_actions"] or v["match"]["over"], seed)
        except AssertionError:
            continue
        if "force" not in view["legal_actions"]:
            continue
        html = client.get(f"/play/{game_id}").get_data(as_text=True)
        assert "force" in view["prompt"].lower()
        assert _form_for(html, "force")
        assert "fits" in html
        if view["phase"] == "force":
            assert _form_for(html, "no_force")
        log = log_of(client, game_id)
        force = next(a for a in _page_actions(html) if a["type"] == "force")
        client.post(f"/play/{game_id}/act", data={"action": json.dumps(force)})
        assert log_of(client, game_id)[len(log)]["action"]["type"] == "force"
        return
    raise AssertionError("no forcing chance found in 40 games")


def test_review_after_a_hand(client: FlaskClient) -> None:
    game_id = start(client, "hard", 13)
    assert client.get(f"/play/{game_id}/hands/1/review").status_code == 404  # not over yet
    advance(client, game_id, lambda v: v["hand_over"])
    page = client.get(f"/play/{game_id}/hands/1/review")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Decision 1" in html and "Your winning chances over the hand" in html
    assert re.search(r'class="grade grade--(best|good|inaccuracy|mistake|blunder)"', html)
    # Each graded decision has its section and its row in the chart's table: count numbers.
    decisions = len(set(re.findall(r"Decision (\d+)", html)))
    mine = [e for e in log_of(client, game_id)
            if e["actor"] == "you" and e["action"]["type"] != "turn"]
    assert 1 <= decisions <= len(mine)  # a move with no alternative is no decision
    assert client.get(f"/play/{game_id}/hands/2/review").status_code == 404
    assert client.get(f"/play/{game_id}/hands/0/review").status_code == 404


def test_table_partial_is_the_table_alone(client: FlaskClient) -> None:
    game_id = start(client)
    part = client.get(f"/play/{game_id}/table")
    assert part.status_code == 200
    html = part.get_data(as_text=True)
    assert "<html" not in html and 'id="actions"' in html


def test_help_links_to_the_analyzer(db_path: Any) -> None:
    """The help and the review link to the analyzer with the learner's position as JSON
    (``?json=``), and the analyzer opens that position."""

    from tests.play.conftest import make_app
    from tutor.extensions import db

    app = make_app(db_path)
    with app.app_context():
        db.create_all()
    client = app.test_client()
    game_id = start(client, "medium", 11)
    advance(client, game_id, lambda v: v["hand_over"])
    review = client.get(f"/play/{game_id}/hands/1/review").get_data(as_text=True)
    assert "/analyzer/?json=" in review
