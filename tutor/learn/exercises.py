"""Lesson exercises. Each is answered by acting on cards and checked by the solver.

An exercise is a small frozen value with a ``kind`` (which the templates switch on),
a ``prompt``, ``parse(answer)`` (validate the raw answer or raise :class:`AnswerError`)
and ``check(answer)`` returning :class:`Feedback`: right or wrong, always with an
explanation. The right answer is never stored: it is computed from the solver each time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeAlias

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString

from solver.analysis import Analysis, Play
from solver.cards import (
    ACE,
    JOKER_BASE,
    KING,
    TWO,
    Card,
    CardMask,
    card_glyph,
    card_kind,
    card_rank,
    card_str,
    cards_of,
    is_joker,
    mask_of,
    parse_card,
    parse_kind,
)
from solver.claims.profile import laid_text, opponent_meld_text, strings_text
from solver.cover import first_cover
from solver.errors import ConquianError
from solver.explain import explain, explain_play
from solver.melds import MELDS_CONTAINING, is_valid_meld, meld_cards, meld_problem
from solver.position import Position
from solver.puzzles.profile_hints import play_claims, verdict_claims
from solver.search import analyze
from tutor.core.cards import hand_order
from tutor.learn.wording import glyphs, mask_glyphs, meld_glyphs, meld_reason, melds_glyphs

Text: TypeAlias = "str | LazyString"


class AnswerError(ValueError):
    """An answer that is malformed (not merely wrong): a card not on offer, an unknown choice."""


@dataclass(frozen=True)
class Answer:
    """What the learner did: the cards (or groups) they selected, or the choice they made."""

    values: tuple[str, ...] = ()
    choice: str | None = None

    @classmethod
    def from_request(cls, data: Mapping[str, Any]) -> Answer:
        raw = data.get("cards", [])
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
            raise AnswerError(_("The selected cards must be sent as a list of card codes."))
        choice = data.get("choice")
        if choice is not None and not isinstance(choice, str):
            raise AnswerError(_("The choice must be one of the buttons on the page."))
        return cls(values=tuple(raw), choice=choice or None)


@dataclass
class Item:
    """Feedback on one option of a multi-part answer (one card, one group)."""

    cards: list[str]
    chosen: bool
    right: bool
    text: str


@dataclass
class Feedback:
    correct: bool
    sentences: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    # The right answer drawn as cards: each entry a (caption, list of melds) pair.
    shown: list[tuple[str, list[list[str]]]] = field(default_factory=list)
    attempt: list[str] = field(default_factory=list)
    """For a wrong answer: what is wrong with the learner's own answer, revealing nothing
    of the solution: all a first miss shows (as a puzzle's first miss, README)."""
    held_back: bool = False
    """The solution is held back: only ``attempt`` is shown."""

    def first_miss(self) -> Feedback:
        """This wrong answer's feedback with the solution held back."""
        return Feedback(False, list(self.attempt), held_back=True)


def _render(sentences: Iterable[Any]) -> list[str]:
    return [s.render(_) for s in sentences]


def _other_profile(analysis: Analysis) -> bool:
    """Not the plain center analysis: the profile's claims explain it, citing its book."""
    return not analysis.position.rules.plain_center


def _explain(analysis: Analysis, question: str) -> list[str]:
    """The verdict explained: conquian-40's explainer, or under another profile the
    profile claims (:mod:`solver.puzzles.profile_hints`), which cite its own book."""
    if _other_profile(analysis):
        return _render(verdict_claims(analysis.position, analysis, question))
    return _render(explain(analysis))


def _explain_play(analysis: Analysis, play: Play) -> list[str]:
    if _other_profile(analysis):
        return _render(play_claims(analysis.position, analysis, play))
    return _render(explain_play(analysis, play))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card_str(c) for c in cards]


def _melds_codes(melds: Iterable[CardMask]) -> list[list[str]]:
    return [_codes(meld_cards(m)) for m in melds]


