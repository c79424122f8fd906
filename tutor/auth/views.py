"""Sign up, log in, log out: werkzeug's scrypt password hashes, login sessions kept on the
server (``tutor.auth.sessions``), login limits shared by every worker (``tutor.auth.limits``).

Signing up never tells whether an address already has an account: with a new address the
account is made, with a known one nothing changes, and both answers are the same page
asking to log in (the same password hash is computed either way, so the time does not tell
either).  Only the owner of the address's account can then log in.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from tutor.auth import limits, sessions
from tutor.auth.forms import LoginForm, LogoutForm, SignupForm
from tutor.extensions import db, limiter
from tutor.learner_accounts import services as learner_services
from tutor.models import User

bp = Blueprint("auth", __name__, url_prefix="/auth")

# Spent on an unknown email too, so that the answer time does not tell which addresses exist.
_DUMMY_HASH = generate_password_hash("not a real password", method="scrypt")


def hash_password(password: str) -> str:
    # scrypt unless configured otherwise (the tests use a cheap pbkdf2 to stay quick).
    method = current_app.config.get("PASSWORD_HASH_METHOD", "scrypt")
    return generate_password_hash(password, method=method)


def safe_next(target: str | None) -> str:
    """Same-site paths only: never an open redirect."""
    target = target or ""
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.netloc or parts.scheme:
        return url_for("teach.index")
    return target


def normalise_email(email: str) -> str:
    return email.strip().lower()


def authenticate(email: str, password: str) -> User | None:
    """The account whose address and password these are, or None; an unknown address costs
    a password check too."""
    user = db.session.execute(
        db.select(User).filter_by(email=normalise_email(email))).scalar_one_or_none()
    stored = user.password_hash if user is not None else _DUMMY_HASH
    return user if check_password_hash(stored, password) and user is not None else None


@bp.route("/signup", methods=["GET", "POST"])
@limiter.limit(limits.SIGNUP_PER_ADDRESS, methods=["POST"], error_message=limits.too_many)
def signup() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(url_for("teach.index"))
    form = SignupForm()
    if form.validate_on_submit():
        email = normalise_email(form.email.data or "")
        password_hash = hash_password(form.password.data or "")
        exists = db.session.execute(db.select(User.id).filter_by(email=email)).first()
        if not exists:
            db.session.add(User(email=email, display_name=(form.display_name.data or "").strip(),
                                password_hash=password_hash))
            try:
                db.session.commit()
            except IntegrityError:  # the same address signed up at the same moment
                db.session.rollback()
        flash(_("If this address was new, its teacher account now exists. "
                "Log in with the address and your password."), "success")
        return redirect(url_for("auth.login"))
    return render_template("auth/signup.html", form=form), 400 if form.errors else 200


@bp.route("/login", methods=["GET", "POST"])
@limits.login_limits
def login() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(safe_next(request.args.get("next")))
    form = LoginForm()
    failed = False
    if form.validate_on_submit():
        user = authenticate(form.email.data or "", form.password.data or "")
        if user is not None:
            if user.is_learner:  # a learner account logged in here: its own way in
                learner_services.log_in(user, remember=bool(form.remember.data))
                return redirect(url_for("progress.index"))
            sessions.start(user, remember=bool(form.remember.data))
            return redirect(safe_next(request.args.get("next")))
        failed = True
    status = 400 if failed or form.errors else 200
    return render_template("auth/login.html", form=form, failed=failed), status


@bp.post("/logout")
def logout() -> ResponseReturnValue:
    form = LogoutForm()
    if form.validate_on_submit():
        sessions.end()
        flash(_("You are logged out."), "success")
    return redirect(url_for("home.index"))
