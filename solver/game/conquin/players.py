"""Computer players of Conquin: ``random``, ``greedy`` and ``expert``.

Each sees only its :class:`~solver.game.conquin.view.ConquinObservation`.

* ``greedy`` always plays for the stake (and pays any raise), never raises, takes the
  face-up card when it puts one more card in melds, closes whenever it can, and otherwise
  discards the card whose loss leaves the most cards in melds (then the least connected).
* ``expert`` reads its hand as cards in melds plus near-melds whose missing cards are
  still live (not among the discards), keeps jokers, takes the face-up card when that
  reading improves, passes hopeless hands, raises strong ones, and closes for the best
  payment.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from solver.cards import JOKER_BASE, KINDS_MASK, NATURALS, Card, CardMask, card_kind, iter_cards
from solver.game.conquin.melding import best_closing, covered, minus, split
from solver.game.conquin.state import TAKE_FACE_UP, TAKE_STOCK, ConquinAction
from solver.game.conquin.view import ConquinObservation
from solver.game.protocol import Chooser


def _near(kind: Card) -> tuple[Card, ...]:
    rank, suit = kind % 13, kind // 13
    out = [rank + 13 * s for s in range(4) if s != suit]
    out += [(rank + d) % 13 + 13 * suit for d in (-2, -1, 1, 2)]
    return tuple(out)


_NEAR: Final = tuple(_near(k) for k in range(NATURALS))


def _kinds(naturals: CardMask) -> list[Card]:
    return [c % NATURALS for c in iter_cards(naturals)]


_NEAR_MASK: Final = tuple(sum(1 << o for o in _NEAR[k]) | 1 << k for k in range(NATURALS))
"""Each kind's near kinds and itself, as a mask of kinds."""


def _connection(kind: Card, naturals: CardMask) -> int:
    """How many of the hand's other cards (copies included) are the kind or near it."""
    near = _NEAR_MASK[kind]
    return ((naturals & KINDS_MASK & near).bit_count()
            + (naturals >> NATURALS & near).bit_count() - 1)


def _without(naturals: CardMask, jokers: int, card: Card) -> tuple[CardMask, int]:
    if card >= JOKER_BASE:
        return naturals, jokers - 1
    return minus(naturals, 1 << card_kind(card)), jokers


def _best_close(observation: ConquinObservation) -> ConquinAction | None:
    closes = [a for a in observation.legal if a.type == "close"]
    if not closes:
        return None
    naturals, jokers = split(observation.hand)

    def pays(action: ConquinAction) -> int:
        assert action.card is not None
        found = best_closing(*_without(naturals, jokers, action.card))
        return 0 if found is None else found[0]

    return max(closes, key=pays)


PLAY_ODDS: Final = 0.45


def deal_odds(inside: int, jokers: int) -> float:
    """How often a dealt hand closes first at a four-player table of greedy players, by its
    natural cards in melds and its jokers: measured over 10,000 dealt hands of greedy
    self-play (e.g. no meld and no joker: 0.10; five in melds and a joker: 0.50; four in
    melds and two jokers: 0.65), as a logistic curve of ``inside + 2.5 jokers`` fitted to
    those rates where they cross one half (it reads the weakest hands too low)."""
    import math

    score = inside + 2.5 * jokers
    return 1 / (1 + math.exp(-(score - 7.1) * 0.62))


class RandomConquin:
    name = "random"

    def choose(self, observation: ConquinObservation, rng: random.Random) -> ConquinAction:
        return rng.choice(observation.legal)


def _speak(observation: ConquinObservation, kind: str) -> ConquinAction:
    for action in observation.legal:
        if action.type == kind:
            return action
    return observation.legal[0]


class GreedyConquin:
    name = "greedy"

    def choose(self, observation: ConquinObservation, rng: random.Random) -> ConquinAction:
        phase = observation.phase
        if phase == "speak":
            return _speak(observation, "play")
        if phase == "call":
            return _speak(observation, "call")
        naturals, jokers = split(observation.hand)
        if phase == "take":
            return _take(observation, naturals, jokers)
        return _close_or_discard(
            observation, lambda discards: _least_useful(discards, naturals, jokers))


def _take(observation: ConquinObservation, naturals: CardMask, jokers: int
          ) -> ConquinAction:
    """The face-up card when it is a joker or puts one more card in melds (a known card
    beats an unknown one only then), else the stock's top card."""
    up = observation.face_up
    if up is not None and TAKE_FACE_UP in observation.legal:
        if up >= JOKER_BASE:
            return TAKE_FACE_UP
        kind = card_kind(up)
        with_up = naturals | (1 << (kind + NATURALS) if naturals >> kind & 1 else 1 << kind)
        if covered(with_up, jokers) > covered(naturals, jokers):
            return TAKE_FACE_UP
    return TAKE_STOCK if TAKE_STOCK in observation.legal else TAKE_FACE_UP


