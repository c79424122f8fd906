"""Matches of the "meld the taken card at once" games: Cooncan (C2, C13) and Kunken (K2,
K13, K14).  conquian-40's matches are :mod:`solver.game.match`.

* Cooncan: a won hand scores one point plus one for each drawn hand just before it; the
  first to three points wins; the deal alternates (C2, C12, C13).  By agreement the match
  goes to a point total instead (C15, ``points=True``): the winner of a hand scores the pips
  left in the loser's hand, a drawn hand scores nothing, and the first to the total wins.
* Kunken: both players score every won hand (K12) times the stake, which doubles after
  each exhausted stock in a row (K13); the winner of a hand deals the next, the same dealer
  deals again after an exhausted stock (K2, K13); the match ends after the hand in which a
  player reaches the target (500, or 300 by agreement) and the higher total wins (K14) —
  on equal totals play goes on until one is ahead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.deal import Deal, deal_from_seed
from solver.game.match import hand_points, hand_seed
from solver.game.matches import (
    MatchFromDict,
    NewMatch,
    check_seats,
    match_options,
    stored,
    to_stored,
)
from solver.messages import N_
from solver.rules import RuleProfile, get_profile
from solver.rules.variants import Cooncan, Kunken

KUNKEN_TARGETS: Final = Kunken.match_targets
COONCAN_POINTS: Final = Cooncan.points_target
"""C15: the default total of a Cooncan match to points."""
MAX_HANDS: Final = 1000
"""A match that has not ended after this many hands stops (only reachable by players that
never go out); its leader, if any, wins."""


@dataclass
class MeldMatch:
    """A match of ``cooncan`` or a Kunken profile, deterministic from its seed; what differs
    between them the profile says (``match_stake``, ``winner_deals``, ``both_score``,
    ``match_targets``)."""

    seed: int
    rules: RuleProfile
    target: int = 0
    """Kunken: 500 or 300 (K14); Cooncan: 3 points (C13), or 100 in a match to points (C15)."""
    score: list[int] = field(default_factory=lambda: [0, 0])
    stake: int = 1
    """Cooncan: what the next won hand scores (1 + drawn hands before it, C13).
    Kunken: the multiplier of the next hand (x2 after each exhausted stock, K13)."""
    dealer: int = -1
    hands_played: int = 0
    points: bool = False
    """Cooncan: a match to a point total counting the loser's hand (C15).  A Kunken match
    always goes to points (K12, K14), so the flag changes nothing there."""
    seats: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    """As :func:`solver.game.matches.match_options` gives them (``target`` and ``points``
    when given override the fields above)."""
    start: Callable[[Deal, tuple[int, ...]], Any] | None = field(
        default=None, compare=False, repr=False)
    """The game's ``new_hand``, given by the game that registers this match (so the match
    never looks its game up: the game imports the match, not the other way round)."""

    def __post_init__(self) -> None:
        self.rules = get_profile(self.rules)
        check_seats(self.rules, self.seats)
        self.points = self.options.get("points", self.points)  # checked by match_options
        if self.options.get("target") is not None:
            self.target = self.options["target"]
        self.options = match_options(self.rules, self._chosen(), self.seats)
        if not self.target:
            points = self.points and "points" in self.rules.match_options
            self.target = self.rules.points_target if points else self.rules.match_target
        allowed = self.rules.match_targets
        if allowed and self.target not in allowed:
            raise ConquianError(N_("a {game} match goes to {targets} points ({rule}), not "
                                   "{target}"), game=self.rules.name,
                                targets=" / ".join(map(str, allowed)),
                                rule=self.rules.rule_ids.get("match", ""), target=self.target)
        if self.target < 1:
            raise ConquianError(N_("a match goes to at least one point, not {target}"),
                                target=self.target)
        if self.dealer < 0:
            # C2: cut for the first deal; K2: by lot.
            chosen = self.options.get("dealer")
            self.dealer = (random.Random(f"conquian-match:{self.seed}").randrange(2)
                           if chosen is None else chosen)

    def _chosen(self) -> dict[str, Any]:
        """The options as given, ``points`` and ``target`` from the fields."""
        chosen = {k: v for k, v in self.options.items() if k not in ("points", "target")}
        if "points" in self.rules.match_options:
            chosen["points"] = self.points
        if self.target:
            chosen["target"] = self.target
        return chosen

    def is_over(self) -> bool:
        if self.hands_played >= MAX_HANDS:
            return True
        if self.rules.both_score:  # K14: equal totals play on
            return max(self.score) >= self.target and self.score[0] != self.score[1]
        return max(self.score) >= self.target

    def winner(self) -> int | None:
        if not self.is_over() or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def next_hand(self) -> Any:
        if self.start is None:
            raise ConquianError(N_("this match was made without its game, so it cannot deal"))
        deal = deal_from_seed(hand_seed(self.seed, self.hands_played), self.dealer, self.rules)
        return self.start(deal, (self.score[0], self.score[1]))

    def record_result(self, state: Any) -> None:
        self.hands_played += 1
        winner = state.winner
        if self.rules.both_score:
            if winner is None:
                self.stake *= 2  # K13: the same dealer deals again, the next hand doubled
                return
            points = state.points()
            for p in (0, 1):
                self.score[p] += self.stake * points[p]
            self.stake = 1
            self.dealer = winner  # K2: the winner deals the next hand
            return
        if self.points:  # C15: the loser's pips; a draw scores and carries nothing
            if winner is not None:
                self.score[winner] += hand_points(state)
        elif winner is None:
            if self.rules.match_stake == "carry":
                self.stake += 1  # C12, C13: a drawn hand carries its point over
        else:
            self.score[winner] += self.stake
            self.stake = 1
        self.dealer = 1 - self.dealer  # C2: the deal alternates

    def to_dict(self) -> dict[str, Any]:
        return to_stored(self, self.options)


def meld_matches(start: Callable[[Deal, tuple[int, ...]], Any]
                 ) -> tuple[NewMatch, MatchFromDict]:
    """``GameRules.new_match`` and ``match_from_dict`` of a game played in MeldMatches
    (Cooncan, the Kunken profiles), dealing its hands with ``start``."""

    def new_match(seed: int, rules: RuleProfile, seats: int,
                  options: Mapping[str, Any]) -> MeldMatch:
        return MeldMatch(seed, rules, seats=seats, options=dict(options), start=start)

    def match_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> MeldMatch:
        fields = stored(data, rules)
        return MeldMatch(fields["seed"], rules, 0, fields["score"], fields["stake"],
                         fields["dealer"], fields["hands_played"], seats=fields["seats"],
                         options=fields["options"], start=start)

    return new_match, match_from_dict
