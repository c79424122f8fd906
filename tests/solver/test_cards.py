"""R1: the 40-card deck and the card notation of the contract."""

from __future__ import annotations

import pytest

from solver.cards import (
    DECK_40,
    FULL_DECK,
    NUM_CARDS,
    card_glyph,
    card_name,
    card_str,
    cards_of,
    mask_of,
    parse_card,
)
from solver.errors import InvalidCardError


def test_deck_has_forty_cards_and_every_card_round_trips() -> None:
    assert FULL_DECK.bit_count() == NUM_CARDS == 40
    codes = [card_str(c) for c in DECK_40.cards]
    assert len(set(codes)) == 40
    for card in DECK_40.cards:
        assert parse_card(card_str(card)) == card
        assert parse_card(card_glyph(card)) == card
        assert parse_card(card_str(card).lower()) == card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4H", "4H"),
        ("4h", "4H"),
        ("4♥", "4H"),
        ("js", "JS"),
        ("J♠", "JS"),
        ("KD", "KD"),
        ("k♦", "KD"),
        ("ac", "AC"),
        ("A♣", "AC"),
        (" 7s ", "7S"),
        ("q♥", "QH"),
    ],
)
def test_accepted_notations(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("8H", "8, 9 and 10 are removed (R1)"),
        ("9s", "8, 9 and 10 are removed (R1)"),
        ("10D", "8, 9 and 10 are removed (R1)"),
        ("TC", "8, 9 and 10 are removed (R1)"),
        ("JK", "the suit must be"),
        ("joker", "the rank must be"),
        ("4X", "the suit must be"),
        ("1H", "the rank must be"),
        ("", "is not a card"),
        ("H", "is not a card"),
        (4, "is not a card"),
        (None, "is not a card"),
    ],
)
def test_rejected_cards_name_the_card_and_reason(text: object, fragment: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        parse_card("8H")


def test_names_and_masks() -> None:
    assert card_name(parse_card("6H")) == "six of hearts"
    assert card_name(parse_card("JS")) == "jack of spades"
    cards = [parse_card(c) for c in ("KC", "AS", "7D")]
    assert cards_of(mask_of(cards)) == sorted(cards)


def test_rank_order_puts_seven_next_to_jack() -> None:
    # R1: A < 2 < ... < 7 < J < Q < K, and 7 and J are neighbours.
    assert DECK_40.order(parse_card("JS")) - DECK_40.order(parse_card("7S")) == 1
    assert parse_card("AS") < parse_card("2S") < parse_card("KS")
