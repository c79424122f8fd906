"""The current learner: anonymous, remembered through a token in the signed session cookie."""

from __future__ import annotations

import secrets

from flask import g, session

from tutor.extensions import db
from tutor.models import Learner

SESSION_KEY = "learner"


def current_learner(create: bool = True) -> Learner | None:
    """The learner of this browser; made on first need when ``create``."""
    if "learner" in g:
        return g.learner
    learner = None
    token = session.get(SESSION_KEY)
    if isinstance(token, str):
        learner = db.session.execute(db.select(Learner).filter_by(token=token)).scalar_one_or_none()
    if learner is None and create:
        learner = Learner(token=secrets.token_urlsafe(32))
        db.session.add(learner)
        db.session.commit()
        session[SESSION_KEY] = learner.token
        session.permanent = True
    if learner is not None:
        g.learner = learner
    return learner
