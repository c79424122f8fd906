"""Accounts: sign up, log in, log out, hashing, rate limits, cookies, the secret key."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import signup

from tutor import create_app
from tutor.extensions import db
from tutor.models import User


def test_signup_logs_in_and_stores_a_scrypt_hash(app: Flask, anonymous: FlaskClient) -> None:
    app.config.pop("PASSWORD_HASH_METHOD")  # the site's own default, not the tests' cheap one
    signup(anonymous, "Ana@Example.org", "Ana")
    assert anonymous.get("/teach/").status_code == 200
    with app.app_context():
        user = db.session.execute(db.select(User)).scalar_one()
        assert user.email == "ana@example.org"
        assert user.password_hash.startswith("scrypt:")
        assert "correct horse" not in user.password_hash


def test_signup_refuses_a_taken_address_and_bad_fields(app: Flask, owner: FlaskClient) -> None:
    client = app.test_client()
    taken = client.post(
        "/auth/signup",
        data={
            "display_name": "X",
            "email": "OWNER@example.org",
            "password": "abcdefgh1",
            "confirm": "abcdefgh1",
        },
    )
    assert taken.status_code == 400
    assert "An account with this address exists." in taken.get_data(as_text=True)
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
        assert db.session.execute(db.select(db.func.count()).select_from(User)).scalar_one() == 1


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


def test_login_attempts_are_rate_limited(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "k",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/rl.sqlite",
            "RATELIMIT_ENABLED": True,
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    codes = [
        client.post("/auth/login", data={"email": "a@b.cd", "password": "guess guess"}).status_code
        for _ in range(11)
    ]
    assert codes[:10] == [400] * 10
    assert codes[10] == 429
    assert client.get("/auth/login").status_code == 200  # only attempts are limited


def test_session_cookie_is_http_only_and_same_site(anonymous: FlaskClient) -> None:
    response = anonymous.post(
        "/auth/signup",
        data={
            "display_name": "A",
            "email": "a@example.org",
            "password": "abcdefgh1",
            "confirm": "abcdefgh1",
        },
    )
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_production_needs_a_secret_key_and_secure_cookies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CONQUIAN_ENV", "production")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
