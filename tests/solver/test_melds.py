"""R4: valid melds — sets of 3–4 of a rank, runs of 3–8 in one suit, ace low, no wrap."""

from __future__ import annotations

from itertools import combinations

import pytest

from solver.cards import DECK_40, card_suit, parse_card
from solver.errors import InvalidMeldError
from solver.melds import (
    ALL_MELDS,
    MELD_INDEX,
    RUNS,
    SETS,
    check_meld,
    is_run,
    is_set,
    is_valid_meld,
    meld_problem,
)
from tests.solver.helpers import is_meld_by_definition


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_golden_counts() -> None:
    # 10 ranks x (4 sets of three + 1 set of four); 4 suits x (8+7+6+5+4+3) runs.
    assert len(SETS) == 50
    assert len(RUNS) == 132
    assert len(ALL_MELDS) == len(set(ALL_MELDS)) == 182
    assert len(MELD_INDEX) == 182


def test_tables_match_the_definition_on_every_small_group() -> None:
    # Every group of 3 or 4 cards, and every same-suit group up to 8: tables == R4 spelled out.
    for size in (3, 4):
        for group in combinations(DECK_40.cards, size):
            mask = sum(1 << c for c in group)
            assert is_valid_meld(mask) == is_meld_by_definition(group)
    for suit in range(4):
        suited = [c for c in DECK_40.cards if card_suit(c) == suit]
        for size in range(5, 11):
            for group in combinations(suited, size):
                mask = sum(1 << c for c in group)
                assert is_valid_meld(mask) == is_meld_by_definition(group)


@pytest.mark.parametrize(
    ("text", "valid", "kind"),
    [
        ("6H 7H JH", True, "run"),  # 7 and J are neighbours (R1)
        ("AS 2S 3S", True, "run"),  # the ace is low
        ("QS KS AS", False, None),  # no wrap-around
        ("KD AD 2D", False, None),
        ("AC 2C 3C 4C 5C 6C 7C JC", True, "run"),  # 8 cards: the longest run
        ("AC 2C 3C 4C 5C 6C 7C JC QC", False, None),  # 9 cards must be split
        ("AC 2C 3C 4C 5C 6C 7C JC QC KC", False, None),  # 10 cards too
        ("5S 5H 5D", True, "set"),
        ("5S 5H 5D 5C", True, "set"),
        ("5S 5H", False, None),
        ("4H 5H", False, None),
        ("4H 5H 7H", False, None),
        ("4H 5S 6H", False, None),
        ("7D JD QD KD", True, "run"),
    ],
)
def test_meld_table(text: str, valid: bool, kind: str | None) -> None:
    mask = sum(1 << c for c in cards(text))
    assert is_valid_meld(mask) is valid
    assert is_run(mask) is (kind == "run")
    assert is_set(mask) is (kind == "set")
    assert (meld_problem(cards(text)) is None) is valid


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("QS KS AS", "cannot wrap around"),
        ("AC 2C 3C 4C 5C 6C 7C JC QC", "at most 8 cards"),
        ("4H 5H", "at least 3 cards"),
        ("4H 5H 7H", "6 missing"),
        ("4H 5S 6H", "share one suit"),
        ("4H 4H 5H", "appears twice"),
    ],
)
def test_meld_problems_say_why(text: str, fragment: str) -> None:
    problem = meld_problem(cards(text))
    assert problem is not None and fragment in str(problem)
    with pytest.raises(InvalidMeldError):
        check_meld(cards(text))
