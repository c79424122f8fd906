"""Computer players of the Kunken profiles (docs/rules/kunken.md): greedy and expert.

Both choose among the observation's step actions (``KunkenObservation.actions``), seeing
only their own hand, the table and the discard pile.  ``random`` is the shared
:class:`~solver.players.random_player.RandomPlayer`.
"""

from __future__ import annotations

import random
from typing import Final

from solver.cards import (
    JOKER_BASE,
    NATURALS,
    Card,
    CardMask,
    Deck,
    card_rank,
    card_suit,
    iter_cards,
    make_card,
)
from solver.game.kunken import KAction, KunkenObservation, kind_of

STEP_ORDER: Final = {"meld": 0, "add": 1, "swap": 2}


def _kinds(mask: CardMask) -> CardMask:
    out = 0
    for c in iter_cards(mask):
        if c < JOKER_BASE:
            out |= 1 << c % NATURALS
    return out


def connection(kind: Card, mine: CardMask, deck: Deck) -> float:
    """How much the natural ``kind`` belongs with the kinds ``mine``: rank mates and close
    suit neighbours in the deck's run order."""
    rank, suit = card_rank(kind), card_suit(kind)
    score = 0.0
    for s in range(4):
        if s != suit and mine >> make_card(rank, s) & 1:
            score += 2.0
    order = deck.order(kind)
    for distance, weight in ((1, 2.0), (2, 1.0)):
        for o in (order - distance, order + distance):
            if 0 <= o < len(deck.ranks) and mine >> make_card(deck.rank_at(o), suit) & 1:
                score += weight
    return score


def _table_kinds(obs: KunkenObservation) -> CardMask:
    out = 0
    for meld in (*obs.melds, *obs.opponent_melds):
        for k in meld.kinds():
            out |= 1 << k
    return out


def _size(action: KAction) -> int:
    return len(action.cards) + len(action.jokers)


class KunkenGreedy:
    """Puts down as many cards as it can, as soon as it can: takes the discard whenever it
    can use it, melds and adds everything, swaps jokers; discards its least connected card;
    never takes a meld back."""

    name = "greedy"

    def choose(self, observation: KunkenObservation, rng: random.Random) -> KAction:
        actions = observation.actions
        kinds = observation.action_types
        if "turn" in kinds:
            return actions[0]
        if observation.phase == "draw":
            for a in actions:
                if a.type == "take":
                    return a
            return next(a for a in actions if a.type == "draw")
        plays = [a for a in actions if a.type in STEP_ORDER]
        if plays:
            return max(plays, key=lambda a: (_size(a), -STEP_ORDER[a.type],
                                             a.owner != observation.player))
        return self.discard(observation, actions)

    def discard(self, obs: KunkenObservation, actions: tuple[KAction, ...]) -> KAction:
        discards = [a for a in actions if a.type == "discard"]
        if obs.pending is not None:
            return discards[0]
        mine = _kinds(obs.hand)
        deck = obs.rules.deck

        def keep(a: KAction) -> float:
            assert a.card is not None
            if a.card >= JOKER_BASE:
                return 100.0
            return connection(a.card, mine & ~(1 << a.card), deck)

        return min(discards, key=lambda a: (keep(a), a.card))


class KunkenExpert(KunkenGreedy):
    """The greedy player's habits, with three refinements: a discard is chosen for safety
    (never a card that fits a meld on the table, where the opponent could add it, K9,
    K10) and for its pips (a high card left in hand costs its value, K12); among several
    ways to use a card it keeps the hand best connected; it takes the discard only when it
    can use it without breaking its hand."""

    name = "expert"

    def choose(self, observation: KunkenObservation, rng: random.Random) -> KAction:
        actions = observation.actions
        kinds = observation.action_types
        if "turn" in kinds:
            return actions[0]
        if observation.phase == "draw":
            for a in actions:
                if a.type == "take":
                    return a
            return next(a for a in actions if a.type == "draw")
        plays = [a for a in actions if a.type in STEP_ORDER]
        if plays:
            deck = observation.rules.deck
            hand = _kinds(observation.hand)

            def value(a: KAction) -> tuple[float, ...]:
                left = hand
                for c in a.cards:
                    left &= ~(1 << c)
                shape = sum(connection(k, left & ~(1 << k), deck) for k in iter_cards(left))
                # Jokers are worth most in hand only while they cannot go down at all.
                return (_size(a) - 0.5 * len(a.jokers), 0.1 * shape - STEP_ORDER[a.type])

            return max(plays, key=value)
        return self.discard(observation, actions)

    def discard(self, obs: KunkenObservation, actions: tuple[KAction, ...]) -> KAction:
        discards = [a for a in actions if a.type == "discard"]
        if obs.pending is not None:
            return discards[0]
        deck = obs.rules.deck
        mine = _kinds(obs.hand)
        melds = [m.kinds() for m in (*obs.melds, *obs.opponent_melds)]
        rules = obs.rules
        valid = rules.table.is_valid
        from solver.melds import multiset_mask

        # The cards the opponent may hold: every kind not in sight (two packs: roughly).
        known = mine | _kinds(obs.table_cards()) | _kinds(obs.seen)
        unseen = [k for k in iter_cards(deck.kinds & ~known)] if rules.deck.packs == 1 else \
            [k for k in iter_cards(deck.kinds & ~mine)]
        rng = random.Random(hash((obs.hand, len(obs.pile))))
        size = obs.opponent_hand_count
        samples = [_mask(rng.sample(unseen, min(size, len(unseen)))) for _ in range(SAMPLES)]
        containing = rules.table.containing

        def fits(kind: Card) -> bool:
            return any(valid(multiset_mask([*m, kind])) for m in melds)

        def feeds(kind: Card) -> float:
            hits = 0
            for hand in samples:
                for meld in containing[kind]:
                    rest = meld & ~(1 << kind)
                    if rest & hand == rest:
                        hits += 1
                        break
            return hits / len(samples)

        def cost(a: KAction) -> float:
            assert a.card is not None
            if a.card >= JOKER_BASE:
                return 1000.0
            k = a.card
            value = 3.0 * connection(k, mine & ~(1 << k), deck)
            if fits(k):
                value += 12.0
            return value + 10.0 * feeds(k)

        return min(discards, key=lambda a: (cost(a), a.card))


def _mask(kinds: list[Card]) -> CardMask:
    out = 0
    for k in kinds:
        out |= 1 << k
    return out


SAMPLES: Final = 24


__all__ = ["KunkenExpert", "KunkenGreedy", "kind_of"]
