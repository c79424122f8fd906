"""Site-wide details: the favicon, the "Join a class" link, Flask-Login's message in the
page's language, card names with their article in pt/es, one order for hands everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.cards import card_rank, card_suit, parse_card
from tutor.core.cards import card_label, card_phrase, hand_order

ROOT = Path(__file__).resolve().parent.parent


def _in_language(client: FlaskClient, lang: str) -> None:
    client.post("/language", data={"lang": lang, "next": "/"})


def test_favicon_is_linked_and_served(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert re.search(r'<link rel="icon" href="/static/img/favicon.svg"', html)
    for url in ("/favicon.ico", "/static/img/favicon.svg"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert b"<svg" in response.data


def test_learners_see_a_join_a_class_link(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<a href="/join">Join a class</a>' in html


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Please log in to access this page."),
        ("pt", "Faça login para acessar esta página."),
        ("es", "Inicia sesión para acceder a esta página."),
    ],
)
def test_the_login_message_speaks_the_pages_language(
    client: FlaskClient, lang: str, message: str
) -> None:
    _in_language(client, lang)
    page = client.get("/teach/", follow_redirects=True)
    assert message in page.get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "code", "phrase"),
    [
        ("en", "KD", "king of diamonds"),  # English sentences write "the" themselves
        ("es", "KD", "el rey de diamantes"),
        ("es", "QH", "la reina de corazones"),
        ("es", "JS", "la jota de picas"),
        ("es", "AC", "el as de tréboles"),
        ("pt", "KD", "o rei de ouros"),
        ("pt", "QH", "a dama de copas"),
        ("pt", "JS", "o valete de espadas"),
        ("pt", "AC", "o ás de paus"),
    ],
)
def test_a_card_in_a_sentence_carries_its_article(
    app: Flask, lang: str, code: str, phrase: str
) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert card_phrase(code) == phrase
        assert card_label(code) == phrase.split(" ", 1)[1] if lang != "en" else phrase


def test_the_play_log_names_cards_with_their_article_in_spanish(app: Flask) -> None:
    from solver.game.conquian.actions import Action
    from tutor.play.describe import describe

    with app.test_request_context(headers={"Accept-Language": "es"}):
        text = describe(Action("decline", parse_card("KD")), by_you=False)
    assert text == "La computadora rechazó el rey de diamantes."


def _hand_in(html: str, start: str, end: str) -> list[str]:
    section = html[html.index(start):]
    section = section[: section.index(end)]
    return re.findall(r'data-card="([2-7AJQK][SHDC])"', section)


def _is_hand_order(codes: list[str]) -> bool:
    keys = [(card_suit(parse_card(c)), card_rank(parse_card(c))) for c in codes]
    return len(codes) >= 3 and keys == sorted(keys)


def test_hand_order_is_by_suit_then_rank() -> None:
    from tutor.analyzer.codec import split_cards
    from tutor.analyzer.views import EXAMPLES

    assert hand_order(["KD", "4H", "AC", "5H", "QS", "2D"]) == ["QS", "4H", "5H", "2D", "KD", "AC"]
    for _name, query in EXAMPLES:  # the analyzer's examples fill its form in the same order
        assert split_cards(query["hand"]) == hand_order(split_cards(query["hand"]))


def test_every_page_shows_a_hand_in_the_same_order(app: Flask, client: FlaskClient) -> None:
    from tutor.puzzles.store import sync_bundled

    with app.app_context():
        sync_bundled(app.config["PUZZLE_DIR"])
    lesson = client.get("/learn/worked-example/1").get_data(as_text=True)
    assert _is_hand_order(_hand_in(lesson, 'aria-labelledby="zone-hand"', "</section>"))

    client.get("/")  # a learner, for the puzzle and play pages
    puzzle = client.get("/puzzles/sets/taking/tk-1").get_data(as_text=True)
    assert _is_hand_order(_hand_in(puzzle, 'class="hand-picker"', "</fieldset>"))
    puzzle = client.get("/puzzles/sets/taking/tk-2").get_data(as_text=True)  # no picking
    assert _is_hand_order(_hand_in(puzzle, ">Your hand</h3>", "</div>"))

    game = client.post("/play/", data={"level": "easy", "seed": "3"}).location.split("#")[0]
    table = client.get(game).get_data(as_text=True)
    assert _is_hand_order(_hand_in(table, 'id="hand-h"', "</section>"))


def test_the_worked_example_is_the_same_hand_everywhere() -> None:
    """The rule book's worked example (RULES.md: 4♥ 5♥ and an unwanted Q♠, center 6♥), with
    the README's hand, in the lesson, the analyzer's example and the bundled puzzles."""
    import json
    from pathlib import Path

    from solver.puzzles.model import LANGUAGES as PUZZLE_LANGUAGES
    from tutor.analyzer.codec import split_cards
    from tutor.analyzer.views import EXAMPLES
    from tutor.learn.lessons import WORKED_EXAMPLE, WORKED_HAND

    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text("utf-8")
    found = re.search(r'\{"hand": (\[[^\]]*\]), "melds": \[\], "center": "6H"\}', readme)
    assert found is not None
    hand = sorted(json.loads(found.group(1)))
    assert {"4H", "5H", "QS"} <= set(hand) and len(hand) == 10

    assert sorted(WORKED_HAND) == hand
    for step in WORKED_EXAMPLE.steps:
        assert sorted(step.exercise.position_data["hand"]) == hand  # type: ignore[attr-defined]
    example = dict(EXAMPLES)["worked"]
    assert sorted(split_cards(example["hand"])) == hand and example["center"] == "6H"
    titled = [
        p for path in (root / "puzzles").glob("*.json")
        for p in json.loads(path.read_text("utf-8"))["puzzles"]
        if p["id"] in ("tk-1", "de-1")
    ]
    assert len(titled) == 2 * len(PUZZLE_LANGUAGES)  # two puzzles, in every language
    for puzzle in titled:
        assert sorted(puzzle["position"]["hand"]) == hand
        assert puzzle["position"]["center"] == "6H"
        assert puzzle["position"]["opponent_melds"] == [["KS", "KH", "KC"]]


def test_no_learner_reads_a_feminine_none_for_a_masculine_noun(client: FlaskClient) -> None:
    _in_language(client, "es")
    page = client.get("/progress/").get_data(as_text=True)
    assert "Todavía ninguna" not in page
    assert "Todavía no resolviste ningún problema." in page


# European Portuguese forms a Brazilian reader stumbles on, and terms the glossary settled.
EUROPEAN = [
    r"\becrã\b", r"\bficheiro", r"\butilizador", r"\bpalavra-passe", r"\bregist(?:ar|o)\b",
    r"\b[Gg]uardar\b", r"\b[Aa]pagar\b", r"(?<!\()\b[Nn]uma?\b", r"\bnoutr[ao]\b",
    r"\b(?:está|continua|continuar) a \w+r\b", r"\b(?:A|O|As|Os) (?:sua|seu|suas|seus)\b",
    r"-lhe\b", r"forçá-lo a tomar", r"(?:^|[.!?] )(?:Pode(?! ser)|Tomou|Recusou|Virou|Venceu) ",
    r"\btem de (?!\{?\d|\{least)", r"\bcarta do centro\b", r"\btrinca", r"\bà espera\b",
    r"\bjuntamente\b", r"\bperante\b",
]


def _catalog_texts(lang: str) -> list[str]:
    """Every translated string of a language's catalog."""
    from babel.messages.pofile import read_po

    with open(ROOT / f"tutor/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
        catalog = read_po(f)
    return [s for m in catalog if m.id
            for s in (m.string if isinstance(m.string, tuple) else (m.string,))]


def test_the_portuguese_is_brazilian_and_uses_one_glossary() -> None:
    import json

    texts = _catalog_texts("pt")
    for path in (ROOT / "puzzles").glob("*.pt.json"):
        data = json.loads(path.read_text("utf-8"))
        texts += [data["title"]] + [
            t for p in data["puzzles"] for t in (p["title"], p["explanation"], *p["hints"])
        ]
    found = [(pattern, text) for text in texts for pattern in EUROPEAN
             if re.search(pattern, text)]
    assert not found, "\n".join(f"{p}: {t}" for p, t in found[:15])


@pytest.mark.parametrize(
    ("lang", "page", "method"),
    [
        ("en", "There is no page at this address.", "This address does not accept"),
        ("pt", "Não há nenhuma página neste endereço.", "Este endereço não aceita"),
        ("es", "No hay ninguna página en esta dirección.", "Esta dirección no acepta"),
    ],
)
def test_error_pages_speak_the_pages_language(
    client: FlaskClient, lang: str, page: str, method: str
) -> None:
    """Werkzeug's default descriptions are English; the site says them in the page's language,
    on pages and in the JSON API alike."""
    headers = {"Accept-Language": lang}
    r = client.get("/no-such-page", headers=headers)
    text = r.get_data(as_text=True)
    assert r.status_code == 404 and page in text and "requested URL" not in text
    r = client.put("/api/analyze", headers=headers)
    assert r.status_code == 405 and r.get_json()["error"].startswith(method)


def test_the_spanish_calls_the_computer_one_name() -> None:
    """One word for the computer player on the same page: "computadora", never "ordenador"."""
    texts = _catalog_texts("es")
    assert any("computadora" in t for t in texts)
    assert not [t for t in texts if re.search(r"(?i)ordenador", t)]
