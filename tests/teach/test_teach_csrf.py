"""With CSRF on (as in production), every state-changing request without a token is refused
and changes nothing; the forms of the site carry the token and go through."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import WORKED

from tutor import create_app
from tutor.extensions import db
from tutor.models import Classroom, PuzzleSet, User


@pytest.fixture
def csrf_app() -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "csrf-test",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "WTF_CSRF_ENABLED": True,
            "RATELIMIT_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
    )
    with app.app_context():
        db.create_all()
    yield app


def token(client: FlaskClient, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page) or re.search(
        r'value="([^"]+)"[^>]*name="csrf_token"', page
    )
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one())


def signed_up(app: Flask) -> FlaskClient:
    client = app.test_client()
    data = {"display_name": "T", "email": "t@example.org", "password": "wombat lantern",
            "confirm": "wombat lantern"}  # fmt: skip
    assert client.post("/auth/signup", data=data).status_code == 400  # no token: refused
    assert count(app, User) == 0
    data["csrf_token"] = token(client, "/auth/signup")
    assert client.post("/auth/signup", data=data).status_code == 302
    login = {"email": "t@example.org", "password": "wombat lantern"}
    assert client.post("/auth/login", data=login).status_code == 400  # no token: refused
    login["csrf_token"] = token(client, "/auth/login")
    assert client.post("/auth/login", data=login).status_code == 302
    return client


def test_forms_without_a_token_are_refused(csrf_app: Flask) -> None:
    client = signed_up(csrf_app)
    refused = client.post("/teach/sets/new", data={"title": "No token", "language": "en"})
    assert refused.status_code == 400
    assert "expired or was not sent from this site" in refused.get_data(as_text=True)
    assert count(csrf_app, PuzzleSet) == 0
    assert client.post("/teach/classes/new", data={"name": "C"}).status_code == 400
    assert count(csrf_app, Classroom) == 0
    # Logging out needs the token too: a foreign page cannot log a teacher out.
    assert client.post("/auth/logout").status_code == 400
    assert client.get("/teach/").status_code == 200

    good = token(client, "/teach/sets/new")
    made = client.post("/teach/sets/new", data={"title": "T", "language": "en", "csrf_token": good})
    assert made.status_code == 302
    set_id = int(re.search(r"/teach/sets/(\d+)/", made.location).group(1))  # type: ignore[union-attr]
    for path in (f"/teach/sets/{set_id}/delete", f"/teach/sets/{set_id}/publish"):
        assert client.post(path, data={"publish": "1"}).status_code == 400
    assert count(csrf_app, PuzzleSet) == 1
    with csrf_app.app_context():
        assert db.session.get(PuzzleSet, set_id).is_published is False  # type: ignore[union-attr]


def test_the_live_check_needs_the_header_token(csrf_app: Flask) -> None:
    client = signed_up(csrf_app)
    body = {"position": WORKED, "task": "can_use"}
    assert client.post("/teach/api/check", json=body).status_code == 400
    good = token(client, "/teach/")
    response = client.post("/teach/api/check", json=body, headers={"X-CSRFToken": good})
    assert response.status_code == 200 and response.get_json()["ok"] is True


def test_joining_a_class_needs_the_token(csrf_app: Flask) -> None:
    teacher = signed_up(csrf_app)
    made = teacher.post(
        "/teach/classes/new", data={"name": "C", "csrf_token": token(teacher, "/teach/classes/new")}
    )
    assert made.status_code == 302
    with csrf_app.app_context():
        code = db.session.execute(db.select(Classroom.code)).scalar_one()
    learner = csrf_app.test_client()
    assert learner.post("/join", data={"code": code, "nickname": "Lu"}).status_code == 400
    good = token(learner, "/join")
    ok = learner.post("/join", data={"code": code, "nickname": "Lu", "csrf_token": good})
    assert ok.status_code == 302
