"""The Russian Kunken (``kunken``, ``kunken-40``, ``kunken-104``; docs/rules/kunken.md K1–K16).

A turn is a sequence of small steps so that ``legal_actions`` stays a short, enumerable
list (OpenSpiel style):

* ``turn`` (the opening, K6), ``draw`` (the stock card) or ``take`` (the discard, K7): the
  card is *pending*: it never enters the hand;
* ``meld`` (a new meld of yours), ``add`` (one card onto a meld of yours, K9, or of the
  opponent's, K10): with a pending card an add must use it (it may then carry the hand
  cards or jokers between the pending card and a run's end: the card alone could not go
  first); a meld either uses it or is made of hand cards only (K8), which may go down
  while the card waits: always with a stock or opening card (it may still be discarded),
  with a taken discard only if the discard can still be used afterwards (a hand meld may
  be what gives the right to lay it off, K10).  Once it is used, melds and adds use hand
  cards only;
* ``swap``: a hand card, or the pending card itself, for the table joker standing for it
  (K5): the joker comes into the hand.  Swapping the pending card uses it (it goes down in
  the joker's place); while the pending card waits, a hand card may be swapped only if the
  pending card can still be used afterwards, so that a take never strands the turn.  A
  discard is takeable when it can be used with the help of such swaps and hand melds.
  ``take_back``: one of your melds back into the hand (K9);
* ``discard``: a hand card, or the unused stock card itself; it ends the turn.

Cards in actions are *kinds* (``card_kind``: the copy forgotten; a joker is ``JOKER_BASE``):
with two packs, the engine picks the copy from where the card lies.  Every legality check
is here, on the profile's :class:`~solver.melds.MeldTable`; :func:`solver.melds.meld_problem`
words the refusals.

Choices the rule book leaves to the engine (stated in the closing note of issue 12): the
hand ends exhausted when a turn starts with an empty stock (K13); while a card is pending,
the only other steps are the joker swaps of K5 and the hand melds of K8 (no extensions,
lay-offs of hand cards or take-backs), and a hand meld that would reach eleven down while
a taken discard waits is refused (the discard would never be used); a meld laid down in
this turn is not taken back in it, nor the meld holding the card taken this turn; after
the profile's ``turn_limit`` turns a hand is exhausted too, so that every hand ends (K13).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from solver.cards import (
    JOKER_BASE,
    NATURALS,
    Card,
    CardMask,
    card_kind,
    card_rank,
    card_str,
    cards_of,
    iter_cards,
    parse_kind,
)
from solver.errors import ConquianError, IllegalActionError, Text
from solver.game.conquian.actions import record_fields, record_head
from solver.game.deal import Deal
from solver.melds import MeldTable, meld_problem, multiset_mask
from solver.messages import N_
from solver.rules import RuleProfile

TERMINAL: Final = -4
WIN_DOWN: Final = 11
JOKER_IN_HAND: Final = 20
KINDS: Final = (1 << NATURALS) - 1

_EXTENSIONS: dict[tuple[int, tuple[Card, ...], int], tuple[CardMask, CardMask]] = {}
"""Memo of :meth:`KunkenState._extensions` (per meld table, meld kinds and jokers)."""
_MELDS: dict[tuple[int, CardMask, Card, CardMask], tuple[KAction, ...]] = {}
"""Memo of :meth:`KunkenState._melds_from` (per meld table, hand, pending card, full kinds):
the players' look-ahead asks for the same hands' melds many times."""
MELDS_MEMO: Final = 1 << 16

KPhase = Literal["open", "draw", "play", "over"]
KType = Literal["turn", "draw", "take", "meld", "add", "swap", "take_back", "discard"]
K_TYPES: Final = ("turn", "draw", "take", "meld", "add", "swap", "take_back", "discard")


def pips(card: Card) -> int:
    """K12: the ace 1, 2–10 their number, J Q K 10 (a joker's value is the card it stands for)."""
    rank = card_rank(card)
    return 1 if rank == 0 else min(rank + 1, 10)


def kind_of(card: Card) -> Card:
    """The kind an action names: a natural card's copy-0 id, or ``JOKER_BASE`` for any joker."""
    return JOKER_BASE if card >= JOKER_BASE else card % NATURALS


def _show(kind: Card, stands: Card | None = None) -> str:
    if kind >= JOKER_BASE:
        return "*" if stands is None else "*" + card_str(stands)
    return card_str(kind)


@dataclass(frozen=True, slots=True)
class KAction:
    """One step.  ``card``: the card turned, drawn, taken, discarded or swapped in (a kind);
    ``cards``: the natural kinds of a ``meld``/``add``; ``jokers``: the kinds its jokers
    stand for; ``owner``/``meld``: the meld acted on (owner is a seat)."""

    type: KType
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    jokers: tuple[Card, ...] = ()
    owner: int | None = None
    meld: int | None = None

    def __str__(self) -> str:
        parts: list[str] = [self.type]
        if self.card is not None:
            parts.append(_show(self.card))
        if self.cards or self.jokers:
            parts.append("-".join([card_str(c) for c in self.cards]
                                  + ["*" + card_str(j) for j in self.jokers]))
        if self.meld is not None:
            parts.append(f"meld {self.owner}:{self.meld}")
        return " ".join(parts)

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data = record_head(player, self.type)
        if self.card is not None:
            data["card"] = _show(self.card)
        if self.type in ("meld", "add"):
            data["cards"] = [card_str(c) for c in self.cards] + [
                "*" + card_str(j) for j in self.jokers]
        if self.meld is not None:
            data["owner"] = self.owner
            data["meld"] = self.meld
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> KAction:
        data, kind = record_fields(data, where, K_TYPES)
        card = None
        if data.get("card") is not None:
            card = _kind(data["card"], f"{where}.card")
        naturals: list[Card] = []
        jokers: list[Card] = []
        if kind in ("meld", "add"):
            raw = data.get("cards")
            if not isinstance(raw, list) or not raw:
                raise IllegalActionError(N_("{where}.cards must be a non-empty list of cards"),
                                         where=where)
            for i, item in enumerate(raw):
                text = item.strip() if isinstance(item, str) else item
                if isinstance(text, str) and text.startswith("*") and len(text) > 1:
                    jokers.append(_kind(text[1:], f"{where}.cards[{i}]"))
                else:
                    k = _kind(item, f"{where}.cards[{i}]")
                    if k >= JOKER_BASE:
                        raise IllegalActionError(
                            N_("{where}.cards[{i}]: say which card the joker stands for, e.g. "
                               "*5H (K4)"), where=where, i=i)
                    naturals.append(k)
        owner = meld = None
        if kind in ("add", "swap", "take_back"):
            owner, meld = data.get("owner"), data.get("meld")
            for name, value in (("owner", owner), ("meld", meld)):
                if kind == "take_back" and name == "owner" and value is None:
                    continue
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise IllegalActionError(N_("{where}.{name} must be a whole number"),
                                             where=where, name=name)
        if kind in ("turn", "take", "discard", "swap") and card is None and kind != "turn":
            raise IllegalActionError(N_("{where}: a {kind} names its card"), where=where,
                                     kind=kind)
        return cls(kind, card, tuple(naturals), tuple(jokers), owner, meld)


def _kind(value: object, where: str) -> Card:
    try:
        kind = parse_kind(value)
    except ConquianError as exc:
        raise IllegalActionError(N_("{where}: {problem}"), where=where, problem=exc) from None
    return kind


@dataclass(frozen=True, slots=True)
class KMeld:
    """A meld on the table: its cards (ids), what each joker stands for, and the cards the
    other player laid off on it (theirs, frozen; the meld is frozen for its owner, K10)."""

    cards: CardMask
    stands: tuple[tuple[Card, Card], ...] = ()
    laid: CardMask = 0
    _kinds: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stands = dict(self.stands)
        object.__setattr__(self, "_kinds", tuple(
            card_kind(stands[c]) if c in stands else card_kind(c)
            for c in iter_cards(self.cards)))

    def kinds(self) -> list[Card]:
        """The natural cards the meld represents (a joker as the card it stands for)."""
        return list(self._kinds)

    def show(self, table: MeldTable) -> list[str]:
        from solver.melds import meld_cards

        stands = dict(self.stands)
        return ["*" + card_str(stands[c]) if c in stands else card_str(c)
                for c in meld_cards(self.cards, table, stands)]

    @property
    def size(self) -> int:
        return self.cards.bit_count()


@dataclass
class KunkenState:
    """One hand of Kunken from its deal to eleven down or an exhausted stock."""

    deal: Deal
    score: tuple[int, int] = (0, 0)
    hands: list[CardMask] = field(default_factory=list)
    melds: list[list[KMeld]] = field(default_factory=lambda: [[], []])
    pile: list[Card] = field(default_factory=list)
    stock_pos: int = 0
    phase: KPhase = "open"
    to_play: int = 0
    pending: Card | None = None
    pending_from: str | None = None
    taken: Card | None = None
    """The card taken this turn (its meld is not taken back in this turn)."""
    new_melds: int = 0
    """Bit i: meld i of the player to act was laid down in this turn."""
    turns: int = 0
    winner: int | None = None
    history: list[tuple[int, KAction]] = field(default_factory=list)
    _legal: list[KAction] | None = field(default=None, repr=False)
    _full_mask: CardMask | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.hands:
            self.hands = list(self.deal.hands)
            self.to_play = 1 - self.deal.dealer  # K6: the dealer's opponent turns

    @property
    def rules(self) -> RuleProfile:
        return self.deal.rules

    @property
    def table(self) -> MeldTable:
        return self.deal.rules.table

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    # --- OpenSpiel-style queries --------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.to_play

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def exhausted(self) -> bool:
        return self.phase == "over" and self.winner is None

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock) - self.stock_pos

    def down_count(self, player: int) -> int:
        """K11, K15: your melds without the opponent's lay-offs, plus your lay-offs."""
        own = sum((m.cards & ~m.laid).bit_count() for m in self.melds[player])
        return own + sum(m.laid.bit_count() for m in self.melds[1 - player])

    def points(self) -> list[int]:
        """K12: pips of the cards down minus the cards in hand (a joker in hand -20)."""
        out = [0, 0]
        for owner in (0, 1):
            for meld in self.melds[owner]:
                stands = dict(meld.stands)
                for c in iter_cards(meld.cards):
                    who = 1 - owner if meld.laid >> c & 1 else owner
                    out[who] += pips(stands.get(c, c))
        for p in (0, 1):
            for c in iter_cards(self.hands[p]):
                out[p] -= JOKER_IN_HAND if c >= JOKER_BASE else pips(c)
        return out

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def has_own_meld(self, player: int) -> bool:
        return bool(self.melds[player])

    def frozen(self, player: int, meld: KMeld) -> bool:
        """A meld of ``player`` carrying the opponent's cards (K10)."""
        return bool(meld.laid)

    def invalidate(self) -> None:
        """Forget what was worked out for the last step (after the state changed)."""
        self._legal = None
        self._full_mask = None

    def table_counts(self) -> list[int]:
        """Per natural kind: the ordinary cards on the table plus the jokers standing for it."""
        counts = [0] * NATURALS
        for side in self.melds:
            for meld in side:
                for kind in meld._kinds:
                    counts[kind] += 1
        return counts

    def _full(self) -> CardMask:
        """Kinds of which the table already holds as many as the packs (K4)."""
        if self._full_mask is not None:
            return self._full_mask
        counts = self.table_counts()
        packs = self.rules.deck.packs
        full = 0
        for kind, count in enumerate(counts):
            if count >= packs:
                full |= 1 << kind
        self._full_mask = full
        return full

    # --- legal steps ----------------------------------------------------------------

    def legal_actions(self) -> list[KAction]:
        if self._legal is None:
            self._legal = list(self._generate())
        return list(self._legal)

    def _generate(self) -> Iterator[KAction]:
        p = self.to_play
        if self.phase == "open":
            if self.pending is None:
                yield KAction("turn")
                return
            yield from self._uses_of(self.pending)
            yield from self._pending_swaps(self.pending)
            yield from self._pending_hand_melds(self.pending)
            yield KAction("discard", kind_of(self.pending))
            return
        if self.phase == "draw":
            if self.stock_count:
                yield KAction("draw")
            if self.pile and self._usable(self.pile[-1]):
                yield KAction("take", kind_of(self.pile[-1]))
            yield from self._take_backs()
            return
        if self.phase != "play":
            return
        if self.pending is not None:
            yield from self._uses_of(self.pending)
            yield from self._pending_swaps(self.pending)
            yield from self._pending_hand_melds(self.pending)
            if self.pending_from == "stock":
                yield KAction("discard", kind_of(self.pending))
            return
        hand = self.hands[p]
        yield from self._melds_from(hand, None)
        yield from self._adds_of(tuple(self._hand_kinds(hand)))
        yield from self._swaps()
        yield from self._take_backs()
        for card in self._hand_kinds(hand):
            yield KAction("discard", card)

    @staticmethod
    def _hand_kinds(hand: CardMask) -> list[Card]:
        kinds = sorted({kind_of(c) for c in iter_cards(hand)})
        return kinds

    def _uses(self, card: Card) -> bool:
        return next(iter(self._uses_of(card)), None) is not None

    def _usable(self, card: Card, after: tuple[int, int, Card] = (-1, -1, -1)) -> bool:
        """Whether ``card`` (the pending card, or the top discard before it is taken) can
        be used in this turn: at once, by swapping it for the joker standing for it, or
        after swapping hand cards for jokers first (K5).  ``after``: the swaps tried go in
        one fixed order, so each set of swaps is tried once."""
        if self._uses(card):
            return True
        if self._hand_meld_opens(card):
            return True
        if not self._table_jokers():
            return False
        if card < JOKER_BASE and self._own_swap(card):
            return True
        for swap in self._swaps_of(self._hand_swap_kinds(card)):
            assert swap.owner is not None and swap.meld is not None and swap.card is not None
            key = (swap.owner, swap.meld, swap.card)
            if key > after and self._swapped(swap)._usable(card, key):
                return True
        return False

    def _hand_meld_opens(self, card: Card) -> bool:
        """Whether laying a meld of hand cards first makes ``card`` usable (K8): only a
        player with no meld of their own gains by it, the right to lay off and to swap on
        the opponent's melds (K10); a meld of their own adds nothing a meld with the card
        itself could not do."""
        p = self.to_play
        if self.melds[p] or not self._near_opponent(card):
            return False
        return any(self._keeps_usable(meld, card)
                   for meld in self._melds_from(self.hands[p], None))

    def _near_opponent(self, card: Card) -> bool:
        """A quick necessary condition for a meld of one's own to open a use of ``card``:
        an opponent's meld holds a joker that may be swapped, or is a set the card joins, or
        a run of its suit (the card may go on, or be bridged to it)."""
        for meld in self.melds[1 - self.to_play]:
            if any(not meld.laid >> joker & 1 for joker, _ in meld.stands):
                return True
            kinds = meld._kinds
            run = card_rank(kinds[0]) != card_rank(kinds[1])
            if card >= JOKER_BASE:
                if run or self._extensions(meld)[1]:
                    return True
            elif run:
                kind = card_kind(card)
                if kind - card_rank(kind) == kinds[0] - card_rank(kinds[0]):
                    return True
            elif self._extensions(meld)[0] >> card_kind(card) & 1:
                return True
        return False

    def _keeps_usable(self, meld: KAction, card: Card, uses: tuple[KAction, ...] = ()
                      ) -> bool:
        """Whether ``card`` (pending, or the top discard) can still be used after the hand
        meld ``meld`` goes down, in a hand that goes on (eleven down would end it with the
        card unused, K11).  ``uses``: the card's uses now; one whose other cards the meld
        leaves alone (their kinds, K4, and the hand's jokers) stays open.  The meld can
        make the card's own kind full only by a joker standing for it, whose place the
        card may then take (K5)."""
        p = self.to_play
        if self.down_count(p) + len(meld.cards) + len(meld.jokers) >= WIN_DOWN:
            return False
        kinds = {*meld.cards, *meld.jokers}
        own = kind_of(card)
        for use in uses:
            if any(k != own and k in kinds for k in (*use.cards, *use.jokers)):
                continue
            if meld.jokers and len(use.jokers) > (card >= JOKER_BASE):
                continue  # both would spend the hand's jokers
            return True
        trial = self._trial()
        trial._place_meld(meld, check=False)
        return trial._usable(card)

    def _pending_hand_melds(self, pending: Card) -> Iterator[KAction]:
        """Melds of hand cards only (K8) while ``pending`` waits: a stock or opening card
        may still be discarded (K6, K7), a discard taken must still be usable after them.
        A meld holding the pending card's kind (or a joker, for a pending joker) would put
        the pending card down: that is a use, offered as such."""
        hand = self.hands[self.to_play]
        uses: tuple[KAction, ...] | None = None
        for meld in self._melds_from(hand, None):
            if (kind_of(pending) in meld.cards if pending < JOKER_BASE else meld.jokers):
                continue
            if self.pending_from != "discard":
                yield meld
                continue
            if uses is None:
                uses = tuple(self._uses_of(pending))
            if self._keeps_usable(meld, pending, uses):
                yield meld

    def _table_jokers(self) -> bool:
        """Whether any meld on the table holds a joker (else no swap can happen)."""
        return any(m.stands for side in self.melds for m in side)

    def _own_swap(self, card: Card) -> bool:
        """Whether a table joker the player may take stands for ``card`` (a natural card)."""
        return next(iter(self._swaps_of(frozenset((card_kind(card),)))), None) is not None

    def _hand_swap_kinds(self, pending: Card) -> frozenset[Card]:
        """The hand's natural kinds other than the pending card's (that kind swaps the
        pending card itself, :meth:`_take_card`)."""
        kinds = {card_kind(c) for c in iter_cards(self.hands[self.to_play]) if c < JOKER_BASE}
        if pending < JOKER_BASE:
            kinds.discard(card_kind(pending))
        return frozenset(kinds)

    def _pending_swaps(self, pending: Card) -> Iterator[KAction]:
        """Swaps open while ``pending`` waits (K5): the pending card itself for the joker
        standing for it (that uses it), and a hand card when the pending card can still be
        used afterwards."""
        if not self._table_jokers():
            return
        if pending < JOKER_BASE:
            yield from self._swaps_of(frozenset((card_kind(pending),)))
        for swap in self._swaps_of(self._hand_swap_kinds(pending)):
            if self._swapped(swap)._usable(pending):
                yield swap

    def _swapped(self, swap: KAction) -> KunkenState:
        """A copy of this state (no history) after ``swap`` of a hand card."""
        trial = self._trial()
        trial._swap(swap)
        return trial

    def _trial(self) -> KunkenState:
        """A copy of this state without its history, to try a step on."""
        return KunkenState(
            self.deal, self.score, list(self.hands), [list(m) for m in self.melds],
            self.pile, self.stock_pos, self.phase, self.to_play, self.pending,
            self.pending_from, self.taken, self.new_melds, self.turns, self.winner, [], None)

    def _uses_of(self, card: Card) -> Iterator[KAction]:
        yield from self._melds_with(card)
        yield from self._adds(kind_of(card))
        yield from self._bridged_adds(card)

    def _melds_with(self, card: Card) -> Iterator[KAction]:
        return self._melds_from(self.hands[self.to_play], card)

    def _melds_from(self, hand: CardMask, pending: Card | None) -> Iterator[KAction]:
        """New melds from hand cards (and the pending card, which they must then hold)."""
        full = self._full()
        key = (id(self.table), hand, -1 if pending is None else kind_of(pending), full)
        found = _MELDS.get(key)
        if found is None:
            if len(_MELDS) >= MELDS_MEMO:
                _MELDS.clear()
            found = _MELDS[key] = tuple(self._find_melds(hand, pending, full))
        return iter(found)

    def _find_melds(self, hand: CardMask, pending: Card | None, full: CardMask
                    ) -> Iterator[KAction]:
        jokers = sum(1 for c in iter_cards(hand) if c >= JOKER_BASE)
        have = 0
        for c in iter_cards(hand & ((1 << JOKER_BASE) - 1)):
            have |= 1 << card_kind(c)
        need_kind: Card | None = None
        if pending is not None:
            if pending >= JOKER_BASE:
                jokers += 1
            else:
                need_kind = card_kind(pending)
                have |= 1 << need_kind
        if not have:
            return
        limit = self.rules.has_jokers
        table = self.table
        seen: set[tuple[tuple[Card, ...], tuple[Card, ...]]] = set()
        candidates = table.containing[need_kind] if need_kind is not None else table.all
        # A fast first filter: at most ``jokers`` missing cards, none already full (K4).
        if jokers and limit:
            fits = [m for m in candidates
                    if not m & full and (m & ~have).bit_count() <= jokers]
        else:
            fits = [m for m in candidates if m & have == m and not m & full]
        for meld in fits:
            if meld >> NATURALS:
                continue  # two copies of one card never share a meld (K3)
            missing = meld & ~have
            n_missing = missing.bit_count()
            n_nat = meld.bit_count() - n_missing
            if n_missing and (n_nat < 2 or n_missing > n_nat):
                continue
            if pending is not None and pending >= JOKER_BASE and not n_missing:
                # The pending joker must be in it: every card is in the hand, so it stands
                # for one of them, which stays in the hand (K4 allows it: that card is
                # not on the table; it then goes down only in the joker's place, K5).
                for held in cards_of(meld):
                    rest = tuple(cards_of(meld & ~(1 << held)))
                    stands: tuple[Card, ...] = (held,)
                    if (rest, stands) not in seen:
                        seen.add((rest, stands))
                        yield KAction("meld", None, rest, stands)
                continue
            key = (tuple(cards_of(meld & ~missing)), tuple(cards_of(missing)))
            if key not in seen:
                seen.add(key)
                yield KAction("meld", None, key[0], key[1])

    def _adds(self, card: Card) -> Iterator[KAction]:
        """``card`` (a kind) onto one meld: your own unfrozen ones (K9), and the opponent's
        once you have a meld (K10).  A joker may stand for any card that fits."""
        yield from self._adds_of((card,))

    def _targets(self) -> list[tuple[int, int, KMeld]]:
        """The melds the player may add to: their own unfrozen ones (K9), and the
        opponent's once they have a meld (K10)."""
        p = self.to_play
        targets = [(p, i, m) for i, m in enumerate(self.melds[p]) if not m.laid]
        if self.melds[p]:
            targets += [(1 - p, i, m) for i, m in enumerate(self.melds[1 - p])]
        return targets

    def _adds_of(self, cards: tuple[Card, ...]) -> Iterator[KAction]:
        full = self._full()
        for owner, i, meld in self._targets():
            naturals, jokers = self._extensions(meld)
            for card in cards:
                if card < JOKER_BASE:
                    if naturals >> card & 1 and not full >> card & 1:
                        yield KAction("add", None, (card,), (), owner, i)
                    continue
                for stand in iter_cards(jokers & ~full):
                    yield KAction("add", None, (), (stand,), owner, i)

    def _bridged_adds(self, card: Card) -> Iterator[KAction]:
        """The pending ``card`` onto a run it does not touch, in one add with the hand
        cards or jokers that fill the gap (K9, K10: the card alone would not fit, so it
        cannot go first); a pending joker may stand in any place of the gap."""
        deck = self.rules.deck
        pending_joker = card >= JOKER_BASE
        target_kind = -1 if pending_joker else card_kind(card)
        runs: list[tuple[int, int, KMeld, int, tuple[tuple[int, int], ...]]] = []
        for owner, i, meld in self._targets():
            kinds = meld._kinds
            if card_rank(kinds[0]) == card_rank(kinds[1]):
                continue  # a set: the card fits alone or not at all
            base = kinds[0] - card_rank(kinds[0])
            orders = sorted(deck.order(k) for k in kinds)
            ends: tuple[tuple[int, int], ...] = ((-1, orders[0]), (1, orders[-1]))
            if not pending_joker:
                if target_kind - card_rank(target_kind) != base:
                    continue  # another suit
                at = deck.order(target_kind)
                ends = tuple((step, end) for step, end in ends
                             if 2 <= (at - end) * step <= 4)
                if not ends:
                    continue
            runs.append((owner, i, meld, base, ends))
        if not runs:
            return
        hand = self.hands[self.to_play]
        have = 0
        for c in iter_cards(hand & ((1 << JOKER_BASE) - 1)):
            have |= 1 << card_kind(c)
        spare = sum(1 for c in iter_cards(hand) if c >= JOKER_BASE) if self.rules.has_jokers \
            else 0
        if not have and not spare:
            return
        full = self._full()
        for owner, i, meld, base, ends in runs:
            kinds = meld._kinds
            for step, end in ends:
                gap: list[Card] = []
                o = end + step
                while 0 <= o < len(deck.ranks) and len(gap) < 4:
                    gap.append(base + deck.rank_at(o))
                    o += step
                seen: set[tuple[tuple[Card, ...], tuple[Card, ...]]] = set()
                for ways in self._fills(gap, have, spare, full, target_kind):
                    naturals = tuple(sorted(k for k, joker in ways if not joker))
                    stands = tuple(sorted(k for k, joker in ways if joker))
                    if (naturals, stands) in seen or not self._valid(
                            [*kinds, *naturals, *stands], len(meld.stands) + len(stands)):
                        continue
                    seen.add((naturals, stands))
                    yield KAction("add", None, naturals, stands, owner, i)

    @staticmethod
    def _fills(gap: list[Card], have: CardMask, spare: int, full: CardMask,
               target: Card) -> Iterator[list[tuple[Card, bool]]]:
        """Ways to fill the first two or more places of ``gap`` (kinds outward from a
        run's end), each by a hand card of that kind or a joker standing for it, with
        the pending card: the natural ``target`` in the last place, or (``target`` -1) a
        pending joker in any place."""
        def walk(at: int, used: int, placed: bool, ways: list[tuple[Card, bool]]
                 ) -> Iterator[list[tuple[Card, bool]]]:
            if at == len(gap):
                return
            kind = gap[at]
            if full >> kind & 1:
                return  # K4: that card is already on the table, as itself or a joker
            if kind == target:
                if at >= 1:
                    yield [*ways, (kind, False)]
                return
            options: list[tuple[bool, int, bool]] = []
            if target < 0 and not placed:
                options.append((True, used, True))  # the pending joker stands here
            if have >> kind & 1:
                options.append((False, used, placed))
            if used < spare:
                options.append((True, used + 1, placed))
            for joker, now_used, now_placed in options:
                longer = [*ways, (kind, joker)]
                if target < 0 and now_placed and len(longer) >= 2:
                    yield longer
                yield from walk(at + 1, now_used, now_placed, longer)

        yield from walk(0, 0, False, [])

    def _extensions(self, meld: KMeld) -> tuple[CardMask, CardMask]:
        """The kinds that may join ``meld`` as a natural card, and as a joker (K3, K4's
        limits on jokers per meld); the table limit (K4) is checked by the caller."""
        key = (id(self.table), meld._kinds, len(meld.stands))
        found = _EXTENSIONS.get(key)
        if found is None:
            kinds = list(meld._kinds)
            jokers = len(meld.stands)
            naturals = wild = 0
            for stand in self._joker_ends(kinds):
                if self._valid([*kinds, stand], jokers):
                    naturals |= 1 << stand
                if self.rules.has_jokers and self._valid([*kinds, stand], jokers + 1):
                    wild |= 1 << stand
            found = _EXTENSIONS[key] = (naturals, wild)
        return found

    def _joker_ends(self, kinds: list[Card]) -> list[Card]:
        ranks = {card_rank(k) for k in kinds}
        deck = self.rules.deck
        if len(ranks) == 1:
            rank = next(iter(ranks))
            return [r for r in (rank + 13 * s for s in range(4)) if r not in kinds]
        suit_base = kinds[0] - card_rank(kinds[0])
        orders = sorted(deck.order(k) for k in kinds)
        out = []
        for o in (orders[0] - 1, orders[-1] + 1):
            if 0 <= o < len(deck.ranks):
                out.append(suit_base + deck.rank_at(o))
        return out

    def _valid(self, kinds: list[Card], jokers: int) -> bool:
        naturals = len(kinds) - jokers
        if jokers and (naturals < 2 or jokers > naturals):
            return False
        return self.table.is_valid(multiset_mask(kinds))

    def _swaps(self) -> Iterator[KAction]:
        hand = self.hands[self.to_play]
        yield from self._swaps_of(frozenset(card_kind(c) for c in iter_cards(hand)
                                            if c < JOKER_BASE))

    def _swaps_of(self, have: frozenset[Card]) -> Iterator[KAction]:
        """A card of a kind in ``have`` for a table joker standing for it (K5): on your own
        melds unless frozen, on the opponent's once you have a meld (K10), never a
        laid-off joker."""
        if not have:
            return
        p = self.to_play
        sides = [p] + ([1 - p] if self.melds[p] else [])
        for owner in sides:
            for i, meld in enumerate(self.melds[owner]):
                if owner == p and meld.laid:
                    continue  # frozen for its owner (K10)
                for joker, stand in meld.stands:
                    if meld.laid >> joker & 1:
                        continue  # a laid-off card is frozen (K10)
                    if card_kind(stand) in have:
                        yield KAction("swap", card_kind(stand), owner=owner, meld=i)

    def _take_backs(self) -> Iterator[KAction]:
        p = self.to_play
        for i, meld in enumerate(self.melds[p]):
            if meld.laid or self.new_melds >> i & 1:
                continue
            if self.taken is not None and meld.cards >> self.taken & 1:
                continue
            yield KAction("take_back", owner=p, meld=i)

    # --- applying steps -------------------------------------------------------------

    def apply_action(self, action: KAction) -> None:
        if self.phase == "over":
            raise IllegalActionError(N_("the hand is over: no more actions (K11, K13)"))
        legal = self.legal_actions()
        probe = action if action.type in ("meld", "add", "swap", "take_back") else replace(
            action, card=None if action.type in ("turn", "draw") else action.card)
        if probe.type in ("meld", "add"):
            probe = replace(probe, cards=tuple(sorted(probe.cards)),
                            jokers=tuple(sorted(probe.jokers)))
        if probe.type == "take_back" and probe.owner is None:
            probe = replace(probe, owner=self.to_play)
        if probe not in legal:
            raise IllegalActionError(self._why_not(probe))
        p = self.to_play
        recorded = probe
        kind = probe.type
        if kind in ("turn", "draw"):
            card = self.deal.stock[self.stock_pos]
            self.stock_pos += 1
            self.pending, self.pending_from = card, "stock"
            if kind == "draw":
                self.phase = "play"
            recorded = replace(probe, card=kind_of(card))
        elif kind == "take":
            self.pending, self.pending_from = self.pile.pop(), "discard"
            self.taken = self.pending
            self.phase = "play"
        elif kind in ("meld", "add", "swap"):
            waiting = self.pending is not None
            if kind == "meld":
                self._place_meld(probe)
            elif kind == "add":
                self._add(probe)
            else:
                self._swap(probe)
            if self.phase == "open" and waiting and self.pending is None:
                self._end_turn()  # K6: the opening card is used; nothing is discarded
        elif kind == "take_back":
            assert probe.meld is not None
            meld = self.melds[p].pop(probe.meld)
            self.hands[p] |= meld.cards
            low = self.new_melds & ((1 << probe.meld) - 1)
            self.new_melds = low | (self.new_melds >> (probe.meld + 1)) << probe.meld
        else:
            self._discard(probe)
        self.history.append((p, recorded))
        self.invalidate()
        if not self.is_terminal() and self.down_count(p) >= WIN_DOWN:
            self.winner = p  # K11: exactly eleven down ends the hand
            self.phase = "over"

    def _why_not(self, action: KAction) -> Text:
        allowed = sorted({a.type for a in self.legal_actions()})
        reason: Text
        if (self.pending is not None and self.pending_from == "discard"
                and action in self._melds_from(self.hands[self.to_play], None)):
            reason = Text(N_("a meld from your hand may go down before the card you took is "
                             "used only if that card can still be used after it (K7, K8)"))
        elif self.pending is not None and action.type not in ("discard",):
            reason = Text(N_("the card you took must be used at once, in a meld of yours or "
                             "on a meld on the table (K7)"))
        elif action.type == "take":
            reason = Text(N_("the top discard can be taken only to use it at once (K7)"))
        elif action.type in ("meld", "add"):
            reason = Text(N_("those cards do not make a valid meld there, a joker may not "
                             "stand for a card already on the table, frozen melds stay as "
                             "they are, and you lay off only once you have a meld of your "
                             "own (K3, K4, K9, K10)"))
        else:
            reason = Text(N_("not a step open now"))
        return Text(N_("{kind} is not allowed now ({reason}); allowed: {allowed}"),
                    {"kind": str(action), "reason": reason, "allowed": " / ".join(allowed)})

    def _take_card(self, kind: Card, jokers: bool = False) -> Card:
        """The actual card of ``kind`` to put down: the pending card first, else the hand's
        lowest copy."""
        p = self.to_play
        if self.pending is not None and kind_of(self.pending) == kind:
            card, self.pending = self.pending, None
            return card
        for c in iter_cards(self.hands[p]):
            if kind_of(c) == kind:
                self.hands[p] &= ~(1 << c)
                return c
        raise IllegalActionError(N_("{card} is not in your hand"), card=_show(kind))

    def _place(self, action: KAction) -> tuple[CardMask, tuple[tuple[Card, Card], ...]]:
        cards = 0
        stands: list[tuple[Card, Card]] = []
        for kind in action.cards:
            cards |= 1 << self._take_card(kind)
        for stand in action.jokers:
            joker = self._take_card(JOKER_BASE)
            cards |= 1 << joker
            stands.append((joker, stand))
        return cards, tuple(stands)

    def _place_meld(self, action: KAction, check: bool = True) -> None:
        p = self.to_play
        cards, stands = self._place(action)
        if check:  # a legal meld; a trial of one offered skips the check
            problem = meld_problem(cards_of(cards), self.table, dict(stands))
            assert problem is None, problem
        self.melds[p].append(KMeld(cards, stands))
        self.new_melds |= 1 << (len(self.melds[p]) - 1)
        self._full_mask = None

    def _add(self, action: KAction) -> None:
        p = self.to_play
        assert action.owner is not None and action.meld is not None
        cards, stands = self._place(action)
        meld = self.melds[action.owner][action.meld]
        laid = meld.laid | (cards if action.owner != p else 0)
        self.melds[action.owner][action.meld] = KMeld(meld.cards | cards, meld.stands + stands,
                                                     laid)

    def _swap(self, action: KAction) -> None:
        p = self.to_play
        assert action.owner is not None and action.meld is not None and action.card is not None
        meld = self.melds[action.owner][action.meld]
        joker = next(j for j, s in meld.stands if card_kind(s) == action.card)
        natural = self._take_card(action.card)
        self.hands[p] |= 1 << joker
        self.melds[action.owner][action.meld] = KMeld(
            meld.cards & ~(1 << joker) | 1 << natural,
            tuple((j, s) for j, s in meld.stands if j != joker), meld.laid)

    def _discard(self, action: KAction) -> None:
        assert action.card is not None
        if self.pending is not None:
            card, self.pending = self.pending, None
        else:
            card = self._take_card(action.card)
        self.pile.append(card)
        self._end_turn()

    def _end_turn(self) -> None:
        self.pending = self.pending_from = self.taken = None
        self.new_melds = 0
        self.turns += 1
        self.to_play = 1 - self.to_play
        self.phase = "draw"
        if self.stock_count == 0 or self.turns >= self.rules.turn_limit:
            self.phase = "over"  # K13: the stock has run out, or the turn limit; nobody scores

    def clone(self) -> KunkenState:
        return KunkenState(
            self.deal, self.score, list(self.hands), [list(m) for m in self.melds],
            list(self.pile), self.stock_pos, self.phase, self.to_play, self.pending,
            self.pending_from, self.taken, self.new_melds, self.turns, self.winner,
            list(self.history), self._legal, self._full_mask)  # the same position: what was
        # worked out for it holds (apply_action invalidates it on the copy's next step)

    def __str__(self) -> str:
        lines = []
        for p in (0, 1):
            melds = " | ".join("-".join(m.show(self.table)) for m in self.melds[p])
            hand = " ".join(_show(kind_of(c)) for c in iter_cards(self.hands[p]))
            lines.append(f"player {p}: hand [{hand}] melds [{melds}] down {self.down_count(p)}")
        top = _show(kind_of(self.pile[-1])) if self.pile else "-"
        lines.append(f"pile top {top}, stock {self.stock_count}, phase {self.phase}, "
                     f"to act {self.current_player()}")
        return "\n".join(lines)
