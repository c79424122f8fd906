"""Checkable sentences about a learner's own graded decision (the "find the better move"
puzzles of solver.puzzles.best_move): each asserts a fact of the stored review - the move
the learner played, the grade, the kind and the move the grader rated better (and the
others it rated as good), the grader's figures - and :func:`false_review_claims` confirms
it against that review, so a puzzle says nothing its review does not hold.

A claim keeps the moves it names as action dicts; the page words them in its language
(the play page's labels), the template through the gettext catalogs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from solver.messages import N_

MESSAGES: Final[dict[str, str]] = {
    "played": N_("In your game you chose: {move}. The grader rated it {grade}."),
    "best_kind": N_("The grader's better move is of another kind: {kind}."),
    "best_same_kind": N_("The grader's better move is of the same kind as yours: {kind}."),
    "best": N_("The grader's better move: {move}."),
    "also_best": N_("The grader rated this move best too: {move}."),
    "figures": N_("Over {deals} deals of the hidden cards, the better move averaged {best} "
                  "and yours {chances}."),
}

GRADE_WORDS: Final[dict[str, str]] = {
    "mistake": N_("a mistake"), "blunder": N_("a blunder"),
    "mistake_or_worse": N_("a mistake or worse"),
}
KIND_WORDS: Final[dict[str, str]] = {
    "take": N_("take a card"), "draw": N_("draw"), "discard": N_("discard"),
    "meld": N_("meld from your hand"), "lay_off": N_("lay off"), "add": N_("add to a meld"),
    "swap": N_("swap a joker"), "close": N_("close"), "out": N_("go out"),
    "pass": N_("pass"), "force": N_("force the card"), "no_force": N_("not force the card"),
    "decline": N_("leave the card"), "take_back": N_("take back a meld"),
    "turn": N_("turn the opening card"), "play": N_("play the hand"), "raise": N_("raise"),
    "call": N_("call"), "challenge": N_("challenge"), "accept": N_("accept the challenge"),
    "refuse": N_("refuse the challenge"),
}
"""The action types a better move can have, in words (an unknown type is never said)."""

Words = Callable[[str], str]
Label = Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class ReviewClaim:
    key: str
    moves: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    params: Mapping[str, str | int | float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "moves": {k: dict(v) for k, v in self.moves.items()},
                "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReviewClaim:
        return cls(str(data["key"]), dict(data.get("moves") or {}),
                   dict(data.get("params") or {}))

    def render(self, label: Label, translate: Words = str) -> str:
        """The sentence: moves worded by ``label``, grade and kind words by ``translate``."""
        values: dict[str, Any] = {k: label(v) for k, v in self.moves.items()}
        for name, value in self.params.items():
            if name == "grade":
                value = translate(GRADE_WORDS[str(value)])
            elif name == "kind":
                value = translate(KIND_WORDS[str(value)])
            values[name] = value
        return translate(MESSAGES[self.key]).format(**values)


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _problem(claim: ReviewClaim, review: Mapping[str, Any]) -> str | None:
    you, best = review.get("you") or {}, review.get("best") or {}
    moves, params = claim.moves, claim.params
    if claim.key not in MESSAGES:
        return f"{claim.key}: no such sentence"
    if claim.key == "played":
        if set(moves) != {"move"} or not _same(moves["move"], you):
            return "played: not the move the learner played"
        if params.get("grade") != review.get("grade") or params["grade"] not in GRADE_WORDS:
            return "played: not the grade of the review"
        return None
    if claim.key in ("best_kind", "best_same_kind"):
        kind = best.get("type")
        if params.get("kind") != kind or kind not in KIND_WORDS:
            return f"{claim.key}: not the kind of the better move"
        if (kind == you.get("type")) != (claim.key == "best_same_kind"):
            return f"{claim.key}: wrong about the learner's kind"
        return None
    if claim.key == "best":
        if set(moves) != {"move"} or not _same(moves["move"], best) or review.get("same"):
            return "best: not the grader's better move"
        return None
    if claim.key == "also_best":
        tied = review.get("also_best") or []
        if set(moves) != {"move"} or not any(_same(moves["move"], m) for m in tied) \
                or _same(moves["move"], you) or _same(moves["move"], best) \
                or review.get("same"):
            return "also_best: not a move the grader rated best too"
        return None
    figures = {"deals": review.get("deals"), "best": review.get("best_chances"),
               "chances": review.get("chances")}
    if dict(params) != figures or None in figures.values():
        return "figures: not the review's figures"
    return None


def false_review_claims(claims: Sequence[ReviewClaim], review: Mapping[str, Any]
                        ) -> list[str]:
    """What is false in ``claims`` about the graded decision ``review`` (empty: all true)."""
    return [p for p in (_problem(c, review) for c in claims) if p is not None]
