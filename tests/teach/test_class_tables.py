"""A teacher sees the open tables of a class — those its learners host and the teacher's
own — and watches each as a spectator, who is shown public information only; another
teacher gets 404 and a table of someone outside the class is not listed."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import class_code, join, make_class

from solver.cards import parse_kind
from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.helpers import mentioned_in_html
from tests.tables.helpers import Watch, true_state


def _open_table(client: FlaskClient, rules: str, name: str) -> str:
    seats = max(2, get_profile(rules).min_players)
    opened = client.post("/tables/", data={"rules": rules, "seats": str(seats), "name": name})
    assert opened.status_code == 302, opened.get_data(as_text=True)
    return str(opened.location.rsplit("/", 1)[1].split("#")[0])


def test_a_teacher_lists_and_watches_the_class_tables(app: Flask, owner: FlaskClient,
                                                     other: FlaskClient) -> None:
    class_id = make_class(owner)
    pupil, outsider = app.test_client(), app.test_client()
    assert join(pupil, class_code(app, class_id), "Lu").status_code == 302
    rules = list(GAMES)
    pupils = _open_table(pupil, rules[0], "Lu")
    teachers = _open_table(owner, rules[-1], "Ms Ho")
    outsiders = _open_table(outsider, rules[0], "Zed")
    url = f"/teach/classes/{class_id}/tables"
    listing = owner.get(url)
    assert listing.status_code == 200
    text = listing.get_data(as_text=True)
    assert f'href="/tables/{pupils}"' in text and "opened by Lu" in text
    assert f'href="/tables/{teachers}"' in text and "opened by you" in text
    assert f"/tables/{outsiders}" not in text
    assert f'href="{url}"' in owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assert other.get(url).status_code == 404  # another teacher's class
    assert pupil.get(url).status_code in (302, 401)  # learners are sent to log in

    # The pupil's table starts; the teacher watches it as a spectator: no hand, no card
    # that has not lain face up for all.
    assert pupil.post(f"/tables/{pupils}/fill", data={"level": "easy"}).status_code == 302
    assert pupil.post(f"/tables/{pupils}/start").status_code == 302
    watch = Watch(true_state(app, pupils))
    watch.seen(true_state(app, pupils))
    for page_url in (f"/tables/{pupils}", f"/tables/{pupils}/fragment"):
        page = owner.get(page_url)
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert "Your hand" not in html and "Sit down" not in html
        drawn = {parse_kind(c) for c in mentioned_in_html(html)}
        assert drawn <= watch.public, f"{page_url}: the teacher is shown a card not public"
    state = owner.get(f"/tables/{pupils}/state").get_json()
    assert state["seat"] is None and "hand" not in state["view"]
    assert f'href="/tables/{pupils}"' in owner.get(url).get_data(as_text=True)  # playing


def test_no_table_yet(app: Flask, owner: FlaskClient) -> None:
    class_id = make_class(owner)
    text = owner.get(f"/teach/classes/{class_id}/tables").get_data(as_text=True)
    assert "No table is open in this class." in text
