"""The upcard drawn into the hand (colonel): exact search.

A play splits the hand into pieces — melds, lay-offs onto table melds, cards left over — and
its deadwood is the pips left over minus the highest of them (the discard).  For a set of
cards M, ``_Pieces.frontier(M)`` is every Pareto-best (pips left, highest left) pair over the
ways of splitting M; it is memoised per analysis, and the cards that belong to no piece are
folded in as one pair.  The canonical play is then found lowest card first, taking the first
piece (in :func:`~solver.analysis.draw.group_key` order) that keeps the least deadwood in
reach.

The stock average reuses the frontiers of hand cards alone: a drawn card either stays left
over (then only its pips matter, so every card is first counted per pip value), or joins
exactly one piece whose other cards come from the hand, which helps when the hand without
that piece's cards keeps less deadwood.  Those pieces are found in one pass over the cards
next to the hand and the first cards beyond each table meld.

Two disjoint lay-offs onto the same run are always a valid lay-off together (one extends the
low end, the other the high end; a single pack holds one ace), so pieces never need to know
about each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

from solver.analysis.draw import (
    SINGLE,
    DrawAnalysis,
    LayOff,
    finish,
    group_key,
    pips,
    unseen_cards,
)
from solver.cards import (
    NATURALS,
    NUM_RANKS_FULL,
    CardMask,
    card_rank,
    card_suit,
    cards_of,
    make_card,
)
from solver.melds import MeldTable
from solver.position import Position

Pair = tuple[int, int]  # (pips left over, highest pip left over)
Frontier = tuple[Pair, ...]
Piece = tuple[CardMask, int]  # (cards, kind as in group_key)


def _prune(pairs: Iterable[Pair]) -> Frontier:
    """Keep the pairs no other beats (fewer or equal pips and an equal or higher top card)."""
    out: list[Pair] = []
    best_top = -1
    for s, m in sorted(pairs, key=lambda p: (p[0], -p[1])):
        if m > best_top:
            out.append((s, m))
            best_top = m
    return tuple(out)


def extension_sets(table: MeldTable, meld: CardMask, avail: CardMask) -> list[CardMask]:
    """Every non-empty set of ``avail`` cards that keeps ``meld`` valid when added (H6)."""
    if _plain(table):
        return _plain_extensions(meld, avail)
    if table.is_set(meld):
        rank = card_rank((meld & -meld).bit_length() - 1)
        out = []
        for suit in range(4):
            card = make_card(rank, suit)
            if avail >> card & 1 and table.is_valid(meld | 1 << card):
                out.append(1 << card)
        return out
    order = table.run_order(meld)
    if order is None:
        return []
    suit = card_suit(order[0])
    chains: list[list[CardMask]] = []
    for end, step in ((order[-1], 1), (order[0], -1)):
        chain: list[CardMask] = [0]
        grown = meld
        rank = card_rank(end)
        while True:
            rank = (rank + step) % NUM_RANKS_FULL
            bit = 1 << make_card(rank, suit)
            if not avail & bit or not table.is_valid(grown | bit):
                break
            grown |= bit
            chain.append(chain[-1] | bit)
        chains.append(chain)
    found = {up | down for up in chains[0] for down in chains[1]}
    found.discard(0)
    return [s for s in found if table.is_valid(meld | s)]


def _plain_extensions(meld: CardMask, avail: CardMask) -> list[CardMask]:
    """:func:`extension_sets` under colonel's rules, by rank positions 0..13 (13 is the ace
    above the king): a set of three takes its fourth card; a run grows at either end, and
    never holds both aces."""
    low = (meld & -meld).bit_length() - 1
    suit, rank = divmod(low, NUM_RANKS_FULL)
    base = NUM_RANKS_FULL * suit
    bits = meld >> base & _RANKS
    if bits.bit_count() < meld.bit_count():  # cards of several suits: a set
        if meld.bit_count() >= 4:
            return []
        return [1 << b for b in range(rank, NATURALS, NUM_RANKS_FULL)
                if avail >> b & 1 and not meld >> b & 1]
    if bits == _RANKS:
        return []
    spread = bits | (1 << NUM_RANKS_FULL if bits & 1 and bits >> 12 & 1 and not bits & 2
                     else 0)
    if spread & 1 and spread >> NUM_RANKS_FULL & 1:
        spread ^= 1  # the ace sits above the king
    lo = (spread & -spread).bit_length() - 1
    hi = spread.bit_length() - 1
    have = avail >> base & _RANKS
    ups = [0]
    pos = hi + 1
    while pos <= NUM_RANKS_FULL and not (pos == NUM_RANKS_FULL and lo == 0) \
            and have >> (pos % NUM_RANKS_FULL) & 1:
        ups.append(ups[-1] | 1 << (base + pos % NUM_RANKS_FULL))
        pos += 1
    downs = [0]
    pos = lo - 1
    while pos >= 0 and not (pos == 0 and hi == NUM_RANKS_FULL) and have >> pos & 1:
        downs.append(downs[-1] | 1 << (base + pos))
        pos -= 1
    # Going up to the high ace and down to the low ace reach the same set twice (A..K).
    return sorted({u | d for u in ups for d in downs if (u or d) and not u & d})


Keyed = list[tuple[tuple[int, int, int, int], CardMask, int]]


def _keyed_pieces(table: MeldTable, targets: tuple[CardMask, ...], cards: CardMask) -> Keyed:
    """Every meld and lay-off inside the cards with its canonical key, sorted."""
    keyed: Keyed = [(group_key(m, 0), m, 0) for m in melds_in(table, cards)]
    for t, target in enumerate(targets):
        for s in extension_sets(table, target, cards):
            keyed.append((group_key(s, 1 + t), s, 1 + t))
    keyed.sort()
    return keyed


class _Pieces:
    """The pieces inside one set of cards, by lowest card, in canonical order."""

    def __init__(self, keyed: Keyed) -> None:
        by_low: dict[int, list[Piece]] = {}
        core = 0
        for key, m, kind in keyed:
            by_low.setdefault(key[0], []).append((m, kind))
            core |= m
        self.by_low = by_low
        self.core = core
        self.memo: dict[CardMask, Frontier] = {0: ((0, 0),)}
        self.full: dict[CardMask, Frontier] = {}
        self.least_memo: dict[CardMask, int] = {}

    def frontier(self, cards: CardMask) -> Frontier:
        """Pareto-best (pips left, top pip left) over the splits of ``cards`` (a subset)."""
        found = self.full.get(cards)
        if found is not None:
            return found
        free = cards & ~self.core
        result = self._core(cards & self.core)
        if free:
            fs, fm = _free_pair(free)
            # A uniform shift keeps the pairs Pareto-best but for ties on the top card, which
            # only cost a few comparisons later.
            result = tuple((s + fs, m if m > fm else fm) for s, m in result)
        self.full[cards] = result
        return result

    def least(self, cards: CardMask) -> int:
        """The least deadwood of ``cards`` (a subset): pips left minus the discarded top
        card, the best over its frontier, without building the shifted frontier (the stock
        average asks this of many subsets)."""
        found = self.least_memo.get(cards)
        if found is not None:
            return found
        core = self._core(cards & self.core)
        free = cards & ~self.core
        fs, fm = _free_pair(free) if free else (0, 0)
        result = 1 << 30
        for s, m in core:
            d = s + fs - (m if m > fm else fm)
            if d < result:
                result = d
        self.least_memo[cards] = result
        return result

    def _core(self, cards: CardMask) -> Frontier:
        found = self.memo.get(cards)
        if found is not None:
            return found
        low = cards & -cards
        x = low.bit_length() - 1
        p = _PIPS[x]
        # The lowest card left over: the frontier below, shifted.  Its pairs come with pips
        # and top card both rising, so those whose top is under p tie at p and the first
        # of them beats the rest: the shifted frontier stays Pareto-best without sorting.
        pairs: list[Pair] = []
        for s, m in self._core(cards ^ low):
            if m > p:
                pairs.append((s + p, m))
            elif not pairs:
                pairs.append((s + p, p))
        joined = False
        for piece, _ in self.by_low.get(x, ()):
            if piece & cards == piece:
                pairs.extend(self._core(cards ^ piece))
                joined = True
        result = _prune(pairs) if joined else tuple(pairs)
        self.memo[cards] = result
        return result

    def arrange(self, cards: CardMask, target: int) -> list[Piece]:
        """The canonical play of ``cards`` whose deadwood is ``target`` (the least)."""
        free = cards & ~self.core
        out: list[Piece] = []
        s = m = 0
        rest = free
        while rest:  # cards in no piece stay in the hand
            low = rest & -rest
            rest ^= low
            out.append((low, SINGLE))
            s += _PIPS[low.bit_length() - 1]
            m = max(m, _PIPS[low.bit_length() - 1])
        cards &= self.core
        while cards:
            low = cards & -cards
            x = low.bit_length() - 1
            options: list[Piece] = [*self.by_low.get(x, ()), (low, SINGLE)]
            for piece, kind in options:
                if piece & cards != piece:
                    continue
                s2, m2 = (s + _PIPS[x], max(m, _PIPS[x])) if kind == SINGLE else (s, m)
                rest = cards ^ piece
                if any(s2 + s3 - max(m2, m3) <= target for s3, m3 in self._core(rest)):
                    out.append((piece, kind))
                    cards, s, m = rest, s2, m2
                    break
            else:  # pragma: no cover - the frontier promised a way on
                raise AssertionError("no piece reaches the least deadwood")
        return out


def _free_pair(free: CardMask) -> Pair:
    """(pips, top pip) of cards that belong to no piece: they can only stay in the hand."""
    s0, s1 = free & 0x1FFF, free >> 13 & 0x1FFF
    s2, s3 = free >> 26 & 0x1FFF, free >> 39 & 0x1FFF
    return (_SUIT_PIPS[s0] + _SUIT_PIPS[s1] + _SUIT_PIPS[s2] + _SUIT_PIPS[s3],
            max(_SUIT_TOP[s0], _SUIT_TOP[s1], _SUIT_TOP[s2], _SUIT_TOP[s3]))


def analyze(position: Position) -> DrawAnalysis:
    table = position.rules.table
    targets = position.melds + position.opponent_melds  # the order of table_melds
    hand, upcard = position.hand, position.center
    drawn = hand | 1 << upcard

    keyed = _keyed_pieces(table, targets, drawn)
    now = _Pieces(keyed)
    least = now.least(drawn)
    pieces = now.arrange(drawn, least)
    melds = tuple(m for _, m, kind in keyed if kind == 0)
    lay_offs = tuple(LayOff(t, s) for t, _, s in sorted(
        (kind - 1, group_key(m, 0), m) for _, m, kind in keyed if kind))

    unseen = unseen_cards(position)
    # Splits of hand cards alone never use a piece holding the upcard, so the same pieces
    # (and their memo) serve the stock draws.
    total = _stock_total(table, targets, hand, unseen, now)
    return finish(position, melds, lay_offs, pieces, total, unseen.bit_count())


def _stock_total(
    table: MeldTable, targets: tuple[CardMask, ...], hand: CardMask, unseen: CardMask,
    before: _Pieces,
) -> int:
    """The sum over the unseen cards of the least deadwood after drawing that card."""
    base = before.frontier(hand)
    # A drawn card that joins no piece with hand cards only adds its pips to the leftovers;
    # the cards that can join one are those next to the hand or beyond a table meld.
    reach = _neighbours(table, hand)
    frontiers = [_lay_off_frontier(table, t, hand) for t in targets]
    for f in frontiers:
        reach |= f
    reach &= unseen
    if len(base) == 1:  # the usual case: one best way to split the hand
        (s0, m0), = base
        by_pip = [s0 + p - (m0 if m0 > p else p) for p in range(11)]
    else:
        by_pip = []
        for p in range(11):
            least = 1 << 30
            for s, m in base:
                d = s + p - (m if m > p else p)
                if d < least:
                    least = d
            by_pip.append(least)
    # Every unseen card first as if it stayed left over, counted per pip value; then the
    # cards that do better by joining a piece with hand cards.
    total = 0
    for p in range(1, 11):
        total += (unseen & _PIP_MASKS[p]).bit_count() * by_pip[p]
    # The least deadwood with each piece that holds exactly one card beyond the hand.
    joined: dict[CardMask, int] = {}
    for meld in _melds_one_beyond(table, hand, reach):
        extra = meld & reach
        if extra and not extra & (extra - 1):
            d = before.least(hand & ~meld)
            if d < joined.get(extra, d + 1):
                joined[extra] = d
    for t, f in enumerate(frontiers):
        if f & reach:
            for lay in extension_sets(table, targets[t], hand | (f & reach)):
                extra = lay & reach
                if extra and not extra & (extra - 1):
                    d = before.least(hand & ~lay)
                    if d < joined.get(extra, d + 1):
                        joined[extra] = d
    for card, d in joined.items():
        alone = by_pip[_PIPS[card.bit_length() - 1]]
        if d < alone:
            total += d - alone
    return total


_PIPS: tuple[int, ...] = tuple(pips(c) for c in range(NATURALS))
_SUIT_PIPS: tuple[int, ...] = tuple(sum(_PIPS[r] for r in range(NUM_RANKS_FULL) if b >> r & 1)
                                    for b in range(1 << NUM_RANKS_FULL))
_SUIT_TOP: tuple[int, ...] = tuple(max((_PIPS[r] for r in range(NUM_RANKS_FULL) if b >> r & 1),
                                       default=0) for b in range(1 << NUM_RANKS_FULL))
_PIP_MASKS: tuple[CardMask, ...] = tuple(
    sum(1 << c for c in range(NATURALS) if _PIPS[c] == p) for p in range(11))
_RANKS = (1 << NUM_RANKS_FULL) - 1


def _neighbours(table: MeldTable, hand: CardMask) -> CardMask:
    """A superset of the cards that form a meld with two hand cards: a rank the hand holds
    twice, or a card with hand cards on both sides or two on one side (circular ranks, so
    K-A-2 is let through and ruled out later)."""
    out = 0
    suits = []
    for s in range(4):
        bits = hand >> (NUM_RANKS_FULL * s) & _RANKS
        suits.append(bits)
        if bits:
            # Rotations by one and two ranks: the card below, two below, above, two above.
            b1 = (bits << 1 | bits >> 12) & _RANKS
            b2 = (bits << 2 | bits >> 11) & _RANKS
            a1 = (bits >> 1 | bits << 12) & _RANKS
            a2 = (bits >> 2 | bits << 11) & _RANKS
            out |= ((b1 & (b2 | a1)) | (a1 & a2)) << (NUM_RANKS_FULL * s)
    a, b, c, d = suits
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    if pairs:
        out |= pairs | pairs << 13 | pairs << 26 | pairs << 39
    return out


def _lay_off_frontier(table: MeldTable, meld: CardMask, hand: CardMask) -> CardMask:
    """The cards outside the hand that a lay-off onto ``meld`` could use with hand cards:
    the first card beyond each end's chain of hand cards, or a set's missing cards."""
    if _plain(table):
        return _plain_frontier(meld, hand)
    if table.is_set(meld):
        rank = card_rank((meld & -meld).bit_length() - 1)
        out = 0
        for suit in range(4):
            card = make_card(rank, suit)
            if not meld >> card & 1 and table.is_valid(meld | 1 << card):
                out |= 1 << card
        return out
    order = table.run_order(meld)
    if order is None:
        return 0
    suit = card_suit(order[0])
    out = 0
    for end, step in ((order[-1], 1), (order[0], -1)):
        grown = meld
        rank = card_rank(end)
        while True:
            rank = (rank + step) % NUM_RANKS_FULL
            bit = 1 << make_card(rank, suit)
            if grown & bit or not table.is_valid(grown | bit):
                break
            grown |= bit
            if not hand & bit:
                out |= bit
                break
    return out


_PLAIN: dict[int, bool] = {}


def _plain_frontier(meld: CardMask, hand: CardMask) -> CardMask:
    """:func:`_lay_off_frontier` under colonel's rules, by rank positions as in
    :func:`_plain_extensions`."""
    low = (meld & -meld).bit_length() - 1
    suit, rank = divmod(low, NUM_RANKS_FULL)
    base = NUM_RANKS_FULL * suit
    bits = meld >> base & _RANKS
    if bits.bit_count() < meld.bit_count():  # a set
        if meld.bit_count() >= 4:
            return 0
        return sum(1 << b for b in range(rank, NATURALS, NUM_RANKS_FULL) if not meld >> b & 1)
    if bits == _RANKS:
        return 0
    spread = bits | (1 << NUM_RANKS_FULL if bits & 1 and bits >> 12 & 1 and not bits & 2
                     else 0)
    if spread & 1 and spread >> NUM_RANKS_FULL & 1:
        spread ^= 1
    lo = (spread & -spread).bit_length() - 1
    hi = spread.bit_length() - 1
    have = hand >> base & _RANKS
    out = 0
    pos = hi + 1
    while pos <= NUM_RANKS_FULL and not (pos == NUM_RANKS_FULL and lo == 0):
        if not have >> (pos % NUM_RANKS_FULL) & 1:
            out |= 1 << (base + pos % NUM_RANKS_FULL)
            break
        pos += 1
    pos = lo - 1
    while pos >= 0 and not (pos == 0 and hi == NUM_RANKS_FULL):
        if not have >> pos & 1:
            out |= 1 << (base + pos)
            break
        pos -= 1
    return out


def _plain(table: MeldTable) -> bool:
    """The meld rules of colonel, which the interval shortcuts below assume."""
    found = _PLAIN.get(id(table))
    if found is None:
        rules = table.rules
        found = (table.deck.packs == 1 and len(table.deck.ranks) == NUM_RANKS_FULL
                 and rules.set_min == 3 and rules.set_max == 4 and rules.run_min == 3
                 and rules.run_max >= NUM_RANKS_FULL and rules.ace_high and not rules.wrap)
        _PLAIN[id(table)] = found
    return found


def _rank_sets(cards: CardMask, rank: int) -> list[CardMask]:
    bits = [1 << b for b in range(rank, NATURALS, NUM_RANKS_FULL) if cards >> b & 1]
    if len(bits) < 3:
        return []
    out = [sum(combo) for combo in combinations(bits, 3)]
    if len(bits) == 4:
        out.append(sum(bits))
    return out


def _suit_runs(cards: CardMask, suit: int) -> tuple[CardMask, ...]:
    """Runs of one suit inside the cards: intervals of positions 0..13 (13 is the ace above
    the king) of three or more, never holding both aces (H1, H3)."""
    bits = cards >> (NUM_RANKS_FULL * suit) & _RANKS
    if bits.bit_count() < 3:
        return ()
    return _runs_of(bits, NUM_RANKS_FULL * suit)


@lru_cache(maxsize=1 << 15)
def _runs_of(bits: int, base: int) -> tuple[CardMask, ...]:
    """:func:`_suit_runs` by the suit's rank bits (a pure function of a small domain, so it
    is remembered: the stock average meets the same suit patterns again and again)."""
    spread = bits | (bits & 1) << NUM_RANKS_FULL
    out = []
    for i in range(NUM_RANKS_FULL - 1):
        if not spread >> i & 1:
            continue
        run = 0
        for j in range(i, NUM_RANKS_FULL + 1):
            if not spread >> j & 1:
                break
            run |= 1 << (base + j % NUM_RANKS_FULL)
            if j - i >= 2 and not (i == 0 and j == NUM_RANKS_FULL):
                out.append(run)
    return tuple(out)


def _melds_one_beyond(table: MeldTable, hand: CardMask, reach: CardMask) -> list[CardMask]:
    """The melds inside ``hand | reach`` (possibly more): every one holding exactly one
    ``reach`` card is among them."""
    if not _plain(table):
        return melds_in(table, hand | reach)
    cards = hand | reach
    out: list[CardMask] = []
    a, b, c, d = (cards >> (NUM_RANKS_FULL * s) & _RANKS for s in range(4))
    triples = (a & b & (c | d)) | (c & d & (a | b))
    triples &= reach | reach >> 13 | reach >> 26 | reach >> 39  # a rank with a reach card
    while triples:
        low = triples & -triples
        triples ^= low
        out.extend(_rank_sets(cards, low.bit_length() - 1))
    for suit in range(4):
        base = NUM_RANKS_FULL * suit
        extra = reach >> base & _RANKS
        if extra:
            out.extend(_runs_through(hand >> base & _RANKS, extra, base))
    return out


_SPAN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (k % NUM_RANKS_FULL) for k in range(i, j + 1)) for j in range(14))
    for i in range(14))
"""Rank bits of the run from position i to position j (13 is the ace above the king)."""


@lru_cache(maxsize=1 << 15)
def _runs_through(hand_bits: int, extra: int, base: int) -> tuple[CardMask, ...]:
    """Runs of one suit made of hand cards and exactly one of the ``extra`` ranks (a pure
    function of two rank patterns, remembered as :func:`_runs_of` is)."""
    spread = hand_bits | (hand_bits & 1) << NUM_RANKS_FULL
    out = []
    while extra:
        low = extra & -extra
        extra ^= low
        rank = low.bit_length() - 1
        for pos in (0, NUM_RANKS_FULL) if rank == 0 else (rank,):
            lo = pos
            while lo > 0 and spread >> (lo - 1) & 1:
                lo -= 1
            hi = pos
            while hi < NUM_RANKS_FULL and spread >> (hi + 1) & 1:
                hi += 1
            if hi - lo < 2:
                continue
            for i in range(lo, pos + 1):
                row = _SPAN[i]
                for j in range(max(pos, i + 2), hi + 1):
                    if i or j != NUM_RANKS_FULL:
                        out.append(row[j] << base)
    return tuple(out)


def melds_in(table: MeldTable, cards: CardMask) -> list[CardMask]:
    """Every meld of the table inside the cards."""
    if not _plain(table):
        return [m for k in cards_of(cards) for m in table.starting[k] if m & cards == m]
    out: list[CardMask] = []
    a, b, c, d = (cards >> (NUM_RANKS_FULL * s) & _RANKS for s in range(4))
    triples = (a & b & (c | d)) | (c & d & (a | b))
    while triples:
        low = triples & -triples
        triples ^= low
        out.extend(_rank_sets(cards, low.bit_length() - 1))
    for suit in range(4):
        out.extend(_suit_runs(cards, suit))
    return out


__all__ = ["analyze", "extension_sets", "melds_in"]
