"""``conquian serve``: prepare the database and run the site under gunicorn."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "serve",
        help="run the tutor site with gunicorn (creates the database and loads the puzzles first)",
    )
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=2)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Imported here: the solver core never depends on the web site.
    from tutor import create_app
    from tutor.core.setup import prepare_database

    prepare_database(create_app())
    print(f"Serving the Conquian tutor on http://{args.host}:{args.port}/", file=sys.stderr)
    argv = [
        sys.executable, "-m", "gunicorn",
        "--bind", f"{args.host}:{args.port}",
        "--workers", str(args.workers),
        "--access-logfile", "-",
        "tutor:create_app()",
    ]
    os.execv(sys.executable, argv)
    return 0  # not reached: exec replaces this process
