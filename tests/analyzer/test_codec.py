"""The position's URL form: forgiving input, compact canonical output, round trips."""

from __future__ import annotations

import pytest
from flask import Flask

from solver.position import Position
from tutor.analyzer.codec import (
    QueryError,
    form_values,
    has_position,
    position_data,
    position_query,
    split_cards,
    split_melds,
)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("4H 5H QS", ["4H", "5H", "QS"]),
        ("4h,5h, qs", ["4h", "5h", "qs"]),
        ("4H5HQS", ["4H", "5H", "QS"]),
        ("4♥-5♥-6♥", ["4♥", "5♥", "6♥"]),
        ("10H", ["10H"]),  # kept whole, so the solver can name it
        ("4H 10H", ["4H", "10H"]),
        ("  ", []),
        ("xyz", ["xyz"]),
    ],
)
def test_split_cards(text: str, cards: list[str]) -> None:
    assert split_cards(text) == cards


def test_split_melds_accepts_several_separators() -> None:
    assert split_melds("4S5S6S.KHKDKC") == [["4S", "5S", "6S"], ["KH", "KD", "KC"]]
    assert split_melds("4S 5S 6S; KH KD KC |AS 2S 3S") == [
        ["4S", "5S", "6S"],
        ["KH", "KD", "KC"],
        ["AS", "2S", "3S"],
    ]
    assert split_melds(";;") == []


def test_round_trip_through_the_query(app: Flask) -> None:
    position = Position.from_dict(
        {
            "hand": ["4H", "5H", "QS", "2C", "3C", "6C", "7C"],
            "melds": [["AS", "2S", "3S"]],
            "opponent_melds": [["KS", "KH", "KC"]],
            "center": "6H",
            "center_from": "stock",
            "stock": 3,
        }
    )
    query = position_query(position)
    assert query["melds"] == "AS2S3S" and query["opp"] == "KSKHKC" and query["stock"] == "3"
    with app.test_request_context():
        again = Position.from_dict(position_data(query))
    assert again == position


def test_has_position_and_form_values() -> None:
    assert not has_position({})
    assert has_position({"center": "6H"})
    values = form_values({"hand": "4H5H", "melds": "AS2S3S.KHKDKC", "from": "weird"})
    assert values["hand"] == "4H 5H"
    assert values["melds"] == "AS 2S 3S; KH KD KC"
    assert values["from"] == "opponent"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"hand": "4H"}, "Choose the center card"),
        ({"hand": "4H", "center": "6H 7H"}, "exactly one card"),
        ({"hand": "4H" * 300, "center": "6H"}, "too long"),
    ],
)
def test_query_errors(app: Flask, args: dict[str, str], message: str) -> None:
    with app.test_request_context(), pytest.raises(QueryError, match=message):
        position_data(args)
