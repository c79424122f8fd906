"""The hint ladder and the explanation of a puzzle, written from its analysis.

Both are lists of :class:`Sentence` (a message key of :mod:`solver.puzzles.messages`
and its parameters), so the site can render them in any language.  The ladder climbs
from a nudge (where to look: this position's cards), through the rule that decides, to
a narrowing hint, and ends with the full solution; the first steps never state the
answer, and no step repeats another's point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from solver.analysis import Analysis
from solver.cards import (
    ACE,
    DECK_40,
    KING,
    QUEEN,
    CardMask,
    card_glyph,
    card_rank,
    card_suit,
    cards_of,
    make_card,
    sort_key,
)
from solver.explain import what_is_missing
from solver.melds import meld_cards
from solver.position import Position
from solver.puzzles.discard import fits_melds, unsafe_cards
from solver.puzzles.i18n import TRANSLATIONS
from solver.puzzles.messages import MESSAGES
from solver.puzzles.model import Answer, Task
from solver.puzzles.themes import center_meld, themes_of

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Sentence:
    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    def render(self, language: str = "en", translate: Translate | None = None) -> str:
        """The sentence in ``language`` (en, pt, es), or through a gettext ``translate``."""
        template = MESSAGES[self.key]
        if translate is not None:
            template = translate(template)
        elif language != "en":
            template = TRANSLATIONS[language][self.key]
        return template.format(**self.params)


def render(sentences: Iterable[Sentence], language: str = "en") -> str:
    return " ".join(s.render(language) for s in sentences)


def cards_text(mask: CardMask) -> str:
    return " ".join(card_glyph(c) for c in sorted(cards_of(mask), key=sort_key))


def meld_text(meld: CardMask) -> str:
    return "-".join(card_glyph(c) for c in meld_cards(meld))


def melds_text(melds: Iterable[CardMask]) -> str:
    return ", ".join(meld_text(m) for m in melds)


def _first(plays: Iterable[CardMask]) -> CardMask | None:
    ordered = sorted(plays, key=lambda m: (m.bit_count(), cards_of(m)))
    return ordered[0] if ordered else None


_RULE_BY_THEME = (
    ("rearrange", "rule_rearrange"),
    ("forcing-after-rearranging", "rule_rearrange"),
    ("seven-jack", "rule_seven_jack"),
    ("no-wraparound", "rule_wraparound"),
    ("long-run", "rule_long_run"),
    ("draw", "rule_draw"),
    ("ten-down", "rule_ten"),
    ("sets", "rule_sets"),
    ("extend-meld", "rule_extend"),
    ("take-with-hand", "rule_hand_meld"),
)


def _rule(task: Task, themes: Sequence[str], center: str) -> Sentence:
    if task == "discard":
        return Sentence("rule_discard")
    if task == "can_force" and "forcing-after-rearranging" not in themes:
        return Sentence("rule_force", {"center": center})
    for theme, key in _RULE_BY_THEME:
        if theme in themes:
            return Sentence(key)
    return Sentence("rule_take")


def hints(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[Sentence]:
    """Up to three hints that lead up to the answer without stating it: where to look in
    this position, the rule that decides, then a narrowing fact."""
    themes = list(themes) if themes is not None else themes_of(position, analysis)
    center = card_glyph(position.center)
    if task == "discard":
        # The rule already says where to look (the opponent's melds): then the counts.
        left = position.hand & ~answer.take
        return [Sentence("rule_discard"),
                Sentence("check_left", {"cards": cards_text(left)}),
                Sentence("count_gifts", {"count": unsafe_cards(position, left).bit_count()})]
    if task == "can_force":
        # Forcing looks at the exposed cards alone (R9): the nudge points only at those.
        near = _near(position, exposed_only=True)
        look = (Sentence("look_at", {"cards": cards_text(near)}) if near
                else Sentence("look_none_exposed", {"center": center}))
        return [look, _rule(task, themes, center)]
    near = _near(position)
    look = (Sentence("look_at", {"cards": cards_text(near)}) if near
            else Sentence("look_none", {"center": center}))
    if task == "win":
        out = [Sentence("nudge_win", {"center": center}), look]
    elif position.stock == 0 and task == "can_use":
        out = [Sentence("nudge_stock"), look, _rule(task, themes, center)]
    else:
        out = [look, _rule(task, themes, center)]
    if task in ("find_play", "win") and answer.plays:
        first = _first(answer.plays)
        assert first is not None
        out.append(Sentence("count_cards", {"count": first.bit_count()}))
    elif task == "win":
        most = max((p.size for p in analysis.plays), default=0)
        out.append(Sentence("count_most", {"center": center, "count": most}))
    return out


def _near(position: Position, *, exposed_only: bool = False) -> CardMask:
    """The player's cards that could meet the center card in a meld: same rank, or the same
    suit within two ranks; for Q, K and A, also the other two of Q-K-A (the tempting one).
    Forcing looks at the exposed cards alone (R9), so its hint points only at those."""
    mine = position.exposed if exposed_only else position.hand | position.exposed
    center = position.center
    rank, suit, order = card_rank(center), card_suit(center), DECK_40.order(center)
    near = 0
    for card in cards_of(mine):
        close = card_suit(card) == suit and abs(DECK_40.order(card) - order) <= 2
        if close or card_rank(card) == rank:
            near |= 1 << card
    if rank in (ACE, QUEEN, KING):
        near |= mine & sum(1 << make_card(r, suit) for r in (ACE, QUEEN, KING))
    return near


def ladder(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[list[Sentence]]:
    """The whole ladder: each hint, then the full solution as the last step."""
    steps = [[h] for h in hints(position, analysis, task, answer, themes)]
    steps.append(explanation(position, analysis, task, answer, themes))
    return steps


def explanation(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[Sentence]:
    """Why the answer is right, citing rule ids."""
    themes = list(themes) if themes is not None else themes_of(position, analysis)
    center = card_glyph(position.center)
    c = {"center": center}
    out: list[Sentence] = []
    if task == "can_use":
        if analysis.usable:
            out.append(Sentence("usable_yes", c))
            out.extend(_play(position, analysis, analysis.plays[-1].hand_cards))
        else:
            out.append(Sentence("usable_no", c))
            out.extend(_why_not(position))
    elif task == "can_force":
        play = analysis.forceable_play
        if play is not None:
            out.append(Sentence("force_yes", c))
            if play.rearranged:
                out.append(Sentence("force_after", {"melds": melds_text(play.melds)}))
            else:
                out.append(Sentence("play_alone", {**c, "melds": melds_text(play.melds)}))
        else:
            out.append(Sentence("force_no" if analysis.usable else "force_no_fit", c))
            if analysis.usable:
                out.extend(_play(position, analysis, analysis.plays[0].hand_cards))
    elif task == "find_play":
        first = _first(answer.plays)
        assert first is not None
        out.extend(_play(position, analysis, first))
        others = sorted(answer.plays - {first}, key=lambda m: (m.bit_count(), cards_of(m)))
        if others:
            shown = "; ".join(cards_text(m) or "-" for m in others)
            out.append(Sentence("other_plays", {"plays": shown}))
    elif task == "win":
        if not position.hand and analysis.usable:
            out.append(Sentence("empty_hand"))
        first = _first(answer.plays)
        if first is not None:
            out.append(Sentence("win", {**c, "cards": cards_text(first) or "-"}))
            play = analysis.play_for(first)
            assert play is not None
            out.append(Sentence("play" if first else "play_alone",
                                {**c, "cards": cards_text(first), "melds": melds_text(play.melds)}))
        else:
            out.append(Sentence("no_win"))
            out.extend(_ten_down(position, analysis))
            if not analysis.usable:
                out.extend(_why_not(position))
    else:
        out.extend(_play(position, analysis, answer.take, theme_notes=False))
        out.extend(_discard(position, answer))
    out.extend(_theme_notes(position, analysis, themes, task))
    if position.stock == 0 and task != "discard":
        if position.center_from == "opponent" and not analysis.usable:
            out.append(Sentence("draw_decline", c))
        elif not analysis.winning_plays:
            out.append(Sentence("stock_last"))
    return out


def _play(
    position: Position, analysis: Analysis, hand_cards: CardMask, theme_notes: bool = True
) -> list[Sentence]:
    play = analysis.play_for(hand_cards)
    assert play is not None
    center = card_glyph(position.center)
    if hand_cards:
        out = [Sentence("play", {"center": center, "cards": cards_text(hand_cards),
                                 "melds": melds_text(play.melds)})]
    else:
        out = [Sentence("play_alone", {"center": center, "melds": melds_text(play.melds)})]
    if play.rearranged:
        out.append(Sentence("rearranged", {"before": melds_text(position.melds),
                                           "after": melds_text(play.melds)}))
    if play.wins:
        out.append(Sentence("win", {"center": center, "cards": cards_text(hand_cards) or "-"}))
    return out


def _why_not(position: Position) -> list[Sentence]:
    center = position.center
    whole, missing = what_is_missing(position)
    if whole:
        return [Sentence("blocked", {"center": card_glyph(center)})]
    if missing:
        return [Sentence("missing", {"cards": " / ".join(
            card_glyph(c) for c in sorted(cards_of(missing), key=sort_key))})]
    return []


def _ten_down(position: Position, analysis: Analysis) -> list[Sentence]:
    hand = position.hand.bit_count()
    for play in analysis.plays:
        if play.size == hand - 1:
            return [Sentence("ten_down", {"cards": cards_text(play.hand_cards),
                                          "left": cards_text(position.hand & ~play.hand_cards)})]
    return []


def _discard(position: Position, answer: Answer) -> list[Sentence]:
    safe = "discard_safe" if answer.discards.bit_count() == 1 else "discard_safe_any"
    out = [Sentence(safe, {"cards": cards_text(answer.discards)})]
    left = position.hand & ~answer.take
    if not position.opponent_melds:
        out.append(Sentence("discard_any"))
    groups: dict[str, CardMask] = {}
    for card in cards_of(unsafe_cards(position, left)):
        # A card that fits only after the opponent rearranges shows all their melds.
        fitting = [m for m in position.opponent_melds if fits_melds(m, card)]
        shown = melds_text(fitting or position.opponent_melds)
        groups[shown] = groups.get(shown, 0) | 1 << card
    if groups:
        pairs = "; ".join(f"{cards_text(mask)} → {shown}" for shown, mask in groups.items())
        out.append(Sentence("discard_unsafe", {"pairs": pairs}))
    return out


def _theme_notes(
    position: Position, analysis: Analysis, themes: Sequence[str], task: Task
) -> list[Sentence]:
    out: list[Sentence] = []
    if "seven-jack" in themes:
        for play in analysis.plays:
            meld = center_meld(play, position.center)
            text = meld_text(meld)
            if "7" in text and "J" in text:
                out.append(Sentence("seven_jack", {"meld": text}))
                break
    if "no-wraparound" in themes:
        out.append(Sentence("wraparound"))
    if "long-run" in themes and task != "discard":
        out.append(Sentence("long_run"))
    return out
