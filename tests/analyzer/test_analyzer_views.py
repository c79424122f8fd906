"""The analyzer page through Flask's test client: analysis from the URL, pasted JSON,
and every bad input shown next to the form with status 400 — never a 500."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from tests.rulebooks.helpers import unlink_rules

WORKED = "hand=4H5HQS2C3C6C7CADAS2D&opp=KSKHKC&center=6H&stock=12"


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
    assert "What you can do with six of hearts" in html
    assert "You can take it" in html and "It cannot be forced on you" in html
    assert "Take it with 4♥ 5♥ from your hand and lay down 4♥-5♥-6♥." in html
    assert "Laying 2 cards from your hand" in html
    assert 'value="4H 5H QS 2C 3C 6C 7C AD AS 2D"' in html  # the form keeps the position
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
    r = client.get("/analyzer/?hand=4H5HQS2C3C6C7CADAS2D&opp=KSKHKC&center=7H")
    html = _text(r.get_data(as_text=True))
    assert r.status_code == 200
    assert "You cannot take it" in html and "you cannot take it to wait for one (R8)" in html


def test_forcing_verdict_for_a_stock_card(client: FlaskClient) -> None:
    r = client.get("/analyzer/?hand=KDQH7CJDAH6H3C&melds=2S3S4S&center=5S&from=stock")
    html = _text(r.get_data(as_text=True))
    assert "It can be forced on you" in html and "if you pass it" in html
    assert "The center card alone, no card from your hand" in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("hand=4H10H&center=6H", "not in the 40-card deck"),
        ("hand=4H5H&center=ZZ", "center: &#39;ZZ&#39; is not a card"),
        ("hand=4H5H&center=6H", "together they must be 10"),
        ("hand=4H5HQS2C3C6C7CADAS2D&center=4H", "4H appears twice"),
        ("hand=4H5HQC2C3C6C&melds=AS2SQS&center=6H", "is not a valid meld"),
        ("hand=4H5HQS2C3C6C7CADAS2D&center=6H&from=sky", "center_from must be"),
        ("hand=4H5HQS2C3C6C7CADAS2D&center=6H&stock=99", "stock must be a whole number"),
        ("hand=4H5HQS2C3C6C7CADAS2D&center=6H&stock=many", "stock must be a whole number"),
        ("hand=4H&center=", "choose the center card"),
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
    assert 'analysis-heading">What you can do with' not in html


def test_pasted_json_redirects_to_the_shareable_url(client: FlaskClient) -> None:
    position = {
        "hand": ["4H", "5H", "QS", "2C", "3C", "6C", "7C", "AD", "AS", "2D"],
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
