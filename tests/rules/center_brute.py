"""A brute-force reference for the center analysis of cooncan and the kunken profiles.

It shares nothing with the engines but the position reader: melds are checked by their
definition (C4, K3, K4), every hand card is tried in the hand, in your melds or on each of
the opponent's melds, and every joker tries every card it could stand for.  Exponential:
for positions with a handful of hand cards.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

from solver.cards import JOKER_BASE, card_kind, card_rank, card_str, card_suit, cards_of
from solver.position import Position
from solver.rules import RuleProfile

PlayKey = tuple[tuple[str, ...], tuple[tuple[int, tuple[str, ...]], ...]]
"""(hand cards as strings, sorted; lay-offs as (meld index, sorted card strings))."""

JOKER = -1


def is_meld(profile: RuleProfile, kinds: Sequence[int], jokers: int) -> bool:
    """The kinds a group represents (its naturals' and its jokers' stand-fors) form a meld."""
    rules = profile.meld_rules
    naturals = len(kinds) - jokers
    if jokers and (not profile.has_jokers or naturals < 2 or jokers > naturals):
        return False
    if len(set(kinds)) != len(kinds):
        return False
    ranks = [card_rank(k) for k in kinds]
    suits = [card_suit(k) for k in kinds]
    if len(set(ranks)) == 1:
        return rules.set_min <= len(kinds) <= rules.set_max
    if len(set(suits)) != 1 or not rules.run_min <= len(kinds) <= rules.run_max:
        return False
    order = sorted(profile.deck.ranks.index(r) for r in ranks)
    return order == list(range(order[0], order[0] + len(order)))


def _stand_options(profile: RuleProfile, naturals: Sequence[int]) -> list[int]:
    first = naturals[0]
    return [k for k in range(52) if profile.deck.has_rank(card_rank(k))
            and (card_rank(k) == card_rank(first) or card_suit(k) == card_suit(first))]


def groups_with_jokers(
    profile: RuleProfile, naturals: Sequence[int], jokers: int
) -> list[tuple[int, ...]]:
    """Every assignment of stand-for kinds to ``jokers`` jokers making a meld."""
    if not naturals or len(set(naturals)) != len(naturals):
        return []
    if len({card_rank(k) for k in naturals}) > 1 and len({card_suit(k) for k in naturals}) > 1:
        return []
    if not jokers:
        return [()] if is_meld(profile, naturals, 0) else []
    out = []
    for stands in itertools.combinations_with_replacement(
            _stand_options(profile, naturals), jokers):
        if is_meld(profile, [*naturals, *stands], jokers):
            out.append(stands)
    return out


@functools.lru_cache(maxsize=200_000)
def _partitions(
    profile: RuleProfile, naturals: tuple[int, ...], jokers: int
) -> list[tuple[int, ...]]:
    """Every multiset of joker stand-fors of a partition of the cards into melds."""
    if not naturals:
        return [()] if jokers == 0 else []
    first, rest = naturals[0], naturals[1:]
    found: set[tuple[int, ...]] = set()
    # Only cards sharing the first card's rank or suit can join it in a meld.
    mates = [i for i, k in enumerate(rest)
             if card_rank(k) == card_rank(first) or card_suit(k) == card_suit(first)]
    for size in range(0, len(mates) + 1):
        for combo_idx in itertools.combinations(mates, size):
            group = [first, *(rest[i] for i in combo_idx)]
            left = tuple(rest[i] for i in range(len(rest)) if i not in combo_idx)
            for j in range(0, jokers + 1):
                for stands in groups_with_jokers(profile, group, j):
                    for more in _partitions(profile, left, jokers - j):
                        found.add(tuple(sorted(stands + more)))
    return list(found)


def brute_plays(position: Position) -> dict[PlayKey, tuple[int, int]]:
    """Every play's key, with the fewest cards (and of those, jokers) it takes back."""
    profile = position.rules
    stands = position.stands_for
    frozen = {i for i, m in enumerate(position.opponent_laid_off) if m}
    movable = [c for i, m in enumerate(position.melds) if i not in frozen for c in cards_of(m)]
    fixed_naturals = Counter(card_kind(c) for i, m in enumerate(position.melds) if i in frozen
                             for c in cards_of(m) if c < JOKER_BASE)
    fixed_stands = Counter(card_kind(stands[c]) for i, m in enumerate(position.melds)
                           if i in frozen for c in cards_of(m) if c >= JOKER_BASE)
    targets = []
    for meld in position.opponent_melds:
        cards = cards_of(meld)
        kinds = [card_kind(stands[c]) if c >= JOKER_BASE else card_kind(c) for c in cards]
        naturals = [card_kind(c) for c in cards if c < JOKER_BASE]
        fixed_naturals.update(naturals)
        fixed_stands.update(card_kind(stands[c]) for c in cards if c >= JOKER_BASE)
        targets.append((kinds, len(cards) - len(naturals)))
    hand = cards_of(position.hand)
    items = [*hand, *movable, position.center]
    n = len(items)
    center_bit = 1 << (n - 1)
    mine_bits = sum(1 << i for i in range(len(hand), n - 1))
    take_back = profile.take_back
    left_card = profile.lay_off == "left_card" and position.center_from == "opponent"
    anyone = profile.lay_off == "after_own_meld"

    def kinds_of(mask: int) -> tuple[tuple[int, ...], int]:
        chosen = [items[i] for i in range(n) if mask >> i & 1]
        naturals = tuple(sorted(card_kind(c) for c in chosen if c < JOKER_BASE))
        return naturals, len(chosen) - len(naturals)

    own_parts: dict[int, list[tuple[int, ...]]] = {}
    for mask in range(1 << n):
        if not take_back and mask & mine_bits != mine_bits:
            continue
        naturals, jokers = kinds_of(mask)
        parts = _partitions(profile, naturals, jokers)
        if parts:
            own_parts[mask] = parts
    lay_parts: list[dict[int, list[tuple[int, ...]]]] = []
    for kinds, jokers in targets:
        options: dict[int, list[tuple[int, ...]]] = {}
        if anyone or left_card:
            # Only jokers and cards sharing a rank or a suit with the meld can extend it.
            fits = [i for i in range(n) if items[i] >= JOKER_BASE or any(
                card_rank(items[i]) == card_rank(k) or card_suit(items[i]) == card_suit(k)
                for k in kinds)]
            for size in range(1, len(fits) + 1) if anyone else [1]:
                for chosen in itertools.combinations(fits, size):
                    _lay_option(profile, items, kinds, jokers, sum(1 << i for i in chosen),
                                options, center_bit if left_card else 0)
        lay_parts.append(options)

    out: dict[PlayKey, tuple[int, int]] = {}
    everything = (1 << n) - 1
    for own_mask, parts in own_parts.items():
        combos: list[list[tuple[int, int, list[tuple[int, ...]]]]] = []
        _lay_combos(lay_parts, 0, everything & ~own_mask, [], combos)
        for combo in combos:
            laid_mask = sum(m for _, m, _ in combo)
            if not (own_mask | laid_mask) & center_bit:
                continue  # the center card goes down
            if combo and left_card and own_mask != mine_bits:
                continue  # cooncan: the left card goes alone, your melds as they were (C9)
            if combo and anyone and not own_mask and not frozen:
                continue  # no lay-off before a meld of your own (K10)
            for lay_stands in itertools.product(*(options for _, _, options in combo)):
                if _table_ok(profile, own_mask | laid_mask, items, fixed_naturals,
                             fixed_stands, parts, lay_stands):
                    key, back = _key(items, len(hand), own_mask | laid_mask, combo, lay_stands)
                    if key not in out or back < out[key]:
                        out[key] = back
    return out


