"""``conquian bench`` prints the figures the issue asks for, from one run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_on_a_small_file(tmp_path: Path) -> None:
    positions = [
        {"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"], "center": c}
        for c in ("6H", "7H", "AS")
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in positions))
    result = subprocess.run(
        [sys.executable, "-m", "solver", "bench", "--positions", str(path), "--repeat", "1"],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["positions"] == 3 and report["agree"] == 3 and report["usable"] == 1
    for engine in ("search", "cpsat"):
        assert report[engine]["p50_us"] > 0 and report[engine]["p99_us"] >= report[engine]["p50_us"]


def test_builtin_corpus_is_large_and_consistent() -> None:
    from solver.cli.bench import builtin_corpus

    corpus = builtin_corpus()
    assert len(corpus) >= 1000
    for position in corpus[:200]:
        assert position.hand.bit_count() + position.exposed.bit_count() == 10  # R13


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solver", "bench", *args], capture_output=True, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120,
    )


def test_bench_reads_positions_of_the_profile_it_is_given(tmp_path: Path) -> None:
    # Cooncan (C9): the 7♥ the opponent left lies off onto their 4♥-5♥-6♥.
    hand = ["2C", "7C", "4D", "AS", "6S", "QD", "2D", "JD", "3S", "KC"]
    positions = [{"hand": hand, "opponent_melds": [["4H", "5H", "6H"]], "center": c}
                 for c in ("7H", "3H", "KH")]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in positions))
    result = _bench("--rules", "cooncan", "--positions", str(path), "--repeat", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["positions"] == 3 and report["agree"] == 3
    # 7♥ and 3♥ lie off; a card that fits only the opponent's melds is never forced (C10).
    assert report["usable"] == 2 and report["forceable"] == 0


def test_bench_names_an_unknown_profile() -> None:
    result = _bench("--rules", "gin", "--engine", "search")
    assert result.returncode == 2
    assert "unknown rules 'gin'" in result.stderr and "kunken" in result.stderr


def test_builtin_corpus_of_every_center_profile() -> None:
    from solver.cli.bench import builtin_corpus
    from solver.position import Position
    from solver.rules import get_profile

    for name in ("cooncan", "kunken", "kunken-40", "kunken-104"):
        profile = get_profile(name)
        corpus = builtin_corpus(size=60, rules=profile)
        assert len(corpus) == 60 and all(p.rules is profile for p in corpus)
        # Each one reads back as the same position: consistent by the profile's own checks.
        for position in corpus[:20]:
            assert Position.from_dict(position.to_dict()).to_dict() == position.to_dict()
