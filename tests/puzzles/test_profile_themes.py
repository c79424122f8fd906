"""The profile themes' predicates, table-driven (lichess-puzzler style): each theme is shown
true and false on positions written by hand under its profile."""

from __future__ import annotations

from typing import Any

import pytest

from solver.position import Position
from solver.puzzles.profile_themes import PROFILE_THEMES
from solver.puzzles.themes import THEMES, themes_of
from solver.search import analyze


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