def _parse_cards(values: Sequence[str], allowed: CardMask,
                 position: Position | None = None) -> CardMask:
    """The chosen cards; under another profile than conquian-40 (``position``), codes of
    its deck, each naming the next copy (two packs) or joker of ``allowed`` not chosen yet."""
    mask = 0
    for value in values:
        try:
            card = parse_card(value) if position is None else position.rules.deck.parse(value)
        except ConquianError:
            raise AnswerError(_("%(value)s is not a card.", value=value[:12])) from None
        if position is not None:
            free = [c for c in cards_of(allowed & ~mask)
                    if card_kind(c) == card_kind(card) or (c >= JOKER_BASE <= card)]
            card = free[0] if free else card
        if not allowed >> card & 1:
            raise AnswerError(
                _("%(card)s is not one of the cards you can choose here.", card=card_glyph(card))
            )
        mask |= 1 << card
    return mask


@dataclass(frozen=True)
class Choice:
    value: str
    label: Text


# ---------------------------------------------------------------------------------------------
# Exercises on cards and melds alone
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtendMeld:
    """Select every offered card that makes a valid meld together with ``base`` (R1, R4)."""

    kind: ClassVar[str] = "cards"
    prompt: Text
    base: tuple[str, ...]
    options: tuple[str, ...]
    note: Text | None = None

    @property
    def base_cards(self) -> list[Card]:
        return [parse_card(c) for c in self.base]

    @property
    def option_cards(self) -> list[Card]:
        return [parse_card(c) for c in self.options]

    def fits(self, chosen: CardMask) -> bool:
        """The selection as a whole makes one valid meld with the base (R1, R4)."""
        return bool(chosen) and is_valid_meld(mask_of(self.base_cards) | chosen)

    def largest(self) -> CardMask:
        """The largest selection of offered cards that makes a meld with the base."""
        options = self.option_cards
        best = 0
        for bits in range(1, 1 << len(options)):
            chosen = mask_of(c for i, c in enumerate(options) if bits >> i & 1)
            if self.fits(chosen) and chosen.bit_count() > best.bit_count():
                best = chosen
        return best

    def check(self, answer: Answer) -> Feedback:
        chosen = _parse_cards(answer.values, mask_of(self.option_cards))
        base = mask_of(self.base_cards)
        # The selection is judged as a whole: 3♠ fits 5-6-7♠ once 4♠ is chosen too.
        fb = Feedback(self.fits(chosen))
        if chosen:
            fb.sentences.append(meld_reason(cards_of(base | chosen)))
        else:
            fb.sentences.append(_("Choose at least one card."))
        largest = self.largest()
        if fb.correct and largest & ~chosen and self.fits(chosen | largest):
            fb.sentences.append(_("%(cards)s would fit as well.",
                                  cards=mask_glyphs(largest & ~chosen)))
        if not fb.correct:
            fb.attempt = list(fb.sentences)
            fb.sentences.append(
                _("These cards fit together with it: %(cards)s, making %(meld)s.",
                  cards=mask_glyphs(largest), meld=meld_glyphs(base | largest))
                if largest
                else _("None of these cards fits.")
            )
        return fb


@dataclass(frozen=True)
class JudgeMelds:
    """Select the groups that are valid melds (R4)."""

    kind: ClassVar[str] = "groups"
    prompt: Text
    groups: tuple[tuple[str, ...], ...]
    note: Text | None = None

    def check(self, answer: Answer) -> Feedback:
        chosen: set[int] = set()
        for value in answer.values:
            if not value.isdigit() or int(value) >= len(self.groups):
                raise AnswerError(_("%(value)s is not one of the groups.", value=value[:12]))
            chosen.add(int(value))
        items, correct = [], True
        for i, group in enumerate(self.groups):
            cards = [parse_card(c) for c in group]
            valid = meld_problem(cards) is None
            correct &= valid == (i in chosen)
            items.append(Item(list(group), i in chosen, valid, meld_reason(cards)))
        return Feedback(correct, items=items)


