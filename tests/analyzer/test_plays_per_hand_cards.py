"""Issue 27, items 2–5 on the analysis side: one entry per set of hand cards, ``rearranged``
with jokers and two packs, joker swaps during the take (K5), and Cooncan forcing only into
the player's own melds (C10).  Both engines answer every position here."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from solver import cpsat, search
from solver.analysis import Analysis, Play
from solver.cards import JOKER_BASE
from solver.claims import Context, check
from solver.claims.profiles import explain_center_play
from solver.position import Position
from solver.rules import PROFILES as REGISTRY
from solver.sampling import sample_position

ENGINES: list[Callable[[Position], Analysis]] = [search.analyze, cpsat.analyze]
CENTER = [p for p in REGISTRY if REGISTRY[p].analysis == "center"]


def _both(data: dict[str, Any]) -> tuple[Position, list[Analysis]]:
    position = Position.from_dict(data)
    results = [engine(position) for engine in ENGINES]
    assert results[0].to_dict() == results[1].to_dict()
    return position, results


def _entry(analysis: Analysis, *cards: str) -> dict[str, Any]:
    found = [p for p in analysis.to_dict()["plays"] if sorted(p["hand_cards"]) == sorted(cards)]
    assert len(found) == 1, found
    entry: dict[str, Any] = found[0]
    return entry


def test_one_entry_for_the_empty_play_with_its_ways_kept_as_detail() -> None:
    _, (analysis, _) = _both({
        "rules": "kunken", "hand": ["9C", "JS", "QH", "KC", "4S", "10H", "7C"],
        "melds": [["2S", "2H", "*2C"]], "opponent_melds": [["5D", "6D", "7D"]],
        "center": "2C"})
    empty = _entry(analysis)
    ways = empty["ways"]
    # Into your meld (the joker moving to 2♦), or the joker laid off as 4♦ or as 8♦.
    assert sorted(json.dumps(w["lay_off"]) for w in ways) == sorted(
        ["[]", '[{"meld": 0, "cards": ["*4D"]}]', '[{"meld": 0, "cards": ["*8D"]}]'])
    assert empty["wins"] is any(w["wins"] for w in ways)
    assert empty["rearranged"] is all(w["rearranged"] for w in ways)
    assert empty["rearranged"] is False and empty["melds"] == [["2S", "2H", "*2D", "2C"]]


def test_moving_the_joker_out_of_your_meld_is_rearranged() -> None:
    _, (analysis, _) = _both({
        "rules": "kunken", "hand": ["5S", "9D", "2C", "KD", "JC", "QH", "8H"],
        "melds": [["4S", "*5S", "6S"]], "center": "9C"})
    play = _entry(analysis, "5S", "9D")
    assert play["melds"] == [["4S", "5S", "6S"], ["*9S", "9D", "9C"]]
    assert play["rearranged"] is True


def test_two_packs_compare_physical_cards() -> None:
    _, (analysis, _) = _both({
        "rules": "kunken-104", "hand": ["AS", "*", "9H", "10C", "JD", "5H", "7C"],
        "melds": [["2S", "3S", "4S"]], "center": "3S"})
    play = _entry(analysis, "AS", "*")
    assert play["rearranged"] is False
    assert ["2S", "3S", "4S"] in play["melds"]  # the old meld whole, the new 3♠ elsewhere


def test_a_hand_card_swapped_for_the_opponents_joker_lets_the_card_go_down() -> None:
    _, (analysis, _) = _both({
        "rules": "kunken", "hand": ["8D", "6C", "2S", "JH", "4D", "QC", "10S"],
        "melds": [["KS", "KH", "KC"]], "opponent_melds": [["7D", "*8D", "9D"]],
        "center": "6H"})
    assert analysis.usable
    play = _entry(analysis, "8D", "6C")
    assert play["swaps"] == [{"meld": 0, "card": "8D", "center": False}]
    assert [c for m in play["melds"] for c in m if c in ("6H", "6C")] == ["6H", "6C"]
    assert play["jokers_kept"] == 0


def test_the_center_card_itself_may_take_the_jokers_place() -> None:
    data = {"rules": "kunken", "hand": ["2S", "JH", "4D", "QC", "10S", "3C", "5H"],
            "melds": [["KS", "KH", "KC"]], "opponent_melds": [["7D", "*8D", "9D"]],
            "center": "8D"}
    _, (analysis, _) = _both(data)
    empty = _entry(analysis)
    assert any(w.get("swaps") == [{"meld": 0, "card": "8D", "center": True}]
               for w in empty.get("ways", [empty]))
    # Without a meld of your own on the table the opponent's joker is out of reach (K10).
    _, (without, _) = _both({**data, "hand": [*data["hand"], "QH", "9S", "AC"], "melds": []})
    assert not without.usable


def test_a_meld_of_hand_cards_laid_while_the_card_waits_opens_the_opponents_joker() -> None:
    # No meld of yours before the take: K♠-K♥-K♣ from the hand goes down first (K8), then
    # 8♦ takes the joker's place (K5) and 6♥ goes down with 6♣ and the joker.
    data = {"rules": "kunken", "hand": ["8D", "6C", "KS", "KH", "KC", "QC", "10S", "2H", "4S",
                                        "JD"],
            "melds": [], "opponent_melds": [["7D", "*8D", "9D"]], "center": "6H"}
    _, (analysis, _) = _both(data)
    play = _entry(analysis, "8D", "6C", "KS", "KH", "KC")
    assert play["swaps"] == [{"meld": 0, "card": "8D", "center": False}]
    assert ["KS", "KH", "KC"] in play["melds"] and play["jokers_kept"] == 0
    # The same cards with no meld among them: the joker stays out of reach.
    _, (without, _) = _both({**data, "hand": ["8D", "6C", "KS", "KH", "2C", "QC", "10S", "2H",
                                              "4S", "JD"]})
    assert not without.usable


def test_a_card_of_a_meld_taken_back_may_be_swapped_for_the_opponents_joker() -> None:
    # Two packs: 8♦ lies in your 8♠-8♥-8♦-8♣ while a joker of the opponent stands for the
    # other 8♦.  Taken back (K9), it takes the joker's place (K5) while K♠-K♥-K♣ stays
    # down, and 6♥ goes down with 6♣ and the joker.
    data = {"rules": "kunken-104", "hand": ["6C", "2S", "JH"],
            "melds": [["KS", "KH", "KC"], ["8S", "8H", "8D", "8C"]],
            "opponent_melds": [["7D", "*8D", "9D"]], "center": "6H"}
    _, (analysis, _) = _both(data)
    assert analysis.usable
    play = _entry(analysis, "6C")
    assert play["swaps"] == [{"meld": 0, "card": "8D", "center": False}]
    assert ["8S", "8H", "8C"] in play["melds"] and ["KS", "KH", "KC"] in play["melds"]
    assert play["rearranged"] is True and play["jokers_kept"] == 0


def test_a_meld_taken_back_lends_its_card_to_a_swap_the_engine_allows() -> None:
    # Met in play (the engine takes 6♦ here): take back 4♠-4♥-4♣ (K9), swap its 4♠ for
    # the opponent's joker (K5), and 6♦ goes down with 5♦ and the joker (*4♦ or *7♦).
    data = {"rules": "kunken-104", "hand": ["AH", "8D", "QS", "5D"],
            "melds": [["4H", "5H", "6H"], ["4S", "4H", "4C"]],
            "opponent_melds": [["2S", "2H", "2D", "2C"], ["AS", "2S", "3S", "*4S", "*5S", "*6S"]],
            "center": "6D", "center_from": "opponent", "stock": 44}
    position, (analysis, _) = _both(data)
    assert analysis.usable
    swapped = [p for p in analysis.plays if p.swaps]
    assert swapped and all(s[1] == "4S" and not s[2] for p in swapped for s in p.swaps)
    # The sentence says where the card comes from, and the claim checker confirms it.
    ctx = Context(position)
    said = [c for p in swapped for c in explain_center_play(analysis, p)
            if c.key.startswith("play_swap")]
    assert said and {c.key for c in said} == {"play_swap_back"}
    assert [check(c, ctx) for c in said] == [None] * len(said)
    # The sentence for a card of the hand is refused here: 4♠ is not in the hand.
    wrong = [dataclasses.replace(c, key="play_swap") for c in said]
    assert all(check(c, ctx) for c in wrong)


def test_cooncan_forcing_looks_only_at_your_own_melds() -> None:
    base = {"rules": "cooncan", "hand": ["2C", "7C", "4D", "AS", "6S", "QD", "2D", "JD", "3S",
                                         "KC"],
            "opponent_melds": [["4H", "5H", "6H"]], "center": "7H"}
    _, (only_theirs, _) = _both(base)
    assert only_theirs.usable and not only_theirs.forceable
    _, (also_mine, _) = _both({**base, "hand": base["hand"][3:], "melds": [["7S", "7D", "7C"]]})
    assert also_mine.forceable
    assert also_mine.to_dict()["force_melds"] == [["7S", "7H", "7D", "7C"]]


# --- properties over random positions of every profile whose analysis lists plays ---------


def _keeps(position: Position, way: Play) -> bool:
    """Each old movable meld, by physical cards (jokers by count), inside one new meld."""
    frozen = {i for i, m in enumerate(position.opponent_laid_off) if m}
    for i, old in enumerate(position.melds):
        if i in frozen:
            continue
        naturals = old & ((1 << JOKER_BASE) - 1)
        jokers = (old >> JOKER_BASE).bit_count()
        if not any(m & naturals == naturals and (m >> JOKER_BASE).bit_count() >= jokers
                   for m in way.melds):
            return False
    return True


def _down(position: Position, way: Play) -> int:
    theirs = 0
    for m in position.opponent_laid_off:
        theirs |= m
    laid = 0
    for m in position.laid_off:
        laid |= m
    own = sum((m & ~theirs).bit_count() for m in way.melds)
    return own + laid.bit_count() + sum(len(cards) for _, cards in way.lay_off or ())


@pytest.mark.parametrize("profile", CENTER)
def test_one_entry_per_hand_cards_with_consistent_flags(profile: str) -> None:
    rng = random.Random(27)
    merged = checked = 0
    for _ in range(400):
        position = sample_position(profile, rng)
        analysis = search.analyze(position)
        seen = set()
        for play in analysis.plays:
            assert play.hand_cards not in seen, json.dumps(position.to_dict())
            seen.add(play.hand_cards)
            ways = play.ways or (play,)
            merged += len(ways) > 1
            checked += 1
            shown = ways[0]  # the entry shows its first way
            assert (play.melds, play.lay_off, play.swaps) == (shown.melds, shown.lay_off,
                                                              shown.swaps)
            assert all(w.hand_cards == play.hand_cards for w in ways)
            assert play.wins is any(w.wins for w in ways)
            assert play.rearranged is all(w.rearranged for w in ways)
            win_down = position.rules.win_down or 11
            for way in ways:
                assert way.wins is (_down(position, way) >= win_down)
                if not way.rearranged:
                    assert _keeps(position, way), json.dumps(position.to_dict())
            # The shown way agrees with the flags: a winning one, else one that keeps.
            assert play.wins is (_down(position, play) >= win_down)
            if not play.wins and not play.rearranged:
                assert _keeps(position, play)
    assert checked > 100
    assert merged > 0 or position.rules.lay_off != "after_own_meld"
