"""Puzzles by game: the game chooser of practice, streak and review, and the daily puzzles.

A puzzle's game is its set's rule profile (``tutor.puzzles.ratings.game_of``). The chooser
is "all games" or one profile, kept in the session so that practice, streak and review
stay on it from page to page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from flask import request, session

from solver.rules import PROFILES
from tutor.models import Puzzle
from tutor.puzzles.ratings import game_of
from tutor.puzzles.services import SetEntry

GAME_KEY: Final = "puzzle_game"
ALL_GAMES: Final = "all"


def games_of(puzzles: Iterable[Puzzle]) -> list[str]:
    """The games these puzzles belong to, in the registry's order."""
    present = {game_of(p) for p in puzzles}
    return [pid for pid in PROFILES if pid in present]


def chosen_game() -> str | None:
    """The game the learner chose (``?game=`` stores a new choice), None for all games."""
    sent = request.args.get("game")
    if sent is not None and (sent == ALL_GAMES or sent in PROFILES):
        session[GAME_KEY] = sent
    kept = session.get(GAME_KEY)
    return kept if isinstance(kept, str) and kept in PROFILES else None


def of_game(pool: Sequence[Puzzle], game: str | None) -> list[Puzzle]:
    """The puzzles of ``game`` (all of them for None)."""
    return list(pool) if game is None else [p for p in pool if game_of(p) == game]


# --- the daily puzzles ------------------------------------------------------------------------


@dataclass
class Daily:
    game: str
    puzzle: Puzzle


def _family(puzzle: Puzzle) -> str:
    """The set a puzzle's set translates (or its own): the same choice in every language."""
    puzzle_set = puzzle.puzzle_set
    return puzzle_set.translation_of or puzzle_set.slug


def daily_index(day: date, game: str, size: int) -> int:
    """Which of ``size`` puzzles is ``game``'s puzzle of ``day``: a hash of both, so each
    game has its own and every server and language agrees on it."""
    digest = hashlib.sha256(f"{day.isoformat()}/{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % size


def daily_puzzles(bundled: Sequence[SetEntry], day: date) -> list[Daily]:
    """One puzzle per game of the bundled sets (as the index lists them, one per family
    in the learner's language), in the registry's order."""
    pool = [p for entry in bundled for p in entry.puzzle_set.puzzles]
    out: list[Daily] = []
    for game in games_of(pool):
        mine = sorted(of_game(pool, game), key=lambda p: (_family(p), p.position_index, p.key))
        out.append(Daily(game, mine[daily_index(day, game, len(mine))]))
    return out
