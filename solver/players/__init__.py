"""Computer players behind one interface (solver.players.base.Player)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solver.players.base import Player
from solver.players.greedy import GreedyPlayer
from solver.players.random_player import RandomPlayer


def _expert() -> Player:
    from solver.players.expert import ExpertPlayer

    return ExpertPlayer()


PLAYERS: Final[dict[str, Callable[[], Player]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "expert": _expert,
}


def make_player(name: str) -> Player:
    """A new player by name; ValueError lists the names."""
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(
            f"unknown player {name!r}: choose from {', '.join(PLAYERS)}"
        ) from None


__all__ = ["PLAYERS", "Player", "make_player"]
