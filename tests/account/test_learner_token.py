"""Logging in and out gives the browser's learner a new token: the learner keeps their games,
while a copy of the cookie taken before opens nothing made after (issue 30, item 1)."""

from __future__ import annotations

import re

from account_helpers import csrf_token, log_in, sign_up
from flask import Flask
from flask.testing import FlaskClient


def _new_game(client: FlaskClient) -> str:
    response = client.post("/play/", data={"level": "easy",
                                           "csrf_token": csrf_token(client, "/play/")})
    match = re.search(r"/play/([^/#?]+)", response.location or "")
    assert response.status_code == 302 and match, response.get_data(as_text=True)
    return match.group(1)


def _opens(client: FlaskClient, game_id: str) -> bool:
    return client.get(f"/play/{game_id}").status_code == 200


def _copy(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of this one's session cookie as it is now."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    thief = app.test_client()
    thief.set_cookie("session", cookie.value)
    return thief


def test_a_cookie_from_before_log_in_or_log_out_opens_no_game_made_after(app: Flask) -> None:
    sign_up(app.test_client())
    browser = app.test_client()
    before_login = _new_game(browser)
    copied_before_login = _copy(app, browser)
    assert _opens(copied_before_login, before_login)  # the copy works until the log-in

    assert log_in(browser) == 302
    after_login = _new_game(browser)
    assert _opens(browser, before_login) and _opens(browser, after_login)
    assert not _opens(copied_before_login, after_login)
    assert not _opens(copied_before_login, before_login)

    copied_before_logout = _copy(app, browser)
    assert browser.post("/auth/logout",
                        data={"csrf_token": csrf_token(browser, "/teach/")}).status_code == 302
    after_logout = _new_game(browser)
    assert all(_opens(browser, g) for g in (before_login, after_login, after_logout))
    assert not _opens(copied_before_logout, after_logout)
