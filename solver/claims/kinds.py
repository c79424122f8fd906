"""Typed claims: every sentence the tutor says about a position is one of these.

A :class:`Claim` names a message (``book`` and ``key``: the English template, the msgid
of the gettext catalogs) and its parameters, plus, where the sentence leaves it implicit,
the hand cards of the play it is about (``subject``).  ``KINDS`` maps every message to
the kind of fact it asserts; :mod:`solver.claims.check` re-derives each kind from the
solver, so a sentence that cannot be checked has no kind and is never said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from solver.cards import CardMask
from solver.claims.profile_messages import MESSAGES as PROFILE_MESSAGES
from solver.messages import MESSAGES as EXPLAIN_MESSAGES
from solver.puzzles.messages import MESSAGES as PUZZLE_MESSAGES
from solver.puzzles.profile_messages import KINDS as PUZZLE_PROFILE_KINDS
from solver.puzzles.profile_messages import MESSAGES as PUZZLE_PROFILE_MESSAGES

Translate = Callable[[str], str]

BOOKS: Final[Mapping[str, Mapping[str, str]]] = {
    "explain": EXPLAIN_MESSAGES,
    "puzzle": PUZZLE_MESSAGES,
    "profile": PROFILE_MESSAGES,  # explanations under other profiles (solver.claims.profiles)
    "puzzle_profile": PUZZLE_PROFILE_MESSAGES,  # their puzzles' hints (solver.claims.profile)
}


@dataclass(frozen=True, slots=True)
class Claim:
    """One sentence: what it asserts (``kind``), about which cards, citing which rules."""

    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)
    subject: CardMask | None = None
    """The hand cards of the play the sentence is about, when its text does not name them."""
    book: str = "explain"
    facts: object = field(default=None, compare=False, repr=False)
    """What a ``profile`` sentence asserts, for its checker (solver.claims.profiles)."""

    @property
    def template(self) -> str:
        return BOOKS[self.book][self.key]

    @property
    def kind(self) -> str:
        return KINDS[self.book, self.key]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the sentence cites, e.g. ``("R8",)``."""
        if self.book in ("profile", "puzzle_profile"):
            return tuple(str(self.params["rule"]).split(", ")) if self.params.get("rule") else ()
        return tuple(re.findall(r"\bR\d+\b", self.template))

    def render(self, translate: Translate | None = None) -> str:
        template = self.template
        if translate is not None:
            template = translate(template)
        return template.format(**self.params)


# What each message asserts.  "rule": a statement of the rules, true in every position;
# "question": asks or advises, asserting nothing about the position.
_EXPLAIN_KINDS: Final = {
    "can_take": "usable",
    "can_take_ways": "usable_ways",
    "cannot_take": "not_usable",
    "needs_cards": "helps_single",
    "needs_pair": "helps_pair",
    "no_helper": "no_helper",
    "blocked_by_melds": "blocked",
    "dead_cards": "dead",
    "play_with_hand": "play",
    "play_alone": "play",
    "play_rearranged": "rearranged",
    "play_wins": "wins",
    "play_ten_down": "ten_down",
    "then_discard": "not_win",
    "forceable_opponent": "forceable_decline",
    "forceable_stock": "forceable_pass",
    "forceable_after_rearranging": "forceable_rearranged",
    "not_forceable_hand": "not_forceable_usable",
    "empty_hand": "empty_hand",
    "force_gives_win": "force_gives_win",
    "forced_now": "forced",
    "decline": "decline",
    "decline_last": "draw_if_declined",
    "pass": "pass",
    "stock_empty_take": "stock_empty_take",
    "stock_empty_pass": "stock_empty_pass",
    "they_fit": "opponent_fits",
    "they_fit_now": "opponent_fits",
    "force_wins_them": "force_wins_them",
    "force_then": "force_then",
    "hand_only": "rule",
    "not_a_take": "not_a_take",
    "not_alone": "not_a_take",
    "leaves_cards": "leaves_cards",
    "gift_discard": "gift",
}
_PUZZLE_KINDS: Final = {
    "nudge_center": "question",
    "nudge_force": "question",
    "nudge_win": "rule",
    "nudge_discard": "question",
    "nudge_stock": "question",
    "rule_take": "rule",
    "rule_force": "question",
    "rule_rearrange": "rule",
    "rule_seven_jack": "rule",
    "rule_wraparound": "rule",
    "rule_long_run": "rule",
    "rule_sets": "rule",
    "rule_hand_meld": "rule",
    "rule_extend": "question",
    "rule_ten": "question",
    "rule_discard": "rule",
    "rule_draw": "rule",
    "count_cards": "count_answer",
    "count_cards_range": "count_answer_range",
    "count_safe": "count_left",
    "look_at": "near",
    "look_none": "none_near",
    "look_none_exposed": "none_near_exposed",
    "count_most": "count_most",
    "check_left": "left_after_take",
    "count_gifts": "count_gifts",
    "usable_yes": "usable",
    "usable_no": "not_usable",
    "force_yes": "forceable",
    "force_no": "not_forceable_usable",
    "force_no_fit": "not_usable",
    "force_after": "forceable_rearranged",
    "play": "play",
    "play_alone": "play",
    "other_plays": "plays",
    "rearranged": "rearranged",
    "missing": "helps_single",
    "blocked": "blocked",
    "hand_only": "in_hand",
    "seven_jack": "seven_jack",
    "wraparound": "rule",
    "long_run": "rule",
    "win": "wins",
    "win_alone": "wins",
    "no_win": "no_win",
    "ten_down": "ten_down",
    "empty_hand": "empty_hand",
    "discard_safe": "safe_discards",
    "discard_safe_any": "safe_discards",
    "discard_unsafe": "gifts",
    "discard_none_safe": "no_safe_discard",
    "discard_any": "no_opponent_melds",
    "draw_decline": "draw_if_declined",
    "stock_last": "last_decision",
    "decline": "decline",
    "pass": "pass",
}
KINDS: Final[Mapping[tuple[str, str], str]] = {
    **{("explain", k): v for k, v in _EXPLAIN_KINDS.items()},
    **{("puzzle", k): v for k, v in _PUZZLE_KINDS.items()},
    **{("profile", k): "profile" for k in PROFILE_MESSAGES},
    **{("puzzle_profile", k): v for k, v in PUZZLE_PROFILE_KINDS.items()},
}
