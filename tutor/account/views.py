"""The account pages: change the password, log out everywhere, forgotten password.

"Forgot password" answers every address with the same sentence, and the mail goes out on a
thread of its own (``tutor.account.mail``), so neither the page nor its timing tells which
addresses have an account.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from tutor.account import mail, services
from tutor.account.forms import (
    ChangePasswordForm,
    ConfirmForm,
    ForgotForm,
    NewPasswordForm,
    inputs_of,
)
from tutor.auth import limits
from tutor.extensions import db, limiter, login_manager
from tutor.models.users import User

F = TypeVar("F", bound=Callable[..., Any])

bp = Blueprint("account", __name__, url_prefix="/account")
bp.record_once(lambda state: mail.init_app(cast(Flask, state.app)))

CHANGE_PER_ADDRESS = "10 per hour"  # each try checks the current password
FORGOT_PER_ADDRESS = "10 per hour"


def account_required(view: F) -> F:
    """Logged in with any account, a teacher's or a learner's (``login_required`` asks for
    a teacher: see ``User.is_authenticated``)."""

    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if not getattr(current_user, "is_logged_in", False):
            return cast(ResponseReturnValue, login_manager.unauthorized())
        return cast(ResponseReturnValue, view(*args, **kwargs))

    return cast(F, guarded)


def _index(form: ChangePasswordForm | None = None, status: int = 200) -> ResponseReturnValue:
    return render_template("account/index.html", form=form or ChangePasswordForm(),
                           everywhere=ConfirmForm()), status


@bp.get("/")
@account_required
def index() -> ResponseReturnValue:
    return _index()


@bp.post("/password")
@account_required
@limiter.limit(CHANGE_PER_ADDRESS, error_message=limits.too_many)
def change_password() -> ResponseReturnValue:
    user: User = current_user
    form = ChangePasswordForm()
    form.user_inputs = inputs_of(user.email, user.display_name)
    if not form.validate_on_submit():
        return _index(form, 400)
    if not services.check_password(user, form.current.data or ""):
        form.current.errors = [_("That is not your current password.")]
        return _index(form, 400)
    services.change_password(user, form.password.data or "")
    flash(_("Your password is changed. Every other device logged in to this account is "
            "now logged out; this one stays logged in."), "success")
    return redirect(url_for("account.index"))


@bp.post("/logout-everywhere")
@account_required
def logout_everywhere() -> ResponseReturnValue:
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(_("The form had expired. Please try again."), "error")
        return redirect(url_for("account.index"))
    learner = current_user.is_learner
    services.log_out_everywhere(current_user)
    flash(_("You are logged out on every device, this one included."), "success")
    return redirect(url_for("learner_accounts.login" if learner else "auth.login"))


@bp.route("/forgot", methods=["GET", "POST"])
@limiter.limit(FORGOT_PER_ADDRESS, methods=["POST"], error_message=limits.too_many)
def forgot() -> ResponseReturnValue:
    form = ForgotForm()
    sent = False
    if form.validate_on_submit():
        user = services.user_by_email(form.email.data or "")
        if user is not None:
            _send_reset(user)
        sent = True
    status = 400 if form.errors else 200
    return _private(render_template("account/forgot.html", form=form, sent=sent,
                                    mail_ready=mail.configured()), status)


def _send_reset(user: User) -> None:
    token = services.new_reset_link(user)
    if token is None:
        return
    link = _external(url_for("account.reset", token=token))
    minutes = int(services.reset_lifetime().total_seconds() // 60)
    mail.send(user.email, _("Reset your Conquian tutor password"),
              _reset_body(user.display_name, link, minutes), link)


def _reset_body(name: str, link: str, minutes: int) -> str:
    # Plain text, built here rather than in a template so that the messages are extracted
    # with the site's (and nothing HTML-escapes the name).
    return "\n\n".join([
        _("Hello %(name)s,", name=name),
        _("Someone, probably you, asked to reset the password of your Conquian tutor "
          "account. To choose a new password, open this link within %(minutes)s minutes:",
          minutes=minutes),
        link,
        _("The link works once. Setting the new password logs out every device logged in "
          "to your account."),
        _("If you did not ask for this, ignore this message: your password stays as it is."),
    ]) + "\n"


def _external(path: str) -> str:
    """The link on this site: ``SITE_URL`` when set, so that a forged Host header cannot
    send a reset link pointing elsewhere."""
    base = str(current_app.config.get("SITE_URL") or request.host_url)
    return base.rstrip("/") + path


@bp.route("/reset/<token>", methods=["GET", "POST"])
@limiter.limit(FORGOT_PER_ADDRESS, methods=["POST"], error_message=limits.too_many)
def reset(token: str) -> ResponseReturnValue:
    found = services.find_reset(token)
    if isinstance(found, services.LinkProblem):
        return _problem(found)
    user = db.session.get(User, found.user_id)
    form = NewPasswordForm()
    if user is not None:
        form.user_inputs = inputs_of(user.email, user.display_name)
    if form.validate_on_submit():
        outcome = services.reset_password(token, form.password.data or "")
        if isinstance(outcome, services.LinkProblem):
            return _problem(outcome)
        flash(_("Your new password is set, and every device that was logged in to this "
                "account is logged out. Log in with the new password."), "success")
        return redirect(url_for("auth.login"))
    status = 400 if form.errors else 200
    return _private(render_template("account/reset.html", form=form, token=token), status)


def _problem(problem: services.LinkProblem) -> ResponseReturnValue:
    status = 404 if problem is services.LinkProblem.UNKNOWN else 410
    return _private(render_template("account/reset_problem.html", problem=problem.value),
                    status)


def _private(page: str, status: int) -> Response:
    """Pages with a reset token or an address in them stay out of every cache."""
    response = current_app.make_response((page, status))
    response.headers["Cache-Control"] = "no-store"
    return response
