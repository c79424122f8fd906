"""scripts/bench-tables --kill-at on its own deployment: app server 0 is killed mid-run and
restarted; every stream it held breaks and opens again on app server 1 (nginx's log says
which server each request went to), no acknowledged move is lost, and the figures say where
each broken stream's way back went: broke, asked again, answered, first event, in that
order (speed is the benchmark's figure, not this test's)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.backends import services_required
from tests.deploy.conftest import ROOT, _missing

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

TABLES, SEATS = 2, 4


def test_a_killed_servers_streams_come_back_on_the_other(tmp_path: Path) -> None:
    missing = _missing()
    if missing and not services_required():
        pytest.skip("the deployment needs " + ", ".join(missing))
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench-tables"), "--tables", str(TABLES),
         "--seats", str(SEATS), "--duration", "4", "--kill-at", "2", "--pace", "0.2,0.5",
         "--json", str(out)],
        capture_output=True, text=True, timeout=420, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(out.read_text())
    assert figures["acknowledged_missing"] == figures["lost"] == 0, figures
    assert figures["duplicated"] == figures["out_of_order"] == 0, figures
    kill = figures["kill"]
    broken = kill["streams_dropped"]
    # nginx spreads the streams over both servers: the killed one held some of them.
    assert 0 < broken < TABLES * SEATS, kill
    assert kill["dropped_back"] == broken and kill["clients_not_back"] == 0, kill
    phases = kill["phases"]
    assert all(phases[step]["count"] == broken for step in
               ("broke", "asked again", "answered", "first event")), phases
    for step in ("p50", "max"):
        times = [phases[name][step] for name in
                 ("broke", "asked again", "answered", "first event")]
        assert 0 <= times[0] <= times[1] <= times[2] <= times[3], phases
    assert phases["first event"]["max"] == kill["back_max_seconds"], kill
    assert sum(phases["tries"].values()) == broken, phases
    # Every one of their stream requests after the kill was answered by an app server: by
    # server 1 (the killed server tried first, refusing, or skipped), or by server 0 once it
    # was back (it restarts in under a second, within the clients' reconnect delays of
    # 0.25-1.25 s). A refused server 0 is always followed by server 1 on the same request.
    routes = kill["routes"]
    answered = routes["requests_by_servers_tried"]
    assert answered and all(path.endswith(("server 0", "server 1")) for path in answered), routes
    assert all(path.endswith("server 1") for path in answered if " then " in path), routes
    assert set(routes["statuses"]) == {"200"}, routes
    assert sum(answered.values()) >= broken, routes
    assert "seconds from the kill, per broken stream" in done.stdout, done.stdout
