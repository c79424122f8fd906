"""Rule profiles: the registry, each profile's deck and meld table, and positions that each
profile accepts or rejects with the rule they break (crafted cases from the seeds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from solver.cards import parse_kind
from solver.errors import InvalidPositionError, UnknownProfileError
from solver.melds import meld_problem
from solver.position import Position
from solver.rules import CONQUIAN_40, PROFILES, get_profile
from solver.search import analyze_any


def test_registry_knows_every_profile_of_the_contract() -> None:
    assert set(PROFILES) == {"conquian-40", "cooncan", "colonel", "conquin", "kunken",
                             "kunken-40", "kunken-104"}
    assert get_profile("kunken").id == "kunken"
    with pytest.raises(UnknownProfileError) as info:
        get_profile("gin")
    assert "'gin'" in str(info.value) and "conquian-40, cooncan" in str(info.value)


@pytest.mark.parametrize(
    ("profile", "cards", "jokers", "melds", "sets", "runs"),
    [
        # 10 ranks x 5 sets; 4 suits x (8+7+6+5+4+3) runs (R4).
        ("conquian-40", 40, 0, 182, 50, 132),
        ("cooncan", 40, 0, 182, 50, 132),
        # 13 x 5 sets; per suit 66 runs from A up, 11 with the ace on top, less A..K twice.
        ("colonel", 52, 0, 369, 65, 304),
        # 13 x 66 multisets of suits (3..8 cards, each suit at most twice); per suit 13 x 10
        # circular runs of 3..12 and the whole suit.
        ("conquin", 108, 4, 1382, 858, 524),
        ("kunken", 54, 2, 329, 65, 264),
        ("kunken-40", 40, 0, 194, 50, 144),
        ("kunken-104", 108, 4, 329, 65, 264),
    ],
)
def test_deck_and_meld_table_counts(
    profile: str, cards: int, jokers: int, melds: int, sets: int, runs: int
) -> None:
    p = get_profile(profile)
    assert (p.deck.size, p.deck.jokers) == (cards, jokers)
    assert (len(p.table.all), len(p.table.sets), len(p.table.runs)) == (melds, sets, runs)
    assert len(set(p.table.all)) == melds


def _problem(profile: str, text: str) -> str | None:
    p = get_profile(profile)
    cards, stands = [], {}
    for i, token in enumerate(text.split()):
        if token.startswith("*"):
            joker = 104 + i
            stands[joker] = parse_kind(token[1:])
            cards.append(joker)
        else:
            kind = parse_kind(token)
            cards.append(kind + 52 if kind in cards else kind)
    problem = meld_problem(cards, p.table, stands)
    return None if problem is None else str(problem)


@pytest.mark.parametrize(
    ("profile", "meld", "valid"),
    [
        ("conquin", "KH AH 2H 3H", True),  # circular runs (I5)
        ("conquian-40", "KH AH 2H", False),
        ("colonel", "KH AH 2H", False),  # ace high or low, never round the corner (H3)
        ("kunken", "KH AH 2H 3H", False),
        ("colonel", "QS KS AS", True),  # ace high (H3)
        ("colonel", "AS 2S 3S", True),
        ("conquian-40", "QS KS AS", False),
        ("kunken", "QS KS AS", False),
        ("conquin", "7H 7H 7S", True),  # sets may repeat a suit with two packs (I5)
        ("kunken-104", "7H 7H 7S", False),  # Kunken sets hold each suit once (K3)
        ("colonel", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", True),  # 13 cards
        ("conquian-40", "AC 2C 3C 4C 5C 6C 7C JC QC", False),  # 9 cards (R4)
        ("kunken-40", "AC 2C 3C 4C 5C 6C 7C JC QC KC", True),  # a run of all ten
        ("conquin", "5H *6H 7H", True),
        ("kunken", "5H *6H 7H", True),
        ("kunken", "5H *6H *7H", False),  # more jokers than naturals (K4)
        ("conquin", "*5H 6H *7H 8H", True),
        ("conquian-40", "6H 7H JH", True),
        ("colonel", "6H 7H JH", False),  # 8, 9 and 10 are in this deck
    ],
)
def test_melds_per_profile(profile: str, meld: str, valid: bool) -> None:
    assert (_problem(profile, meld) is None) is valid, _problem(profile, meld)


def _position(rules: str | None, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": [], "center": "6H", **fields}
    if rules is not None:
        data["rules"] = rules
    return data


TEN = ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"]
OTHER = ["AD", "2C", "3H", "4C", "5D", "9H", "10D", "JH", "QC", "KC"]  # no spades, no 4-5-6H
SHORT = ["AD", "2C", "3H", "4C", "5D", "JH", "QC", "KC"]  # the same, in the 40-card deck


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_position("conquian-40", hand=[*TEN[:9], "8H"]),
         "'8H' is not in the 40-card deck: 8, 9 and 10 are removed (R1)"),
        (_position("cooncan", hand=[*TEN[:9], "10H"]),
         "'10H' is not in the 40-card deck: 8, 9 and 10 are removed (C1)"),
        (_position(None, hand=[*TEN[:9], "*"]), "is a joker, and this game has no jokers (R1)"),
        (_position("kunken-104", hand=["7H", "7H", *TEN[2:]], center="7H"),
         "7H appears 3 times (hand, hand, center), but the 2 packs hold only 2 of each card (K1)"),
        (_position("kunken", hand=["7H", "7H", *TEN[2:]]),
         "7H appears twice: in hand and in hand"),
        (_position("kunken", hand=["*", "*", "*", *TEN[3:]]),
         "there are only 2 jokers in this game (K1)"),
        (_position("kunken", hand=TEN[:7], melds=[["KH", "AH", "2H"]]),
         "a run cannot wrap around from K to A: the ace is low only (K1, K3)"),
        (_position("conquian-40", hand=TEN[:7], melds=[["QH", "KH", "AH"]]),
         "the ace is low only (R1, R4)"),
        # The seed's example: four kings on the table, so no joker may be a king (K4).
        (_position("kunken", hand=OTHER[:7], melds=[["JS", "QS", "*KS"]],
                   opponent_melds=[["KS", "KH", "KD", "KC"]]),
         "a joker stands for KS, but KS is already on the table (K4)"),
        (_position("conquin", hand=TEN, melds=[["4H", "5H", "6H"]]),
         "melds: in conquin nobody shows melds before closing (I9)"),
        (_position("conquin", hand=TEN, players=11),
         "players must be a whole number from 3 to 10 in conquin, not 11 (I2)"),
        (_position("gin", hand=TEN), "rules: unknown rules 'gin'"),
        (_position("conquian-40", hand=SHORT[:7], melds=[["4H", "5H", "6H"]], center="7H",
                   laid_off=[{"meld": 0, "cards": ["4H"]}]),
         "nobody adds cards to the other player's melds in conquian-40 (R5)"),
        (_position("kunken", hand=OTHER[:7], melds=[["5C", "6C", "7C"]],
                   opponent_melds=[["8S", "9S", "10S", "JS", "QS"]],
                   laid_off=[{"meld": 0, "cards": ["KS"]}]),
         "laid_off[0].cards[0]: \"KS\" is not a card of that meld"),
        (_position("kunken", hand=TEN[:9], melds=[["5C", "6C", "7C"]]),
         "cards in your hand: 9, in your melds: 3; together they must be 10, or 11 after melding "
         "the opening card, at a decision (K15, K6)"),
        (_position("kunken", hand=TEN[:6], melds=[["5C", "6C", "7C"]]),
         "cards in your hand: 6, in your melds: 3; together they must be 10, or 11 after melding "
         "the opening card, at a decision (K15, K6)"),
        (_position("kunken-40", hand=SHORT[:5], melds=[["5C", "6C", "7C"]]),
         "cards in your hand: 5, in your melds: 3; together they must be 10, or 11"),
        (_position("cooncan", hand=SHORT, melds=[["5C", "6C", "7C"]]),
         "cards in your hand: 8, in your melds: 3; together they must be 10 at a decision (C14)"),
    ],
)
def test_positions_name_the_rule_they_break(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Position.from_dict(data)
    assert message in str(info.value)


@pytest.mark.parametrize("rules", ["kunken", "kunken-40", "kunken-104"])
def test_the_kunken_opener_holds_eleven(rules: str) -> None:
    """K6: whoever melded the opening card discarded nothing for it, so holds eleven cards
    (K15 counts them): such a position is analysed, not refused."""
    hand = SHORT if rules == "kunken-40" else OTHER[:8]
    data = _position(rules, hand=hand, melds=[["5C", "6C", "7C"]])
    assert len(hand) + 3 == 11
    position = Position.from_dict(data)
    assert position.to_dict()["hand"] == Position.from_dict(position.to_dict()).to_dict()["hand"]
    analyze_any(position)


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_the_kunken_opener_wins_at_eleven_down(engine: str) -> None:
    """K11: the hand ends when the eleventh card goes down. The opener holds eleven (K6), so
    a play that leaves one card in hand wins, and so does one that puts twelve down."""
    from solver import cpsat, search

    analyze = search.analyze if engine == "search" else cpsat.analyze
    melds = [["AS", "2S", "3S", "4S"], ["KH", "KD", "KC"]]
    keep = analyze(Position.from_dict(
        {"rules": "kunken", "hand": ["7H", "8H", "9H", "2D"], "melds": melds, "center": "10H"}))
    play = keep.play_for(sum(1 << parse_kind(c) for c in ("7H", "8H", "9H")))
    assert play is not None and play.wins
    assert not any(p.wins for p in keep.plays if p.size < 3)
    twelve = analyze(Position.from_dict(
        {"rules": "kunken", "hand": ["7H", "8H", "9H", "JH"], "melds": melds, "center": "10H"}))
    assert [p.size for p in twelve.plays if p.wins] == [3, 3, 4]
    # With ten cards (not the opener) only the play that empties the hand wins.
    ten = analyze(Position.from_dict(
        {"rules": "kunken", "hand": ["7H", "8H", "9H"], "melds": melds, "center": "10H"}))
    assert [p.size for p in ten.plays if p.wins] == [3]


def test_the_laid_off_count_as_yours_and_round_trip() -> None:
    # Kunken's example: 8-9-10 of spades extended by the opponent's J-Q (K10).
    data = {
        "rules": "kunken",
        "hand": OTHER[:5],
        "melds": [["5C", "6C", "7C"]],
        "opponent_melds": [["8S", "9S", "10S", "JS", "QS"]],
        "laid_off": [{"meld": 0, "cards": ["JS", "QS"]}],
        "center": "KS",
    }
    position = Position.from_dict(data)
    assert position.down_count == 5
    assert Position.from_dict(position.to_dict()) == position
    assert position.to_dict()["laid_off"] == [{"meld": 0, "cards": ["JS", "QS"]}]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_profile_reads_and_writes_its_own_positions(profile: str) -> None:
    p = get_profile(profile)
    hand: Sequence[str] = (["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"]
                           if p.has_jokers is False else
                           ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "*"])
    data: dict[str, Any] = {"rules": profile, "hand": list(hand), "center": "6H"}
    position = Position.from_dict(data)
    assert position.rules is p
    again = Position.from_dict(position.to_dict())
    assert again == position
    assert ("rules" in position.to_dict()) is (p is not CONQUIAN_40)


def test_two_packs_hold_a_card_twice_and_jokers_in_melds() -> None:
    position = Position.from_dict({
        "rules": "kunken-104",
        "hand": ["7H", "*", "2C", "3D"],
        "melds": [["5H", "6H", "*7H"], ["9C", "9D", "9S"]],
        "center": "7H",
    })
    assert position.hand.bit_count() == 4
    assert [position.meld_list(m) for m in position.melds] == [["5H", "6H", "*7H"],
                                                               ["9S", "9D", "9C"]]
    assert len(position.jokers) == 1
