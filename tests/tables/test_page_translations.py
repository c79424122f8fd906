"""A stream's page event looks the request's translations up once per render, not once per
sentence (issue 29: every viewer's page is rendered at each move), and is byte for byte the
page Flask-Babel's own per-sentence look-ups render.  Every profile, from the registry."""

from __future__ import annotations

import json
import re
from typing import Any

import flask_babel
import pytest
from flask import Flask, session
from flask.testing import FlaskClient

from solver.game.registry import GAMES
from tests.tables.test_stream_pages import _table
from tutor.extensions import db
from tutor.models import Learner
from tutor.tables import reads, views


def _learner(app: Flask, client: FlaskClient) -> tuple[int, str]:
    with client.session_transaction() as stored:
        token = str(stored["learner"])
    with app.app_context():
        learner = db.session.query(Learner).filter_by(token=token).one()
        return int(learner.id), token


def _page(app: Flask, table_id: str, who: tuple[int, str], language: str,
          monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    """The page event's html for ``who`` in ``language``, and how many times the
    per-sentence look-up of Flask-Babel's template callables ran for it."""
    calls = []
    original = flask_babel.get_translations

    def counted() -> Any:
        calls.append(1)
        return original()

    reads.clear()
    with app.test_request_context(f"/tables/{table_id}/events",
                                  headers={"Accept-Language": language}):
        session["learner"] = who[1]
        with monkeypatch.context() as patch:
            patch.setattr(flask_babel, "get_translations", counted)
            found = views.page(table_id, who[0], 10**6)
        db.session.remove()
    assert found is not None
    html = json.loads(found[1])["html"]
    # Each render signs the session's CSRF token afresh (its time): the rest must match.
    return re.sub(r'name="csrf_token" value="[^"]*"', "csrf", html), len(calls)


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_page_event_binds_the_catalog_once_and_renders_the_same(
        app: Flask, rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, host, guest = _table(app, rules)
    for client in (host, guest):
        who = _learner(app, client)
        for language in ("en", "pt"):
            app.config["TABLES_MEMO"] = True
            bound, looked_up = _page(app, table_id, who, language, monkeypatch)
            assert looked_up == 0  # no sentence of the template looked the catalog up
            app.config["TABLES_MEMO"] = False
            plain, per_sentence = _page(app, table_id, who, language, monkeypatch)
            assert per_sentence > 10  # (the probe counts Flask-Babel's look-ups)
            assert bound == plain
