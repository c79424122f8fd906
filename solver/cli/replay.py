"""``conquian replay FILE``: check that every game record replays legally to its result."""

from __future__ import annotations

import argparse
import json
from typing import Any

from solver.cli.common import command, input_lines
from solver.errors import ConquianError
from solver.game.record import replay


def register(sub: Any) -> None:
    parser = command(
        sub, "replay", run, "check game records (one JSON object per line) against the rules",
        "Replay every record from its deal alone and check each action and the result. "
        "Prints a JSON summary; exits 1 when a record is bad, naming its line.")
    parser.add_argument("file", metavar="FILE", help="game records, one per line, or -")


def run(args: argparse.Namespace) -> int:
    records, errors = 0, []
    for number, line in input_lines(args.file):
        records += 1
        try:
            replay(json.loads(line))
        except json.JSONDecodeError as exc:
            errors.append(f"line {number}: not JSON: {exc.msg}")
        except ConquianError as exc:
            errors.append(f"line {number}: {exc}")
    print(json.dumps({"records": records, "valid": records - len(errors), "errors": errors}))
    return 1 if errors else 0