def _lay_option(
    profile: RuleProfile, items: list[int], kinds: list[int], jokers: int, mask: int,
    options: dict[int, list[tuple[int, ...]]], only: int,
) -> None:
    """Record the joker stand-fors with which the cards of ``mask`` extend a meld."""
    if only and mask != only:
        return
    chosen = [items[i] for i in range(len(items)) if mask >> i & 1]
    naturals = [card_kind(c) for c in chosen if c < JOKER_BASE]
    new_jokers = len(chosen) - len(naturals)
    all_naturals = list(kinds) + naturals
    found = []
    for extra in itertools.combinations_with_replacement(
            _stand_options(profile, all_naturals), new_jokers):
        if is_meld(profile, all_naturals + list(extra), jokers + new_jokers):
            found.append(tuple(extra))
    if found:
        options[mask] = found


def _lay_combos(
    lay_parts: list[dict[int, list[tuple[int, ...]]]], index: int, free: int,
    chosen: list[tuple[int, int, list[tuple[int, ...]]]],
    out: list[list[tuple[int, int, list[tuple[int, ...]]]]],
) -> None:
    if index == len(lay_parts):
        out.append(list(chosen))
        return
    _lay_combos(lay_parts, index + 1, free, chosen, out)
    for mask, options in lay_parts[index].items():
        if mask & free == mask:
            chosen.append((index, mask, options))
            _lay_combos(lay_parts, index + 1, free & ~mask, chosen, out)
            chosen.pop()


