"""What the opponent's refusals tell about their hand, and hands sampled to match.

A card the opponent declined (R7) or turned and passed (R7) is a card they chose not to
meld.  Their hand only ever loses cards (a taken card goes to the melds, R8), so if the
hand they hold *now* could meld a refused card with the melds they had *then*, so could
the hand they held then.  Most players take what they can, so hands like that are made
unlikely (not impossible: people do decline cards they could use).

Discards say something too: a plain player discards its least connected card.  The hand
the opponent held at a discard is the hand it holds now plus the cards that left it since:
later discards and the hand cards laid, all seen face up.  When they took a card they had
turned themselves, we do not know which of the new exposed cards it was, so the hand
then is one of a few, one for each new card.  Each sampled hand is checked against the
discards, and a hand that would have kept the discarded card rather than another (for
every way the cards may have left it since) becomes less likely (MISFIT_ODDS).

Everything here comes from the player's own successive observations: which card it left
to the opponent, whether that card later lies in the waste, and whether the card it faces
was passed (the opponent's melds did not grow).  Nothing reads the opponent's hand.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from solver.cards import FULL_DECK, Card, CardMask, cards_of, iter_cards, mask_of
from solver.cover import core_plays, fits_melds
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation
from solver.players.hand_shape import connection, rank_mates, run_neighbours
from solver.players.rollout import greedy_take

MISFIT_ODDS: Final = 0.01
"""How much less likely a hand becomes for each thing it would have done otherwise than
the opponent did: meld a card they refused, discard another card than the one they did
(solver.players.hand_shape.least_connected, the discard of a plain player), lay other hand
cards with a card they took (a plain player lays the most it can).  Sharp, since a plain
player's choices follow from its hand; not zero, since people do refuse useful cards."""
DISCARDS_READ: Final = 12  # discards read, the latest first
MAX_WAYS: Final = 64
"""Reading stops at a discard with more ways than this that the cards since may have left
the hand (each take of a card they turned multiplies them, ``_gone``)."""
TRIES: Final = 60  # draws for the first hand of a position before settling for the likeliest
MOVES: Final = 12  # one-card swaps between two sampled hands of a position


@dataclass(frozen=True, slots=True)
class Refusal:
    card: Card
    opponent_exposed: CardMask
    """The opponent's exposed cards when they refused the card."""
    near: CardMask
    """Hand cards that could take part in melding it: a hand card laid with the card shares
    a meld with the card or with an exposed card, and then sits next to one of them (same
    rank, or one rank away in the suit), since a run is unbroken.  A hand holding none of
    these cannot meld the card."""
    at: int = 0
    """How many of the opponent's discards had been seen then."""


def refusal(card: Card, opponent_exposed: CardMask) -> Refusal | None:
    """The refusal of ``card``, or None when it teaches nothing about the hand: a card that
    fits the exposed melds alone was refused for some other reason (R9)."""
    if opponent_exposed and fits_melds(opponent_exposed, card):
        return None
    # Next to the card or to an exposed card: rearranging the melds may free an exposed
    # card that hand cards then meld with (4S refused beside 4C 5C 6C and 4D-7D is
    # meldable with 7C: 4S 4C 4D, 5C 6C 7C).
    near = 0
    for c in iter_cards(opponent_exposed | 1 << card):
        near |= rank_mates(c) | run_neighbours(c, 1)
    return Refusal(card, opponent_exposed, near)


def could_meld(hand: CardMask, r: Refusal) -> bool:
    """The hand could have taken the refused card (R8) with the melds of that moment."""
    if not hand & r.near:
        return False
    return _meldable(r.opponent_exposed | 1 << r.card, hand, r.card)


@lru_cache(maxsize=1 << 16)
def _meldable(required: CardMask, hand: CardMask, card: Card) -> bool:
    # Cached: the sampler's walk asks about the same few hands again and again (85% of
    # the questions were answered before, over 40 hands).
    return bool(core_plays(required, hand, card))


