"""Plain-language explanations of an analysis, citing rule ids.

``explain`` returns :class:`Sentence` values (a message key and its filled-in
parameters), so the site can translate the templates of :mod:`solver.messages`;
``render`` gives the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from solver.analysis import Analysis, Play
from solver.cards import CardMask, card_glyph, cards_of, sort_key
from solver.claims.facts import fits_whole, helpers
from solver.claims.kinds import Claim
from solver.cover import first_cover
from solver.melds import meld_cards
from solver.position import Position

Translate = Callable[[str], str]

Sentence = Claim
"""Every sentence of the explanation is a claim the checker can re-derive (solver.claims)."""

MAX_PAIRS = 3
"""Pairs of needed cards named at most: the first few, by card order."""


def cards_text(mask: CardMask) -> str:
    return " ".join(card_glyph(c) for c in sorted(cards_of(mask), key=sort_key))


def melds_text(melds: Iterable[CardMask]) -> str:
    return ", ".join("-".join(card_glyph(c) for c in meld_cards(m)) for m in melds)


def explain(analysis: Analysis, *, forced: bool = False) -> list[Sentence]:
    """Why the center card can or cannot be taken, and whether it can be forced.
    ``forced``: the opponent has forced it on the player, who must take it (R9).
    Under a profile whose center card may do more (``RuleProfile.plain_center`` false:
    lay-offs, jokers, take-backs) the sentences are
    :func:`solver.claims.profiles.explain_center`'s."""
    position = analysis.position
    if not position.rules.plain_center:
        from solver.claims.profiles import explain_center  # it imports this module's peers

        return explain_center(analysis)
    center = {"center": card_glyph(position.center)}
    out: list[Sentence] = []
    if not position.hand:
        out.append(Sentence("empty_hand"))
    if not analysis.usable:
        out.append(Sentence("cannot_take", center))
        out.extend(what_helps(position))
        if position.center_from == "stock":
            out.append(Sentence("pass"))
            if position.stock == 0:
                out.append(Sentence("stock_empty_pass"))
        elif position.stock == 0:
            out.append(Sentence("decline_last"))
        else:
            out.append(Sentence("decline"))
        return out

    count = len(analysis.plays)
    if count == 1:
        out.append(Sentence("can_take", center))
    else:
        out.append(Sentence("can_take_ways", {**center, "count": count}))
    if forced:
        out.append(Sentence("forced_now", center))
    else:
        out.extend(_forcing(analysis))
        if position.stock == 0 and position.center_from == "stock":
            out.append(Sentence("stock_empty_pass"))
    if position.stock == 0 and any(not p.wins for p in analysis.plays):
        out.append(Sentence("stock_empty_take"))
    return out


def what_helps(position: Position) -> list[Sentence]:
    """For a center card that cannot be taken: what would let the player take it, were it
    in hand.  A single card that suffices, two cards both needed, or cards that would help
    but lie in the opponent's melds (dead, R5); when a meld with it lies wholly in the
    player's cards, the melds themselves block it (R5).  Only cards the solver confirms
    are named."""
    center = {"center": card_glyph(position.center)}
    if fits_whole(position):
        return [Sentence("blocked_by_melds", center)]
    found = helpers(position)
    out: list[Sentence] = []
    if found.singles:
        out.append(Sentence("needs_cards", {**center, "cards": _or_list(found.singles)}))
    elif found.pairs:
        pairs = " / ".join("+".join(card_glyph(c) for c in sorted(cards_of(pair), key=sort_key))
                           for pair in found.pairs[:MAX_PAIRS])
        out.append(Sentence("needs_pair", {**center, "pairs": pairs}))
    else:
        out.append(Sentence("no_helper", center))
    if found.dead:
        out.append(Sentence("dead_cards", {**center, "cards": cards_text(found.dead)}))
    return out


def _or_list(mask: CardMask) -> str:
    return " / ".join(card_glyph(c) for c in sorted(cards_of(mask), key=sort_key))


def _forcing(analysis: Analysis) -> list[Sentence]:
    position = analysis.position
    play = analysis.forceable_play
    center = {"center": card_glyph(position.center)}
    if play is None:
        return [Sentence("not_forceable_hand")]
    key = "forceable_stock" if position.center_from == "stock" else "forceable_opponent"
    out = [Sentence(key, center)]
    if play.rearranged:
        out.append(Sentence("forceable_after_rearranging", {"melds": melds_text(play.melds)}))
    if play.wins:
        out.append(Sentence("force_gives_win"))
    return out


def explain_play(analysis: Analysis, play: Play) -> list[Sentence]:
    """What one play lays down, what it rearranges, and whether it wins."""
    position = analysis.position
    if not position.rules.plain_center:
        from solver.claims.profiles import explain_center_play

        return explain_center_play(analysis, play)
    out: list[Sentence] = []
    subject = play.hand_cards
    melds = {"melds": melds_text(play.melds)}
    if play.hand_cards:
        out.append(Sentence("play_with_hand", {"cards": cards_text(play.hand_cards), **melds}))
    else:
        out.append(Sentence("play_alone", melds, subject))
    if play.rearranged:
        out.append(
            Sentence(
                "play_rearranged",
                {"before": melds_text(position.melds), "after": melds_text(play.melds)},
                subject,
            )
        )
    if play.wins:
        out.append(Sentence("play_wins", {}, subject))
    else:
        if (position.hand & ~play.hand_cards).bit_count() == 1:
            out.append(Sentence("play_ten_down", {}, subject))
        out.append(Sentence("then_discard", {}, subject))
    return out


def explain_dict(analysis: Analysis, translate: Translate | None = None, *,
                 forced: bool = False) -> dict[str, Any]:
    """Extra analysis fields: ``explanation`` and, per play, ``plays_explained``."""
    return {
        "explanation": [s.render(translate) for s in explain(analysis, forced=forced)],
        "plays_explained": [
            [s.render(translate) for s in explain_play(analysis, p)] for p in analysis.plays
        ],
    }


def explain_forcing_opponent(position: Position, opponent_hand: int) -> list[Sentence]:
    """The player may force the center card on the opponent, who declined it or passed it
    (R9): where it goes in their melds, and what forcing then does (a win for them when
    their hand is empty, R10).  ``position`` is the player's; ``opponent_hand`` the size of
    the opponent's hand."""
    cover = first_cover(position.opponent_exposed | 1 << position.center)
    if not position.opponent_melds or cover is None:
        return []
    center = {"center": card_glyph(position.center)}
    out = [Sentence("they_fit", {**center, "melds": melds_text(cover)})]
    if opponent_hand == 0:
        out.append(Sentence("force_wins_them", center))
    else:
        out.append(Sentence("force_then"))
    return out
