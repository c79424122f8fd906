"""Grading a learner's decisions by their expected outcome (issue 13, "graded hands").

A decision is graded from what the learner saw when they made it, never from the hidden
cards.  The cards the learner had not seen are dealt again and again at random,
consistently with that view and with what the computer's refusals told (the expert's
opponent model, solver.players.opponent_model); on every deal each candidate action is
applied and the hand is played out to its end by the expert's playout policy
(solver.players.rollout: both sides take what they can, the learner's side discards
carefully).  A candidate's *winning chances* are its share of those deals won, a draw
counting half (R11, R12).  All candidates are played on the same deals, so their
differences are much steadier than their values.

The grade is the drop from the best candidate to the learner's action, taken one paired
standard error towards zero (a drop inside the noise of the playouts is not held against
the learner):

==============  ============================
best            drop ≤ 2 points
good            2 < drop < 5 points
inaccuracy      5 ≤ drop < 10 points
mistake         10 ≤ drop < 20 points
blunder         drop ≥ 20 points
==============  ============================

The thresholds follow the usual scale of chess sites that grade by expected score
(Lichess, chess.com); ``scripts/calibrate-grades`` checks them on self-play: the
expert's own decisions grade best or good nearly always and the random player's often
grade mistake or blunder (figures in the script's output and in the closing note).

Every reason given is a sentence about the position that the solver can check: which
melds a take lays down, how many of the unseen cards would win or could be taken after
each move, whether a card left to the computer fits its exposed melds alone, whether a
declined card can be forced (R9); the last reason states the playout figures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from solver.cards import Card, CardMask, card_glyph, cards_of, iter_cards, sort_key
from solver.cover import core_plays, first_cover, fits_melds
from solver.errors import Text
from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation
from solver.game.determinize import determinize
from solver.melds import meld_cards
from solver.messages import N_
from solver.players.expert import ExpertPlayer
from solver.players.hand_shape import rank_mates, run_neighbours
from solver.players.rollout import quick_playout

GRADES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS: Final = (0.02, 0.05, 0.10, 0.20)
"""Lower ends of good, inaccuracy, mistake and blunder: drops in winning chances."""
DEALS: Final = 48
"""Deals of the unseen cards per graded decision, at most."""
HAND_DEALS: Final = 320
"""Deals for a whole hand, shared by its decisions, so that a hand with many decisions
is still graded within the site's 2 s (scripts/bench-review)."""
MIN_DEALS: Final = 24
MAX_OPTIONS: Final = 7
"""Candidates played out per decision (the learner's action is always one of them)."""


def grade_for(drop: float) -> str:
    """The grade of a decision whose (noise-corrected) drop in winning chances is ``drop``."""
    for grade, threshold in zip(GRADES, THRESHOLDS, strict=False):
        if drop <= threshold if grade == "best" else drop < threshold:
            return grade
    return GRADES[-1]


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate action and how it fared on the deals."""

    action: Action
    wins: int
    draws: int
    losses: int

    @property
    def deals(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def chances(self) -> float:
        """Winning chances: the share of deals won, a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class GradedDecision:
    step: int
    """The index of the decision in the hand's history."""
    observation: Observation
    chosen: Option
    best: Option
    options: tuple[Option, ...]
    drop: float
    """The drop in winning chances from ``best`` to ``chosen``, less one standard error
    (never below zero)."""
    grade: str
    reasons: tuple[Text, ...]
    also_best: tuple[Option, ...] = ()
    """The other candidates the grader rates best too (their drop from ``best`` graded
    "best"), but for the learner's: a "find the better move" puzzle accepts them all."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "grade": self.grade,
            "drop": round(self.drop, 4),
            "chances": round(self.chosen.chances, 4),
            "best_chances": round(self.best.chances, 4),
            "deals": self.chosen.deals,
            "you": self.chosen.action.to_dict(),
            "best": self.best.action.to_dict(),
            "also_best": [o.action.to_dict() for o in self.also_best],
            "same": same_move(self.chosen.action, self.best.action),
            "reasons": [text_to_dict(t) for t in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class HandReview:
    decisions: tuple[GradedDecision, ...]
    result: float | None
    """The learner's score of the hand once it is over: 1 won, 0.5 drawn, 0 lost."""

    def chances(self) -> list[float]:
        """Winning chances after each graded decision, then the result (for the chart)."""
        points = [d.chosen.chances for d in self.decisions]
        if self.result is not None:
            points.append(self.result)
        return points

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": [d.to_dict() for d in self.decisions],
            "result": self.result,
            "chances": [round(c, 4) for c in self.chances()],
            "thresholds": list(THRESHOLDS),
        }