@dataclass(frozen=True, slots=True)
class Discard:
    """The opponent took a card and then discarded ``card`` (R8)."""

    card: Card
    exposed: CardMask
    """The opponent's exposed cards after the take."""
    ours: CardMask
    """This player's exposed cards then."""
    waste: CardMask
    """The cards seen face up then, outside the melds and the center."""
    gone: CardMask
    """Cards that left the opponent's hand in this take: the discard and the hand cards
    laid (when the card taken is known to be one we left; else -1: not known)."""
    taken: Card | None = None
    """The card taken, when it is known to be one we left (else one of the new exposed
    cards, turned from the stock)."""
    before: CardMask = 0
    """The opponent's exposed cards before the take."""


def take_misfit(hand: CardMask, d: Discard) -> bool:
    """``hand`` (the opponent's hand after the discard) would not have laid exactly these
    hand cards with the card taken: a plain player lays the most it can (R8, as
    solver.players.greedy does)."""
    if d.taken is not None and d.gone >= 0:
        laid = d.gone & ~(1 << d.card)
        return greedy_take(hand | d.gone, d.before, d.taken) != laid
    # A card they turned themselves: any of the new exposed cards may be it.
    new = d.exposed & ~d.before
    rest = hand | 1 << d.card
    for taken in iter_cards(new):
        laid = new & ~(1 << taken)
        if greedy_take(rest | laid, d.before, taken) == laid:
            return False
    return True


def discard_misfit(hand: CardMask, d: Discard) -> bool:
    """``hand`` (the opponent's hand after the discard) would not have discarded ``d.card``
    as its least connected card (the lowest card of the least connected, as greedy does)."""
    rest = hand | 1 << d.card
    live = FULL_DECK & ~(rest | d.exposed | d.ours | d.waste)
    mine = rest | d.exposed
    score = connection(d.card, mine & ~(1 << d.card), live)
    for card in iter_cards(rest):
        if card == d.card:
            continue
        other = connection(card, mine & ~(1 << card), live)
        if other < score or (other == score and card < d.card):
            return True
    return False


def _gone(d: Discard) -> tuple[CardMask, ...]:
    """The ways the cards that left the opponent's hand in the take of ``d`` may have gone:
    the discard and the hand cards laid.  When the card taken is not known (one they
    turned), any one of the new exposed cards may be it and the others came from the hand;
    a single new card was taken with no hand card at all."""
    if d.gone >= 0:
        return (d.gone,)
    new = d.exposed & ~d.before
    return tuple(new & ~(1 << taken) | 1 << d.card for taken in iter_cards(new))


def _then(laters: tuple[CardMask, ...], d: Discard) -> tuple[CardMask, ...]:
    """``laters`` extended by the cards that left the hand in the take of ``d``."""
    return tuple(sorted({later | gone for later in laters for gone in _gone(d)}))


