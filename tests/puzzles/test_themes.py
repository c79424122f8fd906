"""Each theme predicate on a table of positions (like lichess-puzzler's tagger tests): the
conquian-40 themes, the lay-off, joker and take-back themes under their profiles, and the draw
and closing themes (:mod:`solver.puzzles.hand_themes`), each shown true and false."""

from __future__ import annotations

from typing import Any

import pytest

from solver.position import Position
from solver.puzzles.hand_themes import HAND_THEMES
from solver.puzzles.themes import THEMES, themes_of
from solver.search import analyze, analyze_any

WORKED = "4H 5H QS AC 2D 3S KD JC 6S 7D"


def pos(hand: str, melds: str = "", center: str = "6H", opp: str = "",
        frm: str = "opponent", stock: int = 9) -> Position:
    return Position.from_dict({
        "hand": hand.split(),
        "melds": [m.split() for m in melds.split("|") if m.strip()],
        "opponent_melds": [m.split() for m in opp.split("|") if m.strip()],
        "center": center, "center_from": frm, "stock": stock,
    })


# (theme, position, expected)
TABLE: list[tuple[str, Position, bool]] = [
    ("seven-jack", pos("6H 7H AS 3D 5C KS 2C QD 4S KC", center="JH"), True),
    ("seven-jack", pos(WORKED, center="6H"), False),
    ("seven-jack", pos("5H 6H AS 3D KC 2C QD 4S KS 7C", center="JH"), False),  # 7♥ missing
    ("no-wraparound", pos("QS KS 5D 7H 2C JD 4C 6H 3D JC", center="AS"), True),
    ("no-wraparound", pos("QS 2S 5D 7H 2C JD 4C 6H 3D JC", center="AS"), False),
    ("long-run", pos("7D JD 3S KC", "AD 2D 3D 4D 5D 6D", center="QD"), True),  # 9 in a row
    ("long-run", pos("QS KS 4D 2C", "2S 3S 4S 5S 6S 7S", center="JS"), True),
    ("long-run", pos(WORKED, center="6H"), False),
    ("sets", pos("5H 5D 5C AS 3H 7C JD QS KH 2D", center="5S"), True),
    ("sets", pos(WORKED, center="6H"), False),
    ("take-with-hand", pos(WORKED, center="6H"), True),
    ("take-with-hand", pos("2D 4H 7C AS 6D JH 3C", "QS QH QD", center="QC"), False),
    ("extend-meld", pos("7C 2D KD QH AS 3S 4H", "4C 5C 6C", center="JC"), True),
    ("extend-meld", pos(WORKED, center="6H"), False),
    ("extend-meld", pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H"), False),
    ("rearrange", pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H"), True),
    ("rearrange", pos("7C 2D KD QH AS 3S 4H", "4C 5C 6C", center="JC"), False),
    ("break-four", pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H"), True),
    ("break-four", pos("4D KS QH", "AC 2C 3C 4C 5C 6C 7C", center="4S"), False),
    ("split-run", pos("4D KS QH", "AC 2C 3C 4C 5C 6C 7C", center="4S"), True),
    ("split-run", pos("6C AH 2S KD QD JS", "3D 4D 5D 6D", center="6S"), False),
    ("move-card", pos("6C AH 2S KD QD JS", "3D 4D 5D 6D", center="6S"), True),
    ("move-card", pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H"), False),
    ("forcing-yes", pos("2D 4H 7C AS 6D JH 3C", "QS QH QD", center="QC"), True),
    ("forcing-yes", pos("AD 3S KC", "7S 7H 7D 7C | 4H 5H 6H", center="JH"), False),
    ("forcing-no", pos("6D 7D AS 3C 5H 2H QS", "KS KH KC", center="JD"), True),
    ("forcing-no", pos("2D 4H 7C AS 6D JH 3C", "QS QH QD", center="QC"), False),
    ("forcing-no", pos("QS 2S 5D 7H 2C JD 4C 6H 3D JC", center="AS"), False),  # nothing to say
    ("forcing-after-rearranging", pos("AD 3S KC", "7S 7H 7D 7C | 4H 5H 6H", center="JH"), True),
    ("forcing-after-rearranging", pos("2D 4H 7C AS 6D JH 3C", "QS QH QD", center="QC"), False),
    ("cannot-keep", pos(WORKED, center="7H"), True),  # the seed: 7♥ cannot wait for 6♥
    ("cannot-keep", pos(WORKED, center="6H"), False),
    ("cannot-keep", pos("QS KS 5D 7H 2C JD 4C 6H 3D JC", center="AS"), False),
    ("win-eleven", pos("5D 6D 7D 4S", "AS 2S 3S | KH KD KC", center="JD"), True),
    ("win-eleven", pos("", "4S 5S 6S 7S | AD AH AC | KS KH KD", center="JS"), True),
    ("win-eleven", pos("5C KH", "AC 2C 3C 4C | 7S 7H 7D 7C", center="6C"), False),
    ("ten-down", pos("5C KH", "AC 2C 3C 4C | 7S 7H 7D 7C", center="6C"), True),
    ("ten-down", pos("5D 6D 7D 4S", "AS 2S 3S | KH KD KC", center="JD"), False),
    ("safe-discard", pos(WORKED, center="6H", opp="KS KH KC"), True),
    ("safe-discard", pos(WORKED, center="6H"), False),  # no opponent melds: all safe
    ("end-of-stock", pos(WORKED, center="6H", stock=0), True),
    ("end-of-stock", pos(WORKED, center="6H", stock=1), False),
    ("draw", pos(WORKED, center="7H", stock=0), True),
    ("draw", pos(WORKED, center="6H", stock=0), False),  # 6♥ can be taken
    ("draw", pos(WORKED, center="7H", stock=0, frm="stock"), False),  # passing is no draw yet
]


def under(rules: str, hand: str, melds: str = "", opp: str = "", center: str = "",
        frm: str = "opponent", **extra: Any) -> Position:
    def melds_of(text: str) -> list[list[str]]:
        return [m.split() for m in text.split("|") if m.strip()]

    data = {"rules": rules, "hand": hand.split(), "melds": melds_of(melds),
            "opponent_melds": melds_of(opp), "center": center, "center_from": frm, **extra}
    return Position.from_dict(data)


COON_HAND = "AS 2S 3H 4D 5C 6H 7S JD QC 2H"
KUN_HAND = "AS 3S 9S JD KD 2C 4C 10C QC KS"
PROFILE_TABLE: list[tuple[str, Position, bool]] = [
    ("lay-off-center", under("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    # A card you turned yourself is never laid off (C9).
    ("lay-off-center", under("cooncan", COON_HAND, opp="KH KD KC", center="KS", frm="stock"),
     False),
    ("lay-off", under("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    ("lay-off", under("cooncan", COON_HAND, center="KS"), False),
    ("forcing-lay-off", under("cooncan", COON_HAND, opp="KH KD KC", center="KS"), True),
    ("forcing-lay-off", under("cooncan", COON_HAND, opp="KH KD KC", center="QS"), False),
    ("joker-play", under("kunken", "* 5H 2S 3D 9C JD QS KC 4C 8D", center="7H"), True),
    ("joker-play", under("kunken", "AS 5H 2S 3D 9C JD QS KC 4C 8D", center="7H"), False),
    # 7♥ leaves the run for 7♠-7♦-7♥, and 6♥, cut off below it, goes back to the hand (K9).
    ("take-back", under("kunken", "QS 5H 7D 7C", melds="6H 7H 8H 9H 10H JH", center="7S"),
     True),
    ("take-back", under("kunken", "QS 5H 7D 7C 6H 7H", melds="8H 9H 10H JH", center="7S"),
     False),
    # 9♣ takes the joker's place in the opponent's run and the joker comes to the hand (K5).
    ("joker-swap", under("kunken", "8H 9D 3C", melds="4S 4H 4C | AS AH *AD AC",
                         opp="*9C 10C JC QC KC", center="9C", frm="stock"), True),
    ("joker-swap", under("kunken", "8H 9D 3C", melds="4S 4H 4C | AS AH *AD AC",
                         opp="9C 10C JC QC KC", center="8C", frm="stock"), False),
    ("no-lay-off-yet", under("kunken", KUN_HAND, opp="5H 6H 7H", center="8H"), True),
    # With a meld of your own, 8♥ goes onto the opponent's run (K10).
    ("no-lay-off-yet", under("kunken", "9S JD KD 2C 4C 10C QC", melds="AS 2S 3S", opp="5H 6H 7H",
                           center="8H"), False),
]


TABLE += PROFILE_TABLE


@pytest.mark.parametrize(("theme", "position", "expected"), TABLE,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(TABLE)])
def test_theme_predicate(theme: str, position: Position, expected: bool) -> None:
    assert THEMES[theme](position, analyze(position)) is expected


def test_table_covers_every_theme_both_ways() -> None:
    for theme in THEMES:
        outcomes = {expected for t, _, expected in TABLE if t == theme}
        assert outcomes == {True, False}, theme


def test_themes_of_lists_the_true_predicates_in_order() -> None:
    position = pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H")
    found = themes_of(position, analyze(position))
    assert {"rearrange", "break-four", "forcing-no"} <= set(found)
    assert found == [t for t in THEMES if t in found]
    assert "extend-meld" not in found


def test_conquian_themes_stay_out_of_other_profiles() -> None:
    # The same cards: "sets" holds under conquian-40 (R4) but is not claimed for cooncan,
    # whose book is another; the 40-card deck's predicates never run on a 52-card one.
    hand = "7S 7D 2C 3H 4S 5D JC QH KS AC"
    forty = Position.from_dict({"hand": hand.split(), "melds": [], "opponent_melds": [],
                                "center": "7H", "center_from": "opponent"})
    assert "sets" in themes_of(forty, analyze(forty))
    coon = under("cooncan", hand, center="7H")
    assert "sets" not in themes_of(coon, analyze(coon))
    kun = under("kunken", "9S 9D 2C 3H 4S 5D JC QH KS AC", center="9H")
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
COLONEL_LAY_UP = {"rules": "colonel", "hand": ["QS"],
                  "melds": [["8D", "9D", "10D", "JD", "QD", "KD"], ["KS", "KH", "KC"]],
                  "opponent_melds": [["AH", "2H", "3H"], ["6S", "6D", "6C"], ["2S", "3S", "4S"]],
                  "center": "5S", "center_from": "opponent", "stock": 4}
COLONEL_LAY_HAND = {"rules": "colonel", "hand": ["4S", "6S", "2H", "QH", "JD", "2C"],
                    "melds": [["7D", "8D", "9D", "10D"]], "opponent_melds": [],
                    "center": "QC", "center_from": "opponent", "stock": 8}
CONQUIN_JOKER = {"rules": "conquin",
                 "hand": ["6S", "6H", "5D", "6D", "3C", "6C", "6S", "6H", "6D", "*"],
                 "center": "3D", "center_from": "stock", "players": 5}
CONQUIN_RUNS = {"rules": "conquin",  # two runs, no card twice, no joker: ×2 however you close
                "hand": ["AS", "2S", "3S", "4S", "5S", "6H", "7H", "8H", "9H", "10H"],
                "center": "KC", "center_from": "opponent", "players": 4}
CONQUIN_TEN = {"rules": "conquin",  # discard A♠: a ten-card run, ×5; discard 5♠: two runs, ×2
               "hand": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
               "center": "JS", "center_from": "opponent", "players": 4}
CONQUIN_SHORT = {"rules": "conquin",  # three runs of three; K♣ or Q♦ stays out
                 "hand": ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "KC"],
                 "center": "QD", "center_from": "opponent", "players": 4}
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
    ("upcard-meld", COLONEL_OUT, True),  # 5♦ joins 3♦-4♦ and 6♦ in a new run (H5)
    ("upcard-meld", COLONEL_STOCK, False),
    ("upcard-lay-off", COLONEL_LAY_UP, True),  # 5♠ goes onto the opponent's 2♠-3♠-4♠ (H6)
    ("upcard-lay-off", COLONEL_OUT, False),
    ("hand-lay-off", COLONEL_LAY_HAND, True),  # J♦ from the hand onto 7♦-8♦-9♦-10♦ (H6)
    ("hand-lay-off", COLONEL_UP, False),  # no meld on the table
    ("close-call", COLONEL_UP, True),
    ("close-call", COLONEL_STOCK, False),  # 61 pips against 52.2: not close
    ("close-call", COLONEL_OUT, False),  # going out is never a close call
    ("joker-close", CONQUIN_JOKER, True),
    ("joker-close", CONQUIN_TWO, False),
    ("two-pack-meld", CONQUIN_TWO, True),  # A♥ and A♣ twice in the set of aces (I1, I5)
    ("two-pack-meld", CONQUIN_RUNS, False),
    ("two-pack-meld", CONQUIN_NO, False),  # no closing at all
    ("best-stake", CONQUIN_TEN, True),
    ("best-stake", CONQUIN_RUNS, False),  # every closing discard pays ×2
    ("one-short", CONQUIN_SHORT, True),
    ("one-short", CONQUIN_NO, False),
    ("one-short", CONQUIN_RUNS, False),  # it closes
]


@pytest.mark.parametrize(("theme", "data", "expected"), HAND_TABLE,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(HAND_TABLE)])
def test_hand_theme_predicate(theme: str, data: dict[str, Any], expected: bool) -> None:
    position = hand_pos(data)
    assert HAND_THEMES[theme](position, analyze_any(position)) is expected


def test_hand_table_covers_every_hand_theme_both_ways() -> None:
    for theme in HAND_THEMES:
        assert {e for t, _, e in HAND_TABLE if t == theme} == {True, False}, theme