def _close_or_discard(observation: ConquinObservation,
                      pick: Callable[[list[ConquinAction]], ConquinAction]) -> ConquinAction:
    """The best-paying close when there is one; else the discard ``pick`` chooses among
    the natural cards (a joker only when the hand holds nothing else)."""
    close = _best_close(observation)
    if close is not None:
        return close
    discards = [a for a in observation.legal if a.type == "discard"
                and a.card is not None and a.card < JOKER_BASE]
    if not discards:
        return next(a for a in observation.legal if a.type == "discard")
    return pick(discards)


def _least_useful(discards: list[ConquinAction], naturals: CardMask, jokers: int
                  ) -> ConquinAction:
    """The discard whose loss leaves the most cards in melds, then the least connected,
    then the highest kind: the least of ``(-covered, connection, -kind)``.

    No discard leaves more in melds than the whole hand has (nor all of its naturals), so
    the discards are tried from the least connected on and the first reaching that bound
    wins without asking the search about the rest."""
    bound = min(covered(naturals, jokers), naturals.bit_count() - 1)
    ranked = []
    for action in discards:
        assert action.card is not None
        kind = card_kind(action.card)
        ranked.append((_connection(kind, naturals), -kind, action))
    ranked.sort(key=lambda entry: entry[:2])
    best: tuple[int, int, int] | None = None
    chosen = ranked[0][2]
    for connection, minus_kind, action in ranked:
        assert action.card is not None
        key = (-covered(*_without(naturals, jokers, action.card)), connection, minus_kind)
        if best is None or key < best:
            best, chosen = key, action
            if -key[0] == bound:
                break
    return chosen


class ExpertConquin:
    name = "expert"

    def choose(self, observation: ConquinObservation, rng: random.Random) -> ConquinAction:
        phase = observation.phase
        naturals, jokers = split(observation.hand)
        dead = self._dead(observation)
        if phase in ("speak", "call"):
            # Play (and raise) only a hand likely to close first; greedy players pay any
            # raise.  Jokers weigh most: see deal_odds.
            odds = deal_odds(covered(naturals, jokers), jokers)
            if phase == "speak" and odds >= PLAY_ODDS and any(a.type == "raise"
                                                             for a in observation.legal):
                return _speak(observation, "raise")
            if odds < PLAY_ODDS and any(a.type == "pass" for a in observation.legal):
                return _speak(observation, "pass")
            return _speak(observation, "play" if phase == "speak" else "call")
        if phase == "take":
            return _take(observation, naturals, jokers)
        return _close_or_discard(observation, lambda discards: max(discards, key=lambda a: (
            self._value(*_without(naturals, jokers, a.card or 0), dead), card_kind(a.card or 0))))

    @staticmethod
    def _candidates(naturals: CardMask) -> list[Card]:
        return sorted({c % NATURALS for c in iter_cards(naturals)})

    @staticmethod
    def _dead(observation: ConquinObservation) -> dict[Card, int]:
        """How many copies of each kind are out of reach: in the discards under the top."""
        dead: dict[Card, int] = {}
        for card in observation.waste[:-1]:
            if card < JOKER_BASE:
                kind = card_kind(card)
                dead[kind] = dead.get(kind, 0) + 1
        return dead

    @staticmethod
    def _value(naturals: CardMask, jokers: int, dead: dict[Card, int]) -> float:
        """Lower is worse.  Cards in melds first (a joker counting as one), then the live
        cards that would let the hand close at the next take, then the live cards that
        would put one more card in melds."""
        inside = covered(naturals, jokers)
        total = naturals.bit_count()
        kinds = _kinds(naturals)
        near: set[Card] = set()
        for kind in kinds:
            near.update(_NEAR[kind])
        to_close = to_grow = 0
        for other in near:
            live = 2 - kinds.count(other) - dead.get(other, 0)
            if live <= 0:
                continue
            grown = naturals | (1 << (other + NATURALS) if naturals >> other & 1
                                else 1 << other)
            now = covered(grown, jokers)
            if now > inside:
                to_grow += live
                if now >= total:  # every natural but one in melds: close by discarding it
                    to_close += live
        return 100.0 * (inside + jokers) + 10.0 * to_close + to_grow


PLAYERS: Final[dict[str, Callable[[], Chooser[ConquinObservation, ConquinAction]]]] = {
    "random": RandomConquin, "greedy": GreedyConquin, "expert": ExpertConquin}
