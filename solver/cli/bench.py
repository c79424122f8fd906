"""``conquian bench``: per-position analysis time of both engines, measured in one process."""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from solver.analysis import AnyAnalysis
from solver.cli.common import command, fail, input_lines, profile_option
from solver.errors import ConquianError
from solver.position import Position
from solver.rules import CONQUIAN_40, RuleProfile

CORPUS_SIZE = 1000
CORPUS_SEED = 2026


def register(sub: Any) -> None:
    parser = command(
        sub, "bench", run, "time both analysis engines per position",
        "Analyse each position with the chosen engines and print p50/p99 times in "
        "microseconds and how many analyses agree. Without --positions, a built-in "
        f"corpus of {CORPUS_SIZE} positions is used: for conquian-40 positions met in "
        "random play, for the other profiles random consistent positions of the profile.")
    parser.add_argument("--positions", metavar="FILE.jsonl", help="one position per line")
    parser.add_argument(
        "--rules", metavar="PROFILE", default=None,
        help="the rule profile of the built-in corpus, and of positions that name none "
        "(default conquian-40)",
    )
    parser.add_argument("--count", type=int, default=CORPUS_SIZE,
                        help="positions in the built-in corpus of a --rules profile")
    parser.add_argument("--engine", choices=("search", "cpsat", "both"), default="both")
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="time each position this many times with the search engine and keep the median",
    )


def builtin_corpus(
    size: int = CORPUS_SIZE, seed: int = CORPUS_SEED, rules: RuleProfile = CONQUIAN_40
) -> list[Position]:
    """conquian-40: positions that players really face, taken from random self-play (so its
    figures stay comparable with earlier runs); any other profile: random consistent
    positions of that profile from :func:`solver.sampling.sample_position`."""
    if rules is CONQUIAN_40:
        from solver.game.corpus import positions_from_play

        return positions_from_play(size, seed)
    from solver.sampling import sample_position

    rng = random.Random(seed)
    return [sample_position(rules, rng) for _ in range(size)]


def _load(path: str, rules: RuleProfile | None) -> list[Position]:
    positions = []
    for number, line in input_lines(path):
        try:
            positions.append(Position.from_json(line, rules))
        except ConquianError as exc:
            fail(f"{path}, line {number}: {exc}")
    if not positions:
        fail(f"{path} holds no positions")
    return positions


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _time(
    engine: Callable[[Position], AnyAnalysis], positions: list[Position], repeat: int
) -> tuple[list[float], list[dict[str, Any]]]:
    times: list[float] = []
    results: list[dict[str, Any]] = []
    for position in positions:
        samples = []
        analysis = None
        for _ in range(repeat):
            start = time.perf_counter_ns()
            analysis = engine(position)
            samples.append((time.perf_counter_ns() - start) / 1000)
        assert analysis is not None
        times.append(statistics.median(samples))
        results.append(analysis.to_dict())
    return times, results


def _engines(args: argparse.Namespace, positions: list[Position], report: dict[str, Any],
             name: str, after_search: Callable[[list[float], list[dict[str, Any]]], None]
             | None = None) -> dict[str, list[dict[str, Any]]]:
    """Times each engine ``--engine`` names by its function ``name`` (``analyze`` or
    ``analyze_any``), warmed up first, into ``report`` (``after_search`` adds to it after
    the search engine's times); with both engines, how often they agree and how much
    faster the search is.  The analyses, by engine."""
    results: dict[str, list[dict[str, Any]]] = {}
    for engine, warm, repeat in (("search", 50, args.repeat), ("cpsat", 5, 1)):
        if args.engine not in (engine, "both"):
            continue
        # Imported only when asked for: the CP-SAT engine loads OR-Tools.
        analyze = getattr(importlib.import_module(f"solver.{engine}"), name)
        _time(analyze, positions[:warm], 1)  # warm caches and the interpreter
        times, results[engine] = _time(analyze, positions, repeat)
        report[engine] = _summary(times)
        if engine == "search" and after_search is not None:
            after_search(times, results[engine])
    if len(results) == 2:
        report["agree"] = sum(
            a == b for a, b in zip(results["search"], results["cpsat"], strict=True)
        )
        report["speedup_p50"] = round(report["cpsat"]["p50_us"] / report["search"]["p50_us"], 1)
    return results


def _summary(times: list[float]) -> dict[str, float]:
    return {
        "p50_us": round(_percentile(times, 0.50), 1),
        "p99_us": round(_percentile(times, 0.99), 1),
        "mean_us": round(statistics.fmean(times), 1),
        "max_us": round(max(times), 1),
    }


def _hand_corpus(rules: str, count: int) -> list[Position]:
    """Random positions of a profile whose center card is drawn into the hand."""
    import random

    from solver.rules import get_profile
    from solver.sampling_hand import random_position

    try:
        profile = get_profile(rules)
    except ConquianError as exc:
        fail(str(exc))
    if profile.analysis not in ("draw", "closing"):
        fail(f"--rules {profile.id}: the built-in random corpus covers colonel and conquin")
    rng = random.Random(CORPUS_SEED)
    return [random_position(profile, rng) for _ in range(count)]


def run(args: argparse.Namespace) -> int:
    if args.repeat < 1:
        fail("--repeat must be at least 1")
    rules = profile_option(args.rules) if args.rules is not None else None
    if rules is not None and rules.analysis != "center" and not args.positions:
        return _run_hand(args, _hand_corpus(rules.id, args.count))
    try:
        positions = _load(args.positions, rules) if args.positions else \
            builtin_corpus(size=args.count, rules=rules or CONQUIAN_40)
    except ConquianError as exc:
        fail(f"--rules: {exc}")
    if any(p.rules.analysis != "center" for p in positions):
        if len({p.rules.id for p in positions}) > 1:
            fail("--positions: bench positions of one rule profile at a time")
        args.rules = positions[0].rules.id
        return _run_hand(args, positions)
    report: dict[str, Any] = {"positions": len(positions)}

    def usable_only(times: list[float], found: list[dict[str, Any]]) -> None:
        # Most positions met in play are quick "no" answers; show the "yes" ones apart.
        usable_times = [t for t, r in zip(times, found, strict=True) if r["usable"]]
        if usable_times:
            report["search_usable_only"] = {
                "positions": len(usable_times),
                **_summary(usable_times),
            }

    results = _engines(args, positions, report, "analyze", usable_only)
    report["usable"] = sum(r["usable"] for r in next(iter(results.values())))
    report["forceable"] = sum(r["forceable"] for r in next(iter(results.values())))
    print(json.dumps(report))
    return 0


def _run_hand(args: argparse.Namespace, positions: list[Position]) -> int:
    """The same report for the draw (colonel) and closing (conquin) analyses."""
    report: dict[str, Any] = {"rules": args.rules, "positions": len(positions)}
    results = _engines(args, positions, report, "analyze_any")
    first = next(iter(results.values()))
    for flag in ("closes", "goes_out", "upcard_better"):
        if first and flag in first[0]:
            report[flag] = sum(bool(r[flag]) for r in first)
    print(json.dumps(report))
    return 0
