"""Where every card of a hand lies, read from each engine's documented state fields.

The game protocol has no call that lists a hand's cards by place (``ColonelState`` and
``ConquinState`` offer ``all_cards()``, without places; ``GameState``/``CooncanState`` and
``KunkenState`` nothing), so this helper reads the fields each engine documents.  A game
it does not know fails the conformance tests with a message saying so: an eighth game adds
a reader here, or better a ``card_zones()`` method of its own that this helper asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.cards import Card, card_kind, cards_of, is_joker
from solver.game.colonel.state import ColonelState
from solver.game.conquian.state import GameState
from solver.game.conquin.state import ConquinState
from solver.game.kunken import KunkenState


@dataclass(frozen=True)
class Zones:
    """Every physical card of a hand once: ``private[s]`` only seat ``s`` sees (its hand,
    a stock card it is using), ``hidden`` nobody sees (the stock), ``public`` everyone
    has seen face up (the table, the center, discards, a waste of cards once face up)."""

    private: tuple[tuple[Card, ...], ...]
    hidden: tuple[Card, ...]
    public: tuple[Card, ...]

    def every_card(self) -> list[Card]:
        return [c for cards in self.private for c in cards] + [*self.hidden, *self.public]


def _conquian(state: GameState) -> Zones:
    center = () if state.center is None else (state.center,)
    table = cards_of(state.exposed[0] | state.exposed[1])
    return Zones(tuple(tuple(cards_of(h)) for h in state.hands),
                 tuple(state.deal.stock[state.stock_pos:]),
                 (*table, *center, *cards_of(state.waste)))


def _kunken(state: KunkenState) -> Zones:
    private = [list(cards_of(h)) for h in state.hands]
    public = [c for side in state.melds for meld in side for c in cards_of(meld.cards)]
    public += state.pile
    if state.pending is not None:
        if state.pending_from == "stock":
            private[state.to_play].append(state.pending)
        else:
            public.append(state.pending)
    return Zones(tuple(tuple(p) for p in private), tuple(state.deal.stock[state.stock_pos:]),
                 tuple(public))


def _colonel(state: ColonelState) -> Zones:
    table = [c for meld in state.table for c in cards_of(meld)]
    return Zones(tuple(tuple(cards_of(h)) for h in state.hands),
                 tuple(state.deal.stock[state.stock_pos:]), (*table, *state.waste))


def _conquin(state: ConquinState) -> Zones:
    return Zones(tuple(tuple(cards_of(h)) for h in state.hands), tuple(state.stock),
                 tuple(state.waste))


READERS: tuple[tuple[type, Callable[[Any], Zones]], ...] = (
    (GameState, _conquian),  # CooncanState too: a lay-off joins the meld owner's exposed
    (KunkenState, _kunken),
    (ColonelState, _colonel),
    (ConquinState, _conquin),
)


def zones(state: Any) -> Zones:
    own = getattr(state, "card_zones", None)
    if callable(own):
        found: Zones = own()
        return found
    for kind, read in READERS:
        if isinstance(state, kind):
            return read(state)
    raise NotImplementedError(
        f"{type(state).__name__} says nowhere where its cards lie: give it a card_zones() "
        "(or a reader in tests/conformance/cards.py) so the conformance tests can check it")


def kinds(cards: list[Card] | tuple[Card, ...]) -> set[Card]:
    """The kinds of some cards, copies forgotten (a view names a kind, not a copy); jokers
    are left out (a view names a joker by what it stands for)."""
    return {card_kind(c) for c in cards if not is_joker(c)}
