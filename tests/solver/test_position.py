"""The contract's Position: every rejection reason names what is wrong and where (R1, R4, R13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.errors import InvalidPositionError
from solver.position import Position

WORKED = {
    "hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
    "melds": [],
    "opponent_melds": [["KS", "KH", "KC"]],
    "center": "6H",
    "center_from": "opponent",
    "stock": 12,
}


def with_(**changes: Any) -> dict[str, Any]:
    data = dict(WORKED)
    data.update(changes)
    return data


def test_round_trip_is_canonical() -> None:
    position = Position.from_dict(
        with_(hand=["4♥", "5h", "qs", "AC", "2D", "3S", "KD", "JC", "6S", "7D"])
    )
    again = Position.from_dict(position.to_dict())
    assert again == position
    assert {"4H", "5H", "QS"} <= set(position.to_dict()["hand"])


def test_optional_fields_have_contract_defaults() -> None:
    position = Position.from_dict({"hand": WORKED["hand"], "melds": [], "center": "6H"})
    assert position.center_from == "opponent"
    assert position.opponent_melds == ()
    assert position.stock is None


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        # unknown card, with its place
        (with_(hand=["8H", *WORKED["hand"][1:]]), "hand[0]: '8H' is not in the 40-card deck"),
        (with_(center="10S"), "center: '10S' is not in the 40-card deck"),
        (with_(opponent_melds=[["KS", "KH", "XC"]]), "opponent_melds[0][2]"),
        # a card twice anywhere
        (with_(center="4H"), "4H appears twice: in hand and in center"),
        (
            with_(opponent_melds=[["6H", "6S", "6C"]]),
            "6S appears twice: in hand and in opponent_melds[0]",
        ),
        (with_(hand=["4H", "4H", *WORKED["hand"][2:]]), "4H appears twice: in hand and in hand"),
        # invalid melds
        (
            with_(hand=WORKED["hand"][3:], melds=[["QS", "KS", "AS"]], opponent_melds=[]),
            "melds[0] QS-KS-AS is not a valid meld",
        ),
        (with_(opponent_melds=[["KS", "KH"]]), "opponent_melds[0] KS-KH is not a valid meld"),
        # R13 count
        (with_(hand=WORKED["hand"][:9]), "together they must be 10 at a decision (R13)"),
        (with_(melds=[["AH", "2H", "3H"]]), "together they must be 10"),
        # opponent shows more than 10
        (
            with_(opponent_melds=[["AS", "2S", "4S"]]),
            "not a valid meld",
        ),
        # wrong types
        (with_(hand="4H 5H"), "hand must be a list of cards"),
        (with_(melds={"a": 1}), "melds must be a list of melds"),
        (with_(melds=["4H"]), "melds[0] must be a list of cards"),
        (with_(center_from="table"), 'center_from must be "opponent" or "stock"'),
        (with_(stock=-1), "stock must be a whole number"),
        (with_(stock=20), "stock must be a whole number from 0 to 19"),
        (with_(stock="12"), "stock must be a whole number"),
        (with_(stock=True), "stock must be a whole number"),
        (with_(stock=1.5), "stock must be a whole number"),
        ([1, 2], "a position must be a JSON object"),
        ({"melds": []}, "no 'hand' field"),
        ({"hand": WORKED["hand"]}, "no 'center' field"),
    ],
)
def test_rejections(data: Any, fragment: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position.from_dict(data)
    assert fragment in str(info.value)


def test_opponent_showing_more_than_ten_is_rejected() -> None:
    data = with_(
        opponent_melds=[
            ["AD", "2D", "3D", "4D", "5D", "6D"],
            ["QC", "QD", "QH"],
            ["JS", "JD", "JH"],
        ]
    )
    data["hand"] = ["4H", "5H", "QS", "AC", "2S", "3S", "KD", "JC", "6S", "7D"]
    with pytest.raises(InvalidPositionError, match="opponent shows 12 cards"):
        Position.from_dict(data)


def test_non_json_is_rejected_with_its_place() -> None:
    with pytest.raises(InvalidPositionError, match=r"not JSON.*line 1"):
        Position.from_json('{"hand": [')
    assert Position.from_json(json.dumps(WORKED)).center == Position.from_dict(WORKED).center