@dataclass(frozen=True)
class SplitRun:
    """A group too long to be one meld: select the cards of one meld so the rest is one too."""

    kind: ClassVar[str] = "cards"
    prompt: Text
    options: tuple[str, ...]
    note: Text | None = None

    @property
    def option_cards(self) -> list[Card]:
        return [parse_card(c) for c in self.options]

    def check(self, answer: Answer) -> Feedback:
        every = mask_of(self.option_cards)
        chosen = _parse_cards(answer.values, every)
        rest = every & ~chosen
        first, second = cards_of(chosen), cards_of(rest)
        correct = bool(chosen) and bool(rest) and is_valid_meld(chosen) and is_valid_meld(rest)
        fb = Feedback(correct)
        if not chosen or not rest:
            fb.sentences.append(meld_reason(cards_of(every)))
        else:
            fb.sentences += [meld_reason(first), meld_reason(second)]
        if correct:
            fb.shown.append((_("Your split"), [_codes(first), _codes(second)]))
        else:
            fb.attempt = list(fb.sentences)
            ranks = self.option_cards
            fb.sentences.append(
                _(
                    "Any split that leaves at least 3 cards in a row on each side works, for "
                    "example %(a)s and %(b)s.",
                    a=glyphs(ranks[:4]),
                    b=glyphs(ranks[4:]),
                )
            )
        return fb


# ---------------------------------------------------------------------------------------------
# Exercises on a position: the player to act facing a center card
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PositionExercise:
    prompt: Text
    position_data: Mapping[str, Any]
    note: Text | None = None
    hide_hand: ClassVar[bool] = False

    @property
    def position(self) -> Position:
        return Position.from_dict(dict(self.position_data))

    def analysis(self) -> Analysis:
        return analyze(self.position)

    @property
    def center(self) -> str:
        return card_glyph(self.position.center)

    def _choose(self, answer: Answer) -> str:
        values = [c.value for c in self.choices()]
        if answer.choice not in values:
            raise AnswerError(_("Choose one of the buttons below the cards."))
        return answer.choice

    buttons: ClassVar[tuple[Choice, ...]] = ()
    """The buttons of a choice whose wording does not depend on the position."""

    def choices(self) -> list[Choice]:
        return list(self.buttons)


def _grown_meld(position: Position, index: int, laid: Sequence[str]) -> list[str]:
    """The opponent's meld ``index`` with the cards laid off onto it, in meld order (a run
    by rank, the ace above the king when the run goes on to it)."""
    codes = [*position.meld_list(position.opponent_melds[index]), *laid]
    ranks = [card_rank(parse_kind(c.lstrip("*"))) for c in codes]
    order = list(position.rules.deck.ranks)
    high_ace = ACE in ranks and KING in ranks and TWO not in ranks
    def key(pair: tuple[int, str]) -> int:  # stable: a set keeps its order, the card last
        rank = pair[0]
        return len(order) if rank == ACE and high_ace else order.index(rank)

    return [code for _rank, code in sorted(zip(ranks, codes, strict=True), key=key)]


def _way_caption(label: str, way: Play) -> str:
    """``label`` told apart from the other ways of the same hand cards: where the cards go."""
    if way.lay_off:
        return _("%(play)s, laying %(cards)s off onto your opponent's melds",
                 play=label, cards=laid_text(way))
    if way.swaps:
        return _("%(play)s, after swapping a joker", play=label)
    return _("%(play)s, into your own melds", play=label)


def _play_cards(analysis: Analysis, play: Play, caption: str | None = None,
                own_only: bool = False) -> list[tuple[str, list[list[str]]]]:
    """The play drawn as cards: for each way of it (several ways of the same hand cards are
    told apart), your melds afterwards, then each of your opponent's melds with the cards
    laid off onto it. ``caption`` replaces the play's own label; ``own_only``: only the
    ways that keep every card in your own melds (a forced card goes nowhere else)."""
    position = analysis.position
    center = card_glyph(position.center)
    label = caption or (
        _("Lay %(cards)s with %(center)s", cards=mask_glyphs(play.hand_cards), center=center)
        if play.hand_cards
        else _("Take %(center)s alone", center=center)
    )
    ways = play.ways or (play,)
    if own_only:
        ways = tuple(w for w in ways if not w.lay_off) or ways
    out: list[tuple[str, list[list[str]]]] = []
    for way in ways:
        title = label if len(ways) == 1 else _way_caption(label, way)
        laid_off = [
            (_("%(cards)s laid off onto your opponent's meld %(meld)s",
               cards=strings_text(laid), meld=opponent_meld_text(position, index)),
             [_grown_meld(position, index, laid)])
            for index, laid in way.lay_off or ()
        ]
        if way.melds or not laid_off:
            out.append((title, [way.meld_strings(m) for m in way.melds]))
            out += laid_off
        else:  # no meld of your own: the picture is where the cards go
            first, groups = laid_off[0]
            out.append((_("%(play)s: %(where)s", play=title, where=first), groups))
            out += laid_off[1:]
    return out


