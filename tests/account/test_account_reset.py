"""A forgotten password, reset by e-mail: the site sends the link through a real SMTP server
(aiosmtpd, started by the test), the link works once and expires, setting the password ends
every login, and "forgot password" never tells which addresses have an account."""

from __future__ import annotations

import logging
import re
import threading
from datetime import timedelta
from email.message import EmailMessage
from urllib.parse import urlsplit

import pytest
from account_helpers import (
    EMAIL,
    NEW_PASSWORD,
    PASSWORD,
    THIRD_PASSWORD,
    Mailbox,
    log_in,
    logged_in,
    password_hash,
    post,
    sign_up,
)
from flask import Flask
from flask.testing import FlaskClient

from tutor.account import services
from tutor.extensions import db
from tutor.models import PasswordReset, User
from tutor.models.common import utcnow

NEUTRAL = "If an account uses this address, a message with a link"
LINK = re.compile(r"https?://\S+/account/reset/\S+")


def _forgot(client: FlaskClient, email: str) -> tuple[int, str]:
    return post(client, "/account/forgot", "/account/forgot", {"email": email})


def _set(client: FlaskClient, path: str, password: str, csrf: bool = True) -> tuple[int, str]:
    return post(client, path, path, {"password": password, "confirm": password}, csrf=csrf)


def _all_mail_sent() -> None:
    """Wait for every message the site started sending (each goes out on its own thread)."""
    for thread in threading.enumerate():
        if thread.name == "account-mail":
            thread.join()


def _link(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    match = LINK.search(body.get_content())
    assert match, body.get_content()
    return match.group(0)


def _text(page: str) -> str:
    """The page without its CSRF tokens, which differ from request to request."""
    return re.sub(r'(name="csrf_token"[^>]*value=|<meta name="csrf-token" content=)"[^"]+"',
                  "", page)


@pytest.mark.slow
def test_a_reset_link_by_mail_sets_a_new_password_and_ends_every_session(
        mail_app: Flask, smtp: tuple[Mailbox, int]) -> None:
    mailbox, _ = smtp
    laptop, phone, owner = (mail_app.test_client() for _ in range(3))
    sign_up(laptop)
    assert log_in(laptop) == 302 and log_in(phone, remember=True) == 302
    status, page = _forgot(owner, "  Ana@Example.org ")
    assert status == 200 and NEUTRAL in page
    (message,) = mailbox.wait_for(1)
    assert message["To"] == EMAIL
    assert message["From"] == "Conquian tutor <tutor@example.org>"
    path = urlsplit(_link(message)).path
    # Only a hash of the token is stored.
    with mail_app.app_context():
        stored = db.session.execute(db.select(PasswordReset.token_hash)).scalar_one()
    assert path.rsplit("/", 1)[1] not in stored

    response = owner.get(path)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    status, _ = _set(owner, path, NEW_PASSWORD)
    assert status == 302
    assert not logged_in(laptop) and not logged_in(phone)
    assert log_in(owner, password=PASSWORD) == 400
    assert log_in(owner, password=NEW_PASSWORD) == 302

    # The link worked once: opened or posted again, it says so and changes nothing.
    again = mail_app.test_client()
    response = again.get(path)
    assert response.status_code == 410
    assert "This link has been used already" in response.get_data(as_text=True)
    before = password_hash(mail_app)
    status, page = _set(again, path, THIRD_PASSWORD)
    assert status == 410 and password_hash(mail_app) == before


@pytest.mark.slow
def test_an_unknown_address_gets_the_same_answer_and_no_mail(
        mail_app: Flask, smtp: tuple[Mailbox, int]) -> None:
    mailbox, _ = smtp
    sign_up(mail_app.test_client())
    visitor = mail_app.test_client()
    unknown = _forgot(visitor, "nobody@example.org")
    known = _forgot(visitor, EMAIL)
    assert unknown[0] == known[0] == 200
    # The same page, but for the address it repeats in its field.
    assert NEUTRAL in unknown[1]
    assert _text(unknown[1]).replace("nobody@example.org", "@") == _text(known[1]).replace(
        EMAIL, "@")
    mailbox.wait_for(1)
    _all_mail_sent()
    assert [m["To"] for m in mailbox.messages] == [EMAIL]
    with mail_app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(
            PasswordReset)).scalar_one() == 1


