"""Errors carry an English template and its values: ``str()`` is the English sentence, and
``render`` gives the same error in another language, reasons inside it included."""

from __future__ import annotations

import pytest

from solver.cards import parse_card
from solver.errors import ConquianError, IllegalActionError, InvalidPositionError, Text
from solver.game.conquian.actions import Action
from solver.position import Position

FAKE = {
    "{where}: {problem}": "{where} — {problem}",
    "{text} is not in the 40-card deck: 8, 9 and 10 are removed ({rule})":
        "{text} n'est pas dans le jeu de 40 cartes ({rule})",
    "{where} must be a list of cards, not {kind}": "{where} doit être une liste, pas {kind}",
    "a string": "une chaîne",
}


def translate(text: str) -> str:
    return FAKE.get(text, text)


def test_str_is_the_english_sentence() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Position.from_dict({"hand": ["8H"], "center": "6H"})
    assert str(caught.value) == (
        "hand[0]: '8H' is not in the 40-card deck: 8, 9 and 10 are removed (R1)"
    )


def test_render_translates_the_message_and_the_reason_inside_it() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Position.from_dict({"hand": ["8H"], "center": "6H"})
    assert caught.value.render(translate) == (
        "hand[0] — '8H' n'est pas dans le jeu de 40 cartes (R1)"
    )


def test_words_inside_a_message_are_translated_too() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Position.from_dict({"hand": "4H", "center": "6H"})
    assert caught.value.render(translate) == "hand doit être une liste, pas une chaîne"


def test_a_broken_translation_falls_back_to_english() -> None:
    error = IllegalActionError("{card} is not yours", card="6H")
    assert error.render(lambda text: "{carte} n'est pas à vous") == "6H is not yours"


def test_plain_messages_and_texts() -> None:
    assert str(ConquianError("no fields {here}")) == "no fields {here}"
    assert Text("{n} cards", {"n": 3}).render() == "3 cards"
    with pytest.raises(IllegalActionError) as caught:
        Action.from_dict({"type": "take", "card": "6H", "melds": "x"})
    assert "melds must be the taker's whole arrangement" in str(caught.value)
    with pytest.raises(ConquianError) as card:
        parse_card("ZZ")
    assert card.value.text.params == {"text": "'ZZ'", "ranks": "A 2 3 4 5 6 7 J Q K",
                                      "rule": "R1"}