@dataclass(frozen=True)
class TakeOrLeave(PositionExercise):
    """Can the center card be taken now (R7, R8)? Take it, or decline / pass it."""

    kind: ClassVar[str] = "choice"

    def choices(self) -> list[Choice]:
        # Worded as the profile's rule book: one center card passed or declined (R7, C7), or
        # a discard pile, where an unused stock card is discarded and a top discard left
        # lying while the player takes the top card of the stock (K7).
        piled = self.position.rules.center_name == "discard_pile"
        if self.position.center_from == "stock":
            leave = (_l("Discard %(card)s", card=self.center) if piled
                     else _l("Pass %(card)s to your opponent", card=self.center))
        else:
            leave = (_l("Leave %(card)s and take the top card of the stock", card=self.center)
                     if piled else _l("Decline %(card)s", card=self.center))
        return [Choice("take", _l("Take %(card)s", card=self.center)), Choice("leave", leave)]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = self.analysis()
        fb = Feedback((choice == "take") == analysis.usable, _explain(analysis, "usable"))
        if analysis.usable:
            best = analysis.plays[0]
            fb.sentences += _explain_play(analysis, best)
            fb.shown += _play_cards(analysis, best)
        return fb


@dataclass(frozen=True)
class FindPlay(PositionExercise):
    """Select the hand cards to lay down with the center card (R8); ``need_win``: a winning one."""

    kind: ClassVar[str] = "play"
    need_win: bool = False

    def hand_codes(self) -> list[str]:
        return hand_order(_codes(cards_of(self.position.hand)))

    def check(self, answer: Answer) -> Feedback:
        position = self.position
        chosen = _parse_cards(answer.values, position.hand,
                              None if position.rules.plain_center else position)
        analysis = self.analysis()
        play = analysis.play_for(chosen)
        wanted = analysis.winning_plays if self.need_win else analysis.plays
        fb = Feedback(play is not None and play in wanted)
        center = card_glyph(position.center)
        if play is not None:
            fb.sentences += _explain_play(analysis, play)
            fb.shown += _play_cards(analysis, play)
            if self.need_win and not play.wins:
                left = (position.hand & ~chosen).bit_count()
                fb.sentences.append(
                    _(
                        "That is a legal play, but it leaves %(n)d card(s) in your hand. Look for "
                        "the play that lays down every card you hold (R10).",
                        n=left,
                    )
                )
                fb.attempt = list(fb.sentences)  # all about the learner's own play
        else:
            if not chosen:
                fb.sentences.append(
                    _(
                        "%(center)s does not fit your melds on its own: choose the cards from "
                        "your hand that go down with it (R8).",
                        center=center,
                    )
                )
            else:
                fb.sentences.append(
                    _(
                        "Laying %(cards)s with %(center)s does not work: together with your "
                        "melds they do not split into valid melds (R4, R8).",
                        cards=mask_glyphs(chosen),
                        center=center,
                    )
                )
                group = cards_of(chosen | 1 << position.center)
                # Why the group is no meld, for natural cards only: a joker's meaning
                # depends on the card it stands for, which a click does not say.
                if (not position.melds and len(group) <= 9
                        and not any(map(is_joker, group))):
                    fb.sentences.append(meld_reason(group, position.rules.table))
            fb.attempt = list(fb.sentences)  # why the learner's cards fail, no more
        if not fb.correct:
            for right in wanted[:4]:
                fb.shown += _play_cards(analysis, right)
            if len(wanted) > 4:
                fb.sentences.append(
                    _("There are %(n)d right answers; four of them are shown.", n=len(wanted))
                )
        return fb


