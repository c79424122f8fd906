"""Graded decisions for the games of every profile but conquian-40 (issue 12 item 4).

conquian-40's grader (:mod:`solver.review.grading`) knows that game's observation and gives
reasons; this one knows only the game protocol (:mod:`solver.game.protocol`), so it serves
cooncan, Colonel, Conquin and Kunken alike:

1. **Deals consistent with what the learner saw.**  The hand is replayed from its deal,
   noting after how many moves each card first left the places the learner cannot see
   (the other players' hands and the stock).  For decision ``t`` the cards still hidden
   then are dealt afresh among their places, the moves up to ``t`` are replayed on that
   deal, and it is kept only if every move stays legal and the learner's view after each
   one is exactly the real one.  So a sample differs from the real deal only in what the
   learner could not see, and the real deal is one of those that can come out.  The
   hidden cards are sorted before the shuffle, so the samples depend on the learner's
   view, not on where those cards really are.
2. **Each candidate played out.**  The learner's move, the greedy player's choice from the
   learner's seat and up to two other legal moves are each applied on every sampled deal
   (20 per decision, fewer but at least 10 when a hand has many: 240 per hand)
   and the hand is played to its end by greedy players in every seat; a won hand counts
   1, a hand nobody wins 1/2.
3. **The grade** is conquian-40's scale (:func:`solver.review.grading.grade_for`) applied
   to the drop from the best candidate to the learner's, less one paired standard error.

Everything is seeded by the hand, so grading a hand again gives the same review.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping
from typing import Any, Final

from solver.cards import Card, card_str, iter_cards
from solver.errors import ConquianError
from solver.game.match import play_hand
from solver.game.record import state_from_dict
from solver.game.registry import game_rules, players_of
from solver.review.grading import THRESHOLDS, grade_for

DEALS: Final = 20
"""Sampled deals per graded decision, at most..."""
MIN_DEALS: Final = 10
"""...and at least, within a budget for the whole hand:"""
HAND_DEALS: Final = 240
"""Deals shared by a hand's decisions, so that a long hand (Kunken with two packs) is graded
in a few seconds too."""
ATTEMPTS: Final = 6
"""Tries per wanted deal before a decision is left ungraded (a deal drawn may make one of
the moves already played illegal, and is then refused)."""
OTHERS: Final = 2
"""Legal moves compared besides the learner's and the greedy player's."""
VERSION: Final = 1



def _kind(text: str) -> str:
    return "*" if text.startswith("*") else text


def without_drawn_card(action: Any) -> Any:
    """The move without the card a draw from the stock found: on another deal it is
    another card."""
    kind = getattr(action, "type", None)
    drawn = kind in ("turn", "draw") or (kind == "take"
                                         and getattr(action, "source", None) == "stock")
    if drawn and getattr(action, "card", None) is not None:
        return dataclasses.replace(action, card=None)
    return action


def _key(action: Any) -> str:
    return repr(sorted(without_drawn_card(action).to_dict().items()))


Slot = tuple[str, int, int]
"""A place of the deal: ("hands", seat, index) or ("stock", -1, index)."""


@dataclasses.dataclass(frozen=True)
class _Hand:
    stored: Mapping[str, Any]
    seat: int
    views: list[dict[str, Any]]
    """The learner's view after each number of moves (0 = the deal)."""
    revealed: dict[Slot, int]
    """For every place the learner was not dealt: after how many moves its card first left
    the other players' hands and the stock (past the end if it never did)."""


def _hidden(state: Any, seat: int) -> set[Card]:
    """The cards ``seat`` cannot see: the other players' hands and the stock not yet
    drawn (every other place of the table is face up in these games)."""
    cards: set[Card] = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards.update(iter_cards(hand))
    if hasattr(state, "stock_pos"):
        cards.update(state.deal.stock[state.stock_pos:])
    else:
        cards.update(state.stock)
    return cards


def _replayed(stored: Mapping[str, Any], seat: int) -> tuple[_Hand, list[tuple[int, Any]]]:
    game = game_rules(stored["ruleset"])
    history = list(state_from_dict(stored).history)
    state = state_from_dict({**stored, "actions": [], "result": None})
    # Each place's physical card: a hand is a set, so the copies of one kind in a hand
    # are matched to its places in order; the stock keeps the deal's order.
    ids: dict[Slot, Card] = {}
    for h, cards in enumerate(stored["hands"]):
        if h == seat:
            continue
        pools: dict[str, list[Card]] = {}
        for c in iter_cards(state.deal.hands[h]):
            pools.setdefault(card_str(c), []).append(c)
        for i, text in enumerate(cards):
            ids[("hands", h, i)] = pools[_kind(str(text))].pop(0)
    for i, c in enumerate(state.deal.stock):
        ids[("stock", -1, i)] = c
    first: dict[Card, int] = {}
    views = [game.observe(state, seat).to_dict()]
    hidden = _hidden(state, seat)
    for c in ids.values():
        if c not in hidden:
            first[c] = 0
    for n, (_, action) in enumerate(history):
        state.apply_action(without_drawn_card(action))
        views.append(game.observe(state, seat).to_dict())
        hidden = _hidden(state, seat)
        for c in ids.values():
            if c not in first and c not in hidden:
                first[c] = n + 1
    revealed = {slot: first.get(c, len(history) + 1) for slot, c in ids.items()}
    return _Hand(stored, seat, views, revealed), history


