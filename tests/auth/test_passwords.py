"""The password policy at sign-up: weak passwords (the issue's ``ilovecats1`` and
``Summer2024!`` among them) are refused with zxcvbn's own reasons, in the page's language;
passphrases of unrelated words pass."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
import zxcvbn.feedback
from flask import Flask
from flask.testing import FlaskClient

from tutor.auth import passwords
from tutor.auth.passwords import ZXCVBN_SENTENCES, Verdict, assess, explanation
from tutor.extensions import db
from tutor.models import User

NAME = "Maria Santos"
EMAIL = "maria.santos@example.org"
INPUTS = (EMAIL, "maria.santos", NAME)
FRAME = "This password is too easy to guess."
PADDED = ("Digits or symbols added at the start or end help little: password-cracking tools "
          "try them first.")
PERSONAL = "It is built on your name or email address."
LANGUAGES = ("en", "pt", "es")


@pytest.fixture
def site(app: Flask) -> Flask:
    app.config["PASSWORD_HASH_METHOD"] = "pbkdf2:sha256:1000"
    return app


def sign_up(client: FlaskClient, password: str, lang: str) -> tuple[int, str]:
    response = client.post("/auth/signup", headers={"Accept-Language": lang}, data={
        "display_name": NAME, "email": EMAIL, "password": password, "confirm": password})
    return response.status_code, html.unescape(response.get_data(as_text=True))


def accounts(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(User)).scalar_one())


def password_error(page: str) -> str:
    found = re.search(r'<p class="field-error" id="password-error">(.*?)</p>', page, re.S)
    assert found, "no error under the password field"
    return found.group(1)


def translated(app: Flask, lang: str, message: str) -> str:
    from flask_babel import gettext

    with app.test_request_context(headers={"Accept-Language": lang}):
        return str(gettext(message))


# password -> the sentences its refusal must hold (in English), in order.
REFUSED = {
    "ilovecats1": [FRAME, PADDED, "This is similar to a commonly used password.",
                   "Add another word or two. Uncommon words are better."],
    "Summer2024!": [FRAME, "This is similar to a commonly used password.",
                    "Add another word or two. Uncommon words are better.",
                    "Capitalization doesn't help very much."],
    "12345678": [FRAME, "This is a top-10 common password."],
    "aaaaaaaa": [FRAME, 'Repeats like "aaa" are easy to guess.',
                 "Avoid repeated words and characters."],
    "qwertyuiop": [FRAME, "This is a top-100 common password."],
    "sunshine!!": [FRAME, "This is similar to a commonly used password."],
    "Maria Santos 1": [FRAME, PERSONAL],
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("password", "sentences"), REFUSED.items(), ids=list(REFUSED))
def test_weak_passwords_are_refused_with_reasons(site: Flask, password: str,
                                                 sentences: list[str], lang: str) -> None:
    status, page = sign_up(site.test_client(), password, lang)
    assert status == 400
    assert accounts(site) == 0
    error = password_error(page)
    shown = [translated(site, lang, sentence) for sentence in sentences]
    positions = [error.find(text) for text in shown]
    assert -1 not in positions, (error, shown)
    assert positions == sorted(positions)
    if lang != "en":
        # Nothing English where the catalog has the sentence in the page's language.
        assert not [s for s, t in zip(sentences, shown, strict=True) if t != s and s in error]


STRONG = ["lantern wombat velvet", "wombat lantern", "dragonfly lamp 42", "Conquian!Tabla-77",
          "velvet wombat 7"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("password", STRONG)
def test_passphrases_are_accepted(site: Flask, password: str, lang: str) -> None:
    status, _ = sign_up(site.test_client(), password, lang)
    assert status == 302
    assert accounts(site) == 1


@pytest.mark.parametrize(("password", "weak", "padded", "personal"), [
    ("ilovecats1", True, True, False),  # zxcvbn alone gives it 3: the "1" hides "ilovecats"
    ("ilovecats!", True, True, False),
    ("Summer2024!", True, False, False),
    ("maria.santos", True, False, True),
    ("x93@#kd02$$", False, False, False),  # random characters at the ends are not padding
    ("2024 lantern wombat", False, False, False),
    ("wombat lantern", False, False, False),
])
def test_the_verdict_names_the_rule_that_failed(password: str, weak: bool, padded: bool,
                                                personal: bool) -> None:
    verdict = assess(password, INPUTS)
    assert (verdict.weak, verdict.padded, verdict.personal) == (weak, padded, personal)


def zxcvbn_sentences() -> set[str]:
    """Every literal zxcvbn's feedback module passes to gettext."""
    tree = ast.parse(Path(zxcvbn.feedback.__file__).read_text())
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "_" and isinstance(node.args[0], ast.Constant)}


def test_every_sentence_zxcvbn_can_say_is_a_msgid() -> None:
    found = zxcvbn_sentences()
    assert len(found) >= 20
    assert found <= ZXCVBN_SENTENCES, found - ZXCVBN_SENTENCES


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_a_sentence_the_site_does_not_know_is_not_shown_in_another_language(
        site: Flask, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """A newer zxcvbn's new sentence stays out of a Portuguese or Spanish page, which says
    why in its own words instead."""
    unknown = Verdict(weak=True, warning="Some new English sentence.")
    monkeypatch.setattr(passwords, "assess", lambda *args: unknown)
    status, page = sign_up(site.test_client(), "anything at all", lang)
    assert status == 400
    error = password_error(page)
    assert "Some new English sentence." not in error
    assert translated(site, lang, "A few unrelated words make a strong one.") in error
    with site.test_request_context(headers={"Accept-Language": "en"}):
        assert "Some new English sentence." in explanation(unknown)
