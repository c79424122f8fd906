"""Computer players of ``cooncan`` (docs/rules/cooncan.md): greedy and expert.

``random`` is the shared :class:`~solver.players.random_player.RandomPlayer` (it only
needs ``legal_actions``).  Both players here see only a
:class:`~solver.game.cooncan.view.CooncanObservation`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from solver.cards import FULL_DECK, Card, CardMask, iter_cards, union
from solver.cover import core_plays, first_cover
from solver.game.conquian.actions import NO_FORCE, TURN, Action
from solver.game.cooncan.state import TABLE, CooncanAction, CooncanPlay
from solver.game.cooncan.view import CooncanObservation
from solver.game.protocol import Chooser
from solver.players.hand_shape import connection, least_connected
from solver.players.random_player import RandomPlayer

WIN_OUT: Final = 5.0
USE_OUT: Final = 1.2
HAND_CARD: Final = 1.6
SHAPE: Final = 0.15
FEEDS: Final = 3.0  # a discard the opponent can take with no hand card (their melds or ours)
FEEDS_WIN: Final = 40.0
MAX_DISCARDS: Final = 5


def _take(obs: CooncanObservation, play: CooncanPlay, discard: Card | None) -> Action:
    assert obs.center is not None
    return CooncanAction("take", obs.center, play.hand_cards, play.melds, discard, play.lay_off)


def _live(obs: CooncanObservation, mine: CardMask) -> CardMask:
    return FULL_DECK & ~(obs.hand | mine | obs.opponent_exposed | obs.seen)


class CooncanGreedy:
    """Takes whenever it can, putting down the most cards; discards its least connected
    card; declines or passes otherwise; never forces."""

    name = "greedy"

    def choose(self, observation: CooncanObservation, rng: random.Random) -> Action:
        kinds = observation.action_types
        if "turn" in kinds:
            return TURN
        if "no_force" in kinds:
            return NO_FORCE
        plays = observation.plays
        if "take" in kinds and plays is not None and plays.plays:
            play = max(plays.plays, key=lambda p: p.size)
            if play.wins:
                return _take(observation, play, None)
            mine = union(play.melds)
            rest = observation.hand & ~play.hand_cards
            return _take(observation, play, least_connected(rest, mine, _live(observation, mine)))
        kind = "pass" if "pass" in kinds else "decline"
        return CooncanAction(kind, observation.center)  # type: ignore[arg-type]


class CooncanExpert:
    """One-ply evaluation of every take: outs left among the unseen cards, cards still in
    hand, shape, minus the danger of the discard — a card the opponent could lay off onto
    our melds or fit into theirs is a free card down for them (C9, C10).  Takes unless
    keeping the hand scores clearly better; never forces (a forced card is still a card
    down for the opponent)."""

    name = "expert"

    def choose(self, observation: CooncanObservation, rng: random.Random) -> Action:
        kinds = observation.action_types
        if "turn" in kinds:
            return TURN
        if "no_force" in kinds or observation.phase == "force":
            return NO_FORCE
        center = observation.center
        assert center is not None
        unseen = observation.unseen
        plays = observation.plays.plays if observation.plays is not None else ()
        if "take" in kinds:
            for play in plays:
                if play.wins:
                    return _take(observation, play, None)
        best: tuple[float, Action] | None = None
        if "take" in kinds:
            for play in plays:
                mine = union(play.melds)
                theirs = observation.opponent_exposed
                their_melds = list(observation.opponent_melds)
                if play.lay_off is not None:
                    their_melds[play.lay_off] |= 1 << center
                    theirs |= 1 << center
                rest = observation.hand & ~play.hand_cards
                ranked = sorted(iter_cards(rest), key=lambda c: connection(
                    c, (rest | mine) & ~(1 << c), unseen))[:MAX_DISCARDS]
                for discard in ranked:
                    value = self._evaluate(rest & ~(1 << discard), mine, unseen)
                    value -= self._danger(discard, play.melds, their_melds,
                                          observation.opponent_hand_count)
                    value += 0.5 * play.size + (1.0 if play.lay_off is not None else 0.0)
                    if best is None or value > best[0]:
                        best = (value, _take(observation, play, discard))
        if observation.phase == "forced":
            assert best is not None
            return best[1]
        keep = self._evaluate(observation.hand, observation.exposed, unseen)
        if observation.phase == "respond":
            keep += 0.3  # declining turns a fresh card
        if best is not None and best[0] >= keep - 1.0:
            return best[1]
        kind = "pass" if "pass" in kinds else "decline"
        return CooncanAction(kind, center)  # type: ignore[arg-type]

    @staticmethod
    def _evaluate(hand: CardMask, exposed: CardMask, unseen: CardMask) -> float:
        win_outs = use_outs = 0
        whole = hand | exposed
        for card in iter_cards(unseen):
            bit = 1 << card
            if first_cover(whole | bit, table=TABLE) is not None:
                win_outs += 1
                use_outs += 1
            elif core_plays(exposed | bit, hand, card, table=TABLE):
                use_outs += 1
        shape = 0.0
        for card in iter_cards(hand):
            shape += min(4.0, connection(card, whole & ~(1 << card), unseen))
        return (WIN_OUT * win_outs + USE_OUT * use_outs - HAND_CARD * hand.bit_count()
                + SHAPE * shape)

    @staticmethod
    def _danger(card: Card, mine: tuple[CardMask, ...], theirs: list[CardMask],
                their_hand: int) -> float:
        bit = 1 << card
        free = any(TABLE.is_valid(m | bit) for m in mine)  # they may lay it off on ours
        if not free:
            exposed = union(theirs)
            free = bool(exposed) and first_cover(exposed | bit, table=TABLE) is not None
        if not free:
            return 0.0
        return FEEDS_WIN if their_hand == 0 else FEEDS


PLAYERS: Final[dict[str, Callable[[], Chooser[CooncanObservation, Action]]]] = {
    "random": RandomPlayer, "greedy": CooncanGreedy, "expert": CooncanExpert}