@pytest.mark.slow
def test_asking_again_and_again_sends_a_few_links_only(
        mail_app: Flask, smtp: tuple[Mailbox, int]) -> None:
    mailbox, _ = smtp
    sign_up(mail_app.test_client())
    visitor = mail_app.test_client()
    for _ in range(services.RESETS_PER_HOUR + 2):
        status, page = _forgot(visitor, EMAIL)
        assert status == 200 and NEUTRAL in page
    mailbox.wait_for(services.RESETS_PER_HOUR)
    _all_mail_sent()
    assert len(mailbox.messages) == services.RESETS_PER_HOUR


def _token(app: Flask, email: str = EMAIL) -> str:
    """A link as "forgot password" makes it (the mail itself is tested above)."""
    with app.test_request_context():
        user = db.session.execute(db.select(User).filter_by(email=email)).scalar_one()
        token = services.new_reset_link(user)
    assert token is not None
    return token


def test_an_expired_link_is_refused_with_a_clear_message(app: Flask) -> None:
    sign_up(app.test_client())
    token = _token(app)
    with app.app_context():
        row = db.session.execute(db.select(PasswordReset)).scalar_one()
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    browser = app.test_client()
    response = browser.get(f"/account/reset/{token}")
    assert response.status_code == 410
    assert "This link has expired." in response.get_data(as_text=True)
    before = password_hash(app)
    assert _set(browser, f"/account/reset/{token}", NEW_PASSWORD)[0] == 410
    assert password_hash(app) == before


def test_an_unknown_link_is_refused_with_a_clear_message(app: Flask) -> None:
    response = app.test_client().get("/account/reset/not-a-token")
    assert response.status_code == 404
    assert "This link is not valid." in response.get_data(as_text=True)


def test_changing_the_password_voids_the_links_still_open(app: Flask) -> None:
    laptop = app.test_client()
    sign_up(laptop)
    assert log_in(laptop) == 302
    token = _token(app)
    assert post(laptop, "/account/", "/account/password", {
        "current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD})[0] == 302
    response = app.test_client().get(f"/account/reset/{token}")
    assert response.status_code == 410
    assert "the password was changed after it was sent" in response.get_data(as_text=True)


def test_the_reset_forms_refuse_a_post_without_their_csrf_token(app: Flask) -> None:
    sign_up(app.test_client())
    browser = app.test_client()
    assert post(browser, "/account/forgot", "/account/forgot", {"email": EMAIL},
                csrf=False)[0] == 400
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(
            PasswordReset)).scalar_one() == 0
    token = _token(app)
    before = password_hash(app)
    assert _set(browser, f"/account/reset/{token}", NEW_PASSWORD, csrf=False)[0] == 400
    assert password_hash(app) == before
    # With its token the same form goes through: the link was still open.
    assert _set(browser, f"/account/reset/{token}", NEW_PASSWORD)[0] == 302
    assert password_hash(app) != before


def test_the_new_password_must_pass_the_policy(app: Flask) -> None:
    sign_up(app.test_client())
    token = _token(app)
    status, page = _set(app.test_client(), f"/account/reset/{token}", "ilovecats1")
    assert status == 400 and "too easy to guess" in page
    assert logged_in(app.test_client()) is False
    assert log_in(app.test_client()) == 302  # the old password stands, the link stays open
    assert app.test_client().get(f"/account/reset/{token}").status_code == 200


def test_without_a_mail_server_the_page_says_so_and_only_debug_logs_the_link(
        app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    sign_up(app.test_client())
    browser = app.test_client()
    page = browser.get("/account/forgot").get_data(as_text=True)
    assert "This site has no mail server set up" in page
    with caplog.at_level(logging.WARNING):
        assert NEUTRAL in _forgot(browser, EMAIL)[1]
    assert "No mail server is configured" in caplog.text
    assert "/account/reset/" not in caplog.text  # not a debug server: no link in the log
    caplog.clear()
    app.debug = True
    app.config["SITE_URL"] = "https://tutor.example.org"
    # A forged Host header does not choose where the link points.  (Such a request carries
    # no cookie of this site, so no CSRF token either: the check is off for it.)
    app.config["WTF_CSRF_ENABLED"] = False
    with caplog.at_level(logging.WARNING):
        response = app.test_client().post("/account/forgot", data={"email": EMAIL},
                                          headers={"Host": "evil.example"})
    assert response.status_code == 200
    assert "https://tutor.example.org/account/reset/" in caplog.text
    assert "evil.example" not in caplog.text

