"""Authoring forms. Each is a FlaskForm, so each carries and checks a CSRF token."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, Optional

from solver.puzzles.model import LANGUAGES as SET_LANGUAGES
from solver.rules import DEFAULT_PROFILE
from tutor.i18n import LANGUAGES as SITE_LANGUAGES
from tutor.teach.solving import MAX_TEXT

LANGUAGE_CHOICES = [
    SelectChoice(code, name) for code, name in SITE_LANGUAGES.items() if code in SET_LANGUAGES
]
TASK_CHOICES = [
    SelectChoice("can_use", _l("Can the center card be taken now?")),
    SelectChoice("can_force", _l("Can the opponent force it on you?")),
    SelectChoice("find_play", _l("Find a play: which hand cards go down with it?")),
    SelectChoice("win", _l("Win: find the play that wins the hand")),
    SelectChoice("discard", _l("Discard: after a given take, which card is safe to discard?")),
    SelectChoice("draw_upcard", _l("Draw: is the upcard better than a card from the stock?")),
    SelectChoice("close", _l("Close: does taking the center card let you close now?")),
]
DIFFICULTY_CHOICES = [SelectChoice(str(n), str(n)) for n in range(1, 6)]


class SetForm(FlaskForm):
    title = StringField(_l("Title"), validators=[DataRequired(), Length(max=200)])
    description = TextAreaField(
        _l("Description"), validators=[Optional(), Length(max=MAX_TEXT)], render_kw={"rows": 3}
    )
    language = SelectField(_l("Language of the set"), choices=LANGUAGE_CHOICES, default="en")


class NewSetForm(SetForm):
    """A new set also names its game (its file's "ruleset"); the choices are the games the
    editor builds, filled in by the view in the page's language."""

    ruleset = SelectField(_l("Game"), default=DEFAULT_PROFILE.id)


class PuzzleForm(FlaskForm):
    title = StringField(_l("Puzzle title"), validators=[DataRequired(), Length(max=200)])
    task = RadioField(_l("Task"), choices=TASK_CHOICES, default="can_use")
    position = TextAreaField(
        _l("Position (JSON)"),
        validators=[DataRequired(), Length(max=5000)],
        render_kw={"rows": 8, "spellcheck": "false", "class": "mono"},
    )
    accepted = TextAreaField(
        _l("Accepted plays (find a play)"),
        validators=[Optional(), Length(max=5000)],
        render_kw={"rows": 3, "spellcheck": "false", "class": "mono"},
    )
    take = StringField(
        _l("The take (discard)"),
        validators=[Optional(), Length(max=200)],
        render_kw={"spellcheck": "false", "class": "mono"},
    )
    hints = TextAreaField(
        _l("Hints, one per line, from the first nudge to the strongest"),
        validators=[Optional(), Length(max=MAX_TEXT)],
        render_kw={"rows": 4},
    )
    explanation = TextAreaField(
        _l("Explanation (Markdown), shown once the puzzle is answered"),
        validators=[Optional(), Length(max=MAX_TEXT)],
        render_kw={"rows": 5},
    )
    themes = StringField(
        _l("Themes, separated by commas"), validators=[Optional(), Length(max=500)]
    )
    difficulty = SelectField(_l("Difficulty (1 easy – 5 expert)"), choices=DIFFICULTY_CHOICES)


class ImportForm(FlaskForm):
    file = FileField(_l("Puzzle-set file (JSON)"), validators=[FileRequired()])


class ActionForm(FlaskForm):
    """Buttons that change something (delete, duplicate, move, publish): a CSRF token only."""