@dataclass(slots=True)
class OpponentModel:
    """The refusals of the current hand, kept between one's own decisions."""

    refusals: list[Refusal] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    known: CardMask = 0
    stock_count: int = -1
    left: Card | None = None
    """The card this player last left to the opponent (a discard or a passed card)."""
    opponent_exposed: CardMask = 0
    last: Observation | None = None
    chain: tuple[tuple[CardMask, int, int, int], CardMask, int] | None = None
    """The last hand sampled, its position and its misfits (see ``sample_hand``)."""
    reading: tuple[list[tuple[Refusal, tuple[CardMask, ...]]],
                   list[tuple[Discard, tuple[CardMask, ...]]]] | None = None
    """The refusals and discards as read for the hand now, built once per decision."""

    def observe(self, observation: Observation) -> None:
        """Update from the next observation of this player (call once per decision)."""
        self.chain = None  # each decision samples afresh: the same question, the same answer
        self.reading = None
        if observation == self.last:
            return  # the same decision asked again: nothing happened in between
        self.last = observation
        known = FULL_DECK & ~observation.unseen
        if observation.stock_count > self.stock_count or known & self.known != self.known:
            # A new hand (or an unrelated position): forget everything (R12: fresh deal).
            self.refusals.clear()
            self.discards.clear()
            self.left = None
            self.opponent_exposed = 0
        opp = observation.opponent_exposed
        if self.left is not None and observation.seen >> self.left & 1:
            self._add(self.left, self.opponent_exposed)  # they declined our card
        center = observation.center
        if (center is not None and observation.phase == "respond"
                and observation.center_from == "opponent" and center != self.left
                and opp == self.opponent_exposed):
            self._add(center, opp)  # they turned it and passed it without taking
        if (center is not None and observation.center_from == "opponent"
                and observation.phase == "respond" and opp & ~self.opponent_exposed
                and self.stock_count >= 0):
            # They took a card and discarded ``center``.  When the card taken is the one we
            # left, the rest of the new melds came from their hand.
            new = opp & ~self.opponent_exposed
            taken = self.left if self.left is not None and new >> self.left & 1 else None
            gone = -1 if taken is None else (new & ~(1 << taken)) | 1 << center
            self.discards.append(Discard(center, opp, observation.exposed, observation.seen,
                                         gone, taken, self.opponent_exposed))
        self.known = known
        self.stock_count = observation.stock_count
        self.opponent_exposed = opp
        self.left = None

    def chose(self, action: Action) -> None:
        """Remember the card our action leaves to the opponent."""
        if action.type == "take":
            self.left = action.discard
        elif action.type == "pass":
            self.left = action.card
        else:
            self.left = None

    def _add(self, card: Card, opponent_exposed: CardMask) -> None:
        r = refusal(card, opponent_exposed)
        if r is not None:
            self.refusals.append(replace(r, at=len(self.discards)))

    def _readable(self) -> list[tuple[Discard, tuple[CardMask, ...]]]:
        """The latest discards whose hand can be rebuilt from the hand now: each with the
        ways the cards that left the hand after it may have gone (their hand only ever
        loses cards, R8).  When they took a card they turned, which of the new exposed
        cards it was is not known, so each of them gives one way (see ``_gone``)."""
        out: list[tuple[Discard, tuple[CardMask, ...]]] = []
        laters: tuple[CardMask, ...] = (0,)
        for d in reversed(self.discards):
            if len(out) >= DISCARDS_READ:
                break
            out.append((d, laters))
            laters = _then(laters, d)
            if len(laters) > MAX_WAYS:
                break  # too many ways to tell: earlier hands are left unread
        return out

    def _refusals_then(self) -> list[tuple[Refusal, tuple[CardMask, ...]]]:
        """Each refusal with the ways the cards that left the hand since may have gone (the
        discards and the hand cards laid, see ``_readable``).  The hand then held the
        hand now plus one of these, so it could meld at least as much."""
        out: list[tuple[Refusal, tuple[CardMask, ...]]] = []
        for r in self.refusals:
            laters: tuple[CardMask, ...] = (0,)
            for d in self.discards[r.at:]:
                laters = _then(laters, d)
                if len(laters) > MAX_WAYS:
                    # Too many ways: only the cards surely gone, the discards and the
                    # hand cards known to be laid.
                    sure = 0
                    for e in self.discards[r.at:]:
                        sure |= e.gone if e.gone >= 0 else 1 << e.card
                    laters = (sure,)
                    break
            out.append((r, laters))
        return out

    def sample_hand(self, pool: list[Card], size: int, rng: random.Random) -> CardMask:
        """An opponent hand of ``size`` cards from ``pool`` (the unseen cards), each
        misfit making it MISFIT_ODDS times less likely: a refused card it could meld, a
        discard that was not its least connected card, a take that did not lay the most
        hand cards.

        The first hand of a position is drawn by rejection (:meth:`_draw`); the next ones
        walk from the last by MOVES swaps of one card (Metropolis), which finds the few
        hands that fit many refusals far more cheaply than fresh draws would."""
        if self.reading is None:
            # Read once per decision: only observe() adds refusals or discards.
            self.reading = (self._refusals_then(), self._readable())
        refusals, readable = self.reading
        key = (mask_of(pool), size, len(self.refusals), len(self.discards))
        if self.chain is None or self.chain[0] != key:
            hand, misfits = _draw(pool, size, rng, refusals, readable)
        else:
            hand, misfits = _walk(self.chain[1], self.chain[2], pool, rng, refusals,
                                  readable)
        self.chain = (key, hand, misfits)
        return hand


