"""A graded mistake no contract task can ask (a discard after a draw, a meld from the hand,
a lay-off, adding to a meld) as a "find the better move" puzzle on the game's own table
(solver.puzzles.best_move): the learner's observation before the decision and its legal
actions, answered by choosing one; accepted: the grader's better move and every other move
it rated as good (a tie: the learner who finds one of them is right).

Kept only when the better move and the learner's are both legal actions of that
observation and differ, the puzzle accepts the one and refuses the other, and the claim
checker (solver.claims.review) confirms every hint and explanation sentence against the
stored review.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solver.claims.review import ReviewClaim, false_review_claims
from solver.game.registry import game_rules
from solver.puzzles.best_move import BadMove, BestMovePuzzle, index_of, is_accepted

REVIEW_KEYS: Final = ("step", "grade", "deals", "chances", "best_chances", "you", "best",
                      "also_best", "same")
"""The facts of the graded decision the puzzle keeps (its sentences are checked on them)."""


def claims_of(review: Mapping[str, Any]) -> tuple[list[ReviewClaim], list[ReviewClaim]]:
    """The hint ladder and the explanation: facts of the stored review only."""
    you, best = review["you"], review["best"]
    kind = "best_same_kind" if best.get("type") == you.get("type") else "best_kind"
    hints = [ReviewClaim("played", {"move": you}, {"grade": review["grade"]}),
             ReviewClaim(kind, {}, {"kind": best.get("type", "")})]
    why = [ReviewClaim("best", {"move": best}),
           *(ReviewClaim("also_best", {"move": m}) for m in review.get("also_best") or []),
           ReviewClaim("figures", {}, {"deals": review["deals"],
                                       "best": review["best_chances"],
                                       "chances": review["chances"]})]
    return hints, why


def english(claim: ReviewClaim, actions: list[dict[str, Any]]) -> str:
    """The stored English sentence (the page words it again in its language)."""
    return claim.render(lambda move: f"move {index_of(actions, move)}")


def best_move_puzzle(state: Any, rules: str, graded: Mapping[str, Any], key: str
                     ) -> BestMovePuzzle | None:
    """The verified puzzle of one graded decision (``state``: before it), or None."""
    observation = game_rules(rules).observe(state, 0)
    if not getattr(observation, "to_act", False):
        return None
    actions = [a.to_dict() for a in observation.legal_actions()]
    you, best = dict(graded["you"]), dict(graded["best"])
    if graded.get("same") or index_of(actions, best) is None or index_of(actions, you) is None \
            or index_of([you], best) is not None:
        return None
    review = {k: graded.get(k) for k in REVIEW_KEYS}
    ties = _ties(actions, graded, you, best)
    review["also_best"] = ties
    hints, why = claims_of(review)
    if false_review_claims([*hints, *why], review):
        return None
    view = observation.to_dict()
    view["review"] = review
    view["claims"] = {"hints": [c.to_dict() for c in hints],
                      "explanation": [c.to_dict() for c in why]}
    try:
        puzzle = BestMovePuzzle(
            id=key, rules=rules, observation=view, actions=tuple(actions),
            accepted=(best, *ties),
            difficulty=2 if graded.get("grade") == "blunder" else 3,
            hints=tuple(english(c, actions) for c in hints),
            explanation=" ".join(english(c, actions) for c in why))
    except BadMove:
        return None
    answer = puzzle.to_dict()["answer"]
    if not all(is_accepted(answer, m) for m in puzzle.accepted) or is_accepted(answer, you):
        return None
    return puzzle


def _ties(actions: list[dict[str, Any]], graded: Mapping[str, Any], you: dict[str, Any],
          best: dict[str, Any]) -> list[dict[str, Any]]:
    """The other moves the grader rated as good as its better one, each once, that are
    legal actions here (the learner's never: it was graded a mistake)."""
    out: list[dict[str, Any]] = []
    for move in graded.get("also_best") or []:
        if index_of(actions, move) is not None and index_of([you, best, *out], move) is None:
            out.append(dict(move))
    return out
