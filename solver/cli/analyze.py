"""``conquian analyze FILE|-``: the analysis of one position (or ``--jsonl``, one per line).

A position names its rule profile in ``"rules"``; ``--rules P`` is the profile of the
positions that name none (without it, conquian-40, as the contract says).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from solver.analysis import Analysis, AnyAnalysis
from solver.claims.profiles import explain_any_dict
from solver.cli.common import command, fail, open_input, profile_option
from solver.errors import ConquianError
from solver.explain import explain_dict
from solver.position import Position, json_of
from solver.rules import RuleProfile
from solver.rules.cite import cite

Engine = Callable[[Position], AnyAnalysis]


def engine_by_name(name: str) -> Engine:
    if name == "cpsat":
        from solver import cpsat  # imported lazily: OR-Tools takes a moment to load

        return cpsat.analyze_any
    from solver import search

    return search.analyze_any


def register(sub: Any) -> None:
    parser = command(
        sub, "analyze", run,
        "analyse a position: can the center card be taken, how, and can it be forced",
        "Print the analysis of a position (JSON) as the contract defines it.")
    parser.add_argument("file", metavar="FILE", help="a position as JSON, or - for standard input")
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help="read one position per line, print one analysis per line",
    )
    parser.add_argument(
        "--engine",
        choices=("search", "cpsat"),
        default="search",
        help="search: the exact search (default); cpsat: the OR-Tools CP-SAT formulation",
    )
    parser.add_argument(
        "--rules",
        metavar="PROFILE",
        default=None,
        help="the rule profile of positions that do not name one in \"rules\" "
        "(default: conquian-40)",
    )


def read_position(text: str, default: RuleProfile | None = None) -> Position:
    """A position from JSON text; ``default`` is the profile when it names none."""
    data = json_of(text)
    if default is not None and isinstance(data, dict) and "rules" not in data:
        data = {**data, "rules": default.id}
    return Position.from_dict(data)


def analysis_json(position: Position, engine: Engine) -> dict[str, Any]:
    analysis = engine(position)
    data = analysis.to_dict()
    # Explanations cite the rule book of the position's own profile: the plain center
    # analysis's sentences through their R ids (cited into that book), every other's through
    # the ids its rule book gives.
    if isinstance(analysis, Analysis) and position.rules.plain_center:
        data.update(explain_dict(analysis, lambda template: cite(template, position.rules)))
    else:
        data.update(explain_any_dict(analysis))
    return data


def run(args: argparse.Namespace) -> int:
    default = None if args.rules is None else profile_option(args.rules)
    engine = engine_by_name(args.engine)
    stream = open_input(args.file)
    try:
        if args.jsonl:
            return _run_lines(stream, engine, default)
        text = stream.read()
    except UnicodeDecodeError:
        fail(f"{args.file}: the input is not UTF-8 text")
    finally:
        if stream is not sys.stdin:
            stream.close()
    try:
        out = analysis_json(read_position(text, default), engine)
    except ConquianError as exc:
        fail(str(exc))
    print(json.dumps(out, ensure_ascii=False))
    return 0


def _run_lines(stream: Any, engine: Engine, default: RuleProfile | None) -> int:
    status = 0
    lines = stream.read().splitlines()
    while lines and not lines[-1].strip():  # a trailing blank line is no position
        lines.pop()
    for number, line in enumerate(lines, start=1):
        try:
            out = analysis_json(read_position(line, default), engine)
        except ConquianError as exc:
            out = {"error": f"line {number}: {exc}"}
            status = 1
        print(json.dumps(out, ensure_ascii=False), flush=False)
    return status
