"""Random consistent positions, for property tests, benchmarks and puzzle search.

The generator is biased towards interesting positions: melds are drawn so that
several cards sit near each other, and the center card often touches them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from solver.cards import (
    FULL_DECK,
    JOKER_BASE,
    NUM_CARDS,
    Card,
    CardMask,
    card_kind,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    iter_cards,
)
from solver.errors import ConquianError
from solver.melds import ALL_MELDS
from solver.messages import N_
from solver.players.hand_shape import rank_mates, run_neighbours
from solver.position import CARDS_PER_PLAYER, Position
from solver.rules import CONQUIAN_40, RuleProfile, get_profile


def _random_melds(rng: random.Random, free: CardMask, max_cards: int, count: int) -> list[CardMask]:
    melds: list[CardMask] = []
    used = 0
    for _ in range(count):
        room = max_cards - used.bit_count()
        options = [m for m in ALL_MELDS if m & free == m and m.bit_count() <= room]
        if not options:
            break
        meld = rng.choice(options)
        melds.append(meld)
        used |= meld
        free &= ~meld
    return melds


def random_position(rng: random.Random, *, max_melds: int = 3) -> Position:
    """A random position that satisfies every rule of the contract (R4, R13)."""
    free = FULL_DECK
    melds = _random_melds(rng, free, CARDS_PER_PLAYER, rng.randint(0, max_melds))
    for m in melds:
        free &= ~m
    opponent = _random_melds(rng, free, CARDS_PER_PLAYER, rng.randint(0, max_melds))
    for m in opponent:
        free &= ~m
    exposed = sum(m.bit_count() for m in melds)
    hand_size = CARDS_PER_PLAYER - exposed
    pool = cards_of(free)
    hand_cards = rng.sample(pool, hand_size)
    hand = 0
    for c in hand_cards:
        hand |= 1 << c
    free &= ~hand
    center = _pick_center(rng, free, hand | sum(melds))
    free &= ~(1 << center)
    seen = NUM_CARDS - free.bit_count()
    return Position(
        hand=hand,
        melds=tuple(melds),
        opponent_melds=tuple(opponent),
        center=center,
        center_from=rng.choice(("opponent", "stock")),
        stock=rng.randint(0, min(19, NUM_CARDS - seen)),
    )


def _pick_center(rng: random.Random, free: CardMask, mine: CardMask) -> int:
    # Half of the time, a card next to (or of the same rank as) one of ours.
    if rng.random() < 0.5:
        near = 0
        for c in cards_of(mine):
            near |= run_neighbours(c, 1) | rank_mates(c) | 1 << c
        near &= free
        if near:
            return rng.choice(cards_of(near))
    return rng.choice(cards_of(free))


# --- every profile ------------------------------------------------------------------------

Sampler = Callable[[RuleProfile, random.Random], Position]
SAMPLERS: dict[str, Sampler] = {}
"""Per kind of analysis (``RuleProfile.analysis``), a function that draws one random
consistent position of a profile; the modules of each analysis register theirs."""


def sample_position(rules: RuleProfile | str, rng: random.Random) -> Position:
    """A random consistent position of the profile ``rules``, for property tests and
    ``conquian bench``; conquian-40 keeps :func:`random_position`."""
    profile = get_profile(rules)
    if profile is CONQUIAN_40:
        return random_position(rng)
    sampler = SAMPLERS.get(profile.analysis)
    if sampler is None:
        raise ConquianError(N_("there are no random positions of {rules} yet"),
                            rules=profile.id)
    return sampler(profile, rng)


def center_position(
    profile: RuleProfile, rng: random.Random, *, max_melds: int = 3, min_down: int = 0
) -> Position:
    """A random position of a profile whose center card is melded at once (cooncan,
    kunken*): melds on both sides (jokers in some), lay-offs where the profile has them,
    the rest of your ten cards in the hand.  Drawn until the position parser accepts it,
    so every one is consistent by the profile's own checks."""
    while True:
        data = _center_data(profile, rng, max_melds, min_down)
        if data is None:
            continue
        try:
            return Position.from_dict(data, profile)
        except ConquianError:
            continue


