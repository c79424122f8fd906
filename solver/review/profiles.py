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
   learner's seat and up to two other legal moves (chosen from the learner's view, so the
   same whatever the grading seed) are each applied on the same sampled deals, and the
   hand is played to its end by greedy players in every seat, with the same luck on each
   deal; a won hand counts 1, a hand nobody wins 1/2.
3. **Deals where they are needed** (issue 27 item 13: ten deals a decision graded a
   15-point drop "best" once and "good" the next time).  Every decision gets MIN_DEALS
   deals (at most half the budget); the rest of the hand's budget (HAND_PLAYOUTS) goes
   BATCH deals at a time to the decision that the fewest playouts would make clear with up
   to DEALS deals if its means and spreads stayed put
   (:func:`solver.review.paired.deals_to_clear`).
4. **The grade** is conquian-40's scale (:func:`solver.review.grading.grade_for`) given only
   when the playouts make it clear (:mod:`solver.review.paired`: both ends of the drop,
   ``Z`` paired standard errors either side, fall in one grade); "mistake or worse" when the
   low end is past the mistake threshold and the high end a blunder; otherwise ``unclear``.
   ``scripts/review-agreement`` measures how often grading a hand again with another
   seed gives each decision the same grade.

Everything is seeded by the hand, so grading a hand again gives the same review.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.cards import Card, card_str, iter_cards
from solver.errors import ConquianError
from solver.game.playing import play_hand
from solver.game.record import state_from_dict
from solver.game.registry import game_rules, players_of
from solver.review.grading import THRESHOLDS
from solver.review.paired import best_moves, deals_to_clear, paired_drop
from solver.rules import RuleProfile

MIN_DEALS: Final = 16
"""Sampled deals every graded decision gets first (FLOOR in a hand so long that this would
take more than half the budget)..."""
FLOOR: Final = 8
"""A decision with fewer deals than this (its sampling refused too many) is not graded."""
BATCH: Final = 16
"""...then more, this many at a time, while its grade is not clear..."""
DEALS: Final = 160
"""...up to this many..."""
HAND_PLAYOUTS: Final = 1_600
"""...within this many playouts for the whole hand (candidates times deals; a playout of
every profile takes 1.5 to 3 ms here)."""
ATTEMPTS: Final = 6
"""Tries per wanted deal before a decision is left ungraded (a deal drawn may make one of
the moves already played illegal, and is then refused)."""
OTHERS: Final = 2
"""Legal moves compared besides the learner's and the greedy player's."""
VERSION: Final = 4
"""Stored reviews of another version are graded again (3: the grade "mistake or worse";
4: the deals go to the decisions nearest to a clear grade, issue 31)."""


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


def covers(profile: RuleProfile | str) -> bool:
    """Whether this grader reviews the hands of ``profile``: games that bring their own
    computer players (conquian-40 has its own grader, :mod:`solver.review.grading`)."""
    return bool(game_rules(profile).players)


