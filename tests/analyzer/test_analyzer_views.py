"""The analyzer page through Flask's test client: analysis from the URL, pasted JSON,
and every bad input shown next to the form with status 400 — never a 500."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from tests.rulebooks.helpers import unlink_rules

# The rule book's worked example, as everywhere on the site (README, lessons, puzzles).
WORKED = "hand=4H5HQSAC2D3SKDJC6S7D&opp=KSKHKC&center=6H&stock=12"
HAND = "4H5HQSAC2D3SKDJC6S7D"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unlink_rules(html))


def test_empty_page_shows_the_form_and_examples(client: FlaskClient) -> None:
    r = client.get("/analyzer/")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'name="hand"' in html and 'name="json"' in html and "data-picker" in html
    assert html.count('class="card card--') >= 40  # the picker's deck
    assert "The worked example" in html


def test_worked_example_from_the_url(client: FlaskClient) -> None:
    r = client.get("/analyzer/?" + WORKED)
    assert r.status_code == 200
    html = _text(r.get_data(as_text=True))
    assert "What you can do with the six of hearts" in html
    assert "You can take it" in html and "It cannot be forced on you" in html
    assert "Take it with 4♥ 5♥ from your hand and lay down 4♥-5♥-6♥." in html
    assert "Laying 2 cards from your hand" in html
    assert 'value="4H 5H QS AC 2D 3S KD JC 6S 7D"' in html  # the form keeps the position
    assert 'href="/analyzer/?hand=' in html  # a share link


def test_plays_are_grouped_wins_first_then_by_cards_laid(client: FlaskClient) -> None:
    r = client.get("/analyzer/?hand=5H6HJH&melds=AD2D3D.QSQHQCQD&center=7H")
    html = _text(r.get_data(as_text=True))
    order = [
        html.index("Winning plays"),
        html.index("Laying 2 cards from your hand"),
        html.index("Laying 1 card from your hand"),
    ]
    assert order == sorted(order)
    assert "wins the hand" in html and "rearranges your melds" in html


def test_a_card_that_cannot_be_taken(client: FlaskClient) -> None:
    r = client.get(f"/analyzer/?hand={HAND}&opp=KSKHKC&center=7H")
    html = _text(r.get_data(as_text=True))
    assert r.status_code == 200
    assert "You cannot take it" in html and "you cannot take it now to wait for one (R8)" in html


def test_forcing_verdict_for_a_stock_card(client: FlaskClient) -> None:
    r = client.get("/analyzer/?hand=KDQH7CJDAH6H3C&melds=2S3S4S&center=5S&from=stock")
    html = _text(r.get_data(as_text=True))
    assert "It can be forced on you" in html and "if you pass it" in html
    assert "The center card alone, no card from your hand" in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        # The form's own words for its fields, never the JSON's (hand[1], opponent_melds[0]).
        ("hand=4H10H&center=6H", "Your hand: &#39;10H&#39; is not in the 40-card deck"),
        ("hand=4H5H&center=ZZ", "The center card: &#39;ZZ&#39; is not a card"),
        ("hand=4H5H&center=6H", "together they must be 10"),
        (f"hand={HAND}&center=4H", "4H appears twice: in your hand and in the center card"),
        (f"hand={HAND}&opp=KSKHKC.4S4C4H&center=6H",
         "4H appears twice: in your hand and in your opponent&#39;s meld 2"),
        ("hand=4H5HQC2C3C6C&melds=AS2SQS&center=6H",
         "Your meld 1, AS-2S-QS, is not a valid meld"),
        (f"hand={HAND}&center=6H&from=sky", "Where the center card came from must be"),
        (f"hand={HAND}&center=6H&stock=99",
         "The cards in the stock must be a whole number from 0 to"),
        (f"hand={HAND}&center=6H&stock=many", "must be a whole number"),
        ("hand=4H&center=", "Choose the center card"),
        ("hand=" + "4H" * 300 + "&center=6H", "too long"),
    ],
)
def test_bad_positions_show_the_error_next_to_the_form(
    client: FlaskClient, query: str, message: str
) -> None:
    r = client.get("/analyzer/?" + query)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    error = re.search(r'<div id="form-error" class="analysis-error" role="alert">(.*?)</div>', html)
    assert error is not None and message in error.group(1)
    assert "hand[" not in error.group(1) and "melds[" not in error.group(1)
    assert 'analysis-heading">What you can do with' not in html


def test_the_live_analysis_names_the_forms_fields(client: FlaskClient) -> None:
    hand = ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"]
    r = client.post("/analyzer/analysis",
                    json={"hand": hand, "opponent_melds": [["4H", "4S", "4C"]], "center": "6H"})
    assert r.status_code == 400
    assert r.get_json()["error"] == "4H appears twice: in your hand and in your opponent's meld 1"
    # The API keeps the JSON's names: its callers wrote that JSON.
    api = client.post("/api/analyze",
                      json={"hand": hand, "opponent_melds": [["4H", "4S", "4C"]], "center": "6H"})
    assert api.get_json()["error"] == "4H appears twice: in hand and in opponent_melds[0]"
    ok = client.post("/analyzer/analysis", json={"hand": hand, "center": "6H"})
    assert ok.status_code == 200 and ok.get_json()["plays"][0]["hand_cards"] == ["4H", "5H"]


def test_pasted_json_redirects_to_the_shareable_url(client: FlaskClient) -> None:
    position = {
        "hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
        "opponent_melds": [["KS", "KH", "KC"]],
        "center": "6♥",
        "stock": 12,
    }
    r = client.get("/analyzer/", query_string={"json": json.dumps(position)})
    assert r.status_code == 302
    location = r.headers["Location"]
    assert "center=6H" in location and "opp=KSKHKC" in location
    followed = client.get(location)
    assert followed.status_code == 200
    assert "4♥-5♥-6♥" in followed.get_data(as_text=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "the input is not JSON"),
        ("[1, 2]", "a position must be a JSON object"),
        ('{"hand": []}', "no &#39;center&#39; field"),
        ('{"hand": "4H", "center": "6H"}', "hand must be a list of cards"),
        ("x" * 5000, "too long"),
    ],
)
def test_bad_pasted_json_is_shown_beside_the_paste_box(
    client: FlaskClient, text: str, message: str
) -> None:
    r = client.get("/analyzer/", query_string={"json": text})
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    error = re.search(r'<div id="json-error" class="analysis-error" role="alert">(.*?)</div>', html)
    assert error is not None and message in error.group(1)
    assert '<details class="paste" open>' in html


def test_api_analyze_still_answers_for_the_live_page(client: FlaskClient) -> None:
    r = client.post(
        "/api/analyze",
        json={"hand": ["4H", "5H", "QS", "2C", "3C", "6C", "7C", "AD", "AS", "2D"], "center": "6H"},
    )
    assert r.status_code == 200 and r.get_json()["usable"] is True


def test_forcing_verdicts_read_as_a_caution_or_neutral_never_backwards(
    client: FlaskClient,
) -> None:
    # "Can be forced on you" is the opponent's option (a caution), "cannot" is neutral: the
    # old colours (green for "can", red for "cannot") read backwards.
    forced = client.get("/analyzer/?hand=KDQH7CJDAH6H3C&melds=2S3S4S&center=5S&from=stock")
    assert '<p class="verdict verdict--warn">It can be forced on you' in forced.get_data(
        as_text=True)
    free = client.get("/analyzer/?" + WORKED).get_data(as_text=True)
    assert '<p class="verdict verdict--calm">It cannot be forced on you' in free
    assert "verdict--no\">It cannot" not in free and "verdict--yes\">It can be" not in free
