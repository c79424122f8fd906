"""Rule profiles on /api/analyze and the analyzer page: every profile answers an analysis
or a clean 400 (never a 500); a bad position names the profile's own rule, and on the page
it reads in the form's words and the learner's language, with no JSON field names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template
from flask.testing import FlaskClient

from solver.rules import PROFILES
from tests.rulebooks.helpers import unlink_rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"
EXAMPLES = {p.stem: json.loads(p.read_text()) for p in DOCS.glob("*.json")}
WORKED = EXAMPLES["conquian-40"]
FIELD_NAMES = re.compile(r"opponent_melds|laid_off|\bmelds\[|\bhand\[|center_from|\[\d+\]")

# (position, the rule id it breaks, English fragment, pt fragment, es fragment)
BAD = {
    "third 7H in conquin": (
        {"rules": "conquin", "hand": ["7H", "7H", "2S", "3S", "4S", "5C", "6C", "7C", "KD", "*"],
         "center": "7H", "players": 3},
        "I1", "7H appears 3 times, in your hand (twice) and the face-up card",  # I8's name
        "sua mão (duas vezes)", "tu mano (dos veces)",
    ),
    "joker in conquian-40": (
        dict(WORKED, hand=["*", *WORKED["hand"][1:]]),
        "R1", "Your hand: '*' is a joker, and this game has no jokers",
        "Sua mão: '*' é um curinga", "Tu mano: '*' es un comodín",
    ),
    "joker in a meld in conquian-40": (
        {"hand": ["QS", "AC", "2D", "3S", "KD", "JC", "6S"], "melds": [["4H", "*5H", "6H"]],
         "center": "6D"},
        "R1", "Your meld 1: '*5H' is a joker, and this game has no jokers",
        "Sua combinação 1: '*5H' é um curinga", "Tu combinación 1: '*5H' es un comodín",
    ),
    "8H in cooncan": (
        dict(WORKED, rules="cooncan", hand=["8H", *WORKED["hand"][1:]]),
        "C1", "Your hand: '8H' is not in the 40-card deck",
        "Sua mão: '8H' não está no baralho de 40 cartas", "Tu mano: '8H' no está en la baraja",
    ),
    "8H in kunken-40": (
        dict(WORKED, rules="kunken-40", hand=["8H", *WORKED["hand"][1:]]),
        "K1", "'8H' is not in the 40-card deck", "'8H' não está", "'8H' no está",
    ),
    "wrapped run in colonel": (
        {"rules": "colonel", "hand": ["QS", "AC", "2D", "3S", "KD", "JC", "6S"],
         "melds": [["KH", "AH", "2H"]], "center": "6H"},
        "H3", "Your meld 1, KH-AH-2H, is not a valid meld", "Sua combinação 1, KH-AH-2H",
        "Tu combinación 1, KH-AH-2H",
    ),
    "wrapped run in kunken": (
        {"rules": "kunken", "hand": ["QS", "AC", "2D", "3S", "KD", "JC", "6S"],
         "melds": [], "opponent_melds": [["KH", "AH", "2H"]], "center": "6H"},
        "K3", "Your opponent's meld 1, KH-AH-2H, is not a valid meld",
        "combinação 1 do adversário", "combinación 1 de tu rival",
    ),
    "a card twice in one pack": (
        dict(WORKED, opponent_melds=[["KS", "KH", "4H"]]),
        "", "4H appears twice: in your hand and in your opponent's meld 1",
        "4H aparece em dois lugares: sua mão e a combinação 1 do adversário",
        "4H aparece dos veces: en tu mano y en la combinación 1 de tu rival",
    ),
    "too many players in conquin": (
        dict(EXAMPLES["conquin"], players=11),
        "I2", "The number of players must be from 3 to 10 in this game, not 11",
        "O número de jogadores deve ser de 3 a 10", "El número de jugadores debe ser de 3 a 10",
    ),
}


def _post(client: FlaskClient, url: str, body: Any, lang: str = "en") -> Any:
    return client.post(url, json=body, headers={"Accept-Language": lang})


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_api_answers_every_profile_without_a_500(client: FlaskClient, pid: str) -> None:
    r = _post(client, "/api/analyze", EXAMPLES[pid])
    data = r.get_json()
    assert r.status_code in (200, 400), r.get_data(as_text=True)
    if r.status_code == 200:
        assert data["rules"] == pid and data["kind"] == PROFILES[pid].analysis
        letter = PROFILES[pid].rule("deck")[0]
        cited = " ".join(data.get("explanation", []))
        assert all(f"({x}" not in cited for x in "RCHIK" if x != letter)
    else:
        assert set(data) == {"error"} and "is not available yet" in data["error"]
        assert pid in data["error"]


@pytest.mark.parametrize("case", sorted(BAD))
def test_api_errors_name_the_profiles_rule(client: FlaskClient, case: str) -> None:
    position, rule, *_ = BAD[case]
    r = _post(client, "/api/analyze", position)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert not rule or f"{rule})" in error or f"{rule}," in error, error


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_page_errors_read_in_the_forms_words(client: FlaskClient, case: str, lang: str) -> None:
    position, rule, en, pt, es = BAD[case]
    r = _post(client, "/analyzer/analysis", position, lang)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert {"en": en, "pt": pt, "es": es}[lang] in error, error
    assert not rule or rule in error
    assert not FIELD_NAMES.search(error), error


def test_unknown_profile_lists_the_known_ones(client: FlaskClient) -> None:
    r = _post(client, "/api/analyze", dict(WORKED, rules="rummy"))
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert "rummy" in error and all(pid in error for pid in PROFILES)
    page = client.get("/analyzer/?rules=rummy&hand=4H&center=6H")
    assert page.status_code == 400
    html = page.get_data(as_text=True)
    assert "unknown rules" in html and "kunken-104" in html


def _page(client: FlaskClient, query: str, lang: str = "en") -> tuple[int, str]:
    r = client.get("/analyzer/?" + query, headers={"Accept-Language": lang})
    return r.status_code, r.get_data(as_text=True)


def test_selector_offers_every_profile_by_its_translated_name(client: FlaskClient) -> None:
    _, html = _page(client, "rules=colonel", "pt")
    select = re.search(r'<select id="pos-rules" name="rules"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None and '<label for="pos-rules">Regras</label>' in html
    options = re.findall(r'<option value="([^"]+)"[^>]*?( selected)?>([^<]+)</option>', select[1])
    assert [o[0] for o in options] == list(PROFILES)
    assert [o[0] for o in options if o[1]] == ["colonel"]
    assert "Conquin (italiano, dois baralhos e curingas)" in select[1]


def _shown_cards(html: str) -> list[str]:
    grid = re.search(r'<div class="picker__grid[^"]*".*?</div>', html, re.S)
    assert grid is not None
    buttons = re.findall(r'<button type="button" class="card [^"]*" data-card="([^"]+)"[^>]*?'
                         r'(hidden)?>', grid[0])
    return [code for code, hidden in buttons if not hidden]


@pytest.mark.parametrize(
    ("pid", "size", "joker"),
    [("conquian-40", 40, False), ("cooncan", 40, False), ("colonel", 52, False),
     ("conquin", 52, True), ("kunken", 52, True), ("kunken-40", 40, False),
     ("kunken-104", 52, True)],
)
def test_picker_shows_the_profiles_pack(client: FlaskClient, pid: str, size: int,
                                        joker: bool) -> None:
    _, html = _page(client, f"rules={pid}")
    shown = _shown_cards(html)
    naturals = [c for c in shown if c != "*"]
    assert len(naturals) == size and len(set(naturals)) == size
    assert ("10H" in naturals) == (size == 52)
    assert ("*" in shown) == joker
    info = json.loads(re.search(r'data-deck="([^"]+)"', html)[1].replace("&#34;", '"'))
    assert info["packs"] == PROFILES[pid].deck.packs


@pytest.mark.parametrize(
    ("pid", "melds", "layoff", "players"),
    [("conquian-40", True, False, False), ("cooncan", True, True, False),
     ("colonel", True, True, False), ("conquin", False, False, True),
     ("kunken", True, True, False)],
)
def test_the_form_shows_the_fields_the_profile_has(
    client: FlaskClient, pid: str, melds: bool, layoff: bool, players: bool
) -> None:
    _, html = _page(client, f"rules={pid}")

    def shown(need: str) -> bool:
        tags = re.findall(rf'<div[^>]*data-show="{need}"[^>]*>', html)
        assert tags, need
        return not any(" hidden" in tag for tag in tags)

    assert shown("melds") == melds and shown("layoff") == layoff and shown("players") == players


def test_query_round_trip_with_jokers_laid_off_and_players(client: FlaskClient) -> None:
    query = ("rules=kunken&hand=8H9H*QSQD2C&melds=3C4C5C&opp=KSKDKC.7S8S9S10S"
             "&laid=2:10S&center=10H&from=opponent")
    status, html = _page(client, query)
    # Parsed in full (hand 6 + melds 3 + laid off 1 = 10): the only error is the missing
    # analysis, never a parse error.
    text = re.sub(r"\s+", " ", unlink_rules(html))
    assert status in (200, 400)
    if status == 400:
        assert "is not available yet" in text
    assert 'value="2: 10S"' in html and 'value="8H 9H * QS QD 2C"' in html


def test_results_for_the_other_analyses_render_from_their_json(app: Flask) -> None:
    """The draw (colonel) and closing (conquin) results, drawn from their JSON shapes;
    missing fields leave their lines out instead of breaking the page."""
    closing = {"closes": True, "closing": [
        {"discard": "9D", "melds": [["QH", "KH", "AH", "2H"], ["7S", "7D", "7C"],
                                    ["*3C", "4C", "5C"]], "multiplier": 2}]}
    draw = {"melds": [["8H", "9H", "10H"]], "lay_offs": [{"meld": 0, "side": "opponent",
                                                         "cards": ["7S"]}],
            "goes_out": False, "discard": "KH", "deadwood": 14, "stock_average": 21.25,
            "upcard_better": True}
    with app.test_request_context("/analyzer/", headers={"Accept-Language": "es"}):
        common = {"center": "2H", "share_query": {"rules": "conquin"}}
        html = render_template("analyzer/_results_other.html", kind="closing", data=closing,
                               profile=PROFILES["conquin"], **common)
        assert "Tomarla te deja cerrar ahora (I9)" in html and "apuesta ×2" in html
        assert 'aria-label="comodín como tres de tréboles"' in html
        html = render_template("analyzer/_results_other.html", kind="closing",
                               data={"closes": False}, profile=PROFILES["conquin"], **common)
        assert "Tomarla no te deja cerrar ahora (I9)" in html and "apuesta" not in html
        html = render_template("analyzer/_results_other.html", kind="draw", data=draw,
                               profile=PROFILES["colonel"], **dict(common, center="10H"))
        assert "Robarla todavía no te deja cerrar (H8)" in html
        assert "en la combinación 1 de tu rival" in html and "21.2" in html
        assert "Puntos sueltos después de él: 14." in html
        html = render_template("analyzer/_results_other.html", kind="draw", data={},
                               profile=PROFILES["colonel"], **dict(common, center="10H"))
        assert "Robarla" not in html and "Mejor descarte" not in html


@pytest.mark.parametrize("pid", ["cooncan", "colonel", "conquin", "kunken"])
def test_the_pages_examples_are_the_readmes(app: Flask, pid: str) -> None:
    from solver.position import Position
    from tutor.analyzer.codec import position_data
    from tutor.analyzer.views import EXAMPLES as PAGE_EXAMPLES

    with app.test_request_context("/analyzer/"):
        query = dict(PAGE_EXAMPLES)[pid]
        assert Position.from_dict(position_data(query)) == Position.from_dict(EXAMPLES[pid])
