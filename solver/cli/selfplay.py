"""``conquian selfplay``: computer players against each other, with contract game records."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from typing import Any, Final, TextIO

from tqdm import tqdm

from solver.cli.common import command, fail, profile_option
from solver.errors import ConquianError
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.playing import play_hand, play_match
from solver.game.record import result_of, to_record
from solver.game.registry import GAMES, game_rules, players_of
from solver.game.stats import percentile, wilson
from solver.players import PLAYERS
from solver.rules import DEFAULT_PROFILE, RuleProfile


def register(sub: Any) -> None:
    parser = command(
        sub, "selfplay", run, "play computer players against each other and write game records",
        "Play N hands (or N matches: to 3 won hands, or to 100 points in colonel) between "
        "computer players, "
        "write one JSON game record per hand, and print a JSON summary on stdout.")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N", help="hands to play (default 100)")
    count.add_argument("--matches", type=int, metavar="N", help="matches to 3 won hands to play")
    parser.add_argument(
        "--points", type=int, metavar="T",
        help="with --matches: conquian-40 (R14) and cooncan (C15) matches to T points, each "
             "won hand scoring the pips left in the loser's hand (1-7 face value, J Q K 10, "
             "aces 15); Kunken "
             "matches to 300 instead of 500 (K14)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and players")
    parser.add_argument(
        "--players", default="greedy,greedy", metavar="A,B[,C…]",
        help=f"the players, seat by seat ({', '.join(PLAYERS)})",
    )
    parser.add_argument(
        "--rules", default=DEFAULT_PROFILE.id, metavar="P",
        help=f"the rule profile ({', '.join(GAMES)})",
    )
    parser.add_argument("--pot-chip", action="store_true",
                        help="conquin: play with the Pot chip (I11), held first by seat 0")
    parser.add_argument("--record", metavar="FILE", help="write one JSON record per hand")
    parser.add_argument(
        "--per-hand", metavar="FILE",
        help="with --games: write one JSON line per hand (its number and winning seat, null "
             "for a draw) and give every hand its own random stream, so that two versions of "
             "a player can be compared hand by hand (scripts/compare-hands)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _players(spec: str, rules: RuleProfile) -> list[str]:
    names = [n.strip() for n in spec.split(",")]
    known = players_of(rules)
    lo, hi = rules.min_players, rules.max_players
    if not lo <= len(names) <= hi:
        count = "two names" if lo == hi == 2 else f"{lo} to {hi} names"
        fail(f"--players needs {count} separated by commas for {rules.id}, not {spec!r}")
    for name in names:
        if name not in known:
            fail(f"unknown player {name!r}: choose from {', '.join(known)}")
    return names


class _TimedChooser:
    def __init__(self, inner: Any, sink: list[float]) -> None:
        self.inner, self.sink = inner, sink

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        start = time.perf_counter()
        action: Action = self.inner.choose(observation, rng)
        self.sink.append((time.perf_counter() - start) * 1000)
        return action


NOT_OVER: Final = -1


def _options(args: argparse.Namespace, rules: RuleProfile) -> dict[str, Any]:
    """The match options the command line asks for (the profile says which it takes)."""
    options: dict[str, Any] = {}
    if args.points is not None:
        if "points" in rules.match_options:
            options["points"] = True  # R14, C15; a Kunken match always counts points
        options["target"] = args.points
    if args.pot_chip:
        options["pot_chip"] = True
    return options


def _hands(args: argparse.Namespace, rules: RuleProfile, players: list[Any],
           rng: random.Random) -> Iterator[tuple[Any, int | None]]:
    """Every hand played, with the match winner when it ends a match (else NOT_OVER)."""
    game = game_rules(rules)
    seats = len(players)
    options = _options(args, rules)
    if args.matches is not None:
        for m in range(args.matches):
            match = game.new_match(hand_seed(args.seed, m), rules, seats, options)
            for state in play_match(match, players, rng):
                yield state, match.winner() if match.is_over() else NOT_OVER
        return
    table = game.new_match(args.seed, rules, seats, {**options, "dealer": 0})
    if table.target is None:
        # A match with no end (Conquin's table): chips (and the Pot chip, I11) carry over;
        # seat 0 deals first, so every seat deals equally often (I2).
        for state in play_match(table, players, rng, hands=args.games):
            yield state, NOT_OVER
        return
    for i in range(args.games):
        # The deal moves round the table, so every seat deals equally often (R2).
        deal = deal_from_seed(hand_seed(args.seed, i), i % seats, rules, seats)
        if args.per_hand:
            # A hand's own stream: a change in one hand does not reshuffle the next ones.
            rng = random.Random(f"conquian-players:{args.seed}:{i}")
        yield play_hand(game.new_hand(deal, ()), players, rng), NOT_OVER


def run(args: argparse.Namespace) -> int:
    if args.games is None and args.matches is None:
        args.games = 100
    total = args.games if args.games is not None else args.matches
    if total < 1:
        fail("--games/--matches must be at least 1")
    rules = profile_option(args.rules)
    try:
        game = game_rules(rules)
    except ConquianError as exc:
        fail(f"--rules: {exc}")
    if args.points is not None and (args.matches is None or args.points < 1):
        fail("--points T needs --matches and a whole number T of at least 1")
    table = not rules.match_target  # a match with no end: Conquin's table (I2)
    if args.matches is not None and table:
        fail(f"--matches: a {rules.id} table has no end; play {rules.id} with --games")
    if args.per_hand and (args.games is None or table):
        fail(f"--per-hand needs --games, and a game whose hands stand alone (not a "
             f"{rules.id} table)")
    if args.points is not None and "target" not in rules.match_options:
        fail(f"--points: a {rules.id} match goes to {rules.match_target} points "
             f"({rules.rule_ids.get('match', '')})")
    seats = len(args.players.split(","))
    if rules.min_players <= seats <= rules.max_players:  # else _players says what is wrong
        try:
            game.new_match(args.seed, rules, seats, _options(args, rules))
        except ConquianError as exc:
            fail(f"--points: {exc}" if args.points is not None else str(exc))
    names = _players(args.players, rules)
    known = players_of(rules)
    times: list[list[float]] = [[] for _ in names]
    players = [_TimedChooser(known[name](), times[seat]) for seat, name in enumerate(names)]
    rng = random.Random(f"conquian-players:{args.seed}")
    out: TextIO | None = None
    per_hand: TextIO | None = None
    try:
        if args.record:
            out = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        if args.per_hand:
            per_hand = open(args.per_hand, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        fail(f"cannot write {exc.filename}: {exc.strerror}")
    wins, draws, hands, actions = [0] * len(names), 0, 0, 0
    match_wins = [0, 0]
    chips, played, fair = [0] * len(names), [0] * len(names), [0.0] * len(names)
    started = time.perf_counter()
    unit = "match" if args.matches is not None else "hand"
    bar = tqdm(total=total, unit=unit, file=sys.stderr, disable=args.quiet, leave=False)
    try:
        for state, match_winner in _hands(args, rules, players, rng):
            hands += 1
            actions += sum(a.type != "no_force" for _, a in state.history)
            winner = (result_of(state) or {}).get("winner")
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
            if table:
                _ledger(state, chips, played, fair)
            if out is not None:
                out.write(json.dumps(to_record(state)) + "\n")
            if per_hand is not None:
                per_hand.write(json.dumps({"hand": hands - 1, "winner": winner}) + "\n")
            if args.matches is None:
                bar.update(1)
            elif match_winner != NOT_OVER:
                if match_winner is not None:
                    match_wins[match_winner] += 1
                bar.update(1)
    finally:
        bar.close()
        for f in (out, per_hand):
            if f is not None:
                f.close()
    elapsed = time.perf_counter() - started
    summary = _summary(names, wins, draws, hands, actions, elapsed, times,
                       match_wins if args.matches is not None else None)
    if table:
        for seat in summary["players"]:
            i = seat["seat"]
            seat["chips"] = chips[i]
            seat["deals_played"] = played[i]
            seat["fair_share_of_played"] = round(fair[i], 2)
            seat["wins_over_fair_share"] = round(wins[i] / fair[i], 3) if fair[i] else None
            # Wins among the deals played, with their Wilson interval, beside the fair rate.
            low, high = wilson(wins[i], played[i])
            seat["win_share_of_played"] = round(wins[i] / played[i], 4) if played[i] else None
            seat["ci95_of_played"] = [round(low, 4), round(high, 4)]
            seat["fair_rate_of_played"] = round(fair[i] / played[i], 4) if played[i] else None
    print(json.dumps({"rules": rules.id, **summary}))
    return 0


def _ledger(state: Any, chips: list[int], played: list[int], fair: list[float]) -> None:
    """Conquin: chips won or lost, deals played, and the fair share of wins: among the k
    players who stayed in a deal, each would win it 1/k of the time."""
    still_in = [q for q in range(len(chips)) if state.in_[q]]
    for q in range(len(chips)):
        chips[q] += state.settled[q]
    for q in still_in:
        played[q] += 1
        fair[q] += 1 / len(still_in)


def _summary(
    names: list[str], wins: list[int], draws: int, hands: int, actions: int,
    elapsed: float, times: list[list[float]], match_wins: list[int] | None,
) -> dict[str, Any]:
    decided = sum(wins)
    seats = []
    for seat in range(len(names)):
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
