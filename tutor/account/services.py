"""What the account pages do, below the views: password changes and reset links.

A reset link carries a random token; the database keeps its SHA-256, when it expires and
whether it was used.  Setting a password, by the link or by the change form, voids every
link still open and ends the account's logins (``tutor.auth.sessions``).
"""

from __future__ import annotations

import enum
import hashlib
import secrets
from datetime import timedelta
from typing import Final

from flask import current_app
from werkzeug.security import check_password_hash, generate_password_hash

from tutor.auth import sessions
from tutor.extensions import db
from tutor.models.common import utcnow
from tutor.models.users import PasswordReset, User

RESET_LIFETIME: Final = timedelta(hours=1)
# At most this many links per account and hour: "forgot password" cannot flood an inbox.
RESETS_PER_HOUR: Final = 3


class LinkProblem(enum.Enum):
    UNKNOWN = "unknown"
    EXPIRED = "expired"
    USED = "used"


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def hash_password(password: str) -> str:
    # The same method as sign-up (tutor.auth.views): scrypt unless the tests ask for less.
    return generate_password_hash(
        password, method=current_app.config.get("PASSWORD_HASH_METHOD", "scrypt"))


def reset_lifetime() -> timedelta:
    value = current_app.config.get("PASSWORD_RESET_LIFETIME", RESET_LIFETIME)
    return value if isinstance(value, timedelta) else timedelta(seconds=int(value))


def check_password(user: User, password: str) -> bool:
    return check_password_hash(user.password_hash, password)


def change_password(user: User, new_password: str) -> None:
    """The logged-in owner changed it: this browser stays logged in, every other ends."""
    _set_password(user, new_password)
    sessions.end_others(user)


def log_out_everywhere(user: User) -> None:
    sessions.end_all(user)


def user_by_email(email: str) -> User | None:
    return db.session.execute(
        db.select(User).filter_by(email=email.strip().lower())).scalar_one_or_none()


def new_reset_link(user: User) -> str | None:
    """A new token for ``user`` (only its hash is stored), or None past the hourly limit."""
    now = utcnow()
    recent = db.session.execute(
        db.select(db.func.count()).select_from(PasswordReset).where(
            PasswordReset.user_id == user.id,
            PasswordReset.created_at > now - timedelta(hours=1))).scalar_one()
    if recent >= RESETS_PER_HOUR:
        return None
    token = secrets.token_urlsafe(32)
    db.session.add(PasswordReset(user_id=user.id, token_hash=_hash_token(token),
                                 created_at=now, expires_at=now + reset_lifetime()))
    db.session.commit()
    return token


def find_reset(token: str) -> PasswordReset | LinkProblem:
    """The open link with this token, or why it opens nothing."""
    row = db.session.execute(db.select(PasswordReset).filter_by(
        token_hash=_hash_token(token))).scalar_one_or_none()
    if row is None:
        return LinkProblem.UNKNOWN
    if row.used_at is not None:
        return LinkProblem.USED
    if row.expires_at <= utcnow():
        return LinkProblem.EXPIRED
    return row


def reset_password(token: str, new_password: str) -> User | LinkProblem:
    """Set the password through the link: the link is used up, every login of the account
    ends.  Marking it used is one conditional UPDATE, so two requests racing with the same
    link cannot both set a password."""
    found = find_reset(token)
    if isinstance(found, LinkProblem):
        return found
    claimed = db.session.execute(
        db.update(PasswordReset)
        .where(PasswordReset.id == found.id, PasswordReset.used_at.is_(None))
        .values(used_at=utcnow())).rowcount  # type: ignore[attr-defined]
    if claimed != 1:
        db.session.rollback()
        return LinkProblem.USED
    user = db.session.get(User, found.user_id)
    if user is None:  # the account was deleted meanwhile (its links cascade away)
        db.session.rollback()
        return LinkProblem.UNKNOWN
    _set_password(user, new_password)
    sessions.end_all(user)
    return user


def _set_password(user: User, new_password: str) -> None:
    user.password_hash = hash_password(new_password)
    # Every link still open was asked for before this password: none may replace it now.
    db.session.execute(db.update(PasswordReset).where(
        PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None)
    ).values(used_at=utcnow()))
    db.session.commit()
