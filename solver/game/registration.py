"""How a game package registers its game: it names the rule profiles it plays and gives
only the parts that are its own; :mod:`solver.game.registry` lists the registrations and is
the one place that maps a profile to its game.  This module imports no game package, so
every package may call it without an import cycle."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.deal import Deal
from solver.game.matches import MatchFromDict, NewMatch
from solver.game.protocol import A, Chooser, GameRules, H, O, every_card_shown
from solver.game.replaying import finish_hand, hand_result, replay_step

S = TypeVar("S", bound=GameState)
"""The hand state of a game played on conquian-40's engine."""

Matches = tuple[NewMatch, MatchFromDict]
"""``GameRules.new_match`` and ``match_from_dict``, which a game always gives together."""
Players = Mapping[str, Callable[[], Chooser[O, A]]]


@dataclass(frozen=True)
class Registration(Generic[H, A, O]):
    """A game as its package registers it: the ids of the profiles it plays (the package's
    own to name) and its :class:`GameRules`."""

    profiles: tuple[str, ...]
    game: GameRules[H, A, O]


def register(profiles: tuple[str, ...], hand: Callable[[Deal, tuple[int, ...]], H],
             actions: Callable[[object, str], A], players: Players[O, A], *,
             matches: Matches, observe: Callable[[H, int], O],
             observe_action: Callable[[H, int, A, int], dict[str, Any]],
             result: Callable[[H], dict[str, Any] | None],
             replay_step: Callable[[H, int | None, A, str], None],
             shows_hand: Callable[[H, int], bool] | None = None,
             fields: Callable[[H], dict[str, Any]] | None = None,
             set_fields: Callable[[H, Mapping[str, Any]], None] | None = None,
             ) -> Registration[H, A, O]:
    """A game with its own engine: ``hand`` starts a hand from its deal and the score (or
    chips) before it, ``actions`` reads a record action; the rest as :class:`GameRules`
    names them."""
    return Registration(profiles, GameRules(
        new_hand=hand, action_from_dict=actions, players=players,
        new_match=matches[0], match_from_dict=matches[1],
        observe=observe, observe_action=observe_action, result=result,
        replay_step=replay_step, shows_hand=shows_hand, fields=fields, set_fields=set_fields))


def register_on_engine(profiles: tuple[str, ...], hand: Callable[[Deal, tuple[int, ...]], S],
                       actions: Callable[[object, str], Action],
                       players: Players[O, Action], *, matches: Matches,
                       observe: Callable[[S, int], O]) -> Registration[S, Action, O]:
    """A game played on conquian-40's engine (conquian-40 itself, Cooncan): it replays,
    scores and finishes a hand as that engine does, and plays every step face up."""
    return Registration(profiles, GameRules(
        new_hand=hand, action_from_dict=actions, players=players,
        new_match=matches[0], match_from_dict=matches[1], observe=observe,
        observe_action=every_card_shown, result=hand_result, replay_step=replay_step,
        finish=finish_hand))


def two_seats(state: Callable[[Deal, tuple[int, int]], H]) -> Callable[[Deal, tuple[int, ...]], H]:
    """``hand`` of a two-seat game whose state keeps the score as a pair (0-0 when a
    record gives none)."""

    def hand(deal: Deal, score: tuple[int, ...]) -> H:
        return state(deal, (score[0], score[1]) if score else (0, 0))

    return hand
