"""``conquian analyze`` as the contract describes it: output, --jsonl, engines, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKED = {
    "hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
    "melds": [],
    "opponent_melds": [["KS", "KH", "KC"]],
    "center": "6H",
    "center_from": "opponent",
    "stock": 12,
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "solver", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_worked_example_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "worked.json"
    path.write_text(json.dumps(WORKED))
    result = run("analyze", str(path))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["usable"] is True and data["forceable"] is False and data["force_melds"] is None
    assert data["plays"] == [
        {
            "hand_cards": ["4H", "5H"],
            "melds": [["4H", "5H", "6H"]],
            "rearranged": False,
            "wins": False,
        }
    ]
    assert any("R8" in sentence for sentence in data["explanation"])


def test_standard_input_unicode_and_lower_case() -> None:
    position = dict(
        WORKED, hand=["4♥", "5h", "q♠", "ac", "2D", "3S", "KD", "JC", "6S", "7D"], center="6♥"
    )
    result = run("analyze", "-", stdin=json.dumps(position, ensure_ascii=False))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["plays"][0]["hand_cards"] == ["4H", "5H"]  # canonical output


def test_engines_print_identical_analyses() -> None:
    position = {
        "hand": ["KS", "QD", "JC"],
        "melds": [["5S", "5H", "5D", "5C"], ["2H", "3H", "4H"]],
        "center": "6H",
        "center_from": "stock",
    }
    outputs = [
        run("analyze", "-", "--engine", e, stdin=json.dumps(position)) for e in ("search", "cpsat")
    ]
    assert all(o.returncode == 0 for o in outputs)
    assert outputs[0].stdout == outputs[1].stdout
    assert json.loads(outputs[0].stdout)["forceable"] is True


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{not json", "not JSON"),
        (json.dumps(dict(WORKED, center="8H")), "'8H' is not in the 40-card deck"),
        (json.dumps(dict(WORKED, hand=WORKED["hand"][:9])), "(R13)"),
        (json.dumps(dict(WORKED, center="4H")), "4H appears twice"),
        ("", "not JSON"),
        ("[]", "must be a JSON object"),
    ],
)
def test_rejected_position_exits_2_without_traceback(text: str, fragment: str) -> None:
    result = run("analyze", "-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and fragment in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    result = run("analyze", str(tmp_path / "nope.json"))
    assert result.returncode == 2 and "error: cannot read" in result.stderr
    assert "Traceback" not in result.stderr


def test_jsonl_keeps_order_and_reports_bad_lines(tmp_path: Path) -> None:
    seven = dict(WORKED, center="7H")
    lines = [
        json.dumps(WORKED),
        "{broken",
        json.dumps(seven),
        json.dumps(dict(WORKED, center="9C")),
    ]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = run("analyze", "--jsonl", str(path))
    assert result.returncode == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["usable"] is True
    assert set(out[1]) == {"error"} and "line 2" in out[1]["error"]
    assert out[2]["usable"] is False
    assert "'9C'" in out[3]["error"]
    assert "Traceback" not in result.stderr


def test_jsonl_all_good_exits_0() -> None:
    lines = "\n".join(json.dumps(dict(WORKED, center=c)) for c in ("6H", "7H", "AS"))
    result = run("analyze", "--jsonl", "-", "--engine", "cpsat", stdin=lines)
    assert result.returncode == 0
    assert [json.loads(x)["usable"] for x in result.stdout.splitlines()] == [True, False, False]


def test_console_script_is_declared() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'conquian = "solver.cli:main"' in text
