"""Login sessions kept on the server (``LoginSession``), so that logging out really ends them.

The session cookie and the remember cookie (both signed by Flask) carry a random key; the
database keeps only its SHA-256.  A request is logged in only while its key's row exists
and has not expired, so:

* logging out deletes the row: a session or remember cookie copied before then opens
  nothing afterwards;
* a login without "keep me logged in" lasts ``LOGIN_LIFETIME`` (12 hours), one with it
  ``REMEMBER_COOKIE_DURATION`` (30 days) at most, counted from the login;
* changing the password ends the account's other logins (``end_others``); "log out
  everywhere" and a password reset end all of them (``end_all``);
* logging in and out give this browser's learner (``tutor.core.learner``) a new token:
  the learner, and so their progress and games, stays, but a copy of the cookie from
  before opens nothing made after; logging out of a learner account leaves the account's
  learner with the account, and the browser starts over with a new anonymous learner;
* the remember token rotates: whenever it opens a new browser session, the row gets a new
  key and the browser a new cookie; the old key keeps working for ``ROTATION_GRACE`` only,
  for requests the browser had already sent with it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any, Final

from flask import Flask, current_app, g, session
from flask_login import current_user, login_user, logout_user, user_loaded_from_cookie

from tutor.core.learner import SESSION_KEY as LEARNER_KEY
from tutor.extensions import db, login_manager
from tutor.models.common import utcnow
from tutor.models.learners import Learner
from tutor.models.users import LoginSession, User

LOGIN_LIFETIME: Final = timedelta(hours=12)
REMEMBER_LIFETIME: Final = timedelta(days=30)
ROTATION_GRACE: Final = timedelta(seconds=60)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _remember_lifetime() -> timedelta:
    value = current_app.config.get("REMEMBER_COOKIE_DURATION", REMEMBER_LIFETIME)
    return value if isinstance(value, timedelta) else timedelta(seconds=int(value))


def start(user: User, remember: bool) -> None:
    """Log ``user`` in on this browser: a new row, its key in the cookies."""
    _remove_expired(user)
    key = secrets.token_urlsafe(32)
    lifetime = _remember_lifetime() if remember else current_app.config.get(
        "LOGIN_LIFETIME", LOGIN_LIFETIME)
    db.session.add(LoginSession(user_id=user.id, key_hash=_hash(key), remember=remember,
                                expires_at=utcnow() + lifetime))
    db.session.commit()
    user.login_key = key
    login_user(user, remember=remember, duration=lifetime if remember else None)
    _new_learner_token()


def end() -> None:
    """Log out: this browser's row is deleted, so every copy of its cookies stops working."""
    key = session.get("_user_id")
    learner_account = bool(getattr(current_user, "is_learner", False))
    if isinstance(key, str):
        db.session.execute(db.delete(LoginSession).where(LoginSession.key_hash == _hash(key)))
        db.session.commit()
    logout_user()
    _leave_learner(learner_account)


def end_others(user: User) -> None:
    """End every login of ``user`` except this browser's (after a change of password):
    the other devices' cookies open nothing from the next request on."""
    key = session.get("_user_id")
    query = db.delete(LoginSession).where(LoginSession.user_id == user.id)
    if isinstance(key, str):
        query = query.where(LoginSession.key_hash != _hash(key))
    db.session.execute(query)
    db.session.commit()


def end_all(user: User) -> None:
    """End every login of ``user``, this browser's included ("log out everywhere", and a
    password reset, which may come from someone who should no longer be logged in)."""
    key = session.get("_user_id")
    here = isinstance(key, str) and db.session.execute(db.select(LoginSession.id).where(
        LoginSession.user_id == user.id, LoginSession.key_hash == _hash(key))).first()
    learner_account = user.is_learner  # read before logout_user: user may be current_user
    db.session.execute(db.delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.commit()
    if here:
        logout_user()
        _leave_learner(learner_account)


def load(key: str) -> User | None:
    """The user whose live login session has this key (Flask-Login's user loader)."""
    if not isinstance(key, str) or not key:
        return None
    row = db.session.execute(
        db.select(LoginSession, User).join(User, User.id == LoginSession.user_id)
        .where(LoginSession.key_hash == _hash(key), LoginSession.expires_at > utcnow())
    ).first()
    if row is None:
        return None
    login, user = row
    user.login_key = key
    g.login_session = login
    return user


def _rotate(sender: Any, user: User, **extra: Any) -> None:
    """The remember cookie just opened a new browser session: give the login a new key."""
    login: LoginSession | None = g.get("login_session")
    if login is None or not login.remember:
        return
    key = secrets.token_urlsafe(32)
    now, expires = utcnow(), login.expires_at
    db.session.add(LoginSession(user_id=user.id, key_hash=_hash(key), remember=True,
                                created_at=login.created_at, expires_at=expires))
    login.expires_at = min(expires, now + ROTATION_GRACE)
    db.session.commit()
    user.login_key = key
    g.login_session = None
    session["_user_id"] = key
    session["_remember"] = "set"  # Flask-Login sends the new remember cookie
    session["_remember_seconds"] = max(int((expires - now).total_seconds()), 1)


def _leave_learner(learner_account: bool) -> None:
    """After a log-out: a learner account's learner stays with the account (this browser
    gets a new, empty anonymous learner on first need); a teacher's browser keeps its
    anonymous learner under a new token."""
    if not learner_account:
        _new_learner_token()
        return
    session.pop(LEARNER_KEY, None)
    g.pop("learner", None)


def _new_learner_token() -> None:
    """This browser's learner keeps their id (and progress) under a new token."""
    token = session.get(LEARNER_KEY)
    if not isinstance(token, str):
        return
    learner = db.session.execute(
        db.select(Learner).filter_by(token=token)).scalar_one_or_none()
    if learner is None:
        return
    learner.token = secrets.token_urlsafe(32)
    db.session.commit()
    session[LEARNER_KEY] = learner.token


def _remove_expired(user: User) -> None:
    """Rows past their expiry open nothing already: a new login clears the user's."""
    db.session.execute(db.delete(LoginSession).where(
        LoginSession.user_id == user.id, LoginSession.expires_at <= utcnow()))


def init_app(app: Flask) -> None:
    login_manager.user_loader(load)
    user_loaded_from_cookie.connect(_rotate, app)
