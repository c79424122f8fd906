"""Account forms (Flask-WTF: each carries a CSRF token)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, EmailField, PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from tutor.auth.passwords import MAX_LENGTH as MAX_PASSWORD
from tutor.auth.passwords import MIN_LENGTH as MIN_PASSWORD
from tutor.auth.passwords import problem as password_problem

# Deliberately loose: the address is only a login name here, never mailed.
EMAIL_PATTERN = r"^[^@\s]+@[^@\s]+\.[^@\s]+$"


class NewAccountForm(FlaskForm):
    """An e-mail address and a password typed twice, judged by the password policy with
    what the form knows of the person (``guessable_from``)."""

    email = EmailField(
        _l("Email address"),
        validators=[
            DataRequired(),
            Length(max=254),
            Regexp(EMAIL_PATTERN, message=_l("Enter an email address such as ana@example.org.")),
        ],
    )
    password = PasswordField(
        _l("Password (at least %(count)s characters)", count=MIN_PASSWORD),
        validators=[DataRequired(), Length(min=MIN_PASSWORD, max=MAX_PASSWORD)],
    )
    confirm = PasswordField(
        _l("Password again"),
        validators=[DataRequired(), EqualTo("password", message=_l("The passwords differ."))],
    )

    def guessable_from(self) -> list[str]:
        email = (self.email.data or "").strip().lower()
        return [email, email.split("@")[0]]

    def validate_password(self, field: Any) -> None:
        password = field.data or ""
        if len(password) < MIN_PASSWORD:
            return  # Length() has said so already
        refusal = password_problem(password, self.guessable_from())
        if refusal:
            raise ValidationError(refusal)


class SignupForm(NewAccountForm):
    display_name = StringField(
        _l("Your name (shown to your learners)"), validators=[DataRequired(), Length(max=80)]
    )

    def guessable_from(self) -> list[str]:
        return [*super().guessable_from(), self.display_name.data or ""]


class LoginForm(FlaskForm):
    email = EmailField(_l("Email address"), validators=[DataRequired(), Length(max=254)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=MAX_PASSWORD)])
    remember = BooleanField(_l("Keep me logged in on this device for 30 days"))


class LogoutForm(FlaskForm):
    """No fields: only the CSRF token, so that a foreign page cannot log anyone out."""
