"""A class membership follows the account to every device and leaves the browser at log-out;
the login limits (tutor.auth.limits) apply to learner log-ins, and a learner's successful
log-ins give their place back as a teacher's do."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.learner_accounts.helpers import log_in, log_out, make_app, post, sign_up
from tutor.extensions import db
from tutor.models import User
from tutor.models.classes import Classroom

CODE = "KQ7M2"


def _class(app: Flask) -> None:
    with app.app_context():
        teacher = User(email="teacher@example.org", display_name="T", password_hash="x")
        db.session.add(teacher)
        db.session.flush()
        db.session.add(Classroom(owner_id=teacher.id, name="Tuesday club", code=CODE))
        db.session.commit()


def _sees_class(client: FlaskClient) -> bool:
    return client.get(f"/classes/{CODE}").status_code == 200


def test_a_class_joined_on_one_device_follows_the_account(app: Flask) -> None:
    _class(app)
    laptop, phone = app.test_client(), app.test_client()
    assert sign_up(laptop) == 302
    status, page = post(phone, "/join", {"code": CODE, "nickname": "Lia"})
    assert status == 302, page
    assert _sees_class(phone) and not _sees_class(laptop)
    assert log_in(phone) == 302
    assert _sees_class(phone) and _sees_class(laptop)
    assert log_out(phone) == 302
    assert not _sees_class(phone) and _sees_class(laptop)


def _limited_app(tmp_path: Path) -> Flask:
    app = make_app(tmp_path, "sqlite", WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True,
                   RATELIMIT_STORAGE_URI="memory://",
                   RATELIMIT_KEY_PREFIX=f"learners-{secrets.token_hex(4)}")
    with app.app_context():
        db.create_all()
    return app


def test_wrong_passwords_at_the_learner_log_in_meet_the_login_limit(tmp_path: Path) -> None:
    app = _limited_app(tmp_path)
    assert sign_up(app.test_client(), csrf=False) == 302
    guesser = app.test_client()
    statuses = [log_in(guesser, password=f"guess {n}", csrf=False) for n in range(10)]
    assert statuses == [400] * 10
    response = guesser.post("/me/login", data={"email": "lia@example.org",
                                               "password": "guess 11"})
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) > 0
    assert "Too many failed attempts to log in to this account" in response.get_data(
        as_text=True)
    # The owner from another address is not locked out.
    owner = app.test_client()
    assert log_in(owner, csrf=False, environ_base={"REMOTE_ADDR": "203.0.113.9"}) == 302


def test_a_learners_successful_log_ins_do_not_count_as_failures(tmp_path: Path) -> None:
    app = _limited_app(tmp_path)
    browser = app.test_client()
    assert sign_up(browser, csrf=False) == 302
    assert post(browser, "/auth/logout", {}, csrf=False)[0] == 302
    for _ in range(12):
        assert log_in(browser, csrf=False) == 302
        assert post(browser, "/auth/logout", {}, csrf=False)[0] == 302
    assert log_in(browser, password="wrong password", csrf=False) == 400
