"""The hint ladder and the explanation of a puzzle, written from its analysis.

Both are lists of claims (:mod:`solver.claims`: a message key of :mod:`solver.puzzles.messages`
and its parameters), so the site can render them in any language.  The ladder climbs
from a nudge (where to look: this position's cards), through the rule that decides, to
a narrowing hint, and ends with the full solution; the first steps never state the
answer, and no step repeats another's point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from solver.analysis import Analysis
from solver.cards import CardMask, card_glyph, cards_of, sort_key
from solver.claims.facts import near as _near_cards
from solver.claims.kinds import Claim
from solver.cover import fits_melds
from solver.explain import what_helps
from solver.melds import meld_cards
from solver.position import Position
from solver.puzzles.discard import unsafe_cards
from solver.puzzles.model import Answer, Task
from solver.puzzles.themes import center_meld, themes_of

Translate = Callable[[str], str]

Sentence = partial(Claim, book="puzzle")
"""A sentence of :mod:`solver.puzzles.messages`: a claim the checker re-derives."""


def render(sentences: Iterable[Claim], translate: Translate | None = None) -> str:
    """The sentences as one text, in English or through a gettext ``translate``."""
    return " ".join(s.render(translate) for s in sentences)


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


def _rule(task: Task, themes: Sequence[str], center: str) -> Claim:
    if task == "discard":
        return Sentence("rule_discard")
    # A yes/no question gets the same rule whatever the answer: a themed rule (a rearranging
    # one, the ace low only) shows up with one answer and so would give it away.
    if task == "can_force":
        return Sentence("rule_force", {"center": center})
    if task == "can_use":
        return Sentence("rule_take")
    for theme, key in _RULE_BY_THEME:
        if theme in themes:
            return Sentence(key)
    return Sentence("rule_take")


def hints(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[Claim]:
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
    # A win is every hand card at once, so any count would say whether one exists; and a
    # count of none or all of the hand names the answer: those are withheld.
    if task == "find_play" and answer.plays:
        sizes = sorted({m.bit_count() for m in answer.plays})
        if sizes in ([0], [position.hand.bit_count()]):
            pass
        elif len(sizes) == 1:
            out.append(Sentence("count_cards", {"count": sizes[0]}))
        else:
            out.append(Sentence("count_cards_range", {"least": sizes[0], "most": sizes[-1]}))
    return out


def _near(position: Position, *, exposed_only: bool = False) -> CardMask:
    """The cards the first hint points at (``solver.claims.facts.near``).  Forcing looks at
    the exposed cards alone (R9), so its hint points only at those."""
    return _near_cards(position, exposed_only=exposed_only)


def ladder(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[list[Claim]]:
    """The whole ladder: each hint, then the full solution as the last step."""
    steps = [[h] for h in hints(position, analysis, task, answer, themes)]
    steps.append(explanation(position, analysis, task, answer, themes))
    return steps


def explanation(
    position: Position, analysis: Analysis, task: Task, answer: Answer,
    themes: Sequence[str] | None = None,
) -> list[Claim]:
    """Why the answer is right, citing rule ids."""
    themes = list(themes) if themes is not None else themes_of(position, analysis)
    center = card_glyph(position.center)
    c = {"center": center}
    out: list[Claim] = []
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
            out.append(Sentence("win", {**c, "cards": cards_text(first)}) if first
                       else Sentence("win_alone", c))
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
    if position.stock == 0:
        # Not the last decision: a take's discard still faces the opponent, and a passed
        # card may still be taken, declined or forced (R7, R8, R9, R11).
        if position.center_from == "stock":
            out.append(Claim("stock_empty_pass"))
        elif not analysis.forceable:
            out.append(Sentence("draw_decline", c))
        if any(not p.wins for p in analysis.plays):
            out.append(Claim("stock_empty_take"))
    return out


def _play(
    position: Position, analysis: Analysis, hand_cards: CardMask, theme_notes: bool = True
) -> list[Claim]:
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
        out.append(Sentence("win", {"center": center, "cards": cards_text(hand_cards)})
                   if hand_cards else Sentence("win_alone", {"center": center}))
    return out


def _why_not(position: Position) -> list[Claim]:
    # The explanation's own claims: single cards that suffice, pairs, dead cards (R5, R8).
    return what_helps(position)


def _ten_down(position: Position, analysis: Analysis) -> list[Claim]:
    hand = position.hand.bit_count()
    for play in analysis.plays:
        if play.size == hand - 1:
            return [Sentence("ten_down", {"cards": cards_text(play.hand_cards),
                                          "left": cards_text(position.hand & ~play.hand_cards)})]
    return []


def _discard(position: Position, answer: Answer) -> list[Claim]:
    if not answer.discards:
        out = [Sentence("discard_none_safe")]
    else:
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
) -> list[Claim]:
    out: list[Claim] = []
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
