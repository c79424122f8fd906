"""Class forms (Flask-WTF, CSRF-protected)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length, Regexp


class ClassForm(FlaskForm):
    name = StringField(_l("Class name"), validators=[DataRequired(), Length(max=120)])


class AssignForm(FlaskForm):
    set_id = SelectField(_l("Puzzle set"), coerce=int, validate_choice=True)


class JoinForm(FlaskForm):
    code = StringField(
        _l("Class code"),
        validators=[
            DataRequired(),
            Length(min=4, max=12),
            Regexp(r"^[A-Za-z0-9 -]+$", message=_l("A class code has letters and digits only.")),
        ],
    )
    nickname = StringField(
        _l("Your nickname in the class"),
        validators=[
            DataRequired(),
            Length(max=40),
            Regexp(r"^[^<>]*$", message=_l("A nickname cannot contain < or >.")),
        ],
    )