def text_to_dict(text: Text) -> dict[str, Any]:
    return {"template": text.template, "params": dict(text.params)}


def text_from_dict(data: Mapping[str, Any]) -> Text:
    return Text(str(data["template"]), dict(data.get("params") or {}))


def same_move(a: Action, b: Action) -> bool:
    """The same decision: same kind; for a take, the same hand cards and discard (the
    arrangement of the melds does not matter)."""
    return _key(a) == _key(b)


def _key(action: Action) -> tuple[object, ...]:
    if action.type == "take":
        return ("take", action.hand_cards, action.discard)
    return (action.type,)


def is_choice(observation: Observation) -> bool:
    """Two legal actions at least: a turn, or a card that fits nothing, is no choice."""
    return observation.to_act and len(observation.legal_actions()) > 1


# --- the playouts ------------------------------------------------------------------------


def candidates(observation: Observation, chosen: Action, expert: ExpertPlayer,
               rng: random.Random) -> list[Action]:
    """The learner's action, every action that is not a take, and the expert's favourite
    takes (its heuristic order), at most MAX_OPTIONS."""
    options = [chosen]
    keys = {_key(chosen)}

    def add(action: Action) -> None:
        if _key(action) not in keys and len(options) < MAX_OPTIONS:
            keys.add(_key(action))
            options.append(action)

    for action in observation.legal_actions():
        if action.type != "take":
            add(action)
    for action in expert.candidates(observation, rng):
        add(action)
    return options


def grade_decision(
    observation: Observation,
    chosen: Action,
    expert: ExpertPlayer,
    rng: random.Random,
    deals: int = DEALS,
    step: int = 0,
) -> GradedDecision:
    """Grade ``chosen`` in ``observation`` (the learner's view) against the candidates.

    ``expert`` holds the opponent model of the hand so far (it has seen this
    observation); its candidate list and hand sampling are used, never the hidden cards."""
    options = candidates(observation, chosen, expert, rng)
    me = observation.player
    k = observation.opponent_hand_count
    pool = cards_of(observation.unseen)
    scores: list[list[float]] = [[] for _ in options]
    for _ in range(deals):
        hand = expert.model.sample_hand(pool, k, rng) if k else 0
        world = determinize(observation, rng, hand)
        for i, action in enumerate(options):
            state = world.clone()
            state.apply_action(action)
            if state.is_terminal():
                result = 0.0 if state.winner is None else (1.0 if state.winner == me else -1.0)
            else:
                result, _ = quick_playout(state, me, True)
            scores[i].append((result + 1) / 2)
    made = [_option(a, s) for a, s in zip(options, scores, strict=True)]
    best_i = max(range(len(made)), key=lambda i: (made[i].chances, i == 0))
    drop = _drop(scores[best_i], scores[0])
    grade = grade_for(drop)
    best = made[best_i]
    also = tuple(made[i] for i in range(1, len(made)) if i != best_i
                 and grade_for(_drop(scores[best_i], scores[i])) == GRADES[0])
    reasons: tuple[Text, ...] = ()
    if best_i != 0:
        reasons = tuple(reasons_for(observation, best, made[0]))
    else:
        reasons = (_figures_best(made[0], made[1:]),)
    return GradedDecision(step, observation, made[0], best, tuple(made), drop, grade, reasons,
                          also)


