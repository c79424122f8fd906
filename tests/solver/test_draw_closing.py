"""Crafted cases for the colonel (draw) and conquin (closing) analyses, from the seeds and the
rule books (H1, H3, H6, H8, H11; I5, I6, I9, I10), checked with both engines."""

from __future__ import annotations

from typing import Any

import pytest

from solver import cpsat, search
from solver.analysis.closing import ClosingAnalysis, Group, multiplier
from solver.analysis.draw import DrawAnalysis
from solver.cards import parse_kind
from solver.melds import multiset_mask
from solver.position import Position
from solver.rules import get_profile

ENGINES = [search.analyze_any, cpsat.analyze_any]
IDS = ["search", "cpsat"]


def colonel(hand: list[str], upcard: str, melds: list[list[str]] = (),  # type: ignore[assignment]
            opponent_melds: list[list[str]] = ()) -> Position:  # type: ignore[assignment]
    return Position.from_dict({"rules": "colonel", "hand": hand, "center": upcard,
                               "melds": list(melds), "opponent_melds": list(opponent_melds)})


def conquin(hand: list[str], center: str) -> Position:
    return Position.from_dict({"rules": "conquin", "hand": hand, "center": center, "players": 4})


def draw(engine: Any, position: Position) -> dict[str, Any]:
    analysis = engine(position)
    assert isinstance(analysis, DrawAnalysis)
    result: dict[str, Any] = analysis.to_dict()
    return result


def closing(engine: Any, position: Position) -> dict[str, Any]:
    analysis = engine(position)
    assert isinstance(analysis, ClosingAnalysis)
    result: dict[str, Any] = analysis.to_dict()
    return result


def kinds(*cards: str) -> int:
    return multiset_mask(parse_kind(c) for c in cards)


# --- the meld rules of the two profiles ---------------------------------------------------