def _center_data(
    profile: RuleProfile, rng: random.Random, max_melds: int, min_down: int
) -> dict[str, Any] | None:
    table = profile.table
    free = list(profile.deck.cards)
    rng.shuffle(free)
    kinds_free = [c for c in free if c < JOKER_BASE]
    jokers_free = [c for c in free if c >= JOKER_BASE]

    def take_meld(room: int) -> list[str] | None:
        counts: dict[int, int] = {}
        for c in kinds_free:
            counts[card_kind(c)] = counts.get(card_kind(c), 0) + 1
        options = [m for m in table.all if m.bit_count() <= room
                   and all(counts.get(k, 0) for k in iter_cards(m))]
        if not options:
            return None
        meld = rng.choice(options)
        cards = cards_of(meld)
        out = []
        use_joker = jokers_free and len(cards) >= 3 and rng.random() < 0.3
        swapped = rng.randrange(len(cards)) if use_joker else -1
        for i, kind in enumerate(cards):
            if i == swapped:
                jokers_free.pop()
                out.append("*" + card_str(kind))
            else:
                physical = next(c for c in kinds_free if card_kind(c) == kind)
                kinds_free.remove(physical)
                out.append(card_str(kind))
        return out

    mine: list[list[str]] = []
    theirs: list[list[str]] = []
    down = 0
    want = max(rng.randint(0, max_melds), 1 if min_down else 0)
    while len(mine) < want or down < min_down:
        meld = take_meld(profile.hand_size - down)
        if meld is None:
            break
        mine.append(meld)
        down += len(meld)
    for _ in range(rng.randint(0, max_melds)):
        meld = take_meld(profile.hand_size - sum(map(len, theirs)))
        if meld is not None:
            theirs.append(meld)
    data: dict[str, Any] = {"rules": profile.id, "melds": mine, "opponent_melds": theirs}
    if profile.lay_off != "none":
        laid = _lay_some(profile, rng, theirs, kinds_free, mine or profile.lay_off == "left_card")
        if laid:
            data["laid_off"] = laid
            down += sum(len(e["cards"]) for e in laid)
        theirs_laid = _lay_some(profile, rng, mine, kinds_free, True)
        if theirs_laid:
            data["opponent_laid_off"] = theirs_laid
            down -= sum(len(e["cards"]) for e in theirs_laid)
    room = profile.hand_size - down
    if room < 0:
        return None
    pool = kinds_free + jokers_free
    rng.shuffle(pool)
    hand = pool[:room]
    rest = pool[room:]
    if not rest:
        return None
    data["hand"] = [card_str(c) for c in hand]
    near = [c for c in rest if any(_near(c, h) for h in hand)]
    center = rng.choice(near if near and rng.random() < 0.6 else rest)
    data["center"] = card_str(center)
    data["center_from"] = rng.choice(("opponent", "stock"))
    return data


def _near(a: Card, b: Card) -> bool:
    if a >= JOKER_BASE or b >= JOKER_BASE:
        return True
    ka, kb = card_kind(a), card_kind(b)
    return card_rank(ka) == card_rank(kb) or (card_suit(ka) == card_suit(kb)
                                              and abs(card_rank(ka) - card_rank(kb)) <= 2)


def _lay_some(
    profile: RuleProfile, rng: random.Random, melds: list[list[str]], free: list[Card],
    allowed: object,
) -> list[dict[str, Any]]:
    """Now and then, cards already laid off onto some of ``melds`` (taken from ``free``)."""
    out: list[dict[str, Any]] = []
    if not allowed:
        return out
    table = profile.table
    for index, meld in enumerate(melds):
        if rng.random() > 0.25 or any(c.startswith("*") for c in meld):
            continue
        kinds = 0
        for text in meld:
            kinds |= 1 << profile.deck.parse(text)
        low = (kinds & -kinds).bit_length() - 1
        longer = [m for m in table.containing[low] if m & kinds == kinds and m != kinds]
        if not longer:
            continue
        added = cards_of(rng.choice(longer) & ~kinds)
        if profile.lay_off == "left_card":
            added = added[:1]
        physical = []
        for kind in added:
            match = next((c for c in free if card_kind(c) == kind), None)
            if match is None:
                break
            physical.append(match)
        else:
            for c in physical:
                free.remove(c)
            texts = [card_str(c) for c in physical]
            meld.extend(texts)
            out.append({"meld": index, "cards": texts})
    return out


SAMPLERS["center"] = center_position
