"""What each sentence may cite: the topics of the position's profile whose rules it uses.

A template of the ``profile`` and ``puzzle_profile`` books cites ``({rule})``, filled with
the ids the position's own rule book gives the topics declared here, in order
(``"I9, I10"``).  The checker confirms a sentence cites exactly those ids, so a sentence
can never send a learner to a rule that does not say what it uses the rule for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from solver.puzzles.profile_messages import RULE_OF
from solver.rules import CONQUIAN_40

if TYPE_CHECKING:
    from solver.claims.kinds import Claim
    from solver.rules.profile import RuleProfile

PROFILE_TOPICS: Final[Mapping[str, tuple[str, ...]]] = {
    "take_one": ("take",),
    "take_ways": ("take",),
    "cannot": ("take",),
    "no_forcing": ("force",),  # C10/K16: who may force a card on whom
    "forceable": ("force",),
    "not_forceable": ("force",),
    "not_forceable_lay_off": ("force",),
    "lay_off_plays": ("lay_off",),
    "win_down": ("win",),
    "win_down_alone": ("win",),
    "win_laid": ("lay_off",),  # C9/K10: laid-off cards count among yours
    "play_melds": (),
    "play_melds_alone": (),
    "play_lay_off": ("lay_off",),
    "play_taken_back": ("own_melds",),  # K9: whole melds go back to the hand
    "play_joker": ("jokers",),
    "play_swap": ("swap",),  # K5
    "play_swap_center": ("swap",),
    "play_swap_back": ("swap",),  # K5; the meld went back first (K9)
    "play_wins": ("win",),
    "play_wins_keep": ("win",),
    "play_discard": ("take",),  # C8/K7: after taking you discard (C7 is the turn alone)
    "draw_melds": ("hand_melds",),
    "draw_no_melds": ("hand_melds",),
    "draw_lay_off": ("lay_off",),
    "draw_out": ("out",),
    "draw_out_discard": ("out",),
    "draw_best_melds": ("hand_melds",),
    "draw_best_lay_off": ("lay_off",),
    "draw_best": ("score",),
    "draw_upcard_better": ("score",),
    "draw_stock_better": ("score",),
    "closes": ("close",),
    "closing": ("score",),  # I10: what the stake pays
    "closing_two": ("score",),
    "closing_run": ("score",),
    "closing_run_joker": ("score",),
    "no_close": ("close",),
    "close_best": (),
    "close_best_none": (),
}
"""Per sentence of the ``profile`` book (the explanations): the topics it cites."""


def topics_of(book: str, key: str) -> tuple[str, ...]:
    """The topics a sentence cites, in order.  conquian-40's books (``explain``, ``puzzle``)
    write its ids into the template, and :func:`solver.rules.cite.cite` rewrites them for
    another profile by topic: their topics are those ids' topics in conquian-40's book."""
    if book == "profile":
        return PROFILE_TOPICS[key]
    if book == "puzzle_profile":
        return RULE_OF[key][0] if key in RULE_OF else ()
    from solver.claims.kinds import BOOKS  # kinds builds Claim on these books

    topic_of = {rule_id: topic for topic, rule_id in CONQUIAN_40.rule_ids.items()}
    return tuple(topic_of.get(i, "") for i in re.findall(r"\bR\d+\b", BOOKS[book][key]))


def allowed_ids(claim: Claim, profile: RuleProfile) -> set[str]:
    """The ids ``claim`` may cite under ``profile``: its declared topics' ids there (for
    conquian-40's books, as written: :func:`solver.rules.cite.cite` renders them)."""
    topics = topics_of(claim.book, claim.key)
    book = profile if claim.book in ("profile", "puzzle_profile") else CONQUIAN_40
    return {book.rule(t) for t in topics} - {""}


def ids_for(profile: RuleProfile, topics: tuple[str, ...]) -> str:
    """The ``{rule}`` text for ``topics`` under ``profile``; ``""`` when it has no rule on one."""
    ids = [profile.rule(t) for t in topics]
    return ", ".join(ids) if all(ids) else ""


def citation_problem(claim: Claim, profile: RuleProfile) -> str | None:
    """Why ``claim`` cites other rules than its template's declared topics, or ``None``."""
    topics = topics_of(claim.book, claim.key)
    if claim.book not in ("profile", "puzzle_profile"):
        return None if all(topics) else "cites an id that is no rule of conquian-40's book"
    cited = str(claim.params.get("rule", ""))
    if not topics:
        return None if not cited else f"cites {cited}, and this sentence cites no rule"
    want = ids_for(profile, topics)
    if not want:
        return f"{profile.id} has no rule on {', '.join(topics)}"
    if cited != want:
        return f"cites {cited or 'nothing'}, where {profile.id}'s rule on " \
               f"{', '.join(topics)} is {want}"
    return None
