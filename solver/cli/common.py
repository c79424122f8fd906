"""Helpers shared by the subcommands: adding one to the parser, reading input and options,
and reporting errors without tracebacks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn, TextIO

from solver.errors import ConquianError
from solver.rules import RuleProfile, get_profile


def command(sub: Any, name: str, run: Callable[[argparse.Namespace], int], help: str,
            description: str | None = None) -> argparse.ArgumentParser:
    """The parser of subcommand ``name``, which ``run`` carries out; its options are added
    to it by the caller."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help, description=description)
    parser.set_defaults(func=run)
    return parser


def open_input(path: str) -> TextIO:
    """``-`` means standard input."""
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")


def input_lines(path: str) -> Iterator[tuple[int, str]]:
    """The lines of a file (``-``: standard input) that are not blank, each with its
    number counted from 1, for messages that name it."""
    with open_input(path) as stream:
        for number, line in enumerate(stream, start=1):
            if line.strip():
                yield number, line


def profile_option(value: str, option: str = "--rules") -> RuleProfile:
    """The rule profile an option names; an unknown one fails, naming the option."""
    try:
        return get_profile(value)
    except ConquianError as exc:
        fail(f"{option}: {exc}")


def fail(message: str, code: int = 2) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(code)
