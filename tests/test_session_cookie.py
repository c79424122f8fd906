"""A static file never writes the session cookie back (tutor/core/sessions.py): a late one,
sent the older cookie, would undo what the page after it put in the session."""

from __future__ import annotations

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


def _set_cookies(answer: TestResponse) -> list[str]:
    return answer.headers.getlist("Set-Cookie")


def test_a_static_file_leaves_the_session_cookie_alone(client: FlaskClient) -> None:
    page = client.get("/puzzles/")  # a page that makes the anonymous learner's session
    assert page.status_code == 200
    with client.session_transaction() as session:
        session["marker"] = "kept"
        session.permanent = True
    static = client.get("/static/css/site.css")
    assert static.status_code == 200
    assert not any(c.startswith("session=") for c in _set_cookies(static)), static.headers
    again = client.get("/puzzles/")
    assert any(c.startswith("session=") for c in _set_cookies(again)), again.headers
    with client.session_transaction() as session:
        assert session["marker"] == "kept"
