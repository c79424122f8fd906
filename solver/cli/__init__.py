"""The ``conquian`` command line.  Each subcommand lives in its own module with a
``register(subparsers)`` function that adds its parser and sets ``func``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

# Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ("analyze", "bench", "selfplay", "replay", "puzzles", "verify_deal")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conquian",
        description="Conquian tutor tools: analyse positions, benchmark, self-play, puzzles.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        import_module(f"solver.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return code
