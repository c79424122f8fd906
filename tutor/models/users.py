"""Accounts (teachers', and learners' optional ones) and their login sessions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from tutor.extensions import db
from tutor.models.common import NumberedRow, reference, timestamp


class User(NumberedRow, db.Model):  # type: ignore[name-defined]
    """An account: a teacher's, or a learner's when ``learner_id`` names the learner it
    keeps (tutor.learner_accounts).  Flask-Login knows a logged-in user by the key of their
    login session (``tutor.auth.sessions``), never by the account id, so that ending the
    session on the server ends every cookie that carries it."""

    __tablename__ = "users"
    __allow_unmapped__ = True  # for login_key, which is no column

    email: Mapped[str] = mapped_column(String(254), unique=True, index=True)
    display_name: Mapped[str] = mapped_column(String(80))
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = timestamp()
    learner_id: Mapped[int | None] = mapped_column(ForeignKey("learners.id"), unique=True,
                                                   index=True)
    """A learner account's learner (progress, games, classes); NULL for a teacher."""

    login_key: str | None = None
    """The key of the login session this request runs under (not stored: only its hash is,
    in ``LoginSession``)."""

    # Flask-Login's user protocol.
    is_active = True
    is_anonymous = False

    @property
    def is_learner(self) -> bool:
        return self.learner_id is not None

    @property
    def is_logged_in(self) -> bool:
        """Logged in with any kind of account (the account pages ask this)."""
        return self.login_key is not None

    @property
    def is_authenticated(self) -> bool:
        """A teacher is logged in: what ``login_required`` asks, so every teacher page stays
        closed to learner accounts without a check of its own."""
        return self.login_key is not None and self.learner_id is None

    def get_id(self) -> str | None:
        return self.login_key


class LoginSession(NumberedRow, db.Model):  # type: ignore[name-defined]
    """One login of one teacher on one device: logging out deletes it, and with it every
    copy of the session or remember cookie that names it."""

    __tablename__ = "login_sessions"

    user_id: Mapped[int] = reference("users.id")
    key_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """SHA-256 of the random key the cookies carry: a copy of this table opens nothing."""
    remember: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = timestamp()
    expires_at: Mapped[datetime]


class PasswordReset(NumberedRow, db.Model):  # type: ignore[name-defined]
    """One "forgot password" link: it works once, until ``expires_at``.  The link carries a
    random token; only its SHA-256 is kept, so a copy of this table resets nothing."""

    __tablename__ = "password_resets"

    user_id: Mapped[int] = reference("users.id")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = timestamp()
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None] = mapped_column(default=None)
    """Set when the link set a password (or another change of password made it void):
    kept, rather than deleted, so that a second visit is told the link was used."""
