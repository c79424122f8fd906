"""What every game of the family offers the rest of the code, whatever its rules.

Each profile's game is a package (``solver/game/kunken/``: ``state``, ``view``,
``players``, and ``__init__`` registering its :class:`GameRules` through
:mod:`solver.game.registration`) whose hand state follows
OpenSpiel's API — ``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``,
``returns`` (:class:`HandState`) — and which the registry lists by profile: how to start a
hand, how its actions read from a record, what one player may see (of the hand and of each
step), how a finished hand ends in the record, and its computer players.  Records, replay,
self-play and the site only go through this interface.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from solver.errors import IllegalActionError
from solver.game.deal import Deal
from solver.game.matches import MatchFromDict, NewMatch, no_match, no_match_from_dict
from solver.messages import N_


class GameAction(Protocol):
    """One step of play.  ``to_dict`` writes the record form (with ``player`` when given)."""

    @property
    def type(self) -> str: ...

    def to_dict(self, player: int | None = None) -> dict[str, Any]: ...


A = TypeVar("A")
"""A game's action."""
A_co = TypeVar("A_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)
H = TypeVar("H", bound="HandState[Any]")
"""A game's hand state."""
O = TypeVar("O")  # noqa: E741 - the observation, as in OpenSpiel
"""A game's observation."""


class HandState(Protocol[A]):
    """One hand (deal) of a game, from its deal to its end."""

    @property
    def deal(self) -> Deal: ...

    @property
    def history(self) -> Sequence[tuple[int, A]]: ...

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[A]: ...

    def apply_action(self, action: A) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def clone(self) -> Self: ...


class ViewOf(Protocol):
    """What one player may see; ``to_dict`` is the JSON view the browser receives."""

    def to_dict(self) -> dict[str, Any]: ...


class Chooser(Protocol[O_contra, A_co]):
    """A computer player: one legal action from one observation."""

    def choose(self, observation: O_contra, rng: random.Random) -> A_co: ...


@dataclass(frozen=True)
class GameRules(Generic[H, A, O]):
    """One profile's game, as records, replay, self-play and the site use it: generic over
    its hand state ``H``, action ``A`` and observation ``O`` so that mypy checks each
    registered game's functions against one another."""

    new_hand: Callable[[Deal, tuple[int, ...]], H]
    """A hand from its deal and the score (or chips) before it."""
    action_from_dict: Callable[[object, str], A]
    """Read one record action (``where`` names it in errors); raises IllegalActionError."""
    observe: Callable[[H, int], O]
    """The observation of one player: exactly what they may see."""
    result: Callable[[H], dict[str, Any] | None]
    """How a finished hand ends, as the record's ``result``; ``None`` while it goes on."""
    replay_step: Callable[[H, int | None, A, str], None]
    """Apply one record action of ``player`` to a hand, filling in what records leave
    implicit (e.g. conquian-40's waived force); raises IllegalActionError."""
    observe_action: Callable[[H, int, A, int], dict[str, Any]]
    """What one seat may see of a step: ``observe_action(state, actor, action, viewer)`` is
    the record form of ``action`` (made by ``actor`` in the hand ``state`` now stands in,
    without ``player``) with every card ``viewer`` has not seen face up left out, such as
    another seat's draw from the stock.  Every log, view and review the site shows goes
    through it; :func:`every_card_shown` for games whose every step is played face up."""
    players: Mapping[str, Callable[[], Chooser[O, A]]] = field(default_factory=dict)
    """The computer players of this game, by name (random, greedy, expert)."""
    shows_hand: Callable[[H, int], bool] | None = None
    """Whether a seat's hand is turned face up once the hand is over (``None``: every
    hand is); a hand thrown in stays face down (Conquin's pass, I7)."""
    fields: Callable[[H], dict[str, Any]] | None = None
    """Record fields of a hand beyond its deal and score (Conquin's ``pot_chip``)."""
    set_fields: Callable[[H, Mapping[str, Any]], None] | None = None
    """Reads those fields back into a new hand, before its actions; raises
    InvalidGameError."""
    finish: Callable[[H], None] | None = None
    """Ends a hand that a record may legally leave open at its last action (an implicit
    waiver, say); ``None`` when no record may end early."""
    new_match: NewMatch = no_match
    """``new_match(seed, rules, seats, options)``: a new match of this game
    (:class:`solver.game.matches.GameMatch`); ``options`` as the profile's
    ``match_options`` describe them, an unknown one raises ConquianError."""
    match_from_dict: MatchFromDict = no_match_from_dict
    """``match_from_dict(data, rules)``: a match back from its ``to_dict`` form."""


AnyGame = GameRules[Any, Any, Any]
"""Any registered game, as the registry hands it out."""


def check_turn(state: HandState[Any], player: int | None, where: str,
               over: str = N_("{where}: the hand is already over")) -> None:
    """The replay guard every game's ``replay_step`` starts with: the hand goes on and it is
    ``player``'s move, else IllegalActionError naming ``where`` (``over``: the game's own
    words for a finished hand)."""
    if state.is_terminal():
        raise IllegalActionError(over, where=where)
    if player != state.current_player():
        raise IllegalActionError(
            N_("{where}: player {player} acts, but it is player {turn}'s move"),
            where=where, player=repr(player), turn=state.current_player())


def every_card_shown(state: object, actor: int, action: GameAction, viewer: int
                     ) -> dict[str, Any]:
    """``GameRules.observe_action`` of a game whose every step is played face up (a card
    turned from the stock is turned for everyone to see)."""
    return action.to_dict()
