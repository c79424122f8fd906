"""The upcard drawn into the hand (colonel), formulated for CP-SAT.

Candidates come straight from the meld table: a meld inside the cards, or a lay-off ``M - T``
for every table meld ``M`` that holds a meld ``T`` on the table.  Model for one hand: a
boolean per candidate and per card left in the hand, every card in exactly one of them, and
at most one discard among the cards left; minimise the pips left minus the discard (H7, H11).
The stock average solves that problem once per unseen card.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.analysis.draw import (
    SINGLE,
    DrawAnalysis,
    LayOff,
    finish,
    group_key,
    pips,
    table_melds,
    unseen_cards,
)
from solver.cards import CardMask, cards_of, iter_cards
from solver.cpsat.lex import lex_greatest, new_solver
from solver.melds import MeldTable
from solver.position import Position

Candidate = tuple[CardMask, int]  # (cards, kind as in group_key)


def _candidates(
    table: MeldTable, targets: tuple[CardMask, ...], cards: CardMask
) -> list[Candidate]:
    out: list[Candidate] = [(m, 0) for m in table.all if m & cards == m]
    for t, target in enumerate(targets):
        for meld in table.all:
            if meld & target == target and meld != target and (meld & ~target) & cards == \
                    meld & ~target:
                out.append((meld & ~target, 1 + t))
    return out


def _add_hand(
    model: cp_model.CpModel, candidates: list[Candidate], cards: CardMask, tag: str
) -> tuple[list[cp_model.IntVar], dict[int, cp_model.IntVar], cp_model.LinearExprT]:
    """One hand's split into pieces; returns the piece and leftover booleans and its
    deadwood expression."""
    x = [model.new_bool_var(f"{tag}p{i}") for i in range(len(candidates))]
    left = {c: model.new_bool_var(f"{tag}l{c}") for c in iter_cards(cards)}
    thrown = {c: model.new_bool_var(f"{tag}d{c}") for c in iter_cards(cards)}
    for c in iter_cards(cards):
        model.add(sum(x[i] for i, (m, _) in enumerate(candidates) if m >> c & 1) + left[c] == 1)
        model.add(thrown[c] <= left[c])
    model.add(sum(thrown.values()) <= 1)
    deadwood = sum(pips(c) * left[c] for c in left) - sum(pips(c) * thrown[c] for c in thrown)
    return x, left, deadwood


def analyze(position: Position) -> DrawAnalysis:
    table = position.rules.table
    targets = tuple(m for _, _, m in table_melds(position))
    drawn = position.hand | 1 << position.center
    candidates = _candidates(table, targets, drawn)

    model = cp_model.CpModel()
    x, left, deadwood = _add_hand(model, candidates, drawn, "")
    model.minimize(deadwood)
    solver = new_solver()
    status = solver.solve(model)
    assert status == cp_model.OPTIMAL
    least = round(solver.objective_value)
    model.clear_objective()  # type: ignore[no-untyped-call]
    model.add(deadwood == least)

    ordered = sorted(
        [(group_key(m, kind), i, m, kind) for i, (m, kind) in enumerate(candidates)]
        + [(group_key(1 << c, SINGLE), -1 - c, 1 << c, SINGLE) for c in left],
        key=lambda item: item[0],
    )
    variables = [x[i] if i >= 0 else left[-1 - i] for _, i, _, _ in ordered]
    values = lex_greatest(model, variables)
    assert values is not None
    pieces = [(m, kind) for (_, _, m, kind), v in zip(ordered, values, strict=True) if v]

    melds = tuple(sorted((m for m, kind in candidates if kind == 0),
                         key=lambda m: group_key(m, 0)))
    lay_offs = tuple(LayOff(kind - 1, m) for kind, m in
                     sorted(((k, m) for m, k in candidates if k),
                            key=lambda p: (p[0], group_key(p[1], 0))))
    unseen = unseen_cards(position)
    total = _stock_total(table, targets, position.hand, unseen)
    return finish(position, melds, lay_offs, pieces, total, unseen.bit_count())


def _stock_total(
    table: MeldTable, targets: tuple[CardMask, ...], hand: CardMask, unseen: CardMask
) -> int:
    # One small model per card: a single model of every card at once is the same sum, but
    # CP-SAT can take minutes to prove that optimum.
    total = 0
    for card in cards_of(unseen):
        cards = hand | 1 << card
        model = cp_model.CpModel()
        _, _, deadwood = _add_hand(model, _candidates(table, targets, cards), cards, "")
        model.minimize(deadwood)
        solver = new_solver()
        status = solver.solve(model)
        assert status == cp_model.OPTIMAL
        total += round(solver.objective_value)
    return total
