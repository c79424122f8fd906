"""``conquian bench --rules colonel|conquin`` times both engines on a random corpus."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solver", "bench", *args],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


@pytest.mark.parametrize("rules,flag", [("colonel", "goes_out"), ("conquin", "closes")])
def test_bench_rules(rules: str, flag: str) -> None:
    result = bench("--rules", rules, "--count", "12", "--repeat", "1")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["rules"] == rules and report["positions"] == 12 and report["agree"] == 12
    assert 0 <= report[flag] <= 12
    for engine in ("search", "cpsat"):
        assert 0 < report[engine]["p50_us"] <= report[engine]["p99_us"]


def test_bench_rules_names_the_profiles_it_covers() -> None:
    result = bench("--rules", "cooncan", "--count", "3")
    assert result.returncode != 0
    assert "colonel and conquin" in result.stderr
    result = bench("--rules", "whist", "--count", "3")
    assert result.returncode != 0 and "unknown rules" in result.stderr
