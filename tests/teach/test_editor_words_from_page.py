"""The teacher's editor writes its report and answer labels only in the page's words (issue
28): static/js/editor.js keeps no English of its own to fall back on, and the editor page of
every game gives it each word it reads, in the page's language and the game's own name for
its face-up card."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from teach_helpers import make_set
from test_teach_every_game import editor_page

from solver.rules import PROFILES
from tutor.i18n import LANGUAGES

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "editor.js"
# The builder's attributes that are data, not words.
NOT_WORDS = {"rules", "profile"}


def _kebab(name: str) -> str:
    return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)


def _builder_words(page: str) -> dict[str, str]:
    tag = re.search(r'<section id="builder"[^>]*>', page, re.S)
    assert tag, "the editor page has no builder"
    return {name: html.unescape(value)
            for name, value in re.findall(r'(data-[a-z-]+)="([^"]*)"', tag.group(0))}


def _in(client: FlaskClient, lang: str, set_id: int) -> dict[str, str]:
    client.post("/language", data={"lang": lang, "next": "/"})
    return _builder_words(editor_page(client, set_id))


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_editor_labels_come_translated_from_the_page(owner: FlaskClient,
                                                         game: str) -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    fallbacks = re.findall(r'dataset\.\w+\s*\|\|\s*"[^"]*[A-Za-z][^"]*"', script)
    assert not fallbacks, f"editor.js falls back to its own English: {fallbacks}"
    read = {_kebab(name) for name in re.findall(r"builder\.dataset\.(\w+)", script)}
    words = read - {_kebab(name) for name in NOT_WORDS}
    assert words, "editor.js reads no words from the builder"

    set_id = make_set(owner, title=f"Words {game}", ruleset=game)
    english = _in(owner, "en", set_id)
    for lang in LANGUAGES:
        page = _in(owner, lang, set_id)
        missing = sorted(w for w in words if not page.get(w, "").strip())
        assert not missing, f"{game} in {lang}: the page gives no {missing}"
        if lang != "en":
            untranslated = sorted(w for w in words if page[w] == english[w])
            assert not untranslated, f"{game} in {lang}: still English: {untranslated}"