def _drop(better: Sequence[float], worse: Sequence[float]) -> float:
    """The mean drop from ``better`` to ``worse`` (scores on the same deals) less one paired
    standard error, never below zero."""
    diffs = [b - c for b, c in zip(better, worse, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return max(0.0, mean - math.sqrt(var / len(diffs)))


def _option(action: Action, scores: list[float]) -> Option:
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    return Option(action, wins, draws, len(scores) - wins - draws)


def grade_hand(
    steps: Iterable[tuple[int, Observation, Action]],
    seed: str,
    result: float | None = None,
    deals: int = DEALS,
) -> HandReview:
    """Grade every real decision among ``steps`` (history index, the learner's observation,
    the action taken), in the order played; the opponent model learns from each step as
    the hand goes, exactly as the expert would have.  ``seed`` names the random stream,
    so a hand is always graded the same way.  Each decision gets ``deals`` deals, fewer
    (not under MIN_DEALS) when the hand has many decisions."""
    steps = list(steps)
    choices = sum(1 for _, observation, _ in steps if is_choice(observation))
    deals = max(min(deals, MIN_DEALS), min(deals, HAND_DEALS // max(1, choices)))
    expert = ExpertPlayer()
    graded: list[GradedDecision] = []
    for step, observation, action in steps:
        expert.model.observe(observation)
        if is_choice(observation):
            rng = random.Random(f"conquian-grade:{seed}:{step}")
            graded.append(grade_decision(observation, action, expert, rng, deals, step))
        expert.model.chose(action)
    return HandReview(tuple(graded), result)


# --- reasons: sentences true of the position ------------------------------------------------


def _glyphs(mask: CardMask) -> str:
    return " ".join(card_glyph(c) for c in sorted(cards_of(mask), key=sort_key))


def _melds(melds: Iterable[CardMask]) -> str:
    return ", ".join("-".join(card_glyph(c) for c in meld_cards(m)) for m in melds)


def _pct(x: float) -> int:
    return round(100 * x)


@dataclass(frozen=True, slots=True)
class After:
    """What the learner holds after an action (as far as the learner can know it)."""

    hand: CardMask
    exposed: CardMask
    left: Card | None
    """The card the action leaves to the computer (a discard or a passed card)."""


def after(observation: Observation, action: Action) -> After:
    if action.type == "take":
        exposed = 0
        for meld in action.melds:
            exposed |= meld
        discard = action.discard
        hand = observation.hand & ~action.hand_cards
        if discard is not None:
            hand &= ~(1 << discard)
        return After(hand, exposed, discard)
    left = observation.center if action.type == "pass" else None
    return After(observation.hand, observation.exposed, left)


def win_outs(a: After, unseen: CardMask) -> int:
    """Unseen cards that, as a center card, would let the learner expose all 11 (R10)."""
    whole = a.hand | a.exposed
    return sum(1 for c in iter_cards(unseen) if first_cover(whole | 1 << c) is not None)


def take_outs(a: After, unseen: CardMask) -> int:
    """Unseen cards the learner could take (R8) with this hand and these melds."""
    return sum(1 for c in iter_cards(unseen) if core_plays(a.exposed | 1 << c, a.hand, c))


def feeds(card: Card, opponent_exposed: CardMask) -> bool:
    """The card fits the opponent's exposed melds with no card from their hand (R8, R9)."""
    return bool(opponent_exposed) and fits_melds(opponent_exposed, card)


def forceable(observation: Observation) -> bool:
    """Declining or passing the center card lets the opponent force it (R9)."""
    center = observation.center
    exposed = observation.exposed
    return center is not None and bool(exposed) and fits_melds(exposed, center)


def reasons_for(observation: Observation, best: Option, chosen: Option) -> list[Text]:
    """Why ``best`` is better than ``chosen``: only sentences true of this position."""
    b, c = best.action, chosen.action
    center = observation.center
    card = "" if center is None else card_glyph(center)
    out: list[Text] = []
    if b.wins:
        out.append(Text(N_("Taking the {card} exposes all 11 cards and wins the hand at once "
                           "(R10)."), {"card": card}))
    elif b.type == "take" and c.type != "take":
        out.append(Text(N_("The better move takes the {card} and lays down {melds} (R8)."),
                        {"card": card, "melds": _melds(b.melds)}))
        if forceable(observation) and c.type in ("decline", "pass"):
            out.append(Text(N_("The {card} fits your exposed melds with no card from your "
                               "hand, so after you refuse it the computer may force it on "
                               "you anyway (R9)."), {"card": card}))
    elif b.type == "force" and c.type == "no_force":
        out.append(Text(N_("Forcing the {card} makes the computer take it and then discard "
                           "one more card from its hand (R9)."), {"card": card}))
    elif c.type == "force" and b.type == "no_force" and observation.opponent_hand_count == 0:
        out.append(Text(N_("The computer's hand is empty, so forcing the {card} on it puts its "
                           "eleventh card down and wins it the hand (R9, R10)."), {"card": card}))
    elif c.type == "force" and b.type == "no_force":
        out.append(Text(N_("Forcing the {card} gives the computer one more card in its melds, "
                           "one step closer to 11 cards down (R9, R10)."), {"card": card}))
    elif b.type == "take" and c.type == "take" and b.hand_cards != c.hand_cards:
        out.append(Text(N_("The better move lays down {melds} instead of {yours} (R8)."),
                        {"melds": _melds(b.melds), "yours": _melds(c.melds)}))
    ab, ac = after(observation, b), after(observation, c)
    opp = observation.opponent_exposed
    if ac.left is not None and feeds(ac.left, opp) and (ab.left is None or not feeds(ab.left, opp)):
        if observation.opponent_hand_count == 0:
            out.append(Text(N_("Your move leaves the {left} to the computer, whose hand is "
                               "empty: the card fits its exposed melds, so taking it wins the "
                               "hand (R10)."), {"left": card_glyph(ac.left)}))
        else:
            out.append(Text(N_("Your move leaves the {left} to the computer, and it fits the "
                               "computer's exposed melds with no card from its hand (R8)."),
                            {"left": card_glyph(ac.left)}))
    if not b.wins:
        unseen = observation.unseen
        wb, wc = win_outs(ab, unseen), win_outs(ac, unseen)
        if wb > wc:
            out.append(Text(N_("After the better move, {better} of the {unseen} cards you have "
                               "not seen would let you expose all 11 and win (R10); after "
                               "yours, {yours}."),
                            {"better": wb, "unseen": unseen.bit_count(), "yours": wc}))
        else:
            tb, tc = take_outs(ab, unseen), take_outs(ac, unseen)
            if tb > tc:
                out.append(Text(N_("After the better move you could take {better} of the "
                                   "{unseen} cards you have not seen (R8); after yours, "
                                   "{yours}."),
                                {"better": tb, "unseen": unseen.bit_count(), "yours": tc}))
        kept = _kept_with(ab, ac)
        if kept is not None:
            out.append(kept)
    out.append(Text(N_("Over {deals} deals of the cards you could not see, each played out to "
                       "the end, the better move won {b}% and yours {c}% (a draw counts "
                       "half)."),
                    {"deals": best.deals, "b": _pct(best.chances),
                     "c": _pct(chosen.chances)}))
    return out


def _kept_with(ab: After, ac: After) -> Text | None:
    """A card the better move keeps in hand that yours gives up, and what it goes with."""
    kept = ab.hand & ~ac.hand & ~ac.exposed
    for card in sorted(cards_of(kept), key=sort_key):
        whole = (ab.hand | ab.exposed) & ~(1 << card)
        mates = rank_mates(card) & whole
        if mates:
            return Text(N_("The better move keeps the {card}, which has the same rank as your "
                           "{mates} (R4)."), {"card": card_glyph(card), "mates": _glyphs(mates)})
        near = (run_neighbours(card, 1) | run_neighbours(card, 2)) & whole
        if near:
            return Text(N_("The better move keeps the {card}, which is within two ranks of "
                           "your {mates} in the same suit (R4)."),
                        {"card": card_glyph(card), "mates": _glyphs(near)})
    return None


def _figures_best(chosen: Option, others: Sequence[Option]) -> Text:
    runner = max((o.chances for o in others), default=None)
    if runner is None:
        return Text(N_("Over {deals} deals of the cards you could not see, each played out to "
                       "the end, your move won {c}% (a draw counts half)."),
                    {"deals": chosen.deals, "c": _pct(chosen.chances)})
    return Text(N_("Over {deals} deals of the cards you could not see, each played out to the "
                   "end, your move won {c}% and the best other move {o}% (a draw counts "
                   "half)."), {"deals": chosen.deals, "c": _pct(chosen.chances),
                               "o": _pct(runner)})
