"""The account forms (Flask-WTF: each carries a CSRF token)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, EqualTo, Length, ValidationError

from tutor.auth.passwords import MAX_LENGTH as MAX_PASSWORD
from tutor.auth.passwords import MIN_LENGTH as MIN_PASSWORD
from tutor.auth.passwords import problem as password_problem


class NewPasswordForm(FlaskForm):
    """A new password, twice, held to the sign-up policy (``tutor.auth.passwords``, whose
    refusal says why)."""

    password = PasswordField(
        _l("New password (at least %(count)s characters)", count=MIN_PASSWORD),
        validators=[DataRequired(), Length(min=MIN_PASSWORD, max=MAX_PASSWORD)],
    )
    confirm = PasswordField(
        _l("New password again"),
        validators=[DataRequired(), EqualTo("password", message=_l("The passwords differ."))],
    )
    # The account's own details, which a strong password must not lean on; set by the view.
    user_inputs: tuple[str, ...] = ()

    def validate_password(self, field: Any) -> None:
        password = field.data or ""
        if len(password) < MIN_PASSWORD:
            return  # Length() has said so already
        refusal = password_problem(password, self.user_inputs)
        if refusal:
            raise ValidationError(refusal)


class ChangePasswordForm(NewPasswordForm):
    current = PasswordField(_l("Current password"),
                            validators=[DataRequired(), Length(max=MAX_PASSWORD)])


class ForgotForm(FlaskForm):
    email = EmailField(_l("Email address"), validators=[DataRequired(), Length(max=254)])


class ConfirmForm(FlaskForm):
    """No fields: only the CSRF token ("log out everywhere")."""


def inputs_of(email: str, display_name: str) -> tuple[str, ...]:
    return (email, email.split("@")[0], display_name)
