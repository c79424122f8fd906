"""Plain-language explanations of an analysis, citing rule ids.

``explain`` returns :class:`Sentence` values (a message key and its filled-in
parameters), so the site can translate the templates of :mod:`solver.messages`;
``render`` gives the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.analysis import Analysis, Play
from solver.cards import CardMask, card_glyph, cards_of, sort_key
from solver.melds import MELDS_CONTAINING, meld_cards
from solver.messages import MESSAGES
from solver.position import Position

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Sentence:
    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    def render(self, translate: Translate | None = None) -> str:
        template = MESSAGES[self.key]
        if translate is not None:
            template = translate(template)
        return template.format(**self.params)


def cards_text(mask: CardMask) -> str:
    return " ".join(card_glyph(c) for c in sorted(cards_of(mask), key=sort_key))


def melds_text(melds: Iterable[CardMask]) -> str:
    return ", ".join("-".join(card_glyph(c) for c in meld_cards(m)) for m in melds)


def explain(analysis: Analysis) -> list[Sentence]:
    """Why the center card can or cannot be taken, and whether it can be forced."""
    position = analysis.position
    center = {"center": card_glyph(position.center)}
    out: list[Sentence] = []
    if not position.hand:
        out.append(Sentence("empty_hand"))
    if not analysis.usable:
        out.append(Sentence("cannot_take", center))
        out.extend(_what_is_missing(analysis))
        if position.center_from == "stock":
            out.append(Sentence("pass"))
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
    out.extend(_forcing(analysis))
    return out


def what_is_missing(position: Position) -> tuple[bool, CardMask]:
    """For a center card that cannot be taken: whether some meld with it lies entirely in
    the player's cards (so the melds cannot be rearranged around it, R5), and the cards
    that would each complete a meld with it (the ones it would wait for, R8)."""
    center = position.center
    pool = position.exposed | position.hand | 1 << center
    one_short = 0
    fits_whole = False
    for meld in MELDS_CONTAINING[center]:
        missing = meld & ~pool
        if not missing:
            fits_whole = True
        elif missing.bit_count() == 1:
            one_short |= missing
    return fits_whole, one_short


def _what_is_missing(analysis: Analysis) -> list[Sentence]:
    position = analysis.position
    center = position.center
    fits_whole, one_short = what_is_missing(position)
    params = {"center": card_glyph(center)}
    if fits_whole:
        return [Sentence("blocked_by_melds", params)]
    alive = one_short & ~position.opponent_exposed
    dead = one_short & position.opponent_exposed
    out: list[Sentence] = []
    if alive:
        out.append(Sentence("needs_cards", {**params, "cards": _or_list(alive)}))
    else:
        out.append(Sentence("needs_two", params))
    if dead:
        out.append(Sentence("dead_cards", {"cards": cards_text(dead)}))
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
    out: list[Sentence] = []
    melds = {"melds": melds_text(play.melds)}
    if play.hand_cards:
        out.append(Sentence("play_with_hand", {"cards": cards_text(play.hand_cards), **melds}))
    else:
        out.append(Sentence("play_alone", melds))
    if play.rearranged:
        out.append(
            Sentence(
                "play_rearranged",
                {"before": melds_text(position.melds), "after": melds_text(play.melds)},
            )
        )
    if play.wins:
        out.append(Sentence("play_wins"))
    else:
        if (position.hand & ~play.hand_cards).bit_count() == 1:
            out.append(Sentence("play_ten_down"))
        out.append(Sentence("then_discard"))
    return out


def explain_dict(analysis: Analysis, translate: Translate | None = None) -> dict[str, Any]:
    """Extra analysis fields: ``explanation`` and, per play, ``plays_explained``."""
    return {
        "explanation": [s.render(translate) for s in explain(analysis)],
        "plays_explained": [
            [s.render(translate) for s in explain_play(analysis, p)] for p in analysis.plays
        ],
    }
