"""Signing learners up and in: the account keeps a learner; logging in on a device folds
that device's anonymous learner into it (``merge``)."""

from __future__ import annotations

from flask import g, session
from flask_login import current_user
from sqlalchemy.exc import IntegrityError

from tutor.auth import sessions
from tutor.core.learner import SESSION_KEY, current_learner
from tutor.extensions import db
from tutor.learner_accounts.merge import merge
from tutor.models import Learner, User


class AddressTaken(Exception):
    pass


def sign_up(email: str, password_hash: str, remember: bool) -> User:
    """A learner account keeping this browser's learner (made now if it has none), logged
    in at once.  Raises ``AddressTaken`` when the address has an account already."""
    _end_login()
    learner = current_learner(create=True)
    assert learner is not None
    name = learner.nickname or email.split("@")[0]
    user = User(email=email, display_name=name[:80], password_hash=password_hash,
                learner_id=learner.id)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:  # the address signed up before, or at this very moment
        db.session.rollback()
        raise AddressTaken(email) from None
    sessions.start(user, remember)
    return user


def log_in(user: User, remember: bool) -> None:
    """Log ``user`` in on this browser; for a learner account, first fold this browser's
    anonymous learner into the account's, and carry on as the account's learner."""
    _end_login()
    if user.learner_id is not None:
        target = db.session.get(Learner, user.learner_id)
        assert target is not None
        here = current_learner(create=False)  # never an account's learner: see core.learner
        if here is not None:
            merge(here, target)
        g.pop("learner", None)
        session[SESSION_KEY] = target.token  # sessions.start gives it a new token
    sessions.start(user, remember)


def _end_login() -> None:
    """A login already on this browser ends before another starts."""
    if getattr(current_user, "is_logged_in", False):
        sessions.end()
