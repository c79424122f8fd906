"""The helpers every subcommand reads its input and options through
(:mod:`solver.cli.common`): numbered non-blank lines, a profile named by an option, and a
subcommand's parser that runs its function."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from solver.cli.common import command, input_lines, profile_option
from solver.game.registry import GAMES


def test_input_lines_number_every_line_and_skip_the_blank_ones(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text("a\n\n  \nb\n", encoding="utf-8")
    assert list(input_lines(str(path))) == [(1, "a\n"), (4, "b\n")]


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_profile_option_names_the_profile(rules: str) -> None:
    assert profile_option(rules).id == rules


def test_an_unknown_profile_fails_naming_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        profile_option("nope", "--profile")
    assert exit_.value.code == 2
    assert capsys.readouterr().err.startswith("error: --profile: unknown rules 'nope'")


def test_command_adds_a_subcommand_that_runs_its_function() -> None:
    parser = argparse.ArgumentParser(prog="conquian")
    sub = parser.add_subparsers(dest="command")

    def run(args: argparse.Namespace) -> int:
        return 7

    command(sub, "try", run, "the help line", "the description").add_argument("--n")
    args = parser.parse_args(["try", "--n", "3"])
    assert args.func(args) == 7 and args.n == "3"
    assert "the help line" in parser.format_help()
