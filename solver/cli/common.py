"""Helpers shared by the subcommands: reading input and reporting errors without tracebacks."""

from __future__ import annotations

import sys
from typing import NoReturn, TextIO


def open_input(path: str) -> TextIO:
    """``-`` means standard input."""
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8")  # noqa: SIM115 - the caller closes it
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")


def fail(message: str, code: int = 2) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(code)
