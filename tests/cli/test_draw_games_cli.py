"""``conquian selfplay --rules colonel|conquin`` and ``conquian replay`` on their records."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solver", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("rules", "players"), [
    ("colonel", "expert,greedy"),
    ("conquin", "expert,greedy,greedy,random"),
    ("conquin", "greedy,greedy,expert"),
])
def test_selfplay_records_replay(tmp_path: Path, rules: str, players: str) -> None:
    out = tmp_path / "games.jsonl"
    done = _cli("selfplay", "--rules", rules, "--games", "12", "--seed", "4", "--players",
                players, "--record", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["rules"] == rules and summary["hands"] == 12
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 12 and all(r["ruleset"] == rules for r in records)
    assert all(len(r["hands"]) == len(players.split(",")) for r in records)
    if rules == "conquin":
        seat = summary["players"][0]
        assert {"chips", "deals_played", "win_share_of_played", "ci95_of_played"} <= set(seat)
        assert sum(s["chips"] for s in summary["players"]) == 0
        assert [r["dealer"] for r in records[:4]] == [i % len(players.split(",")) for i in
                                                      range(4)]  # the deal passes (I2)
    checked = _cli("replay", str(out))
    assert checked.returncode == 0, checked.stdout
    assert json.loads(checked.stdout) == {"records": 12, "valid": 12, "errors": []}
    # A tampered record is caught, naming its line.
    records[3]["actions"][2] = {"player": 0, "type": "discard", "card": "ZZ"}
    out.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    bad = _cli("replay", str(out))
    assert bad.returncode == 1 and "line 4" in bad.stdout


def test_colonel_matches_go_to_100_points() -> None:
    done = _cli("selfplay", "--rules", "colonel", "--matches", "3", "--seed", "2",
                "--players", "greedy,expert", "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["matches"] == 3 and sum(summary["match_wins"]) == 3


def test_conquin_pot_chip_records_replay(tmp_path: Path) -> None:
    out = tmp_path / "pot.jsonl"
    done = _cli("selfplay", "--rules", "conquin", "--games", "8", "--pot-chip", "--players",
                "greedy,greedy,greedy", "--record", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all("pot_chip" in r for r in records)
    # The chip passes to the winner of a deal in which it was played (I11).
    for before, after in itertools.pairwise(records):
        assert after["pot_chip"] == before["result"]["pot_chip"]
    assert json.loads(_cli("replay", str(out)).stdout)["valid"] == 8


@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "conquin", "--players", "greedy,greedy"], "3 to 10 names"),
    (["--rules", "colonel", "--players", "greedy,greedy,greedy"], "two names"),
    (["--rules", "conquin", "--matches", "2", "--players", "greedy,greedy,greedy"],
     "with --games"),
])
def test_selfplay_rejects_bad_player_counts(args: list[str], message: str) -> None:
    done = _cli("selfplay", *args, "--quiet")
    assert done.returncode == 2 and message in done.stderr
