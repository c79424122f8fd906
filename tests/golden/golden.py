"""What the golden files pin, computed from the engine: meld table counts, a digest per
analysed position, and perft-style counts of legal action sequences from fixed deals.

``scripts/golden`` writes the files once; ``test_golden.py`` recomputes and compares, so a
refactor that changes any analysis or any legal move shows the first position that moved.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

from solver.game.conquian.state import GameState
from solver.game.deal import deal_from_seed
from solver.position import Position
from solver.search import analyze

PERFT_DEALS = ((1, 0), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1))
PERFT_DEPTH = 14


def meld_counts() -> dict[str, Any]:
    from solver.melds import ALL_MELDS, RUNS, SETS

    by_size = Counter(m.bit_count() for m in ALL_MELDS)
    return {
        "conquian-40": {
            "melds": len(ALL_MELDS),
            "sets": len(SETS),
            "runs": len(RUNS),
            "by_size": {str(k): v for k, v in sorted(by_size.items())},
        }
    }


def analysis_digest(position: dict[str, Any]) -> str:
    """A short digest of the contract analysis (the named fields only) of one position."""
    analysis = analyze(Position.from_dict(position)).to_dict()
    text = json.dumps(analysis, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def corpus_positions(rng: random.Random) -> list[dict[str, Any]]:
    """2,000 positions met in random play and 2,000 random consistent ones (more melds)."""
    from solver.game.corpus import positions_from_play
    from solver.sampling import random_position

    played = positions_from_play(2000, rng.getrandbits(32))
    sampled = [random_position(rng, max_melds=rng.choice((1, 2, 3, 4))) for _ in range(2000)]
    return [p.to_dict() for p in played + sampled]


def perft_counts(seed: int, dealer: int, depth: int) -> list[int]:
    """Nodes at each depth 1..``depth`` of the tree of legal actions from a deal."""
    counts = [0] * depth

    def walk(state: GameState, level: int) -> None:
        if level == depth or state.is_terminal():
            return
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            counts[level] += 1
            walk(child, level + 1)

    walk(GameState(deal_from_seed(seed, dealer)), 0)
    return counts
