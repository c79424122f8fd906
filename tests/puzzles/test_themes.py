"""Each theme predicate on a table of positions (like lichess-puzzler's tagger tests)."""

from __future__ import annotations

import pytest

from solver.position import Position
from solver.puzzles.profile_themes import PROFILE_THEMES
from solver.puzzles.themes import THEMES, themes_of
from solver.search import analyze

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
TABLE = [
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


@pytest.mark.parametrize(("theme", "position", "expected"), TABLE,
                         ids=[f"{t}-{i}" for i, (t, _, _) in enumerate(TABLE)])
def test_theme_predicate(theme: str, position: Position, expected: bool) -> None:
    assert THEMES[theme](position, analyze(position)) is expected


def test_table_covers_every_theme_both_ways() -> None:
    # The profiles' themes have their own table (test_profile_themes.py).
    for theme in (t for t in THEMES if t not in PROFILE_THEMES):
        outcomes = {expected for t, _, expected in TABLE if t == theme}
        assert outcomes == {True, False}, theme


def test_themes_of_lists_the_true_predicates_in_order() -> None:
    position = pos("7H 2C KD QS 3S JC", "5S 5H 5D 5C", center="6H")
    found = themes_of(position, analyze(position))
    assert {"rearrange", "break-four", "forcing-no"} <= set(found)
    assert found == [t for t in THEMES if t in found]
    assert "extend-meld" not in found