def _views(stored: Mapping[str, Any], history: list[tuple[int, Any]], seat: int,
           upto: int, compare: list[dict[str, Any]]) -> Any | None:
    """The state after ``upto`` moves of ``history`` on ``stored``'s deal, or ``None`` as
    soon as the learner's view differs from ``compare`` (or a move is illegal there)."""
    game = game_rules(stored["ruleset"])
    try:
        state = state_from_dict({**stored, "actions": [], "result": None})
        if game.observe(state, seat).to_dict() != compare[0]:
            return None
        for n, (_, action) in enumerate(history[:upto]):
            state.apply_action(without_drawn_card(action))
            if game.observe(state, seat).to_dict() != compare[n + 1]:
                return None
    except ConquianError:
        return None
    return state


def _put(stored: Mapping[str, Any], slot: Slot, card: str) -> dict[str, Any]:
    where, h, i = slot
    hands = [list(x) for x in stored["hands"]]
    stock = list(stored["stock"])
    if where == "hands":
        hands[h][i] = card
    else:
        stock[i] = card
    return {**stored, "hands": hands, "stock": stock}


def _card_at(stored: Mapping[str, Any], slot: Slot) -> str:
    where, hand, i = slot
    return str(stored["hands"][hand][i] if where == "hands" else stored["stock"][i])


def _sample(hand: _Hand, history: list[tuple[int, Any]], step: int, rng: random.Random
            ) -> Any | None:
    """A state before move ``step`` on a deal that the learner cannot tell from the real
    one, or ``None`` when the deal drawn shows the learner something else (a move that
    would have been illegal, say)."""
    stored = hand.stored
    moving = [slot for slot, seen in hand.revealed.items() if seen > step]
    cards = sorted(_card_at(stored, s) for s in moving)
    rng.shuffle(cards)
    deal: Mapping[str, Any] = stored
    for slot, card in zip(sorted(moving), cards, strict=True):
        deal = _put(deal, slot, card)
    return _views(deal, history, hand.seat, step, hand.views)


def _score(state: Any, seat: int) -> float:
    returns = state.returns()
    if returns[seat] > 0:
        return 1.0
    return 0.5 if all(r == 0 for r in returns) else 0.0


def _playout(state: Any, action: Any, seat: int, players: list[Any], rng: random.Random
             ) -> float:
    state = state.clone()
    state.apply_action(action)
    play_hand(state, players, rng)
    return _score(state, seat)


def grade_profile_hand(stored: Mapping[str, Any], seat: int, seed: str) -> dict[str, Any]:
    """The graded decisions of ``seat`` in a finished hand (its ``state_to_dict``)."""
    rules = str(stored["ruleset"])
    greedy = players_of(rules)["greedy"]
    hand, history = _replayed(stored, seat)
    final = state_from_dict(stored)
    seats = len(stored["hands"])
    state = state_from_dict({**stored, "actions": [], "result": None})
    choices = []
    for step, (player, action) in enumerate(history):
        if player == seat and len(state.legal_actions()) > 1:
            choices.append((step, state.clone(), action))
        state.apply_action(without_drawn_card(action))
    wanted = max(MIN_DEALS, min(DEALS, HAND_DEALS // max(1, len(choices))))
    decisions: list[dict[str, Any]] = []
    for step, before, action in choices:
        graded = _grade(hand, history, step, before, action, greedy, seats, wanted,
                        random.Random(f"review:{seed}:{step}"))
        if graded is not None:
            decisions.append(graded)
    result = _score(final, seat) if final.is_terminal() else None
    return {"version": VERSION, "profile": rules, "result": result,
            "decisions": decisions, "thresholds": list(THRESHOLDS)}


def _grade(hand: _Hand, history: list[tuple[int, Any]], step: int, real: Any, action: Any,
           greedy: Any, seats: int, wanted: int, rng: random.Random) -> dict[str, Any] | None:
    legal = list(real.legal_actions())
    game = game_rules(hand.stored["ruleset"])
    mine = without_drawn_card(action)
    candidates = [mine]
    keys = {_key(mine)}
    suggestion = greedy().choose(game.observe(real, hand.seat), random.Random(rng.random()))
    for extra in [suggestion, *rng.sample(legal, min(len(legal), OTHERS + 2))]:
        if _key(extra) not in keys and len(candidates) < OTHERS + 2:
            candidates.append(without_drawn_card(extra))
            keys.add(_key(extra))
    if len(candidates) < 2:
        return None
    deals: list[Any] = []
    for _ in range(wanted * ATTEMPTS):
        if len(deals) == wanted:
            break
        sample = _sample(hand, history, step, rng)
        if sample is not None:
            deals.append(sample)
    if len(deals) < wanted // 2:
        return None  # the learner's view pins the deal too little to sample it fairly
    scores: list[list[float]] = []
    for candidate in candidates:
        row = []
        for n, deal in enumerate(deals):
            players = [greedy() for _ in range(seats)]
            row.append(_playout(deal, candidate, hand.seat, players,
                                random.Random(f"{step}:{n}")))  # the same luck per deal
        scores.append(row)
    means = [sum(r) / len(r) for r in scores]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    diffs = [b - c for b, c in zip(scores[best], scores[0], strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    drop = max(0.0, mean - math.sqrt(var / len(diffs)))
    return {
        "step": step,
        "grade": grade_for(drop),
        "drop": round(drop, 4),
        "chances": round(means[0], 4),
        "best_chances": round(means[best], 4),
        "deals": len(deals),
        "compared": len(candidates),
        "you": candidates[0].to_dict(),
        "best": candidates[best].to_dict(),
        "same": best == 0,
    }
