"""Accounts: sign up, log in, log out, hashing, rate limits, cookies, the secret key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import login, signup

from tutor import create_app
from tutor.extensions import db
from tutor.models import User


def test_signup_stores_a_scrypt_hash(app: Flask, anonymous: FlaskClient) -> None:
    app.config.pop("PASSWORD_HASH_METHOD")  # the site's own default, not the tests' cheap one
    signup(anonymous, "Ana@Example.org", "Ana")
    assert anonymous.get("/teach/").status_code == 200
    with app.app_context():
        user = db.session.execute(db.select(User)).scalar_one()
        assert user.email == "ana@example.org"
        assert user.password_hash.startswith("scrypt:")
        assert "correct horse" not in user.password_hash


def _signup_answer(client: FlaskClient, email: str, password: str) -> tuple[int, str, str]:
    response = client.post("/auth/signup", data={"display_name": "X", "email": email,
                                                 "password": password, "confirm": password})
    page = client.get(response.location).get_data(as_text=True) if response.location else ""
    # Each browser has its own CSRF token: everything else must be the same.
    page = re.sub(r'(csrf[-_]token"[^>]*(?:content|value)=")[^"]+', r"\1…", page)
    return response.status_code, response.location or "", page


def test_signup_does_not_tell_whether_an_address_has_an_account(
        app: Flask, owner: FlaskClient) -> None:
    taken = _signup_answer(app.test_client(), "OWNER@example.org", "wombat lantern")
    new = _signup_answer(app.test_client(), "new@example.org", "wombat lantern")
    assert taken == new  # the same status, the same place, the same page
    assert taken[0] == 302 and taken[1] == "/auth/login"
    assert "exists" not in taken[2] or "If this address was new" in taken[2]
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(User)).scalar_one() == 2
    # The taken address's account is untouched: only its owner's password opens it.
    owner.post("/auth/logout")
    login(owner, "owner@example.org")
    stranger = app.test_client()
    refused = stranger.post("/auth/login", data={"email": "owner@example.org",
                                                 "password": "wombat lantern"})
    assert refused.status_code == 400


def test_signup_refuses_bad_fields(app: Flask) -> None:
    client = app.test_client()
    short = client.post(
        "/auth/signup",
        data={
            "display_name": "X",
            "email": "not-an-address",
            "password": "short",
            "confirm": "other",
        },
    )
    page = short.get_data(as_text=True)
    assert short.status_code == 400
    assert "Enter an email address" in page and "The passwords differ." in page
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(User)).scalar_one() == 0


@pytest.mark.parametrize("password", ["12345678", "aaaaaaaa", "password1", "qwertyuiop",
                                      "iloveyou123", "trustno1trustno1", "maria.santos",
                                      "Maria Santos 1"])
def test_common_and_guessable_passwords_are_refused(app: Flask, password: str) -> None:
    response = app.test_client().post(
        "/auth/signup", data={"display_name": "Maria Santos", "email": "maria.santos@example.org",
                              "password": password, "confirm": password})
    assert response.status_code == 400
    assert "too easy to guess" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(User)).scalar_one() == 0


@pytest.mark.parametrize("password", ["correct horse", "wombat lantern", "Conquian!Tabla-77"])
def test_strong_passwords_are_accepted(app: Flask, password: str) -> None:
    client = app.test_client()
    response = client.post("/auth/signup", data={"display_name": "Ana", "email": "ana@example.org",
                                                 "password": password, "confirm": password})
    assert response.status_code == 302
    login(client, "ana@example.org", password)


def test_login_logout_and_wrong_password(app: Flask, owner: FlaskClient) -> None:
    owner.post("/auth/logout")
    assert owner.get("/teach/").status_code == 302
    wrong = owner.post("/auth/login", data={"email": "owner@example.org", "password": "nope nope"})
    assert wrong.status_code == 400
    assert "do not match an account" in wrong.get_data(as_text=True)
    unknown = owner.post("/auth/login", data={"email": "who@example.org", "password": "nope nope"})
    assert unknown.status_code == 400
    ok = owner.post(
        "/auth/login?next=/teach/sets/new",
        data={"email": "owner@example.org", "password": "correct horse"},
    )
    assert ok.status_code == 302 and ok.location == "/teach/sets/new"
    assert owner.get("/teach/").status_code == 200


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "javascript:x"])
def test_login_never_redirects_off_site(owner: FlaskClient, target: str) -> None:
    owner.post("/auth/logout")
    response = owner.post(
        f"/auth/login?next={target}",
        data={"email": "owner@example.org", "password": "correct horse"},
    )
    assert response.status_code == 302
    assert response.location == "/teach/"


def test_logout_needs_a_post(owner: FlaskClient) -> None:
    assert owner.get("/auth/logout").status_code == 405
    assert owner.get("/teach/").status_code == 200


def test_session_cookie_is_http_only_and_same_site(anonymous: FlaskClient) -> None:
    response = anonymous.post("/auth/login", data={"email": "a@example.org", "password": "x"})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_production_needs_a_secret_key_redis_and_secure_cookies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CONQUIAN_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", "f0e1" * 16)
    monkeypatch.delenv("REDIS_URL", raising=False)
    with pytest.raises(RuntimeError, match="REDIS_URL"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")  # not contacted here
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    monkeypatch.setenv("SECRET_KEY", "f0e1" * 16)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    assert app.config["SECRET_KEY"] == "f0e1" * 16
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
    assert app.config["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/0"
