"""``selfplay --per-hand`` and the hand-by-hand comparison of two runs (scripts/compare-hands)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solver.game.conquian.state import GameState
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.playing import play_hand
from solver.game.stats import paired
from solver.players import make_player

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_every_hand_has_its_own_stream(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    done = _run("-m", "solver", "selfplay", "--games", "5", "--seed", "3", "--players",
                "random,greedy", "--per-hand", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["hand"] for r in rows] == list(range(5))
    summary = json.loads(done.stdout)
    assert sum(r["winner"] is None for r in rows) == summary["draws"]
    # Hand 3 replayed alone, with its own stream, ends the same: no earlier hand matters.
    players = [make_player("random"), make_player("greedy")]
    state = play_hand(GameState(deal_from_seed(hand_seed(3, 3), 3 % 2)), players,
                      random.Random("conquian-players:3:3"))
    assert rows[3]["winner"] == state.winner


def test_per_hand_needs_games() -> None:
    done = _run("-m", "solver", "selfplay", "--matches", "2", "--per-hand", "x.jsonl")
    assert done.returncode != 0 and "--per-hand" in done.stderr


def test_paired_comparison_cancels_the_hands_that_ended_alike() -> None:
    a = [0, 1, None, 0, 1, 0]
    b = [0, 0, 0, 1, 1, 0]
    result = paired(a, b)
    assert result["a"] == {"wins": 3, "losses": 2, "draws": 1, "win_share_of_decided": 0.6}
    assert result["b"]["wins"] == 4 and result["b"]["losses"] == 2
    assert result["differing_hands"] == 3
    assert (result["b_better"], result["a_better"]) == (2, 1)
    assert result["mean_gain"] == pytest.approx((2 + 1 - 2) / 6, abs=1e-4)
    with pytest.raises(ValueError):
        paired(a, b[:-1])


def test_paired_share_gain_follows_the_share_of_decided_hands() -> None:
    # Over many hands the linearised gain is close to the true difference of shares.
    rng = random.Random(5)
    a = [rng.choice([0, 0, 1, None]) for _ in range(4000)]
    b = [0 if w is None and rng.random() < 0.5 else w for w in a]  # some draws won
    result = paired(a, b)
    true_gain = result["b"]["win_share_of_decided"] - result["a"]["win_share_of_decided"]
    assert true_gain > 0.02
    assert result["share_gain"] == pytest.approx(true_gain, abs=0.003)
    assert 0 < result["share_standard_error"] < result["share_gain"] / 3
    # Turning draws into decided hands at the old share leaves the share alone: no gain,
    # although the +1/-1 per hand counts it as one.
    c = [0, 0, 1, None, None, None] * 200
    d = [0, 0, 1, 0, 0, 1] * 200
    even = paired(c, d)
    assert even["mean_gain"] > 0.1
    assert even["share_gain"] == pytest.approx(0.0, abs=1e-9)


def test_compare_hands_script(tmp_path: Path) -> None:
    for name, winners in (("a", [0, 1, None]), ("b", [0, 0, 1])):
        (tmp_path / f"{name}.jsonl").write_text(
            "".join(json.dumps({"hand": i, "winner": w}) + "\n" for i, w in enumerate(winners)))
    done = _run("scripts/compare-hands", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["differing_hands"] == 2 and result["b_better"] == 1