def _allowed(rng: random.Random) -> int:
    """How many misfits more a draw may have and still be kept: each costs MISFIT_ODDS."""
    u = max(rng.random(), 1e-300)  # log(0) is undefined
    return 0 if u >= MISFIT_ODDS else int(math.log(u) / math.log(MISFIT_ODDS))


def _draw(pool: list[Card], size: int, rng: random.Random,
          refusals: list[tuple[Refusal, tuple[CardMask, ...]]],
          readable: list[tuple[Discard, tuple[CardMask, ...]]]) -> tuple[CardMask, int]:
    """A hand drawn uniformly and kept with its odds; after TRIES draws, the hand with the
    fewest misfits.  With its misfits."""
    best, best_misfits = 0, -1
    for _ in range(TRIES):
        hand = mask_of(rng.sample(pool, size))
        # Misfits are counted only while they could still matter: up to the number this
        # draw is allowed (the chance of keeping it) or the best draw's.
        allowed = _allowed(rng)
        limit = max(allowed, best_misfits - 1) if best_misfits >= 0 else 1 << 30
        misfits = _misfits(hand, refusals, readable, limit)
        if misfits <= allowed:
            return hand, misfits
        if best_misfits < 0 or misfits < best_misfits:
            best, best_misfits = hand, misfits
    return best, best_misfits


def _walk(hand: CardMask, misfits: int, pool: list[Card], rng: random.Random,
          refusals: list[tuple[Refusal, tuple[CardMask, ...]]],
          readable: list[tuple[Discard, tuple[CardMask, ...]]]) -> tuple[CardMask, int]:
    """MOVES Metropolis steps from ``hand``: swap a random card for a random card outside
    it, kept with the odds of the misfits it adds (always when it adds none)."""
    outside = [c for c in pool if not hand >> c & 1]
    if not outside or not hand:
        return hand, misfits
    for _ in range(MOVES):
        mine = cards_of(hand)
        i, j = _below(rng, len(mine)), _below(rng, len(outside))
        new = hand & ~(1 << mine[i]) | 1 << outside[j]
        allowed = misfits + _allowed(rng)
        count = _misfits(new, refusals, readable, allowed)
        if count <= allowed:
            outside[j] = mine[i]
            hand, misfits = new, count
    return hand, misfits


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0, number for number (CPython draws the same bits the
    same way), but compiled: the walk draws two per step and ``random.py`` is slow."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _misfits(hand: CardMask, refusals: list[tuple[Refusal, tuple[CardMask, ...]]],
             readable: list[tuple[Discard, tuple[CardMask, ...]]], limit: int) -> int:
    """The misfits of ``hand`` (see ``OpponentModel.sample_hand``), counted cheapest first
    and no further than ``limit`` + 1.  Something is a misfit only when it is one for every
    way the cards may have left the hand since."""
    misfits = 0
    for r, laters in refusals:
        if all(could_meld(hand | later, r) for later in laters):
            misfits += 1
            if misfits > limit:
                return misfits
    for d, laters in readable:
        if all(discard_misfit(hand | later, d) for later in laters):
            misfits += 1
            if misfits > limit:
                return misfits
    for d, laters in readable:
        if all(take_misfit(hand | later, d) for later in laters):
            misfits += 1
            if misfits > limit:
                return misfits
    return misfits
