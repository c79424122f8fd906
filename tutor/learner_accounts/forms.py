"""The learner sign-up form (log-in uses the teachers' ``LoginForm``)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, EmailField, PasswordField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from tutor.auth.forms import EMAIL_PATTERN
from tutor.auth.passwords import MAX_LENGTH as MAX_PASSWORD
from tutor.auth.passwords import MIN_LENGTH as MIN_PASSWORD
from tutor.auth.passwords import problem as password_problem


class LearnerSignupForm(FlaskForm):
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
    remember = BooleanField(_l("Keep me logged in on this device for 30 days"))

    def validate_password(self, field: Any) -> None:
        password = field.data or ""
        if len(password) < MIN_PASSWORD:
            return  # Length() has said so already
        email = (self.email.data or "").strip().lower()
        refusal = password_problem(password, [email, email.split("@")[0]])
        if refusal:
            raise ValidationError(refusal)