def _view_key(view: Mapping[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, default=str)


@dataclass
class _Decision:
    """One decision being graded: its candidates and their scores on the deals so far."""

    step: int
    real: Any
    candidates: list[Any]
    rng: random.Random
    """The sampling stream of this decision (named by the grading seed)."""
    rows: list[list[float]] = field(default_factory=list)
    deals: int = 0
    exhausted: bool = False
    """A batch found fewer than half the deals it wanted: the learner's view pins the
    deal too tightly to sample it fairly, so no more are drawn."""

    def extend(self, hand: _Hand, history: list[tuple[int, Any]], greedy: Any, seats: int,
               wanted: int) -> int:
        """Draw ``wanted`` more deals and play every candidate out on them; answers the
        playouts played."""
        found: list[Any] = []
        for _ in range(wanted * ATTEMPTS):
            if len(found) == wanted:
                break
            sample = _sample(hand, history, self.step, self.rng)
            if sample is not None:
                found.append(sample)
        if len(found) < wanted // 2:
            self.exhausted = True
        if not self.rows:
            self.rows = [[] for _ in self.candidates]
        spent = 0
        for n, deal in enumerate(found, start=self.deals):
            for row, candidate in zip(self.rows, self.candidates, strict=True):
                players = [greedy() for _ in range(seats)]
                row.append(_playout(deal, candidate, hand.seat, players,
                                    random.Random(f"{self.step}:{n}")))  # the same luck
                spent += 1
        self.deals += len(found)
        return spent

    def open(self) -> bool:
        """More deals could still make the grade clear (and it is not clear yet)."""
        return self.cost() is not None

    def cost(self) -> int | None:
        """The playouts still needed before the grade would be clear if the means and
        spreads stayed put (``None``: it is clear, or not even DEALS deals would do)."""
        if self.exhausted or self.deals >= DEALS:
            return None
        deals = deals_to_clear(self.rows, DEALS, BATCH)
        return None if deals is None else (deals - self.deals) * len(self.candidates)


def grade_profile_hand(stored: Mapping[str, Any], seat: int, seed: str,
                       steps: Collection[int] | None = None, playouts: int = HAND_PLAYOUTS
                       ) -> dict[str, Any]:
    """The graded decisions of ``seat`` in a finished hand (its ``state_to_dict``): those
    at ``steps`` (history indexes) only when given, within about ``playouts`` playouts."""
    rules = str(stored["ruleset"])
    greedy = players_of(rules)["greedy"]
    hand, history = _replayed(stored, seat)
    final = state_from_dict(stored)
    seats = len(stored["hands"])
    state = state_from_dict({**stored, "actions": [], "result": None})
    decisions: list[_Decision] = []
    for step, (player, action) in enumerate(history):
        if player == seat and len(state.legal_actions()) > 1 and (steps is None
                                                                    or step in steps):
            candidates = _candidates(hand, step, state, action, greedy)
            if len(candidates) > 1:
                decisions.append(_Decision(step, state.clone(), candidates,
                                           random.Random(f"review:{seed}:{step}")))
        state.apply_action(without_drawn_card(action))
    # Every decision gets MIN_DEALS deals (fewer, not under FLOOR, when that would take
    # more than half the budget); the rest goes, a batch at a time, to the decision whose
    # grade is nearest to clear.
    compared = sum(len(d.candidates) for d in decisions)
    first = max(FLOOR, min(MIN_DEALS, playouts // max(1, 2 * compared)))
    spent = 0
    for decision in decisions:
        spent += decision.extend(hand, history, greedy, seats, first)
    while spent < playouts and (nearest := _nearest(decisions)) is not None:
        spent += nearest.extend(hand, history, greedy, seats, BATCH)
    graded = [_graded(d) for d in decisions if d.deals >= FLOOR]
    result = _score(final, seat) if final.is_terminal() else None
    return {"version": VERSION, "profile": rules, "result": result,
            "decisions": graded, "thresholds": list(THRESHOLDS)}


def _nearest(decisions: list[_Decision]) -> _Decision | None:
    """The open decision that the fewest playouts would make clear (the earliest on a
    tie): given in turn to every open decision, the budget left most of a long hand's
    decisions with too few deals to settle any (Colonel: 79 of 80 unclear)."""
    costs = [(cost, d.step, d) for d in decisions if (cost := d.cost()) is not None]
    return min(costs, key=lambda c: (c[0], c[1]))[2] if costs else None


def _candidates(hand: _Hand, step: int, real: Any, action: Any, greedy: Any) -> list[Any]:
    """The learner's move, the greedy player's and up to OTHERS other legal moves, chosen
    from the learner's view alone (not the grading seed): grading the decision again
    compares the same moves."""
    legal = list(real.legal_actions())
    game = game_rules(hand.stored["ruleset"])
    rng = random.Random(f"review-candidates:{step}:{_view_key(hand.views[step])}")
    mine = without_drawn_card(action)
    candidates = [mine]
    keys = {_key(mine)}
    suggestion = greedy().choose(game.observe(real, hand.seat), random.Random(rng.random()))
    for extra in [suggestion, *rng.sample(legal, min(len(legal), OTHERS + 2))]:
        if _key(extra) not in keys and len(candidates) < OTHERS + 2:
            candidates.append(without_drawn_card(extra))
            keys.add(_key(extra))
    return candidates


def _graded(decision: _Decision) -> dict[str, Any]:
    rows = decision.rows
    drop = paired_drop(rows)
    means = [sum(r) / len(r) for r in rows]
    best = drop.best
    return {
        "step": decision.step,
        "grade": drop.grade,
        "drop": round(drop.drop, 4),
        "low": round(drop.low, 4),
        "high": round(drop.high, 4),
        "chances": round(means[0], 4),
        "best_chances": round(means[best], 4),
        "deals": decision.deals,
        "compared": len(rows),
        "you": decision.candidates[0].to_dict(),
        "best": decision.candidates[best].to_dict(),
        "also_best": [decision.candidates[i].to_dict() for i in best_moves(rows)
                      if i not in (0, best)],
        "same": best == 0,
    }
