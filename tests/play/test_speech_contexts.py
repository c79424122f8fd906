"""The play pages' gettext (tutor/play/speech.py) in each context it meets: outside any app
(the command line, workers), in a request, and under
``force_locale`` inside a request (a table's mail or log in another seat's language)."""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Flask
from flask_babel import force_locale

from tutor.play import speech

SENTENCE = "You won the hand!"
TUTOR = Path(__file__).resolve().parents[2] / "tutor"


def test_outside_an_app_it_speaks_english() -> None:
    assert speech.gettext(SENTENCE) == SENTENCE
    assert speech.translator()(SENTENCE) == SENTENCE
    assert speech.ngettext("%(num)s card", "%(num)s cards", 2) == "2 cards"
    assert speech.locale() == "en"


def test_a_request_speaks_its_language_and_force_locale_another(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "pt"}):
        portuguese = speech.gettext(SENTENCE)
        assert portuguese != SENTENCE and speech.locale() == "pt"
        with force_locale("ru"):
            russian = speech.gettext(SENTENCE)
            assert russian not in (SENTENCE, portuguese) and speech.locale() == "ru"
            assert speech.translator()(SENTENCE) == russian
        assert speech.gettext(SENTENCE) == portuguese and speech.locale() == "pt"
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert speech.gettext(SENTENCE) not in (SENTENCE, portuguese, russian)
        assert speech.locale() == "it"


def test_the_site_uses_no_private_name_of_flask() -> None:
    """Flask's private globals (``flask.globals._cv_app``…) change between releases without
    notice; the public helpers (``has_app_context``, ``g._get_current_object``) do not."""
    private = []
    for path in sorted(TUTOR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
                    "flask", "werkzeug"):
                private += [f"{path.relative_to(TUTOR.parent)}: {node.module}.{a.name}"
                            for a in node.names if a.name.startswith("_")]
    assert not private, private
