"""``conquian analyze`` under every rule profile: ``"rules"`` in the position, ``--rules`` as
the default for positions that name none (also with ``--jsonl``), unknown profiles, and
errors that name the profile's own rule.  Whether a profile's analysis exists yet or not,
the command answers JSON or a one-line error: never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.rules import PROFILES
from tests.cli.test_analyze_cli import WORKED, run

# The worked hand with 8♥ for 4♥: a card that only the 52-card packs hold.
EIGHT = dict(WORKED, hand=["8H", *WORKED["hand"][1:]])
DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_rules_sets_the_default_profile() -> None:
    plain = run("analyze", "-", stdin=json.dumps(EIGHT))
    cooncan = run("analyze", "--rules", "cooncan", "-", stdin=json.dumps(EIGHT))
    kunken = run("analyze", "--rules", "kunken-40", "-", stdin=json.dumps(EIGHT))
    # The same bad card is judged by the rule book of the profile in force.
    assert plain.returncode == cooncan.returncode == kunken.returncode == 2
    assert "(R1)" in plain.stderr and "(C1)" in cooncan.stderr and "(K1)" in kunken.stderr
    assert "'8H'" in plain.stderr and "Traceback" not in plain.stderr + cooncan.stderr


def test_the_positions_own_rules_win_over_the_default() -> None:
    named = dict(EIGHT, rules="conquian-40")
    result = run("analyze", "--rules", "colonel", "-", stdin=json.dumps(named))
    assert result.returncode == 2
    assert "(R1)" in result.stderr


def test_default_conquian_40_is_unchanged_by_rules_conquian_40() -> None:
    plain = run("analyze", "-", stdin=json.dumps(WORKED))
    named = run("analyze", "--rules", "conquian-40", "-", stdin=json.dumps(WORKED))
    assert plain.returncode == named.returncode == 0, plain.stderr + named.stderr
    assert json.loads(plain.stdout) == json.loads(named.stdout)


def test_unknown_profile_lists_the_known_ones() -> None:
    result = run("analyze", "--rules", "gin-rummy", "-", stdin=json.dumps(WORKED))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: --rules: unknown rules 'gin-rummy'")
    for pid in PROFILES:
        assert pid in result.stderr
    inside = run("analyze", "-", stdin=json.dumps(dict(WORKED, rules="gin-rummy")))
    assert inside.returncode == 2 and "the known ones are conquian-40, cooncan" in inside.stderr


def test_jsonl_uses_the_default_per_line(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    lines = [EIGHT, dict(EIGHT, rules="conquian-40"), dict(WORKED, rules="conquian-40")]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    result = run("analyze", "--jsonl", "--rules", "kunken-40", str(path))
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1 and len(out) == 3
    assert out[0]["error"].startswith("line 1:") and "(K1)" in out[0]["error"]
    assert out[1]["error"].startswith("line 2:") and "(R1)" in out[1]["error"]
    assert out[2]["usable"] is True  # conquian-40, named in the line, analysed as before


@pytest.mark.parametrize(
    ("position", "rule", "fragment"),
    [
        # A third 7♥ where two packs hold two.
        ({"rules": "conquin", "hand": ["7H", "7H", "2S", "3S", "4S", "5C", "6C", "7C", "KD", "*"],
          "center": "7H", "players": 3}, "(I1)", "7H appears 3 times"),
        # A joker in conquian-40.
        (dict(WORKED, hand=["*", *WORKED["hand"][1:]]), "(R1)", "this game has no jokers"),
        # A wrapped run outside conquin.
        ({"rules": "colonel", "hand": ["QS", "AC", "2D", "3S", "KD", "JC", "6S"],
          "melds": [["KH", "AH", "2H"]], "center": "6H"}, "(H3)", "round the corner"),
        ({"rules": "kunken", "hand": ["QS", "AC", "2D", "3S", "KD", "JC", "6S"],
          "melds": [["KH", "AH", "2H"]], "center": "6H"}, "K3", "cannot wrap around"),
        # Melds shown in conquin, where they stay in the hand until closing.
        ({"rules": "conquin", "hand": ["2S"] * 1, "melds": [["2H", "3H", "4H"]],
          "center": "7H"}, "(I9)", "nobody shows melds before closing"),
    ],
)
def test_bad_positions_name_the_profiles_rule(
    position: dict[str, object], rule: str, fragment: str
) -> None:
    result = run("analyze", "-", stdin=json.dumps(position))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert rule in result.stderr and fragment in result.stderr


@pytest.mark.parametrize("example", sorted(p.name for p in DOCS.glob("*.json")))
def test_readme_examples_answer_json_or_one_clean_error(example: str) -> None:
    """Each profile's example from the README: an analysis whose explanations cite that
    profile's own book, or (while a profile's analysis is still being built) one clean
    error line — never a traceback."""
    position = json.loads((DOCS / example).read_text())
    profile = PROFILES[position.get("rules", "conquian-40")]
    result = run("analyze", str(DOCS / example))
    assert "Traceback" not in result.stderr
    if result.returncode == 0:
        data = json.loads(result.stdout)
        letter = profile.rule("deck")[0]
        cited = " ".join(data.get("explanation", []))
        assert all(f"({other}" not in cited for other in "RCHIK" if other != letter)
    else:
        assert result.returncode == 2
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert "is not available yet" in result.stderr
