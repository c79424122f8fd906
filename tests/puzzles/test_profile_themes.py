"""The profile themes' predicates, table-driven (lichess-puzzler style): each theme is shown
true and false on positions written by hand under its profile."""

from __future__ import annotations

from typing import Any

import pytest

from solver.position import Position
from solver.puzzles.hand_themes import HAND_THEMES
from solver.puzzles.profile_themes import PROFILE_THEMES
from solver.puzzles.themes import THEMES, themes_of
from solver.search import analyze, analyze_any


def pos(rules: str, hand: str, melds: str = "", opp: str = "", center: str = "",
        frm: str = "opponent", **extra: Any) -> Position:
    def melds_of(text: str) -> list[list[str]]:
        return [m.split() for m in text.split("|") if m.strip()]

    data = {"rules": rules, "hand": hand.split(), "melds": melds_of(melds),
            "opponent_melds": melds_of(opp), "center": center, "center_from": frm, **extra}
    return Position.from_dict(data)


COON_HAND = "AS 2S 3H 4D 5C 6H 7S JD QC 2H"
KUN_HAND = "AS 3S 9S JD KD 2C 4C 10C QC KS"
TABLE: list[tuple[str, Position, bool]] = [
    ("lay-off-center", pos("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    # A card you turned yourself is never laid off (C9).
    ("lay-off-center", pos("cooncan", COON_HAND, opp="KH KD KC", center="KS", frm="stock"),
     False),
    ("lay-off", pos("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    ("lay-off", pos("cooncan", COON_HAND, center="KS"), False),
    ("forcing-lay-off", pos("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    ("forcing-lay-off", pos("cooncan", COON_HAND, opp="KH KD KC", center="QS"), False),
    ("joker-play", pos("kunken", "* 5H 2S 3D 9C JD QS KC 4C 8D", center="7H"), True),
    ("joker-play", pos("kunken", "AS 5H 2S 3D 9C JD QS KC 4C 8D", center="7H"), False),
    # 7♥ leaves the run for 7♠-7♦-7♥, and 6♥, cut off below it, goes back to the hand (K9).
    ("take-back", pos("kunken", "QS 5H 7D 7C", melds="6H 7H 8H 9H 10H JH", center="7S"),
     True),
    ("take-back", pos("kunken", "QS 5H 7D 7C 6H 7H", melds="8H 9H 10H JH", center="7S"),
     False),
    ("no-lay-off-yet", pos("kunken", KUN_HAND, opp="5H 6H 7H", center="8H"), True),
    # With a meld of your own, 8♥ goes onto the opponent's run (K10).
    ("no-lay-off-yet", pos("kunken", "9S JD KD 2C 4C 10C QC", melds="AS 2S 3S", opp="5H 6H 7H",
                           center="8H"), False),
]


@pytest.mark.parametrize(("theme", "position", "expected"), TABLE,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(TABLE)])
def test_profile_theme_predicate(theme: str, position: Position, expected: bool) -> None:
    assert PROFILE_THEMES[theme](position, analyze(position)) is expected


def test_table_covers_every_profile_theme_both_ways() -> None:
    for theme in PROFILE_THEMES:
        assert {e for t, _, e in TABLE if t == theme} == {True, False}, theme


def test_profile_themes_are_in_the_shared_table() -> None:
    assert all(THEMES[t] is PROFILE_THEMES[t] for t in PROFILE_THEMES)


def test_conquian_themes_stay_out_of_other_profiles() -> None:
    # The same cards: "sets" holds under conquian-40 (R4) but is not claimed for cooncan,
    # whose book is another; the 40-card deck's predicates never run on a 52-card one.
    hand = "7S 7D 2C 3H 4S 5D JC QH KS AC"
    forty = Position.from_dict({"hand": hand.split(), "melds": [], "opponent_melds": [],
                                "center": "7H", "center_from": "opponent"})
    assert "sets" in themes_of(forty, analyze(forty))
    coon = pos("cooncan", hand, center="7H")
    assert "sets" not in themes_of(coon, analyze(coon))
    kun = pos("kunken", "9S 9D 2C 3H 4S 5D JC QH KS AC", center="9H")
    assert themes_of(kun, analyze(kun)) == [t for t in THEMES if t in themes_of(kun, analyze(kun))]


def hand_pos(data: dict[str, Any]) -> Position:
    return Position.from_dict(data)


COLONEL_UP = {"rules": "colonel", "hand": ["4S", "6S", "QH", "3D", "7D", "8D", "QD", "KD", "AC",
                                           "2C"],
              "melds": [], "opponent_melds": [], "center": "2D", "center_from": "opponent",
              "stock": 11}
COLONEL_STOCK = {"rules": "colonel",
                 "hand": ["2S", "2H", "3H", "5H", "7H", "10H", "6D", "9D", "10D", "7C"],
                 "melds": [], "opponent_melds": [["8S", "8H", "8D", "8C"],
                                                 ["10S", "JS", "QS", "KS", "AS"]],
                 "center": "KH", "center_from": "opponent", "stock": 17}
COLONEL_OUT = {"rules": "colonel",
               "hand": ["9S", "10S", "QS", "9H", "QH", "3D", "4D", "6D", "9C", "QC"],
               "melds": [], "opponent_melds": [["2S", "2D", "2C"]],
               "center": "5D", "center_from": "opponent", "stock": 0}
CONQUIN_TWO = {"rules": "conquin",
               "hand": ["AS", "8S", "AH", "AD", "8D", "AC", "8C", "AH", "AC", "8C"],
               "center": "AS", "center_from": "opponent", "players": 4}
CONQUIN_THREE = {"rules": "conquin",
                 "hand": ["QS", "AH", "4H", "AD", "3D", "4D", "QD", "QC", "AH", "QD"],
                 "center": "2D", "center_from": "opponent", "players": 4}
CONQUIN_NO = {"rules": "conquin",
              "hand": ["5S", "7S", "3H", "7H", "AD", "KD", "5C", "7C", "7H", "7C"],
              "center": "2D", "center_from": "opponent", "players": 4}
HAND_TABLE: list[tuple[str, dict[str, Any], bool]] = [
    ("upcard-better", COLONEL_UP, True),  # 2♦ leaves less deadwood than the stock on average
    ("upcard-better", COLONEL_STOCK, False),
    ("stock-better", COLONEL_STOCK, True),  # K♥ leaves 61 pips, the stock 52.2 on average
    ("stock-better", COLONEL_UP, False),
    ("go-out", COLONEL_OUT, True),  # 3♦-4♦-5♦-6♦ and two sets: every card goes down (H8)
    ("go-out", COLONEL_UP, False),
    ("close-now", CONQUIN_THREE, True),  # three melds: ×1
    ("close-now", CONQUIN_NO, False),
    ("close-double", CONQUIN_TWO, True),  # aces and eights: two melds, ×2 (I10)
    ("close-double", CONQUIN_THREE, False),
    ("cannot-close", CONQUIN_NO, True),
    ("cannot-close", CONQUIN_TWO, False),
]


@pytest.mark.parametrize(("theme", "data", "expected"), HAND_TABLE,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(HAND_TABLE)])
def test_hand_theme_predicate(theme: str, data: dict[str, Any], expected: bool) -> None:
    position = hand_pos(data)
    assert HAND_THEMES[theme](position, analyze_any(position)) is expected


def test_hand_table_covers_every_hand_theme_both_ways() -> None:
    for theme in HAND_THEMES:
        assert {e for t, _, e in HAND_TABLE if t == theme} == {True, False}, theme
