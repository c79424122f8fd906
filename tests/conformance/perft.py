"""Perft-style golden counts: the legal-action sequences of a fixed length from fixed deals.

``scripts/golden --write`` picks, per profile, the deepest depth whose count takes at most
``BUDGET`` seconds, and stores the counts in ``golden.json``; ``test_golden.py`` (and
``scripts/golden --check``) recompute them.  Any change of what is legal, or of what an
action leads to, changes a count.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.conformance.games import GAME_IDS, new_hand

GOLDEN = Path(__file__).with_name("golden.json")
SEEDS = (0, 1)
BUDGET = 0.3
"""CPU seconds one profile's counts may take when ``--write`` picks its depth (CPU time:
the machine may be busy)."""
MAX_DEPTH = 40


def perft(state: Any, depth: int) -> int:
    """Sequences of ``depth`` legal actions from ``state`` (a hand ending sooner counts
    once, as the sequence that ends it)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def counts(game_id: str, depth: int) -> dict[str, int]:
    return {str(seed): perft(new_hand(game_id, seed), depth) for seed in SEEDS}


def deepest(game_id: str, budget: float = BUDGET) -> tuple[int, dict[str, int]]:
    """The deepest depth whose counts take at most ``budget`` seconds, and the counts."""
    best = (1, counts(game_id, 1))
    for depth in range(2, MAX_DEPTH + 1):
        start = time.process_time()
        found = counts(game_id, depth)
        if time.process_time() - start > budget:
            break
        best = (depth, found)
    return best


def compute(game_ids: tuple[str, ...] = GAME_IDS) -> dict[str, Any]:
    out = {}
    for game_id in game_ids:
        depth, found = deepest(game_id)
        out[game_id] = {"depth": depth, "counts": found}
    return out


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def differences(golden: dict[str, Any], game_ids: tuple[str, ...] = GAME_IDS) -> list[str]:
    """What differs between the stored counts and the engine now (empty when nothing)."""
    problems = []
    for game_id in game_ids:
        entry = golden.get(game_id)
        if entry is None:
            problems.append(f"{game_id}: no golden counts (run scripts/golden --write)")
            continue
        now = counts(game_id, entry["depth"])
        if now != entry["counts"]:
            problems.append(f"{game_id}: depth {entry['depth']}: stored {entry['counts']}, "
                            f"now {now}")
    return problems


def dump(golden: dict[str, Any]) -> str:
    return json.dumps(golden, indent=1, sort_keys=True) + "\n"
