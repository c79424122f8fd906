"""The current learner: anonymous, remembered through a token in the signed session cookie,
or the learner of the learner account logged in (tutor.learner_accounts).

An account's learner opens only through a live login of that account, never by its token:
a session cookie copied before a log-out, or kept by a device that a password change or
"log out everywhere" logged out, opens nothing of the account's.
"""

from __future__ import annotations

import secrets

from flask import g, has_request_context, session
from flask_login import current_user

from tutor.extensions import db
from tutor.models import Learner, User

SESSION_KEY = "learner"


def current_learner(create: bool = True) -> Learner | None:
    """The learner of this browser; made on first need when ``create``."""
    if "learner" in g:
        return g.learner
    learner = account_learner()
    token = session.get(SESSION_KEY)
    if learner is not None:
        if token != learner.token:
            session[SESSION_KEY] = learner.token
    elif isinstance(token, str):
        learner = db.session.execute(db.select(Learner).filter_by(token=token).where(
            ~db.select(User.id).where(User.learner_id == Learner.id).exists())
        ).scalar_one_or_none()
    if learner is None and create:
        learner = Learner(token=secrets.token_urlsafe(32))
        db.session.add(learner)
        db.session.commit()
        session[SESSION_KEY] = learner.token
        session.permanent = True
    if learner is not None:
        g.learner = learner
    return learner


def account_learner() -> Learner | None:
    """The learner of the learner account logged in on this request, if one is."""
    if not has_request_context():
        return None
    learner_id = getattr(current_user, "learner_id", None)
    if learner_id is None or not getattr(current_user, "is_logged_in", False):
        return None
    return db.session.get(Learner, learner_id)
