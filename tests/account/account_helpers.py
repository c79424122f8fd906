"""Helpers for the account tests: they sign up, log in and post forms through the site."""

from __future__ import annotations

import email
import email.policy
import re
import threading
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.backends import postgres_url
from tutor import create_app
from tutor.extensions import db
from tutor.models import User

EMAIL = "ana@example.org"
# Strong enough for any reasonable policy (tutor.auth.passwords), and different from each other.
PASSWORD = "violet tractor umbrella 42"
NEW_PASSWORD = "quiet harbour lantern 7"
THIRD_PASSWORD = "mossy teapot glacier 19"


def csrf_token(client: FlaskClient, path: str) -> str:
    """The token of the form on ``path`` ("" when the site runs without CSRF)."""
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page) or re.search(
        r'value="([^"]+)"[^>]*name="csrf_token"', page)
    return match.group(1) if match else ""


def post(client: FlaskClient, form_page: str, action: str, data: dict[str, str],
         csrf: bool = True) -> tuple[int, str]:
    """Post ``data`` to ``action`` as the form on ``form_page`` would (its token included
    unless ``csrf`` is False)."""
    if csrf:
        data = {**data, "csrf_token": csrf_token(client, form_page)}
    response = client.post(action, data=data)
    return response.status_code, response.get_data(as_text=True)


def sign_up(client: FlaskClient, email: str = EMAIL, password: str = PASSWORD) -> None:
    status, page = post(client, "/auth/signup", "/auth/signup", {
        "display_name": "Ana", "email": email, "password": password, "confirm": password})
    assert status == 302, page


def log_in(client: FlaskClient, email: str = EMAIL, password: str = PASSWORD,
           remember: bool = False) -> int:
    data = {"email": email, "password": password}
    if remember:
        data["remember"] = "y"
    return post(client, "/auth/login", "/auth/login", data)[0]


def logged_in(client: FlaskClient) -> bool:
    """Whether this browser opens the account page (logged out: sent to log in)."""
    return client.get("/account/").status_code == 200


def password_hash(app: Flask, email: str = EMAIL) -> str:
    with app.app_context():
        user = db.session.execute(db.select(User).filter_by(email=email)).scalar_one()
        return user.password_hash


@dataclass
class Mailbox:
    """What the SMTP server received, in order; ``wait_for`` awaits a count."""

    messages: list[EmailMessage] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.changed:
            self.messages.append(message)  # type: ignore[arg-type]
            self.changed.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, count: int, timeout: float = 20) -> list[EmailMessage]:
        with self.changed:
            arrived = self.changed.wait_for(lambda: len(self.messages) >= count, timeout)
        assert arrived, f"{len(self.messages)} message(s) arrived, not {count}"
        return list(self.messages)


def make_app(tmp_path: Path, backend: str, **config: Any) -> Flask:
    uri = postgres_url() if backend == "postgres" else f"sqlite:///{tmp_path}/account.sqlite"
    return create_app({
        "TESTING": True,
        "SECRET_KEY": "account-test",
        "SQLALCHEMY_DATABASE_URI": uri,
        "WTF_CSRF_ENABLED": True,
        "RATELIMIT_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        **config,
    })
