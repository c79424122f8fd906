"""The teachers' account machinery serves learner accounts too: a reset link sets a new
password and logs every device out, and "keep me logged in" brings the account's learner
back in a new browser session."""

from __future__ import annotations

from flask import Flask

from tests.learner_accounts.helpers import (
    EMAIL,
    NEW_PASSWORD,
    PASSWORD,
    log_in,
    new_game,
    opens,
    post,
    sign_up,
)
from tutor.account import services
from tutor.extensions import db
from tutor.models import User


def test_a_reset_link_sets_a_learners_password_and_logs_every_device_out(app: Flask) -> None:
    laptop, phone = app.test_client(), app.test_client()
    game = new_game(laptop)
    assert sign_up(laptop) == 302
    assert log_in(phone) == 302 and opens(phone, game)
    with app.test_request_context():
        user = db.session.execute(db.select(User).filter_by(email=EMAIL)).scalar_one()
        token = services.new_reset_link(user)
    assert token is not None
    stranger = app.test_client()
    status, page = post(stranger, f"/account/reset/{token}",
                        {"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert status == 302, page
    assert not opens(laptop, game) and not opens(phone, game)
    assert not opens(stranger, game)
    assert log_in(phone, password=PASSWORD) == 400
    assert log_in(phone, password=NEW_PASSWORD) == 302 and opens(phone, game)


def test_keep_me_logged_in_brings_the_accounts_learner_back(app: Flask) -> None:
    assert sign_up(app.test_client()) == 302
    phone = app.test_client()
    game = new_game(phone)
    status, _ = post(phone, "/me/login",
                     {"email": EMAIL, "password": PASSWORD, "remember": "y"})
    assert status == 302
    remember = phone.get_cookie("remember_token")
    assert remember is not None
    reopened = app.test_client()  # the browser restarted: the session cookie is gone
    reopened.set_cookie("remember_token", remember.value)
    assert opens(reopened, game)
