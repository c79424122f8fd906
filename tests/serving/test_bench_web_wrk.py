"""scripts/bench-web-wrk plays every registered game under wrk, in rounds: each round's
saturated actions play fresh matches of their own (no action refused), the figures of
every round and their median are printed, and every acknowledged action is in the
database after the server is killed (no speed threshold: speed is the benchmark's figure,
not a test's)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver.rules import PROFILES

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 3
ACTION = "POST /api/games/<id>/actions"


@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_rounds_of_game_actions_under_wrk(rules: str) -> None:
    if shutil.which("wrk") is None:
        pytest.skip("wrk is not installed (scripts/setup installs it)")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench-web-wrk"), "--rules", rules,
         "--only", "action", "--seconds", "1", "--rounds", str(ROUNDS), "--games", "120",
         "--connections", "8"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    rows = {}
    for number in range(1, ROUNDS + 1):
        for endpoint in ("GET /healthz", ACTION):
            found = re.search(rf"^{re.escape(endpoint)} #{number}\s+(\d+)\s+\S+\s+\S+\s+\S+\s+"
                              r"(\d+)\s+(\d+)", out, re.M)
            assert found is not None, out
            rows[endpoint, number] = [int(g) for g in found.groups()]
    for (endpoint, number), (rate, requests, refused) in rows.items():
        assert rate > 0 and requests > 0, (endpoint, number, out)
        assert refused == 0, (endpoint, number, out)  # each round plays matches of its own
    median = re.search(rf"^{re.escape(ACTION)}\s+([\d.]+)% of trivial \(([^)]*)\), by CPU "
                       r"([\d.]+)% \(([^)]*)\)", out, re.M)
    assert median is not None, out
    shares = [float(x.rstrip("%")) for x in median.group(2).split(", ")]
    assert len(shares) == ROUNDS and float(median.group(1)) == sorted(shares)[ROUNDS // 2]
    assert len(median.group(4).split(", ")) == ROUNDS
    assert "every one is there" in out, out
