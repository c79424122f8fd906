"""Learner sign-up and log-in (log-out is the teachers' ``auth.logout``; the password and
"log out everywhere" pages are ``tutor.account``'s, for every kind of account).

Sign-up logs the learner in at once, so it says when an address has an account already;
the per-address sign-up limit keeps that from serving to list addresses.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from tutor.auth import limits
from tutor.auth.forms import LoginForm
from tutor.auth.views import authenticate, hash_password, normalise_email, safe_next
from tutor.extensions import limiter
from tutor.learner_accounts import services
from tutor.learner_accounts.forms import LearnerSignupForm

bp = Blueprint("learner_accounts", __name__, url_prefix="/me")


def _next() -> str:
    target = request.args.get("next")
    return safe_next(target) if target else url_for("progress.index")


def _logged_in() -> bool:
    return bool(getattr(current_user, "is_logged_in", False))


@bp.route("/signup", methods=["GET", "POST"])
@limiter.limit(limits.SIGNUP_PER_ADDRESS, methods=["POST"], error_message=limits.too_many)
def signup() -> ResponseReturnValue:
    if _logged_in():
        return redirect(url_for("account.index"))
    form = LearnerSignupForm()
    if form.validate_on_submit():
        email = normalise_email(form.email.data or "")
        try:
            services.sign_up(email, hash_password(form.password.data or ""),
                             remember=bool(form.remember.data))
        except services.AddressTaken:
            form.email.errors = [_("This address has an account already: log in instead.")]
        else:
            flash(_("Your account is made and you are logged in. Your progress so far is "
                    "kept in it: log in on another device to carry on there."), "success")
            return redirect(_next())
    return render_template("learner_accounts/signup.html", form=form), \
        400 if form.errors else 200


@bp.route("/login", methods=["GET", "POST"])
@limits.login_limits
def login() -> ResponseReturnValue:
    if _logged_in():
        return redirect(_next())
    form = LoginForm()
    failed = False
    if form.validate_on_submit():
        user = authenticate(form.email.data or "", form.password.data or "")
        if user is not None:
            services.log_in(user, remember=bool(form.remember.data))
            if not user.is_learner:
                return redirect(url_for("teach.index"))
            flash(_("You are logged in. The progress made on this device is now part of "
                    "your account."), "success")
            return redirect(_next())
        failed = True
    status = 400 if failed or form.errors else 200
    return render_template("learner_accounts/login.html", form=form, failed=failed), status
