"""Golden counts: the meld tables, every analysis of a fixed corpus and the legal-move tree
from fixed deals are exactly what they were before rule profiles reached the core."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.golden import PERFT_DEPTH, analysis_digest, meld_counts, perft_counts

DATA = Path(__file__).parent / "data"


def test_meld_table_counts() -> None:
    assert meld_counts() == json.loads((DATA / "melds.json").read_text())


def test_corpus_analyses_unchanged() -> None:
    lines = (DATA / "analyses.jsonl").read_text().splitlines()
    assert len(lines) == 4000
    for number, line in enumerate(lines, 1):
        entry = json.loads(line)
        digest = analysis_digest(entry["position"])
        assert digest == entry["digest"], (
            f"analyses.jsonl line {number}: the analysis of {json.dumps(entry['position'])} "
            f"changed (digest {digest}, golden {entry['digest']})"
        )


PERFT = json.loads((DATA / "perft.json").read_text())


@pytest.mark.parametrize("deal", sorted(PERFT))
def test_perft(deal: str) -> None:
    seed, dealer = (int(x) for x in deal.split("/"))
    assert perft_counts(seed, dealer, PERFT_DEPTH) == PERFT[deal]