def test_round_the_corner_only_in_conquin() -> None:
    """K-A-2-3 is a run in conquin (I5), not in colonel (H1); Q-K-A is a run in colonel."""
    assert get_profile("conquin").table.is_valid(kinds("KS", "AS", "2S", "3S"))
    assert not get_profile("colonel").table.is_valid(kinds("KS", "AS", "2S", "3S"))
    assert get_profile("colonel").table.is_valid(kinds("QS", "KS", "AS"))


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_colonel_queen_king_ace(engine: Any) -> None:
    result = draw(engine, colonel(["QS", "KS", "2S", "3S", "5H", "7H", "9D", "JD", "4C", "6C"],
                                  "AS"))
    assert ["QS", "KS", "AS"] in result["melds"]
    assert ["AS", "2S", "3S"] in result["melds"]
    assert all(not {"KS", "2S"} <= set(m) for m in result["melds"])  # never round the corner
    # One ace, so one of the two runs: Q-K-A takes more pips; the jack is thrown (H7, H11).
    assert result["best"]["melds"] == [["QS", "KS", "AS"]]
    assert result["discard"] == "JD"
    assert result["deadwood"] == 2 + 3 + 5 + 7 + 9 + 4 + 6


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_round_the_corner_closes(engine: Any) -> None:
    result = closing(engine, conquin(["KS", "AS", "2S", "3S", "7H", "7D", "7C", "9C", "10C",
                                      "JC"], "5D"))
    assert result["closes"]
    assert result["closing"] == [{"discard": "5D", "melds": [
        ["KS", "AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]], "multiplier": 1}]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_colonel_no_round_the_corner(engine: Any) -> None:
    result = draw(engine, colonel(["KS", "2S", "3S", "5H", "7H", "9D", "JD", "4C", "6C", "8C"],
                                  "AS"))
    assert result["melds"] == [["AS", "2S", "3S"]]


# --- colonel ------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_colonel_worked_example_goes_out(engine: Any) -> None:
    """The rule book's example (H6, H8): lay off Q♠ K♠ on the opponent's run, 4♦ on your set."""
    position = colonel(["QS", "4D"], "KS", melds=[["4S", "4H", "4C"], ["6D", "7D", "8D", "9D",
                                                                         "10D"]],
                       opponent_melds=[["9S", "10S", "JS"]])
    result = draw(engine, position)
    assert result["goes_out"] and result["deadwood"] == 0
    assert result["discard"] is None
    assert result["best"] == {"melds": [], "hand": [], "lay_offs": [
        {"owner": "you", "meld": 0, "cards": ["4D"]},
        {"owner": "opponent", "meld": 0, "cards": ["QS", "KS"]}]}
    assert {"owner": "opponent", "meld": 0, "cards": ["KS"]} not in result["lay_offs"]
    assert {"owner": "opponent", "meld": 0, "cards": ["QS"]} in result["lay_offs"]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_colonel_deadwood_counts_pips(engine: Any) -> None:
    """Nothing melds: the deadwood is every pip but the discarded king's (H11)."""
    hand = ["AS", "3S", "5H", "7H", "9D", "JD", "2C", "4C", "6C", "QC"]
    result = draw(engine, colonel(hand, "KH"))
    assert result["melds"] == [] and result["lay_offs"] == []
    assert result["deadwood"] == 1 + 3 + 5 + 7 + 9 + 10 + 2 + 4 + 6 + 10 + 10 - 10
    assert result["discard"] == "KH"  # on a tie of pips, the highest card is thrown
    assert not result["goes_out"]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_colonel_upcard_versus_stock(engine: Any) -> None:
    """One card down to go out: the 6♣ upcard lays off at once, while most stock cards don't."""
    position = colonel(["2C"], "6C", melds=[["3D", "3H", "3S"], ["8S", "9S", "10S"],
                                            ["7C", "8C", "9C"]])
    analysis = search.analyze_any(position)
    assert isinstance(analysis, DrawAnalysis)
    assert analysis.deadwood == 0 and analysis.goes_out
    assert analysis.upcard_better
    assert analysis.stock_average is not None and 0 < analysis.stock_average < 2
    assert analysis.to_dict() == draw(cpsat.analyze_any, position)


# --- conquin ------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_two_melds_pay_double(engine: Any) -> None:
    """The seed's own example (I10): four of a rank and six in sequence, a repeated 7♥ (I5)."""
    result = closing(engine, conquin(["7S", "7H", "7H", "7C", "9D", "10D", "JD", "QD", "KD",
                                      "AD"], "4S"))
    assert result["closing"] == [{"discard": "4S", "melds": [
        ["7S", "7H", "7H", "7C"], ["9D", "10D", "JD", "QD", "KD", "AD"]], "multiplier": 2}]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_ten_card_run(engine: Any) -> None:
    result = closing(engine, conquin(["4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS",
                                      "KS"], "2H"))
    assert result["closing"] == [{"discard": "2H", "melds": [
        ["4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]], "multiplier": 5}]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_ten_card_run_one_joker(engine: Any) -> None:
    result = closing(engine, conquin(["4S", "5S", "6S", "7S", "*", "9S", "10S", "JS", "QS",
                                      "KS"], "2H"))
    assert result["closing"][0] == {"discard": "2H", "melds": [
        ["4S", "5S", "6S", "7S", "*8S", "9S", "10S", "JS", "QS", "KS"]], "multiplier": 4}


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_ten_card_run_two_jokers(engine: Any) -> None:
    """A ten-card run with two jokers pays ×1 (I10)…"""
    run = Group(kinds("4S", "5S", "7S", "8S", "10S", "JS", "QS", "KS"), 2)
    assert run.strings() == ["4S", "5S", "*6S", "7S", "8S", "*9S", "10S", "JS", "QS", "KS"]
    assert multiplier([run]) == 1
    # …so the closer shows the same ten cards as two melds, which pay ×2 (I10: best pays).
    result = closing(engine, conquin(["4S", "5S", "*", "7S", "8S", "*", "10S", "JS", "QS",
                                      "KS"], "2H"))
    first = result["closing"][0]
    assert first["discard"] == "2H" and first["multiplier"] == 2 and len(first["melds"]) == 2


def test_multipliers() -> None:
    ten = Group(kinds("4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"))
    assert multiplier([ten]) == 5
    assert multiplier([Group(kinds("4S", "5S", "6S", "7S", "9S", "10S", "JS", "QS", "KS"),
                             1)]) == 4
    three = Group(kinds("2H", "3H", "4H"))
    assert multiplier([three, Group(kinds("7S", "7H", "7H", "7C", "7D", "7D", "7C"))]) == 2
    assert multiplier([three, three, Group(kinds("7S", "7H", "7C", "7D"))]) == 1


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_not_closing_gives_best_arrangement(engine: Any) -> None:
    result = closing(engine, conquin(["7S", "7H", "7H", "2C", "3C", "4C", "9D", "JD", "KS",
                                      "QH"], "5S"))
    assert not result["closes"] and result["closing"] == []
    assert result["best"]["melds"] == [["7S", "7H", "7H"], ["2C", "3C", "4C"]]
    assert result["deadwood"] == 4  # ten kept cards, six of them in melds
    assert result["best"]["discard"] == "KS"
    assert result["best"]["hand"] == ["5S", "QH", "9D", "JD"]


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_conquin_joker_discard(engine: Any) -> None:
    """Every card is melded with or without the joker: throwing it closes too (I9)."""
    result = closing(engine, conquin(["2C", "3C", "4C", "5C", "7S", "7H", "7D", "9D", "10D",
                                      "JD"], "*"))
    discards = [c["discard"] for c in result["closing"]]
    assert "*" in discards
