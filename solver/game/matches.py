"""The match every game of the family offers: hands dealt one after another from one seed,
the score carried between them.

Each profile's game registers how to start a match and how to read one back in its
:class:`solver.game.protocol.GameRules` (``new_match``, ``match_from_dict``); self-play, the
site and the tests start matches only through
``solver.game.registry.game_rules(profile).new_match(seed, profile, seats, options)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from solver.errors import ConquianError
from solver.rules import RuleProfile


class GameMatch(Protocol):
    """A match (Conquin: a table): hands dealt one after another from one seed, the score
    (Conquin: each seat's chips) carried between them."""

    seed: int
    rules: RuleProfile
    seats: int
    score: list[int]
    """With every recorded hand counted (Conquin: chips per seat)."""
    stake: int
    """What the next hand is worth (1 where nothing multiplies)."""
    dealer: int
    """Dealer of the next hand to deal (or of the current one once dealt)."""
    hands_played: int
    """Finished hands recorded so far."""

    @property
    def target(self) -> int | None:
        """What wins the match; ``None``: no end (Conquin)."""
        ...

    def is_over(self) -> bool: ...

    def winner(self) -> int | None: ...

    def next_hand(self) -> Any:
        """Deals hand number ``hands_played``, from ``hand_seed(seed, hands_played)``."""
        ...

    def record_result(self, state: Any) -> None:
        """Counts a finished hand."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


class NewMatch(Protocol):
    def __call__(self, seed: int, rules: RuleProfile, seats: int,
                 options: Mapping[str, Any]) -> GameMatch: ...


class MatchFromDict(Protocol):
    def __call__(self, data: Mapping[str, Any], rules: RuleProfile) -> GameMatch: ...


def no_match(seed: int, rules: RuleProfile, seats: int,
             options: Mapping[str, Any]) -> GameMatch:
    """``GameRules.new_match`` of a game that has not registered its match yet."""
    raise ConquianError(f"{rules.id} has no match registered")


def no_match_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> GameMatch:
    """``GameRules.match_from_dict`` of a game that has not registered its match yet."""
    raise ConquianError(f"{rules.id} has no match registered")
