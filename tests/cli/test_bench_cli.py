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
