"""The search engine on one table per rule area: taking (R8), rearranging (R5), forcing (R9),
winning (R10). Each row is checked on both engines."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from solver import cpsat, search
from solver.analysis import Analysis
from solver.position import Position
from tests.solver.helpers import names, pos


@dataclass
class Case:
    name: str
    position: Position
    plays: list[list[str]]  # every play's hand cards (suit-major order), in the engines' order
    forceable: bool
    rearranged: dict[tuple[str, ...], bool] = field(default_factory=dict)
    wins: list[list[str]] = field(default_factory=list)
    force_melds: list[list[str]] | None = None


CASES = [
    Case(
        "extend a run with no hand card: forceable",
        pos(["KS", "QD", "2C", "7S", "AD", "JH", "5C"], "6H", melds=[["3H", "4H", "5H"]]),
        plays=[[]],
        forceable=True,
        rearranged={(): False},
        force_melds=[["3H", "4H", "5H", "6H"]],
    ),
    Case(
        "complete a set of four from a set of three: forceable",
        pos(["KS", "QD", "2C", "7S", "AD", "JH", "5C"], "3S", melds=[["3H", "3D", "3C"]]),
        plays=[[]],
        forceable=True,
        force_melds=[["3S", "3H", "3D", "3C"]],
    ),
    Case(
        "a set of four gives a card to a run",
        pos(["4H", "KS", "QD", "2C", "7S", "AD"], "6H", melds=[["5S", "5H", "5D", "5C"]]),
        plays=[["4H"]],
        forceable=False,
        rearranged={("4H",): True},
    ),
    Case(
        "a run of seven splits in two around a new set",
        pos(["4D", "KH", "QC"], "4C", melds=[["AS", "2S", "3S", "4S", "5S", "6S", "7S"]]),
        plays=[["4D"]],
        forceable=False,
        rearranged={("4D",): True},
    ),
    Case(
        "forcing only after a rearrangement (5♥ moves from the set to the run)",
        pos(["KS", "QD", "JC"], "6H", melds=[["5S", "5H", "5D", "5C"], ["2H", "3H", "4H"]]),
        plays=[[]],
        forceable=True,
        rearranged={(): True},
        force_melds=[["2H", "3H", "4H", "5H", "6H"], ["5S", "5D", "5C"]],
    ),
    Case(
        "a run of eight is a meld",
        pos(["KS", "2D", "QC"], "JH", melds=[["AH", "2H", "3H", "4H", "5H", "6H", "7H"]]),
        plays=[[]],
        forceable=True,
        force_melds=[["AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH"]],
    ),
    Case(
        "a run of nine must split",
        pos(["KS", "2D"], "QH", melds=[["AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH"]]),
        plays=[[]],
        forceable=True,
        rearranged={(): True},
        force_melds=[["AH", "2H", "3H", "4H", "5H", "6H"], ["7H", "JH", "QH"]],
    ),
    Case(
        "a Q-K-A wrap is no meld, so the ace cannot be taken",
        pos(["QS", "KS", "2D", "5C", "7H", "JD", "4C", "6D", "3H", "KD"], "AS"),
        plays=[],
        forceable=False,
    ),
    Case(
        "6-7-J is a run",
        pos(["6S", "7S", "2D", "5C", "7H", "JD", "4C", "6D", "3H", "KD"], "JS"),
        plays=[["6S", "7S"]],
        forceable=False,
    ),
    Case(
        "hand-only melds may go down in the same action",
        pos(["4H", "5H", "7S", "7D", "7C", "KS", "QD", "2C", "AD", "JH"], "6H"),
        plays=[["4H", "5H"], ["7S", "4H", "5H", "7D", "7C"]],
        forceable=False,
    ),
    Case(
        "several ways: a set or a run",
        pos(["6S", "6D", "5H", "7H", "KS", "QD", "2C", "AD", "JC", "3S"], "6H"),
        plays=[["6S", "6D"], ["5H", "7H"]],
        forceable=False,
    ),
    Case(
        "exposing all 11 wins",
        pos(["4H", "5H"], "6H", melds=[["AS", "2S", "3S", "4S"], ["KH", "KD", "KC", "KS"]]),
        plays=[["4H", "5H"]],
        forceable=False,
        wins=[["4H", "5H"]],
    ),
    Case(
        "10 down is not a win: the last hand card is discarded and play goes on",
        pos(["4H", "5H", "QS"], "6H", melds=[["AS", "2S", "3S", "4S"], ["KH", "KD", "KC"]]),
        plays=[["4H", "5H"]],
        forceable=False,
        wins=[],
    ),
    Case(
        "an empty hand wins with the first card that fits",
        pos([], "6S", melds=[["AS", "2S", "3S", "4S", "5S"], ["3D", "4D", "5D", "6D", "7D"]]),
        plays=[[]],
        forceable=True,
        wins=[[]],
    ),
    Case(
        "an empty hand cannot take a card that fits nothing",
        pos([], "KS", melds=[["AS", "2S", "3S", "4S", "5S"], ["3D", "4D", "5D", "6D", "7D"]]),
        plays=[],
        forceable=False,
    ),
    Case(
        "cards tied up in melds that cannot be rearranged",
        pos(["KS", "QD", "JC", "2C"], "5C", melds=[["3S", "4S", "5S"], ["5H", "6H", "7H"]]),
        plays=[],
        forceable=False,
    ),
]


def _check(case: Case, analysis: Analysis) -> None:
    assert [names(p.hand_cards) for p in analysis.plays] == case.plays
    assert analysis.usable is bool(case.plays)
    assert analysis.forceable is case.forceable
    for hand_cards, rearranged in case.rearranged.items():
        play = next(p for p in analysis.plays if names(p.hand_cards) == list(hand_cards))
        assert play.rearranged is rearranged
    assert [names(p.hand_cards) for p in analysis.plays if p.wins] == case.wins
    if case.force_melds is not None:
        assert analysis.force_melds is not None
        assert sorted(names(m) for m in analysis.force_melds) == sorted(case.force_melds)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("engine", [search.analyze, cpsat.analyze], ids=["search", "cpsat"])
def test_rule_table(case: Case, engine: object) -> None:
    _check(case, engine(case.position))  # type: ignore[operator]