@dataclass(frozen=True)
class Discard(PositionExercise):
    """After the take of ``take`` with the center card, pick the card to let go (R8).

    A good discard goes with no card left in your hand and does not fit your opponent's
    melds (they could take it at once). The solver's melds decide both.
    """

    kind: ClassVar[str] = "discard"
    take: tuple[str, ...] = ()

    def played(self) -> Play:
        play = self.analysis().play_for(mask_of(parse_card(c) for c in self.take))
        if play is None:  # a lesson bug, caught by the tests of every lesson
            raise ValueError(f"{self.take} is not a legal take in this position")
        return play

    def played_melds(self) -> list[list[str]]:
        return _melds_codes(self.played().melds)

    def remaining(self) -> CardMask:
        return self.position.hand & ~self.played().hand_cards

    def remaining_codes(self) -> list[str]:
        return _codes(cards_of(self.remaining()))

    def _partners(self, card: Card, hand: CardMask) -> CardMask:
        # Partners: hand cards that make a meld with this card and at most one card more.
        dead = self.position.opponent_exposed
        partners = 0
        for meld in MELDS_CONTAINING[card]:
            if not meld & dead and (meld & ~hand).bit_count() <= 1:
                partners |= meld & hand & ~(1 << card)
        return partners

    def _feeds_opponent(self, card: Card) -> bool:
        opp = self.position.opponent_melds
        return bool(opp) and first_cover(self.position.opponent_exposed | 1 << card) is not None

    def scores(self) -> dict[Card, tuple[bool, int]]:
        hand = self.remaining()
        return {
            c: (self._feeds_opponent(c), self._partners(c, hand).bit_count())
            for c in cards_of(hand)
        }

    def best(self) -> CardMask:
        scores = self.scores()
        low = min(scores.values())
        return mask_of(c for c, s in scores.items() if s == low)

    def reason(self, card: Card) -> str:
        hand = self.remaining()
        glyph = card_glyph(card)
        if self._feeds_opponent(card):
            return _(
                "%(card)s fits your opponent's melds: they could take it at once (R8, R9).",
                card=glyph,
            )
        partners = self._partners(card, hand)
        if partners:
            return _(
                "%(card)s already pairs with %(cards)s in your hand: each pair is one "
                "card short of a meld, so keep it.",
                card=glyph,
                cards=mask_glyphs(partners),
            )
        return _(
            "%(card)s goes with no other card in your hand and does not fit your "
            "opponent's melds: a safe card to let go.",
            card=glyph,
        )

    def check(self, answer: Answer) -> Feedback:
        if len(answer.values) != 1:
            raise AnswerError(_("Choose exactly one card to discard."))
        chosen = _parse_cards(answer.values, self.remaining())
        card = cards_of(chosen)[0]
        best = self.best()
        fb = Feedback(bool(best & chosen), [self.reason(card)], attempt=[self.reason(card)])
        if not fb.correct:
            fb.sentences += [self.reason(c) for c in cards_of(best)]
        fb.sentences.append(_("Your discard becomes the center card your opponent faces (R7, R8)."))
        return fb


@dataclass(frozen=True)
class LayAlone(PositionExercise):
    """Counterfactual: may ``cards`` from the hand be laid down without the center card (R8)?"""

    kind: ClassVar[str] = "choice"
    cards: tuple[str, ...] = ()

    def choices(self) -> list[Choice]:
        shown = "-".join(card_glyph(parse_card(c)) for c in self.cards)
        return [
            Choice("lay", _l("Lay %(cards)s down now", cards=shown)),
            Choice("leave", _l("Keep them and decline %(card)s", card=self.center)),
        ]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = self.analysis()
        group = mask_of(parse_card(c) for c in self.cards)
        # Laying them is possible only as part of a take of the center card (R8).
        can_lay = any(p.hand_cards & group == group for p in analysis.plays)
        fb = Feedback((choice == "lay") == can_lay)
        fb.sentences.append(meld_reason(cards_of(group)))
        fb.sentences.append(
            _(
                "Cards from your hand go down only together with a center card you take, never on "
                "their own (R8)."
            )
        )
        fb.sentences += _render(explain(analysis))
        return fb


