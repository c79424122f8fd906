"""What every game of the family offers the rest of the code, whatever its rules.

Each profile's game is one module (conquian-40's is :mod:`solver.game.state`) whose hand
state follows OpenSpiel's API — ``current_player``, ``legal_actions``, ``apply_action``,
``is_terminal``, ``returns`` — and which registers a :class:`GameRules` in
:mod:`solver.game.registry`: how to start a hand, how its actions read from a record, what
one player may see (of the hand and of each step), and how a finished hand ends in the
record.  Records, replay, self-play and the site only go through this interface.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.game.deal import Deal
from solver.game.matches import MatchFromDict, NewMatch, no_match, no_match_from_dict


class GameAction(Protocol):
    """One step of play.  ``to_dict`` writes the record form (with ``player`` when given)."""

    type: str

    def to_dict(self, player: int | None = None) -> dict[str, Any]: ...


class HandState(Protocol):
    """One hand (deal) of a game, from its deal to its end."""

    deal: Deal
    history: list[tuple[int, Any]]

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply_action(self, action: Any) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def clone(self) -> Any: ...


class ViewOf(Protocol):
    """What one player may see; ``to_dict`` is the JSON view the browser receives."""

    def to_dict(self) -> dict[str, Any]: ...


class Chooser(Protocol):
    """A computer player: one legal action from one observation."""

    def choose(self, observation: Any, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class GameRules:
    """One profile's game, as records, replay, self-play and the site use it."""

    new_hand: Callable[[Deal, tuple[int, ...]], Any]
    """A hand from its deal and the score (or chips) before it."""
    action_from_dict: Callable[[object, str], Any]
    """Read one record action (``where`` names it in errors); raises IllegalActionError."""
    observe: Callable[[Any, int], Any]
    """The observation of one player: exactly what they may see."""
    result: Callable[[Any], dict[str, Any] | None]
    """How a finished hand ends, as the record's ``result``; ``None`` while it goes on."""
    replay_step: Callable[[Any, int | None, Any, str], None]
    """Apply one record action of ``player`` to a hand, filling in what records leave
    implicit (e.g. conquian-40's waived force); raises IllegalActionError."""
    observe_action: Callable[[Any, int, Any, int], dict[str, Any]]
    """What one seat may see of a step: ``observe_action(state, actor, action, viewer)`` is
    the record form of ``action`` (made by ``actor`` in the hand ``state`` now stands in,
    without ``player``) with every card ``viewer`` has not seen face up left out, such as
    another seat's draw from the stock.  Every log, view and review the site shows goes
    through it; :func:`every_card_shown` for games whose every step is played face up."""
    players: Mapping[str, Callable[[], Chooser]] = field(default_factory=dict)
    """The computer players of this game, by name (random, greedy, expert)."""
    shows_hand: Callable[[Any, int], bool] | None = None
    """Whether a seat's hand is turned face up once the hand is over (``None``: every
    hand is); a hand thrown in stays face down (Conquin's pass, I7)."""
    fields: Callable[[Any], dict[str, Any]] | None = None
    """Record fields of a hand beyond its deal and score (Conquin's ``pot_chip``)."""
    set_fields: Callable[[Any, Mapping[str, Any]], None] | None = None
    """Reads those fields back into a new hand, before its actions; raises
    InvalidGameError."""
    finish: Callable[[Any], None] | None = None
    """Ends a hand that a record may legally leave open at its last action (an implicit
    waiver, say); ``None`` when no record may end early."""
    new_match: NewMatch = no_match
    """``new_match(seed, rules, seats, options)``: a new match of this game
    (:class:`solver.game.matches.GameMatch`); ``options`` as the profile's
    ``match_options`` describe them, an unknown one raises ConquianError."""
    match_from_dict: MatchFromDict = no_match_from_dict
    """``match_from_dict(data, rules)``: a match back from its ``to_dict`` form."""


def every_card_shown(state: Any, actor: int, action: GameAction, viewer: int) -> dict[str, Any]:
    """``GameRules.observe_action`` of a game whose every step is played face up (a card
    turned from the stock is turned for everyone to see)."""
    return action.to_dict()
