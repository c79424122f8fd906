"""Records and stored games: replay, the implicit no_force, and clear errors on tampering."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver.errors import IllegalActionError
from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import Match, hand_seed
from solver.game.playing import play_hand, play_match
from solver.game.record import (
    continue_state,
    replay,
    state_from_dict,
    state_to_dict,
    to_record,
)
from solver.players import make_player

ROOT = Path(__file__).resolve().parents[2]


def _record(seed: int = 1) -> dict[str, Any]:
    players = (make_player("greedy"), make_player("greedy"))
    state = play_hand(GameState(deal_from_seed(seed, 0)), players, random.Random(seed))
    return json.loads(json.dumps(to_record(state)))


def _tamper(record: dict[str, Any], how: str) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    if how == "swap stock card":
        bad["stock"][0], bad["hands"][0][0] = bad["hands"][0][0], bad["stock"][0]
    elif how == "duplicate card":
        bad["stock"][1] = bad["stock"][0]
    elif how == "bad card":
        bad["hands"][1][0] = "8H"
    elif how == "short hand":
        bad["hands"][0] = bad["hands"][0][:9]
    elif how == "wrong result":
        bad["result"] = {"draw": True} if "winner" in bad["result"] else {"winner": 0}
    elif how == "wrong player":
        bad["actions"][0]["player"] = 1 - bad["actions"][0]["player"]
    elif how == "drop action":
        del bad["actions"][-1]
    elif how == "bad type":
        bad["actions"][0]["type"] = "draw"
    elif how == "dealer":
        bad["dealer"] = 2
    return bad


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("swap stock card", "actions"),
        ("duplicate card", "dealt twice"),
        ("bad card", "8H"),
        ("short hand", "hands\\[0\\] has 9 cards"),
        ("wrong result", "result"),
        ("wrong player", "actions\\[0\\]: player"),
        ("drop action", "not over|result"),
        ("bad type", "actions\\[0\\].type"),
        ("dealer", "dealer"),
    ],
)
def test_tampered_records_are_rejected_clearly(how: str, message: str) -> None:
    record = _record()
    assert replay(record).is_terminal()
    with pytest.raises(InvalidGameError, match=message):
        replay(_tamper(record, how))
        state_from_dict(_tamper(record, how))


def test_records_leave_no_force_implicit_and_replay_infers_it() -> None:
    players = (make_player("random"), make_player("random"))
    rng = random.Random(5)
    waived = 0
    for i in range(400):
        state = play_hand(GameState(deal_from_seed(hand_seed(9, i), i % 2)), players, rng)
        record = to_record(state)
        assert all(a["type"] != "no_force" for a in record["actions"])
        if any(a.type == "no_force" for _, a in state.history):
            waived += 1
            assert replay(record).winner == state.winner
            stored = state_to_dict(state)
            assert any(a["type"] == "no_force" for a in stored["actions"])
    assert waived > 0, "random play never reached a waived force: the test checks nothing"


def test_matches_go_to_three_with_the_deal_alternating() -> None:  # R2, R12
    players = (make_player("greedy"), make_player("random"))
    hands = list(play_match(Match(4), players, random.Random(4)))
    scores = [0, 0]
    for number, state in enumerate(hands):
        assert state.dealer == (Match(4).first_dealer + number) % 2
        assert state.score == (scores[0], scores[1])
        if state.winner is not None:
            scores[state.winner] += 1
    assert max(scores) == 3 and min(scores) < 3


def test_deals_are_reproducible_from_a_seed() -> None:
    assert deal_from_seed(42, 1) == deal_from_seed(42, 1)
    assert deal_from_seed(42, 1) != deal_from_seed(43, 1)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solver", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_selfplay_command_writes_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    done = _cli("selfplay", "--games", "40", "--seed", "3", "--players", "expert,greedy",
                "--record", str(out))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["hands"] == 40
    wins = [p["wins"] for p in summary["players"]]
    assert sum(wins) + summary["draws"] == 40
    lines = out.read_text().splitlines()
    assert len(lines) == 40
    record = json.loads(lines[0])
    assert set(record) == {"ruleset", "dealer", "hands", "stock", "actions", "result"}
    assert record["ruleset"] == "conquian-40"
    checked = _cli("replay", str(out))
    assert checked.returncode == 0 and json.loads(checked.stdout)["valid"] == 40
    again = _cli("selfplay", "--games", "40", "--seed", "3", "--players", "expert,greedy",
                 "--record", str(tmp_path / "again.jsonl"), "--quiet")
    assert again.returncode == 0
    assert (tmp_path / "again.jsonl").read_text() == out.read_text()  # deterministic


def test_replay_command_names_the_bad_line(tmp_path: Path) -> None:
    good = _record()
    bad = _tamper(good, "wrong result")
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    done = _cli("replay", str(path))
    assert done.returncode == 1
    assert json.loads(done.stdout)["errors"][0].startswith("line 2:")


@pytest.mark.parametrize("args", [["--players", "greedy"], ["--players", "greedy,nobody"],
                                  ["--games", "0"]])
def test_selfplay_rejects_bad_arguments(args: list[str]) -> None:
    done = _cli("selfplay", *args, "--quiet")
    assert done.returncode == 2 and done.stderr.startswith("error:")
    assert "Traceback" not in done.stderr


def _stored_hand(seed: int) -> dict[str, Any]:
    """A finished hand between two greedy players, in the stored-game format."""
    players = (make_player("greedy"), make_player("greedy"))
    state = play_hand(GameState(deal_from_seed(seed, 1)), players, random.Random(seed))
    return json.loads(json.dumps(state_to_dict(state)))


@pytest.mark.parametrize("seed", range(12))
def test_continue_state_equals_a_whole_replay(seed: int) -> None:
    whole = _stored_hand(seed)
    for cut in (0, 1, len(whole["actions"]) // 2, len(whole["actions"]) - 1):
        early = {**whole, "actions": whole["actions"][:cut], "result": None}
        known = state_from_dict(early)
        known_dict = state_to_dict(known)
        history = list(known.history)
        continued = continue_state(known, known_dict, whole)
        assert continued is not None
        assert state_to_dict(continued) == state_to_dict(state_from_dict(whole))
        assert known.history == history  # the known state itself is left alone


@pytest.mark.parametrize("change", ["other deal", "other past", "other score", "shorter"])
def test_continue_state_refuses_what_does_not_continue_it(change: str) -> None:
    whole = _stored_hand(3)
    known = state_from_dict({**whole, "actions": whole["actions"][:6], "result": None})
    data = copy.deepcopy(whole)
    if change == "other deal":
        data["stock"][0], data["stock"][1] = data["stock"][1], data["stock"][0]
    elif change == "other past":
        data["actions"][0]["player"] = 1 - data["actions"][0]["player"]
    elif change == "other score":
        data["score"] = [1, 0]
    else:
        data["actions"] = data["actions"][:3]
    assert continue_state(known, state_to_dict(known), data) is None


def test_continue_state_still_checks_the_new_moves() -> None:
    whole = _stored_hand(5)
    known = state_from_dict({**whole, "actions": whole["actions"][:4], "result": None})
    data = copy.deepcopy(whole)
    data["actions"][4]["player"] = 1 - data["actions"][4]["player"]
    with pytest.raises(InvalidGameError, match=r"actions\[4\]"):
        continue_state(known, state_to_dict(known), data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "action must be a JSON object, not a list"),
        ("take", "action must be a JSON object, not a string"),
        ({}, "action.type must be one of turn, pass, take, decline, force, no_force, not null"),
        ({"type": 3}, "not a number"),
        ({"type": "draw"}, "not 'draw'"),
    ],
)
def test_a_malformed_action_is_named_in_json_words(data: object, message: str) -> None:
    """The error says what was sent in JSON's words ("a list", "null"), never a Python
    type name ("list", "None")."""
    with pytest.raises(IllegalActionError) as caught:
        Action.from_dict(data)
    assert str(caught.value).endswith(message)
