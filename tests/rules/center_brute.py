"""A brute-force reference for the center analysis of cooncan and the kunken profiles.

It shares nothing with the engines but the position reader: melds are checked by their
definition (C4, K3, K4), every hand card is tried in the hand, in your melds or on each of
the opponent's melds, and every joker tries every card it could stand for.  Exponential:
for positions with a handful of hand cards.
"""

from __future__ import annotations

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
    if not naturals:
        return []
    if not jokers:
        return [()] if is_meld(profile, naturals, 0) else []
    out = []
    for stands in itertools.combinations_with_replacement(
            _stand_options(profile, naturals), jokers):
        if is_meld(profile, [*naturals, *stands], jokers):
            out.append(stands)
    return out


def _partitions(
    profile: RuleProfile, naturals: tuple[int, ...], jokers: int
) -> list[tuple[int, ...]]:
    """Every multiset of joker stand-fors of a partition of the cards into melds."""
    if not naturals:
        return [()] if jokers == 0 else []
    first, rest = naturals[0], naturals[1:]
    found: set[tuple[int, ...]] = set()
    for size in range(0, len(rest) + 1):
        for combo_idx in itertools.combinations(range(len(rest)), size):
            group = [first, *(rest[i] for i in combo_idx)]
            left = tuple(rest[i] for i in range(len(rest)) if i not in combo_idx)
            for j in range(0, jokers + 1):
                for stands in groups_with_jokers(profile, group, j):
                    for more in _partitions(profile, left, jokers - j):
                        found.add(tuple(sorted(stands + more)))
    return list(found)


def brute_plays(position: Position) -> set[PlayKey]:
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
    center = position.center
    left_card = profile.lay_off == "left_card" and position.center_from == "opponent"
    anyone = profile.lay_off == "after_own_meld"
    places = ["hand", "own"] + [i for i in range(len(targets))] if anyone else ["hand", "own"]
    center_places: list[str | int] = ["own"]
    if anyone or left_card:
        center_places += list(range(len(targets)))
    found: set[PlayKey] = set()
    for center_place in center_places:
        hand_places = places
        if left_card and center_place != "own":
            hand_places = ["hand"]  # the left card goes alone (C9)
        for assignment in itertools.product(hand_places, repeat=len(hand)):
            own = list(movable)
            laid: dict[int, list[int]] = {}
            for card, place in zip(hand, assignment, strict=True):
                if place == "own":
                    own.append(card)
                elif place != "hand":
                    laid.setdefault(int(place), []).append(card)
            if center_place == "own":
                own.append(center)
            else:
                laid.setdefault(int(center_place), []).append(center)
            if laid and anyone and not own and not frozen:
                continue  # no lay-off before a meld of your own (K10)
            for key in _check(profile, own, laid, targets, fixed_naturals, fixed_stands,
                              hand, assignment):
                found.add(key)
    return found


def _check(
    profile: RuleProfile, own: list[int], laid: dict[int, list[int]],
    targets: list[tuple[list[int], int]], fixed_naturals: Counter[int],
    fixed_stands: Counter[int], hand: list[int], assignment: Sequence[object],
) -> set[PlayKey]:
    out: set[PlayKey] = set()
    lay_options: list[list[tuple[int, tuple[int, ...]]]] = []
    for index, cards in sorted(laid.items()):
        kinds, jokers = targets[index]
        naturals = [card_kind(c) for c in cards if c < JOKER_BASE]
        new_jokers = len(cards) - len(naturals)
        options = []
        all_naturals = [k for k in kinds] + naturals
        for stands in itertools.combinations_with_replacement(
                _stand_options(profile, all_naturals), new_jokers) if new_jokers else [()]:
            if is_meld(profile, all_naturals + list(stands), jokers + new_jokers):
                options.append((index, tuple(stands)))
        if not options:
            return out
        lay_options.append(options)
    own_naturals = tuple(sorted(card_kind(c) for c in own if c < JOKER_BASE))
    own_jokers = len(own) - len(own_naturals)
    partitions = _partitions(profile, own_naturals, own_jokers)
    if not partitions:
        return out
    table = Counter(fixed_naturals)
    table.update(own_naturals)
    for cards in laid.values():
        table.update(card_kind(c) for c in cards if c < JOKER_BASE)
    played = sorted(card_str(c) for c, p in zip(hand, assignment, strict=True) if p != "hand")
    for lays in itertools.product(*lay_options):
        lay_stands = Counter(k for _, stands in lays for k in stands)
        for own_stands in partitions:
            total = table + fixed_stands + lay_stands + Counter(own_stands)
            if any(n > profile.deck.packs for n in total.values()):
                continue
            lay_key = []
            for (index, stands) in lays:
                texts = [card_str(c) for c in laid[index] if c < JOKER_BASE]
                texts += ["*" + card_str(k) for k in stands]
                lay_key.append((index, tuple(sorted(texts))))
            out.add((tuple(played), tuple(lay_key)))
            break
    return out


def engine_keys(analysis_dict: dict[str, object]) -> set[PlayKey]:
    plays = analysis_dict["plays"]
    assert isinstance(plays, list)
    out = set()
    for play in plays:
        lays = tuple((e["meld"], tuple(sorted(e["cards"]))) for e in play.get("lay_off", []))
        out.add((tuple(sorted(play["hand_cards"])), lays))
    return out
