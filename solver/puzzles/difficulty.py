"""A puzzle's difficulty, computed from its position and task (1 = first lesson, 5 = expert).

The score adds what makes a position hard to read: how many cards and melds the
learner must look at, whether the answer needs a rearrangement (R5), how many
tempting wrong answers exist (other plays, near-miss melds, unsafe discards), and
what kind of question it is.  The cut points were calibrated on the bundled
library so that it spreads over the whole range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solver.analysis import Analysis
from solver.cards import CardMask
from solver.melds import MELDS_CONTAINING
from solver.position import Position
from solver.puzzles.discard import unsafe_cards
from solver.puzzles.model import Task

_TASK_BASE: Final[dict[str, float]] = {
    "can_use": 0.0, "can_force": 0.5, "find_play": 0.5, "win": 1.0, "discard": 1.0,
}
CUTS: Final = (1.6, 2.8, 4.0, 5.2)  # score below CUTS[i] -> difficulty i + 1


@dataclass(frozen=True, slots=True)
class Features:
    answer_cards: int  # hand cards in the largest play (or the take)
    melds: int  # melds on the table, yours and the opponent's
    rearranged: bool  # some play, or the forced take, needs a rearrangement
    plays: int  # distinct plays: every one but the answer is a tempting alternative
    near_misses: int  # melds with the center card that lack exactly one card
    unsafe: int  # hand cards that would feed the opponent's melds

    def score(self, task: Task) -> float:
        alternatives = max(self.plays - 1, 0)
        return (
            _TASK_BASE[task]
            + 0.35 * self.answer_cards
            + 0.25 * self.melds
            + (1.4 if self.rearranged else 0.0)
            + 0.3 * min(alternatives, 5)
            + 0.25 * min(self.near_misses, 4)
            + 0.3 * min(self.unsafe, 3)
        )


def features(position: Position, analysis: Analysis, take: CardMask | None = None) -> Features:
    pool = position.hand | position.exposed | 1 << position.center
    near = sum(1 for m in MELDS_CONTAINING[position.center] if (m & ~pool).bit_count() == 1)
    if take is not None:
        answer_cards = take.bit_count()
    else:
        answer_cards = max((p.size for p in analysis.plays), default=0)
    return Features(
        answer_cards=answer_cards,
        melds=len(position.melds) + len(position.opponent_melds),
        rearranged=any(p.rearranged for p in analysis.plays),
        plays=len(analysis.plays),
        near_misses=near,
        unsafe=unsafe_cards(position, position.hand).bit_count(),
    )


def score(
    position: Position, analysis: Analysis, task: Task, take: CardMask | None = None
) -> float:
    return features(position, analysis, take).score(task)


def difficulty(
    position: Position, analysis: Analysis, task: Task, take: CardMask | None = None
) -> int:
    """The difficulty from 1 to 5."""
    value = score(position, analysis, task, take)
    for level, cut in enumerate(CUTS, start=1):
        if value < cut:
            return level
    return len(CUTS) + 1
