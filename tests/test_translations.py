"""Translations are complete: every message of the site and the solver exists in
every language the site offers (tutor.i18n.LANGUAGES), with the same placeholders, and
the compiled catalogs are current."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from tutor.i18n import LANGUAGES as SITE_LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "tutor" / "translations"
LANGUAGES = tuple(lang for lang in SITE_LANGUAGES if lang != "en")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}|\(R\d+\)")


def catalog(lang: str) -> Catalog:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def source_messages() -> set[str]:
    method_map = [
        ("solver/**.py", "python"),
        ("tutor/**.py", "python"),
        ("tutor/templates/**.html", "jinja2"),
    ]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None,
                "_l": None, "N_": None}
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, keywords=keywords):
        found.add(message[0] if isinstance(message, tuple) else message)
    return {m for m in found if m}


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    return source_messages()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_in_the_code_is_translated(lang: str, extracted: set[str]) -> None:
    translated = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(lang) if m.id}
    missing = sorted(extracted - translated)
    assert not missing, f"{len(missing)} messages missing from {lang}: run scripts/i18n extract"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_are_complete_and_keep_placeholders(lang: str) -> None:
    problems = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"untranslated or fuzzy: {ids[0]!r}")
            continue
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            if sorted(PLACEHOLDER.findall(text)) != wanted and len(ids) == 1:
                problems.append(f"placeholders differ: {ids[0]!r} -> {text!r}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogs_are_current(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang))
    compiled = (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo").read_bytes()
    assert compiled == buffer.getvalue(), "run scripts/i18n compile"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("pt", "Aprender Conquian"), ("es", "Aprende"), ("en", "Learn Conquian"),
     ("it", "Impara il Conquian"), ("ru", "Научись играть в Conquian")],
)
def test_pages_speak_the_chosen_language(client: FlaskClient, lang: str, words: str) -> None:
    page = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    assert words in page
    client.post("/language", data={"lang": lang, "next": "/learn/"})
    assert f'lang="{lang}"' in client.get("/learn/").get_data(as_text=True)


def test_no_literal_reaches_a_translator_unmarked() -> None:
    """A string given straight to a translator function is never extracted, so it stays
    English in every language: it must be marked with N_ (the play prompt once was not)."""
    literal = re.compile(r"\btranslate\(\s*[\"']")
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("solver", "tutor")
             for path in (ROOT / folder).rglob("*.py")
             for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
             if literal.search(line)]
    assert not found, found
