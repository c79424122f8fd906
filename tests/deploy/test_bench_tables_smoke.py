"""scripts/bench-tables against the deployment (nginx, two app servers, PostgreSQL, Redis):
two tables of four people play a few seconds; every seat learns every move number once,
in order, every acknowledged move is in the final state, and the figures it prints are
sensible (no speed thresholds: speed is the benchmark's figure, not a test's); the same
with the tables split over two client processes, whose figures are merged as one's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.conftest import ROOT, Stack

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

TABLES, SEATS = 2, 4


@pytest.mark.parametrize("clients", [1, 2])
def test_the_table_benchmark_runs_against_the_stack(stack: Stack, tmp_path: Path,
                                                    clients: int) -> None:
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench-tables"), "--stack", str(stack.folder),
         "--tables", str(TABLES), "--seats", str(SEATS), "--duration", "6",
         "--pace", "0.2,0.5", "--clients", str(clients), "--json", str(out)],
        capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(out.read_text())
    assert "p99" in done.stdout and "lost 0" in done.stdout, done.stdout
    assert figures["streams_open"] == figures["streams_wanted"] == TABLES * SEATS
    assert figures["lost"] == figures["duplicated"] == figures["out_of_order"] == 0
    assert figures["acknowledged_missing"] == 0
    assert figures["table_failures"] == []
    moves = figures["moves_acknowledged"]
    assert moves >= TABLES, figures
    # Each move reaches the three other seats (a move answered as the run stops may not).
    others = SEATS - 1
    assert others * (moves - TABLES) <= figures["deliveries"] <= others * moves, figures
    latency = figures["latency_ms"]
    assert 0 < latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"]
    # The move's own answer is timed apart: how much of that latency is the POST's.
    answered = figures["acknowledged_ms"]
    assert 0 < answered["p50"] <= answered["p90"] <= answered["p99"] <= answered["max"]
    assert "submission -> its own answer (acknowledged): p50" in done.stdout
    memory = figures["memory"]
    assert set(memory) == {"app servers", "nginx", "redis"}
    assert all(part["before_rss_kib"] > 0 for part in memory.values()), memory
    # The clients' own CPU is reported beside the stack's: they played, so they used some.
    assert figures["clients"] == clients
    cpu = figures["cpu_seconds_while_playing"]
    assert {"clients", "app servers", "nginx", "redis", "postgres"} <= set(cpu), cpu
    assert cpu["clients"] > 0 and cpu["app servers"] > 0, cpu
    assert f"{clients} client process(es)" in done.stdout, done.stdout
    # An event is timed when its bytes are read: only a stream's first one (read with the
    # response's head, before the stream is watched) may be timed when parsed instead.
    assert figures["move_events_timed_when_parsed"] <= figures["streams_open"] + \
        figures["reconnects"], figures
    lag = figures["client_loop_lag_ms"]
    assert 0 <= lag["p50"] <= lag["p99"] <= lag["max"], lag
