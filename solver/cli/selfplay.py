"""``conquian selfplay``: computer players against each other, with contract game records."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from typing import Any, TextIO

from tqdm import tqdm

from solver.cli.common import fail
from solver.game.actions import Action
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed, play_hand, play_match
from solver.game.observation import Observation
from solver.game.record import to_record
from solver.game.state import GameState
from solver.game.stats import percentile, wilson
from solver.players import PLAYERS, make_player


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "selfplay",
        help="play computer players against each other and write game records",
        description=(
            "Play N hands (or N matches to 3 won hands) between two computer players, "
            "write one JSON game record per hand, and print a JSON summary on stdout."
        ),
    )
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N", help="hands to play (default 100)")
    count.add_argument("--matches", type=int, metavar="N", help="matches to 3 won hands to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and players")
    parser.add_argument(
        "--players", default="greedy,greedy", metavar="A,B",
        help=f"the two players, seats 0 and 1 ({', '.join(PLAYERS)})",
    )
    parser.add_argument("--record", metavar="FILE", help="write one JSON record per hand")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def _players(spec: str) -> tuple[str, str]:
    names = [n.strip() for n in spec.split(",")]
    if len(names) != 2:
        fail(f"--players needs two names separated by a comma, not {spec!r}")
    for name in names:
        if name not in PLAYERS:
            fail(f"unknown player {name!r}: choose from {', '.join(PLAYERS)}")
    return names[0], names[1]


class _TimedChooser:
    def __init__(self, inner: Any, sink: list[float]) -> None:
        self.inner, self.sink = inner, sink

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        start = time.perf_counter()
        action: Action = self.inner.choose(observation, rng)
        self.sink.append((time.perf_counter() - start) * 1000)
        return action


def _hands(args: argparse.Namespace, players: tuple[Any, Any], rng: random.Random
           ) -> Iterator[GameState]:
    if args.matches is not None:
        for m in range(args.matches):
            yield from play_match(hand_seed(args.seed, m), players, rng)
        return
    for i in range(args.games):
        # The deal alternates, so both seats deal equally often (R2).
        state = GameState(deal_from_seed(hand_seed(args.seed, i), i % 2))
        yield play_hand(state, players, rng)


def run(args: argparse.Namespace) -> int:
    if args.games is None and args.matches is None:
        args.games = 100
    total = args.games if args.games is not None else args.matches
    if total < 1:
        fail("--games/--matches must be at least 1")
    names = _players(args.players)
    times: tuple[list[float], list[float]] = ([], [])
    players = (_TimedChooser(make_player(names[0]), times[0]),
               _TimedChooser(make_player(names[1]), times[1]))
    rng = random.Random(f"conquian-players:{args.seed}")
    out: TextIO | None = None
    if args.record:
        try:
            out = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            fail(f"cannot write {args.record}: {exc.strerror}")
    wins, draws, hands, actions = [0, 0], 0, 0, 0
    match_wins, match_score = [0, 0], [0, 0]
    started = time.perf_counter()
    unit = "match" if args.matches is not None else "hand"
    bar = tqdm(total=total, unit=unit, file=sys.stderr, disable=args.quiet, leave=False)
    try:
        for state in _hands(args, players, rng):
            hands += 1
            actions += sum(a.type != "no_force" for _, a in state.history)
            if state.winner is None:
                draws += 1
            else:
                wins[state.winner] += 1
            if out is not None:
                out.write(json.dumps(to_record(state)) + "\n")
            if args.matches is None:
                bar.update(1)
            else:
                if state.winner is not None:
                    match_score[state.winner] += 1
                if max(match_score) >= 3:
                    match_wins[match_score.index(3)] += 1
                    match_score = [0, 0]
                    bar.update(1)
    finally:
        bar.close()
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - started
    print(json.dumps(_summary(names, wins, draws, hands, actions, elapsed, times,
                              match_wins if args.matches is not None else None)))
    return 0


def _summary(
    names: tuple[str, str], wins: list[int], draws: int, hands: int, actions: int,
    elapsed: float, times: tuple[list[float], list[float]], match_wins: list[int] | None,
) -> dict[str, Any]:
    decided = wins[0] + wins[1]
    seats = []
    for seat in (0, 1):
        low, high = wilson(wins[seat], decided)
        seats.append({
            "seat": seat,
            "player": names[seat],
            "wins": wins[seat],
            "win_share_of_decided": round(wins[seat] / decided, 4) if decided else None,
            "ci95": [round(low, 4), round(high, 4)],
            "decision_ms": {
                "decisions": len(times[seat]),
                "mean": round(sum(times[seat]) / len(times[seat]), 3) if times[seat] else 0.0,
                "p50": round(percentile(times[seat], 0.50), 3),
                "p99": round(percentile(times[seat], 0.99), 3),
                "max": round(max(times[seat], default=0.0), 3),
            },
        })
    summary: dict[str, Any] = {
        "hands": hands,
        "players": seats,
        "wins": {f"{s['seat']}:{s['player']}": s["wins"] for s in seats},
        "draws": draws,
        "average_hand_length": round(actions / hands, 2) if hands else 0.0,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1) if elapsed > 0 else None,
    }
    if match_wins is not None:
        summary["matches"] = sum(match_wins)
        summary["match_wins"] = match_wins
    return summary
