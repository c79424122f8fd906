"""Engine bugs the conformance tests found in files owned elsewhere: each marks exactly the
failing case ``xfail(strict=True)``, so the mark goes the moment the bug is fixed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conformance.games import GAME_IDS

_CONQUIN_UNBOUNDED = (
    "Conquin deals have no step bound: I12 shuffles the discards back into the stock for ever "
    "and solver/game/conquin/state.py has no limit like Kunken's MAX_TURNS, so uniformly "
    "random play may never end (seed 1, 4 seats: not over after 3,000 steps)")

KNOWN: dict[tuple[str, str], str] = {
    ("test_random_hands_finish", "conquin"): _CONQUIN_UNBOUNDED,
    ("test_a_thousand_random_hands_finish", "conquin"): _CONQUIN_UNBOUNDED,
}
"""(test name, profile id) -> the bug, with a reproduction in the report of issue 28."""


def cases(test: str) -> list[Any]:
    """``GAME_IDS`` as pytest parameters, a known bug's case marked."""
    out: list[Any] = []
    for game_id in GAME_IDS:
        reason = KNOWN.get((test, game_id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(game_id, marks=marks, id=game_id))
    return out
