"""Computer players of the Kunken profiles (docs/rules/kunken.md): greedy and expert.

Both choose among the observation's step actions (``KunkenObservation.actions``), seeing
only their own hand, the table and the discard pile.  ``random`` is the shared
:class:`~solver.players.random_player.RandomPlayer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
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
from solver.game.deal import Deal
from solver.game.kunken.state import KAction, KMeld, KunkenState, kind_of
from solver.game.kunken.view import KunkenObservation
from solver.game.protocol import Chooser
from solver.players.random_player import RandomPlayer

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
        first = self.first_step(observation, actions)
        if first is not None:
            return first
        return self.play(observation, actions, [a for a in actions if a.type in STEP_ORDER])

    def play(self, observation: KunkenObservation, actions: tuple[KAction, ...],
             plays: list[KAction]) -> KAction:
        """The step after drawing: a play among ``plays`` (melds, adds, swaps) or a
        discard."""
        if observation.pending is not None:
            step = pending_step(observation, plays)
            return step if step is not None else self.discard(observation, actions)
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

    def first_step(self, obs: KunkenObservation,
                   actions: tuple[KAction, ...]) -> KAction | None:
        """The turn when it is open, or the draw phase's step (:meth:`draw`); ``None`` once
        the player has drawn."""
        if "turn" in obs.action_types:
            return actions[0]
        return self.draw(obs, actions) if obs.phase == "draw" else None

    def draw(self, obs: KunkenObservation, actions: tuple[KAction, ...]) -> KAction:
        """The discard taken whenever it can be used, else a stock card."""
        for a in actions:
            if a.type == "take":
                return a
        return next(a for a in actions if a.type == "draw")


class KunkenExpert(KunkenGreedy):
    """Keeps its melds hidden until it can go out.

    Melds of hand cards may go down on any turn (K8), so nothing is gained by showing them
    early, while every meld on the table is a target for the opponent's lay-offs (K10).
    The expert therefore lays down hand melds and extends its own melds only in the turn
    in which its whole hand goes down (it checks that by playing its own turn out on a copy
    of what it sees); before drawing it takes back into its hand (K9) every meld of its own
    that the opponent could still add to, but one (which keeps its right to lay off, K10);
    otherwise it only uses the card it took — the use that shows the opponent the fewest
    new cards to add — lays cards off onto the opponent's melds (which also freezes them)
    and swaps jokers into its hand.  Its discard weighs what the card is worth to its
    own hand (the outs left without it, its neighbours) against the danger of feeding the
    opponent: a card that fits a meld on the table, or that makes a meld with hands
    sampled from the cards it has not seen."""

    name = "expert"

    def play(self, observation: KunkenObservation, actions: tuple[KAction, ...],
             plays: list[KAction]) -> KAction:
        if not plays:
            return self.discard(observation, actions)
        out = going_out(observation)
        if out is not None:
            return out
        me = observation.player
        if observation.pending is not None:
            # Swapping the taken card for the joker standing for it uses it and shows
            # nothing new (K5): as quiet as a lay-off, and the joker comes home.
            uses = [a for a in plays if uses_pending(a, observation.pending)]
            if uses:
                return min(uses, key=lambda a: self._exposure(observation, a))
            if "swap" in observation.action_types:
                # The card was taken for a use a hand card's swap opens (K5).
                return best_pending_step(observation, plays)
            melds = [a for a in plays if a.type == "meld"]
            if melds and observation.pending_from == "discard":
                # The discard was taken for a use a meld of hand cards opens (K8, K10): a
                # stock card is rather discarded, keeping the hand's melds hidden.
                return min(melds, key=lambda a: self._exposure(observation, a))
            return self.discard(observation, actions)
        quiet = [a for a in plays
                 if (a.type == "add" and a.owner != me and not a.jokers) or a.type == "swap"]
        if quiet:
            return quiet[0]
        return self.discard(observation, actions)

    def draw(self, obs: KunkenObservation, actions: tuple[KAction, ...]) -> KAction:
        back = self._hide(obs, actions)
        return back if back is not None else super().draw(obs, actions)

    def _hide(self, obs: KunkenObservation, actions: tuple[KAction, ...]) -> KAction | None:
        """Before drawing, take back into the hand (K9) every meld of ours the opponent
        could add to, but one: a meld on the table keeps our right to lay off (K10)."""
        backs = [a for a in actions if a.type == "take_back"]
        if not backs:
            return None
        keep_one = not any(m.laid for m in obs.melds)
        scored = []
        for a in backs:
            assert a.meld is not None
            meld = obs.melds[a.meld]
            scored.append((self._ends(obs, meld.kinds()), meld.size, a))
        scored.sort(key=lambda t: (t[0], -t[1]))
        if keep_one:
            scored = scored[1:]
        for ends, _, a in scored:
            if ends > 0:
                return a
        return None

    @staticmethod
    def _ends(obs: KunkenObservation, kinds: list[Card]) -> int:
        from solver.melds import multiset_mask

        rules = obs.rules
        known = _kinds(obs.hand) | _kinds(obs.table_cards()) | _kinds(obs.seen)
        live = rules.deck.kinds & ~known
        return sum(1 for k in iter_cards(live)
                   if rules.table.is_valid(multiset_mask([*kinds, k])))

    @staticmethod
    def _exposure(obs: KunkenObservation, action: KAction) -> tuple[int, int, int]:
        """How much a use of the taken card shows: the cards the opponent could then add to
        the meld it makes or extends (a lay-off onto their meld shows nothing new), then
        the hand cards it puts down, then the jokers it spends."""
        from solver.melds import multiset_mask

        rules = obs.rules
        me = obs.player
        if action.type == "swap":
            return (0, 0, 0)
        if action.type == "add" and action.owner != me:
            return (0, 0, len(action.jokers))
        kinds = [*action.cards, *action.jokers]
        if action.type == "add" and action.meld is not None:
            kinds += obs.melds[action.meld].kinds()
        known = _kinds(obs.hand) | _kinds(obs.table_cards()) | _kinds(obs.seen)
        live = rules.deck.kinds & ~known
        ends = sum(1 for k in iter_cards(live)
                   if rules.table.is_valid(multiset_mask([*kinds, k])))
        return (ends, _size(action), len(action.jokers))

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

        live = deck.kinds & ~known
        table_fit = 0
        for k in iter_cards(live):
            if fits(k):
                table_fit |= 1 << k

        def outs(hand: CardMask) -> int:
            """Live cards we could use next turn with this hand (a meld with hand cards,
            or a meld on the table)."""
            count = 0
            for k in iter_cards(live):
                if table_fit >> k & 1:
                    count += 1
                    continue
                for meld in containing[k]:
                    rest = meld & ~(1 << k)
                    if rest & hand == rest:
                        count += 1
                        break
            return count

        def cost(a: KAction) -> float:
            assert a.card is not None
            if a.card >= JOKER_BASE:
                return 1000.0
            k = a.card
            value = OUTS * outs(mine & ~(1 << k)) if mine >> k & 1 else 0.0
            value += CONNECT * connection(k, mine & ~(1 << k), deck)
            if fits(k):
                value += FITS
            return value + FEEDS * feeds(k)

        return min(discards, key=lambda a: (cost(a), a.card))


def _greedy_step(state: KunkenState) -> KAction | None:
    """The biggest step, a use of the pending card first if there is one."""
    steps = [a for a in state.legal_actions() if a.type in STEP_ORDER]
    if not steps:
        return None
    uses = [a for a in steps if uses_pending(a, state.pending)]
    return max(uses or steps, key=lambda a: (_size(a), -STEP_ORDER[a.type]))


def uses_pending(action: KAction, pending: Card | None) -> bool:
    """Whether ``action`` puts the pending card down (the engine places the pending copy of
    a kind first; a pending joker goes wherever the step names a joker)."""
    if pending is None:
        return False
    if action.type == "swap":
        return pending < JOKER_BASE and action.card == kind_of(pending)
    if action.type in ("meld", "add"):
        return bool(action.jokers) if pending >= JOKER_BASE else kind_of(pending) in action.cards
    return False


def pending_step(obs: KunkenObservation, plays: list[KAction]) -> KAction | None:
    """The greedy step while the taken card waits: the biggest use of it (or a swap that
    opens a bigger one, :func:`best_pending_step`); with none, the biggest meld of hand
    cards (K8: it may be what lets the card be laid off, K10, or it goes down before an
    unused stock card is discarded); ``None`` when only the discard is left."""
    assert obs.pending is not None
    if any(a.type == "swap" for a in plays):
        return best_pending_step(obs, plays)
    uses = [a for a in plays if uses_pending(a, obs.pending)]
    if uses:
        return max(uses, key=lambda a: (_size(a), -STEP_ORDER[a.type], a.owner != obs.player))
    melds = [a for a in plays if a.type == "meld"]
    return max(melds, key=_size) if melds else None


def _play_on(trial: KunkenState) -> KunkenState:
    """``trial`` with the rest of the turn played greedily (biggest step first)."""
    while not trial.is_terminal():
        step = _greedy_step(trial)
        if step is None:
            break
        trial.apply_action(step)
    return trial


def best_pending_step(obs: KunkenObservation, plays: list[KAction]) -> KAction:
    """Among ``plays`` while the taken card waits, the biggest use of it, unless swapping
    a hand card for a table joker first (K5) opens a bigger one: then that swap.  With
    no use yet, a swap (every swap offered keeps the card usable): the taken card's own
    first, which uses it."""
    pending = obs.pending
    assert pending is not None
    uses = [a for a in plays if a.type in ("meld", "add") and uses_pending(a, pending)]
    swaps = [a for a in plays if a.type == "swap"]
    own = [a for a in swaps if uses_pending(a, pending)]
    if not uses:
        return (own or swaps)[0]
    best = max(uses, key=lambda a: (_size(a), -STEP_ORDER[a.type], a.owner != obs.player))
    if len(swaps) == len(own):
        return best
    world = _world(obs)
    size, choice = _size(best), best
    for swap in swaps:
        if swap in own:
            continue
        trial = world.clone()
        trial.apply_action(swap)
        after = [_size(a) for a in trial.legal_actions()
                 if a.type in ("meld", "add") and uses_pending(a, pending)]
        if after and max(after) > size:
            size, choice = max(after), swap
    return choice


def going_out(obs: KunkenObservation) -> KAction | None:
    """The first step of a way to put the whole hand down in this turn, if there is one
    (found by playing the turn out on a copy of what this player sees)."""
    world = _world(obs)
    for first in world.legal_actions():
        if first.type not in STEP_ORDER:
            continue
        trial = world.clone()
        trial.apply_action(first)
        if _play_on(trial).winner == obs.player:
            return first
    return None


def _world(obs: KunkenObservation) -> KunkenState:
    """A state holding exactly what ``obs`` shows (the opponent's hand left empty, the
    stock made of stand-ins): enough to play out this player's own turn."""
    me = obs.player
    hands = [0, 0]
    hands[me] = obs.hand
    melds: list[list[KMeld]] = [[], []]
    melds[me], melds[1 - me] = list(obs.melds), list(obs.opponent_melds)
    stock = tuple(obs.rules.deck.cards[: obs.stock_count])
    deal = Deal(me if obs.dealer else 1 - me, (hands[0], hands[1]), stock, obs.rules)
    return KunkenState(deal, (0, 0), hands, melds, list(obs.pile), 0, obs.phase,  # type: ignore[arg-type]
                       me, obs.pending, obs.pending_from, None, obs.new_melds, 0)


def _mask(kinds: list[Card]) -> CardMask:
    out = 0
    for k in kinds:
        out |= 1 << k
    return out


SAMPLES: Final = 24
OUTS: Final = -3.0
CONNECT: Final = 1.0
FITS: Final = 12.0
FEEDS: Final = 10.0


PLAYERS: Final[dict[str, Callable[[], Chooser[KunkenObservation, KAction]]]] = {
    "random": RandomPlayer, "greedy": KunkenGreedy, "expert": KunkenExpert}

__all__ = ["PLAYERS", "KunkenExpert", "KunkenGreedy", "kind_of", "uses_pending"]
