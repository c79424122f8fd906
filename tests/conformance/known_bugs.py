"""Engine bugs the conformance tests found in files owned elsewhere: each marks exactly the
failing case ``xfail(strict=True)``, so the mark goes the moment the bug is fixed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conformance.games import GAME_IDS

KNOWN: dict[tuple[str, str], str] = {}
"""(test name, profile id) -> the bug, with a reproduction in the report of issue 28."""


def cases(test: str) -> list[Any]:
    """``GAME_IDS`` as pytest parameters, a known bug's case marked."""
    out: list[Any] = []
    for game_id in GAME_IDS:
        reason = KNOWN.get((test, game_id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(game_id, marks=marks, id=game_id))
    return out
