"""The greedy Conquin player's quick discard (issue 28's speed floor) plays exactly as the
straightforward rule it replaces: ask the search about every discard, keep the least of
``(-covered, connection, -kind)``."""

from __future__ import annotations

import random

from solver.cards import JOKER_BASE, NATURALS, Card, CardMask, card_kind, iter_cards, mask_of
from solver.game.conquin import ConquinState, observe
from solver.game.conquin.melding import covered, minus, split
from solver.game.conquin.players import _NEAR, PLAYERS, _least_useful
from solver.game.conquin.state import ConquinAction
from solver.game.conquin.view import ConquinObservation
from solver.game.deal import deal_from_seed
from tests.game.draw_helpers import CONQUIN


def _reference_connection(kind: Card, naturals: CardMask) -> int:
    others = [c % NATURALS for c in iter_cards(naturals)]
    others.remove(kind)
    return sum(1 for o in others if o in _NEAR[kind] or o == kind)


def _reference_discard(discards: list[ConquinAction], naturals: CardMask, jokers: int
                       ) -> ConquinAction:
    """The greedy discard as first written: every discard asked of the search."""

    def score(action: ConquinAction) -> tuple[int, int, int]:
        assert action.card is not None
        kind = card_kind(action.card)
        return (-covered(minus(naturals, 1 << kind), jokers),
                _reference_connection(kind, naturals), -kind)

    return min(discards, key=score)


def _discard_turn(hand: CardMask) -> ConquinObservation:
    state = ConquinState(deal_from_seed(0, 0, CONQUIN, 3))
    state.phase, state.to_move, state.hands[0] = "discard", 0, hand
    return observe(state, 0)


def _hands(rng: random.Random) -> list[CardMask]:
    """Eleven-card hands: from the whole deck, and from a narrow pool (three suits, six
    ranks, the jokers) where melds crowd and every card may be needed."""
    deck = list(CONQUIN.deck.cards)
    narrow = [c for c in deck if c >= JOKER_BASE
              or (card_kind(c) // 13 < 3 and card_kind(c) % 13 < 6)]
    return [mask_of(rng.sample(deck if i % 2 else narrow, 11)) for i in range(200)]


def test_the_greedy_discard_is_the_straightforward_one_on_random_hands() -> None:
    rng = random.Random(2028)
    greedy = PLAYERS["greedy"]()
    by_melds = full = closes = 0
    for hand in _hands(rng):
        observation = _discard_turn(hand)
        naturals, jokers = split(hand)
        discards = [a for a in observation.legal if a.type == "discard"
                    and a.card is not None and a.card < JOKER_BASE]
        if not discards:
            continue
        expected = _reference_discard(discards, naturals, jokers)
        # Asked directly too, so that hands which close (the player closes instead) check
        # the discard where the whole hand is in melds and no discard reaches the bound.
        assert _least_useful(discards, naturals, jokers) == expected
        chosen = greedy.choose(observation, random.Random(0))
        if any(a.type == "close" for a in observation.legal):
            closes += 1
            assert chosen.type == "close"
        else:
            assert chosen == expected, [str(c) for c in iter_cards(hand)]
        least_connected = min(discards, key=lambda a: (
            _reference_connection(card_kind(a.card or 0), naturals), -card_kind(a.card or 0)))
        by_melds += expected != least_connected
        full += covered(naturals, jokers) == naturals.bit_count()
    # The melds decide often (not just the connections), and whole hands in melds are met.
    assert by_melds >= 10 and full >= 3 and closes >= 15


def test_a_cards_connection_counts_the_other_copies_and_near_kinds() -> None:
    from solver.game.conquin.players import _connection

    rng = random.Random(28)
    deck = [c for c in CONQUIN.deck.cards if c < JOKER_BASE]
    for _ in range(300):
        naturals, _jokers = split(mask_of(rng.sample(deck, 11)))
        for card in iter_cards(naturals):
            kind = card % NATURALS
            assert _connection(kind, naturals) == _reference_connection(kind, naturals)
