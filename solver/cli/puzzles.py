"""``conquian puzzles validate|generate|bench``: puzzle sets on the command line.

Subcommands that need the site's database (importing a set into it, exporting one) are
``flask --app tutor teach import|export``: the solver never imports the site.  More
subcommands of this package may be listed in :data:`SUBCOMMAND_MODULES`; each module
defines ``register_puzzles(subparsers)`` that adds its parser and sets ``func``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

from solver.cli.common import command, fail

SUBCOMMAND_MODULES: list[str] = []
"""Extra ``conquian puzzles`` subcommand modules (within ``solver``)."""


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "puzzles",
        help="validate, generate and benchmark puzzle sets",
        description="Work with puzzle sets (the JSON files of puzzles/).",
    )
    puzzles = parser.add_subparsers(dest="puzzles_command", required=True, metavar="SUBCOMMAND")

    validate = command(
        puzzles, "validate", run_validate, "check puzzle sets against the rules and the solver",
        "Check every puzzle set: format, positions, answers (against the exact solver), "
        "themes, and that translations match their original set. Exits 1 when a "
        "problem is found, naming the file and the puzzle.")
    validate.add_argument("paths", nargs="+", metavar="PATH", help="a set file or a directory")
    validate.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    validate.add_argument("--allow-free-text", action="store_true",
                          help="accept hint sentences the claim checker cannot read "
                               "(false ones are refused all the same)")

    from solver.puzzles.themes import THEMES
    from solver.rules import DEFAULT_PROFILE, PROFILES

    generate = command(
        puzzles, "generate", run_generate,
        "generate a verified puzzle set for a theme (CP-SAT proposes, the solver verifies)",
        "Generate verified puzzles. Under conquian-40 CP-SAT proposes positions for "
        "--theme; under any other --rules random positions of that profile are proposed, "
        "the exact search verifies each and CP-SAT must agree (every theme of the "
        "profile when --theme is left out).")
    generate.add_argument("--rules", default=DEFAULT_PROFILE.id, choices=list(PROFILES),
                          help=f"the rule profile (default {DEFAULT_PROFILE.id})")
    from solver.puzzles.hand_themes import HAND_THEMES

    generate.add_argument("--theme", choices=[*THEMES, *HAND_THEMES],
                          help="the theme (required under conquian-40)")
    generate.add_argument("--count", type=int, default=10)
    generate.add_argument("--difficulty", type=int, choices=range(1, 6), metavar="1-5")
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--out", metavar="FILE", help="write here instead of standard output")

    bench = command(puzzles, "bench", run_bench,
                    "measure verified puzzles per minute for each theme")
    bench.add_argument("--themes", nargs="*", metavar="THEME", help="default: every theme")
    bench.add_argument("--count", type=int, default=20, help="puzzles per theme (default 20)")
    bench.add_argument("--seed", type=int, default=0)

    for name in SUBCOMMAND_MODULES:
        import_module(name).register_puzzles(puzzles)


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.json")))
        elif path.is_file():
            out.append(path)
        else:
            fail(f"{raw}: no such file or directory")
    if not out:
        fail(f"no .json files in {' '.join(paths)}")
    return out


def run_validate(args: argparse.Namespace) -> int:
    from solver.errors import Text
    from solver.puzzles.validate import Problem, Report, check_translation, validate_set

    reports: list[Report] = []
    for path in _files(args.paths):
        source = str(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            problem = Problem(source, "", Text(f"cannot read: {exc}"))
            reports.append(Report(source, None, 0, (problem,)))
            continue
        reports.append(validate_set(data, source, strict=not args.allow_free_text))

    by_id = {r.puzzle_set.id: r.puzzle_set for r in reports if r.puzzle_set is not None}
    notes: list[str] = []
    final: list[Report] = []
    for report in reports:
        extra: list[Problem] = []
        ps = report.puzzle_set
        if ps is not None and ps.translation_of is not None:
            original = by_id.get(ps.translation_of)
            if original is None:
                notes.append(f"{report.source}: original set {ps.translation_of!r} not among "
                             "the files checked; translation not compared")
            else:
                extra = check_translation(original, ps, report.source)
        final.append(Report(report.source, ps, report.puzzles, report.problems + tuple(extra)))

    problems = 0
    puzzles = 0
    for report in final:
        puzzles += report.puzzles
        problems += len(report.problems)
        if report.ok:
            if not args.quiet:
                print(f"ok    {report.source}: {report.puzzles} puzzles")
        else:
            print(f"FAIL  {report.source}: {len(report.problems)} problem(s)")
            for problem in report.problems:
                print(f"  {problem}")
    for note in notes:
        print(f"note  {note}")
    bad_files = sum(1 for r in final if not r.ok)
    print(f"{len(final)} file(s), {puzzles} puzzle(s): "
          + ("all valid" if not problems else f"{problems} problem(s) in {bad_files} file(s)"))
    return 1 if problems else 0


def run_generate(args: argparse.Namespace) -> int:
    from solver.puzzles.generator import generate_set
    from solver.rules import get_profile

    if args.count < 1:
        fail("--count must be at least 1")
    if get_profile(args.rules).puzzle_themes:
        return _generate_profile(args)
    if args.theme is None:
        fail(f"--theme is required under {args.rules}")
    puzzle_set = generate_set(args.theme, args.count, args.seed, args.difficulty, progress=True)
    _write(puzzle_set.to_dict(), args.out)
    made = len(puzzle_set.puzzles)
    if made < args.count:
        print(f"error: only {made} of {args.count} puzzles found for {args.theme}"
              + (f" at difficulty {args.difficulty}" if args.difficulty else ""), file=sys.stderr)
        return 1
    print(f"{made} puzzles for {args.theme} (seed {args.seed})"
          + (f" written to {args.out}" if args.out else ""), file=sys.stderr)
    return 0


def _write(puzzle_set: dict[str, Any], out: str | None) -> None:
    """Writes a generated set as JSON to ``out``, or to standard output without one."""
    text = json.dumps(puzzle_set, ensure_ascii=False, indent=1) + "\n"
    if out:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror}")
    else:
        sys.stdout.write(text)


def _generate_profile(args: argparse.Namespace) -> int:
    from solver.puzzles.profile_gen import PROFILE_SPECS, generate_profile_set

    specs = PROFILE_SPECS[args.rules]  # run_generate sends only profiles with themes
    if args.theme is not None and args.theme not in specs:
        fail(f"{args.theme!r} is not a theme of {args.rules}; its themes: {', '.join(specs)}")
    themes = [args.theme] if args.theme else list(specs)
    puzzle_set = generate_profile_set(args.rules, args.count, args.seed, themes,
                                      difficulty=args.difficulty)
    _write(puzzle_set.to_dict(), args.out)
    made, wanted = len(puzzle_set.puzzles), args.count * len(themes)
    if made < wanted:
        print(f"error: only {made} of {wanted} puzzles found for {args.rules}", file=sys.stderr)
        return 1
    print(f"{made} puzzles for {args.rules} ({', '.join(themes)}; seed {args.seed})"
          + (f" written to {args.out}" if args.out else ""), file=sys.stderr)
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from solver.puzzles.generator import SPECS, Stats, generate

    themes = args.themes or list(SPECS)
    for theme in themes:
        if theme not in SPECS:
            fail(f"unknown theme {theme!r}")
    rows = []
    for theme in themes:
        stats = Stats()
        start = time.perf_counter()
        made = generate(theme, args.count, args.seed, progress=True, stats=stats)
        seconds = time.perf_counter() - start
        rate = len(made) / seconds * 60 if seconds > 0 else 0.0
        rows.append({"theme": theme, "verified": len(made), "proposed": stats.proposed,
                     "seconds": round(seconds, 2), "per_minute": round(rate, 1)})
        print(json.dumps(rows[-1]), flush=True)
    slowest = min(rows, key=lambda r: r["per_minute"])
    print(json.dumps({"themes": len(rows), "slowest": slowest["theme"],
                      "min_per_minute": slowest["per_minute"]}))
    return 0