def _table_ok(
    profile: RuleProfile, down: int, items: list[int], fixed_naturals: Counter[int],
    fixed_stands: Counter[int], parts: list[tuple[int, ...]],
    lay_stands: tuple[tuple[int, ...], ...],
) -> bool:
    table = Counter(fixed_naturals)
    table.update(card_kind(items[i]) for i in range(len(items))
                 if down >> i & 1 and items[i] < JOKER_BASE)
    laid = Counter(k for extra in lay_stands for k in extra)
    for own_stands in parts:
        total = table + fixed_stands + laid + Counter(own_stands)
        if all(v <= profile.deck.packs for v in total.values()):
            return True
    return False


def _key(
    items: list[int], hand_count: int, down: int,
    combo: list[tuple[int, int, list[tuple[int, ...]]]],
    lay_stands: tuple[tuple[int, ...], ...],
) -> tuple[PlayKey, tuple[int, int]]:
    """The play's key by the engines' convention: identical cards are one, so your melds'
    cards count as staying down before hand cards count as played."""
    n = len(items)
    played = Counter(card_str(items[i]) for i in range(n - 1) if down >> i & 1)
    mine = Counter(card_str(items[i]) for i in range(hand_count, n - 1))
    common = played & mine
    hand_part = played - common
    back = mine - common
    lays = []
    for (index, mask, _), extra in zip(combo, lay_stands, strict=True):
        texts = [card_str(items[i]) for i in range(n) if mask >> i & 1 and items[i] < JOKER_BASE]
        texts += ["*" + card_str(k) for k in extra]
        lays.append((index, tuple(sorted(texts))))
    return (tuple(sorted(hand_part.elements())), tuple(lays)), (sum(back.values()), back["*"])


def engine_keys(analysis_dict: dict[str, object]) -> dict[PlayKey, tuple[int, int]]:
    """The engine's plays in the brute force's terms (with the cards each takes back)."""
    plays = analysis_dict["plays"]
    assert isinstance(plays, list)
    out = {}
    for play in plays:
        # One entry per set of hand cards; its ways are the brute force's keys.  Joker
        # swaps (K5) are beyond the brute force: ways with swaps are left out.
        for way in play.get("ways", [play]):
            if way.get("swaps"):
                continue
            lays = tuple((e["meld"], tuple(sorted(e["cards"]))) for e in way.get("lay_off", []))
            back = way.get("taken_back", [])
            out[(tuple(sorted(play["hand_cards"])), lays)] = (len(back), back.count("*"))
    return out
