"""/rules and /rules/<profile>: every profile's book in en, pt and es, the kunken variants on
the kunken book, a 404 page for an unknown profile, and the language switch."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from solver.rules import PROFILES
from tutor.i18n import LANGUAGES as SITE_LANGUAGES
from tutor.rules.books import BOOKS, book_of_profile

LANGUAGES = tuple(SITE_LANGUAGES)  # every language the site speaks has every book
TITLE_WORD = {"en": "rule book", "pt": "livro de regras", "es": "libro de reglas",
              "it": "regolamento", "ru": "правил"}


def _set_language(client: FlaskClient, language: str) -> None:
    with client.session_transaction() as session:
        session["lang"] = language


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_every_profile_has_its_book_in_every_language(
    client: FlaskClient, profile_id: str, language: str
) -> None:
    _set_language(client, language)
    response = client.get(f"/rules/{profile_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    book = book_of_profile(profile_id)
    assert book is not None
    assert f'<html lang="{language}">' in html
    assert f'<article class="rule-book" lang="{language}"' in html
    assert TITLE_WORD[language] in html.split("<title>", 1)[1].split("</title>", 1)[0]
    anchors = re.findall(r'<h3 id="([A-Z]\d+)"', html)
    assert anchors == list(book.rule_ids)
    # The contents list links every rule.
    for rule_id in book.rule_ids:
        assert f'href="#{rule_id}"' in html


def test_the_kunken_variants_show_the_kunken_book_and_say_which_profile(
    client: FlaskClient,
) -> None:
    html = client.get("/rules/kunken-40").get_data(as_text=True)
    assert "Kunken (Russian) — rule book" in html
    assert '<a href="/rules/kunken-40" aria-current="page"><code>kunken-40</code></a>' in html
    # Links to kunken rules stay on the variant's page; other books keep their own.
    assert 'href="/rules/kunken-40#K10"' in html
    assert 'href="/rules/kunken#K10"' not in html


@pytest.mark.parametrize("path", ["/rules/nope", "/rules/Conquian-40", "/rules/R9", "/rules/.."])
def test_an_unknown_profile_is_a_404_page(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "Error 404" in response.get_data(as_text=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_lists_every_book_and_every_profile(client: FlaskClient, language: str) -> None:
    _set_language(client, language)
    for path in ("/rules", "/rules/"):
        response = client.get(path)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        for book in BOOKS:
            assert f'href="/rules/{book.id}"' in html
        for profile_id in PROFILES:
            assert f'href="/rules/{profile_id}"' in html
        assert html.count('<li class="book-card" lang="' + language + '"') == len(BOOKS)


def test_the_language_switch_changes_the_book(client: FlaskClient) -> None:
    assert '<h3 id="R9">R9 Forcing</h3>' in client.get("/rules/conquian-40").get_data(as_text=True)
    client.post("/language", data={"lang": "pt", "next": "/rules/conquian-40"})
    html = client.get("/rules/conquian-40").get_data(as_text=True)
    assert '<h3 id="R9">R9 Forçar</h3>' in html
    client.post("/language", data={"lang": "es", "next": "/rules/conquian-40"})
    html = client.get("/rules/conquian-40").get_data(as_text=True)
    assert '<h3 id="R9">R9 Obligar</h3>' in html


def test_the_rules_are_in_the_main_navigation(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<a href="/rules">' in html


def test_book_pages_have_no_inline_script_or_style(client: FlaskClient) -> None:
    for path in ["/rules", *(f"/rules/{p}" for p in PROFILES)]:
        html = client.get(path).get_data(as_text=True)
        assert re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", html) is None
        assert " style=" not in html and "<style" not in html
        assert re.search(r"\son[a-z]+=", html) is None
