"""The same analysis as :mod:`solver.search`, formulated for OR-Tools CP-SAT.

It exists to cross-check the search engine, so it shares only the rules' tables
(the 182 melds and their canonical order) and none of the search code.

Model, for one play: a boolean per candidate meld inside the pool (exposed cards,
center card, hand); every exposed card and the center card lie in exactly one chosen
meld; a hand card lies in one chosen meld exactly when it is played.  Plays are
enumerated by solving again with a no-good cut on the played hand cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from solver.analysis import Analysis, Play, play_order
from solver.cards import CardMask, iter_cards
from solver.melds import ALL_MELDS
from solver.position import Position

_MAX_WEIGHTED = 60  # beyond this many candidates, 2**k weights would overflow int64


def analyze(position: Position) -> Analysis:
    hand, center = position.hand, position.center
    required = position.exposed | 1 << center
    pool = required | hand
    candidates = [m for m in ALL_MELDS if m & pool == m]

    plays: list[Play] = []
    for hand_cards in _enumerate_plays(candidates, required, hand):
        target = required | hand_cards
        arrangement = _canonical_cover(target, candidates, position.melds)
        keeps = arrangement is not None
        if arrangement is None:
            arrangement = _canonical_cover(target, candidates, ())
        assert arrangement is not None
        plays.append(
            Play(
                hand_cards=hand_cards,
                melds=arrangement,
                rearranged=bool(position.melds) and not keeps,
                wins=hand_cards == hand,
            )
        )
    plays.sort(key=play_order)
    return Analysis(position, tuple(plays))


def _new_solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic, and faster on tiny models
    return solver


def _enumerate_plays(
    candidates: Sequence[CardMask], required: CardMask, hand: CardMask
) -> list[CardMask]:
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"meld{i}") for i in range(len(candidates))]
    hand_cards = list(iter_cards(hand))
    y = {h: model.new_bool_var(f"play{h}") for h in hand_cards}
    for card in iter_cards(required):
        model.add(sum(x[i] for i, m in enumerate(candidates) if m >> card & 1) == 1)
    for h in hand_cards:
        model.add(sum(x[i] for i, m in enumerate(candidates) if m >> h & 1) == y[h])

    solver = _new_solver()
    found: list[CardMask] = []
    while solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        played = 0
        for h in hand_cards:
            if solver.boolean_value(y[h]):
                played |= 1 << h
        found.append(played)
        # No-good: some hand card's membership must differ next time.
        model.add_bool_or([y[h].Not() if played >> h & 1 else y[h] for h in hand_cards])
        if not hand_cards:
            break
    return found


def _canonical_cover(
    target: CardMask, candidates: Sequence[CardMask], blocks: Sequence[CardMask]
) -> tuple[CardMask, ...] | None:
    """The cover of ``target`` whose choice vector over the canonical meld order is
    lexicographically greatest, optionally keeping every block inside one meld."""
    usable = [
        m for m in candidates if m & target == m and all(not (m & b) or m & b == b for b in blocks)
    ]
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"meld{i}") for i in range(len(usable))]
    for card in iter_cards(target):
        model.add(sum(x[i] for i, m in enumerate(usable) if m >> card & 1) == 1)
    # A target holds at most 11 cards, so at most 33 melds fit inside it (10 cards of
    # one suit): the 2**k weights below stay well inside CP-SAT's 64-bit range.
    assert len(usable) <= _MAX_WEIGHTED
    model.maximize(sum((1 << (len(usable) - 1 - i)) * x[i] for i in range(len(usable))))
    solver = _new_solver()
    if solver.solve(model) != cp_model.OPTIMAL:
        return None
    return tuple(m for i, m in enumerate(usable) if solver.boolean_value(x[i]))
