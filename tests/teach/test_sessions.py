"""Logging out ends the session on the server: a session or remember cookie copied before
logout opens nothing afterwards; remember tokens rotate, carry SameSite and expire; logins
expire; the learner's cookie has a bounded lifetime."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import login, signup

from tutor.extensions import db
from tutor.models import LoginSession
from tutor.models.common import utcnow

EMAIL = "owner@example.org"


def _cookie(client: FlaskClient, name: str) -> str:
    cookie = client.get_cookie(name)
    assert cookie is not None, f"no {name} cookie"
    return cookie.value


def _with_cookie(app: Flask, name: str, value: str) -> FlaskClient:
    """A fresh browser holding a copy of one cookie."""
    client = app.test_client()
    client.set_cookie(name, value)
    return client


def _opens_teach(client: FlaskClient) -> bool:
    return client.get("/teach/").status_code == 200


def _logout(client: FlaskClient) -> None:
    assert client.post("/auth/logout").status_code == 302


def _rows(app: Flask) -> list[LoginSession]:
    with app.app_context():
        return list(db.session.execute(db.select(LoginSession)).scalars())


def test_a_session_cookie_copied_before_logout_opens_nothing_after(
        app: Flask, owner: FlaskClient) -> None:
    stolen = _cookie(owner, "session")
    assert _opens_teach(_with_cookie(app, "session", stolen))  # the copy works while logged in
    _logout(owner)
    assert not _opens_teach(owner)
    assert not _opens_teach(_with_cookie(app, "session", stolen))
    assert _rows(app) == []


def test_a_remember_token_copied_before_logout_opens_nothing_after(
        app: Flask, anonymous: FlaskClient) -> None:
    signup(anonymous, EMAIL)
    _logout(anonymous)
    login(anonymous, EMAIL, remember=True)
    token = _cookie(anonymous, "remember_token")
    session = _cookie(anonymous, "session")
    _logout(anonymous)
    # After logout the copied token opens nothing, alone or with the copied session cookie.
    assert not _opens_teach(_with_cookie(app, "remember_token", token))
    both = _with_cookie(app, "remember_token", token)
    both.set_cookie("session", session)
    assert not _opens_teach(both)
    assert _rows(app) == []


def test_a_remember_token_opens_a_new_browser_session(app: Flask,
                                                      anonymous: FlaskClient) -> None:
    signup(anonymous, EMAIL)
    _logout(anonymous)
    login(anonymous, EMAIL, remember=True)
    browser = _with_cookie(app, "remember_token", _cookie(anonymous, "remember_token"))
    assert _opens_teach(browser)  # no session cookie: the token alone logs in


def test_logout_ends_only_that_device(app: Flask, owner: FlaskClient) -> None:
    laptop = app.test_client()
    login(laptop, EMAIL)
    _logout(owner)
    assert not _opens_teach(owner)
    assert _opens_teach(laptop)


def test_the_remember_token_is_random_rotates_and_is_same_site(
        app: Flask, anonymous: FlaskClient) -> None:
    signup(anonymous, EMAIL)
    tokens = []
    for _ in range(2):
        _logout(anonymous)
        response = anonymous.post("/auth/login", data={"email": EMAIL, "password": "correct horse",
                                                       "remember": "y"})
        header = next(h for h in response.headers.getlist("Set-Cookie")
                      if h.startswith("remember_token="))
        assert "SameSite=Lax" in header and "HttpOnly" in header
        tokens.append(_cookie(anonymous, "remember_token"))
    assert tokens[0] != tokens[1]  # not derived from the account: a new one per login

    # Opening a new browser session with the token replaces it.
    browser = _with_cookie(app, "remember_token", tokens[1])
    assert _opens_teach(browser)
    rotated = _cookie(browser, "remember_token")
    assert rotated != tokens[1]
    # The old token keeps working only for a short grace (requests already on their way).
    with app.app_context():
        for row in db.session.execute(db.select(LoginSession)).scalars():
            if row.expires_at < utcnow() + timedelta(minutes=5):
                row.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    assert not _opens_teach(_with_cookie(app, "remember_token", tokens[1]))
    assert _opens_teach(_with_cookie(app, "remember_token", rotated))


def test_logins_expire(app: Flask, anonymous: FlaskClient) -> None:
    signup(anonymous, EMAIL)
    (row,) = _rows(app)
    assert not row.remember
    assert timedelta(hours=11) < row.expires_at - utcnow() <= timedelta(hours=12)
    _logout(anonymous)
    login(anonymous, EMAIL, remember=True)
    (row,) = _rows(app)
    assert row.remember
    assert timedelta(days=29) < row.expires_at - utcnow() <= timedelta(days=30)
    cookie = anonymous.get_cookie("remember_token")
    assert cookie is not None and cookie.expires is not None
    left = cookie.expires.replace(tzinfo=None) - utcnow()
    assert timedelta(days=29) < left <= timedelta(days=30, minutes=1)
    # A login past its expiry opens nothing.
    with app.app_context():
        db.session.execute(db.update(LoginSession).values(expires_at=utcnow()))
        db.session.commit()
    assert not _opens_teach(anonymous)


def test_the_learner_cookie_lasts_90_days_from_the_last_visit(app: Flask,
                                                               anonymous: FlaskClient) -> None:
    assert app.config["PERMANENT_SESSION_LIFETIME"] == timedelta(days=90)
    response = anonymous.post("/play/", data={"level": "easy"})
    header = next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("session="))
    assert "Expires=" in header and "HttpOnly" in header and "SameSite=Lax" in header
    cookie = anonymous.get_cookie("session")
    assert cookie is not None and cookie.expires is not None
    left = cookie.expires.replace(tzinfo=None) - utcnow()
    assert timedelta(days=89) < left <= timedelta(days=90, minutes=1)
