"""Changing the password (which ends the account's other logins, never this one) and "log
out everywhere" (which ends all of them), through the pages, with CSRF on."""

from __future__ import annotations

from collections.abc import Callable

from account_helpers import (
    NEW_PASSWORD,
    PASSWORD,
    csrf_token,
    log_in,
    logged_in,
    password_hash,
    post,
)
from flask import Flask
from flask.testing import FlaskClient

from tutor.extensions import db
from tutor.models import LoginSession

Browsers = Callable[[int], list[FlaskClient]]


def _change(client: FlaskClient, current: str, new: str, confirm: str | None = None,
            csrf: bool = True) -> tuple[int, str]:
    return post(client, "/account/", "/account/password", {
        "current": current, "password": new, "confirm": new if confirm is None else confirm,
    }, csrf=csrf)


def _logins(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(
            db.select(db.func.count()).select_from(LoginSession)).scalar_one())


def test_the_teacher_pages_link_to_the_account_page(browsers: Browsers) -> None:
    (laptop,) = browsers(1)
    assert 'href="/account/"' in laptop.get("/teach/").get_data(as_text=True)
    page = laptop.get("/account/").get_data(as_text=True)
    assert 'action="/account/password"' in page and 'action="/account/logout-everywhere"' in page


def test_the_account_page_needs_a_login(app: Flask) -> None:
    response = app.test_client().get("/account/")
    assert response.status_code == 302 and "/auth/login" in response.location


def test_changing_the_password_ends_the_other_sessions_and_keeps_this_one(
        app: Flask, browsers: Browsers) -> None:
    laptop, phone = browsers(2)
    before = password_hash(app)
    status, _ = _change(laptop, PASSWORD, NEW_PASSWORD)
    assert status == 302
    assert password_hash(app) != before
    assert logged_in(laptop)
    assert not logged_in(phone)
    assert _logins(app) == 1
    # The new password logs in, the old one no longer does.
    tablet = app.test_client()
    assert log_in(tablet, password=PASSWORD) == 400
    assert log_in(tablet, password=NEW_PASSWORD) == 302


def test_a_remembered_login_elsewhere_ends_too(app: Flask, browsers: Browsers) -> None:
    (laptop,) = browsers(1)
    phone = app.test_client()
    assert log_in(phone, remember=True) == 302
    token = phone.get_cookie("remember_token")
    assert token is not None
    assert _change(laptop, PASSWORD, NEW_PASSWORD)[0] == 302
    copy = app.test_client()  # a new browser session opened by the remember cookie alone
    copy.set_cookie("remember_token", token.value)
    assert not logged_in(copy)
    assert not logged_in(phone)


def test_a_wrong_current_password_changes_nothing(app: Flask, browsers: Browsers) -> None:
    laptop, phone = browsers(2)
    before = password_hash(app)
    status, page = _change(laptop, "not my password at all", NEW_PASSWORD)
    assert status == 400
    assert "That is not your current password." in page
    assert 'aria-invalid="true"' in page
    assert password_hash(app) == before
    assert logged_in(phone)


def test_the_new_password_must_pass_the_policy_and_match(app: Flask,
                                                          browsers: Browsers) -> None:
    laptop, phone = browsers(2)
    before = password_hash(app)
    assert "too easy to guess" in _change(laptop, PASSWORD, "Summer2024!")[1]
    assert "The passwords differ." in _change(laptop, PASSWORD, NEW_PASSWORD, "other words")[1]
    assert password_hash(app) == before
    assert logged_in(phone)


def test_log_out_everywhere_ends_every_session_this_one_included(
        app: Flask, browsers: Browsers) -> None:
    laptop, phone = browsers(2)
    response = laptop.post("/account/logout-everywhere",
                           data={"csrf_token": csrf_token(laptop, "/account/")})
    assert response.status_code == 302 and response.location.endswith("/auth/login")
    assert not logged_in(laptop)
    assert not logged_in(phone)
    assert _logins(app) == 0
    assert log_in(app.test_client()) == 302  # the password still works


def test_every_account_form_refuses_a_post_without_its_csrf_token(
        app: Flask, browsers: Browsers) -> None:
    laptop, phone = browsers(2)
    before = password_hash(app)
    assert _change(laptop, PASSWORD, NEW_PASSWORD, csrf=False)[0] == 400
    assert laptop.post("/account/logout-everywhere").status_code == 400
    assert password_hash(app) == before
    assert logged_in(laptop) and logged_in(phone)