@dataclass(frozen=True)
class TakeOutcome(PositionExercise):
    """What happens after taking the center card with ``take``: a win, or play on (R10)?"""

    kind: ClassVar[str] = "choice"
    take: tuple[str, ...] = ()

    def played(self) -> Play:
        play = self.analysis().play_for(mask_of(parse_card(c) for c in self.take))
        if play is None:
            raise ValueError(f"{self.take} is not a legal take in this position")
        return play

    buttons: ClassVar = (Choice("win", _l("I win the hand")),
                         Choice("play_on", _l("I discard and play on")))

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = self.analysis()
        play = self.played()
        exposed = (self.position.exposed | play.hand_cards).bit_count() + 1
        fb = Feedback((choice == "win") == play.wins)
        fb.sentences.append(_("After this take you have %(n)d cards exposed.", n=exposed))
        fb.sentences += _render(explain_play(analysis, play))
        fb.shown += _play_cards(analysis, play)
        return fb


@dataclass(frozen=True)
class CanBeForced(PositionExercise):
    """If you decline or pass the center card, may your opponent force it on you (R9)?"""

    kind: ClassVar[str] = "choice"

    buttons: ClassVar = (Choice("yes", _l("Yes, they can force it on me")),
                         Choice("no", _l("No, they cannot")))

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = self.analysis()
        fb = Feedback((choice == "yes") == analysis.forceable, _explain(analysis, "forceable"))
        play = analysis.forceable_play
        if play is not None:
            # Where the card would go: your melds, or (by lay-off) your opponent's.
            fb.shown += _play_cards(analysis, play, _("If it is forced on you"), own_only=True)
        return fb


@dataclass(frozen=True)
class ForceOpponent(PositionExercise):
    """The other side of R9: your opponent declined or passed the center card; force them?

    ``position_data`` is the opponent's position. Their hand is needed to make a complete
    position but is never shown: forcing depends only on their exposed melds.
    """

    kind: ClassVar[str] = "choice"
    hide_hand: ClassVar[bool] = True

    def choices(self) -> list[Choice]:
        return [
            Choice("force", _l("Force them to take %(card)s", card=self.center)),
            Choice("allow", _l("Let it go")),
        ]

    def check(self, answer: Answer) -> Feedback:
        choice = self._choose(answer)
        analysis = self.analysis()
        position = self.position
        fb = Feedback((choice == "force") == analysis.forceable)
        force = analysis.force_melds
        if force is not None:
            fb.sentences.append(
                _(
                    "%(card)s fits your opponent's exposed melds with no card from their hand "
                    "(%(melds)s), so you may force them to take it (R9).",
                    card=self.center,
                    melds=melds_glyphs(force),
                )
            )
            play = analysis.forceable_play
            if play is not None and play.rearranged:
                fb.sentences.append(
                    _(
                        "It fits only after they rearrange %(before)s into %(after)s, and that "
                        "still counts: a forced player may rearrange their melds (R5, R9).",
                        before=melds_glyphs(position.melds),
                        after=melds_glyphs(force),
                    )
                )
            fb.shown.append((_("Forced, their melds become"), _melds_codes(force)))
        else:
            fb.sentences.append(
                _(
                    "%(card)s does not fit your opponent's exposed melds on its own. Whatever it "
                    "might go with in their hand stays private, so you cannot force it (R9).",
                    card=self.center,
                )
            )
        return fb


Exercise = (
    ExtendMeld
    | JudgeMelds
    | SplitRun
    | TakeOrLeave
    | FindPlay
    | Discard
    | LayAlone
    | TakeOutcome
    | CanBeForced
    | ForceOpponent
)
