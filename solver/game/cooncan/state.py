"""Foster's Cooncan (``cooncan``, docs/rules/cooncan.md C1–C15) on the conquian-40 engine.

The hand is conquian-40's (:class:`solver.game.conquian.state.GameState`) with four changes, in the
way python-chess's variants override a board:

* the opening: the dealer turns the first card, the non-dealer may take it, then the
  dealer; if both decline, the non-dealer turns the next card (C6);
* a card left by the opponent (their discard, or a stock card they turned and passed) may
  be laid off alone onto one of the opponent's melds; it stays the layer's card and counts
  among their cards down (C9, C14), and the meld is frozen for its owner (C5);
* forcing covers a card that joins the decliner's own melds with no hand card, and the
  forced player puts it there; the profile's ``force_onto_opponent`` would extend it to a
  card that only lies off onto the opponent's melds (C10, seed 001);
* the win needs eleven cards down, laid-off cards included (C11).

The legality checks live here (and in :mod:`solver.cover` / :mod:`solver.melds` with the
profile's table), not in the analysis engines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from solver.cards import Card, CardMask, card_str, cards_of, iter_cards, union
from solver.cover import core_plays, first_cover, packings
from solver.errors import IllegalActionError
from solver.game.conquian.actions import Action
from solver.game.conquian.state import GameState
from solver.game.deal import Deal
from solver.melds import meld_cards, sort_melds
from solver.messages import N_
from solver.position import Position
from solver.rules import get_profile

COONCAN: Final = get_profile("cooncan")
TABLE: Final = COONCAN.table


@dataclass(frozen=True, slots=True)
class CooncanAction(Action):
    """A conquian-40 action; a ``take`` may instead lay the card off onto the opponent's
    meld number ``lay_off`` (an index into their melds as the taker sees them, C9)."""

    lay_off: int | None = None

    def __str__(self) -> str:
        if self.type == "take" and self.lay_off is not None:
            end = "wins" if self.discard is None else f"discard {card_str(self.discard or 0)}"
            return f"take {card_str(self.card or 0)} lay off on meld {self.lay_off} {end}"
        return Action.__str__(self)

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data = Action.to_dict(self, player)
        if self.type == "take" and self.lay_off is not None and self.card is not None:
            data["lay_off"] = [{"meld": self.lay_off, "cards": [card_str(self.card)]}]
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> CooncanAction:
        """The record form; a lay-off take carries ``"lay_off": [{"meld": i, "cards":
        [card]}]`` and the taker's unchanged arrangement (possibly no melds at all)."""
        raw = data.get("lay_off") if isinstance(data, Mapping) else None
        if not isinstance(data, Mapping) or raw in (None, []):
            base = Action.from_dict(data, where)
            return cls(base.type, base.card, base.hand_cards, base.melds, base.discard)
        if data.get("type") != "take":
            raise IllegalActionError(N_("{where}: only a take can lay a card off (C9)"),
                                     where=where)
        meld = raw[0].get("meld") if isinstance(raw, list) and len(raw) == 1 and \
            isinstance(raw[0], Mapping) else None
        if isinstance(meld, bool) or not isinstance(meld, int):
            raise IllegalActionError(
                N_('{where}.lay_off must be [{{"meld": i, "cards": [the taken card]}}]: '
                   "one card goes alone onto one of the opponent's melds (C9)"), where=where)
        cards = raw[0].get("cards")
        if cards is not None and (not isinstance(cards, list) or cards != [data.get("card")]):
            raise IllegalActionError(
                N_("{where}.lay_off: only the taken card goes onto the opponent's meld, "
                   "alone (C9)"), where=where)
        melds = data.get("melds")
        if not isinstance(melds, list):
            raise IllegalActionError(N_("{where}.melds must be a list of melds"), where=where)
        # Parse through the plain take (which needs one meld) with a stand-in arrangement.
        probe = {**{k: v for k, v in data.items() if k != "lay_off"},
                 "melds": melds or [[data.get("card")]]}
        base = Action.from_dict(probe, where)
        return cls("take", base.card, base.hand_cards, base.melds if melds else (),
                   base.discard, meld)


@dataclass(frozen=True, slots=True)
class CooncanPlay:
    """One way to take the center card: into your own melds (``lay_off`` is ``None``) or
    alone onto the opponent's meld number ``lay_off``."""

    hand_cards: CardMask
    melds: tuple[CardMask, ...]
    """Your whole arrangement afterwards (unchanged by a lay-off)."""
    wins: bool
    lay_off: int | None = None

    @property
    def size(self) -> int:
        return self.hand_cards.bit_count()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hand_cards": [card_str(c) for c in cards_of(self.hand_cards)],
            "melds": [[card_str(c) for c in meld_cards(m, TABLE)] for m in self.melds],
            "wins": self.wins,
        }
        if self.lay_off is not None:
            data["lay_off"] = self.lay_off
        return data


@dataclass(frozen=True, slots=True)
class CooncanPlays:
    """Every take of the center card open to the player facing it (the engine's own
    analysis: the rule checks of C5, C8 and C9)."""

    plays: tuple[CooncanPlay, ...]

    @property
    def usable(self) -> bool:
        return bool(self.plays)

    @property
    def forceable(self) -> bool:
        """The card joins your own melds with no hand card (C10), or, where the profile
        forces onto the opponent's melds too, lies off there."""
        onto_theirs = COONCAN.force_onto_opponent
        return any(not p.hand_cards and (p.lay_off is None or onto_theirs) for p in self.plays)


def cooncan_plays(hand: CardMask, melds: tuple[CardMask, ...], frozen: CardMask,
                  opponent_melds: tuple[CardMask, ...], center: Card, may_lay_off: bool
                  ) -> CooncanPlays:
    """The takes of ``center``: ``frozen`` holds the cards of your melds the opponent laid
    off on (those melds stay as they are, C5); ``may_lay_off`` when the opponent left it."""
    kept = tuple(m for m in melds if m & frozen)
    free = union(m for m in melds if not m & frozen)
    required = free | 1 << center
    plays: list[CooncanPlay] = []
    seen: set[CardMask] = set()
    for core in core_plays(required, hand, center, table=TABLE):
        for extra in packings(hand & ~core, TABLE):
            hand_cards = core | extra
            if hand_cards in seen:
                continue
            seen.add(hand_cards)
            cover = first_cover(required | hand_cards, table=TABLE)
            assert cover is not None
            arrangement = tuple(sort_melds([*kept, *cover]))
            plays.append(CooncanPlay(hand_cards, arrangement, hand_cards == hand))
    if may_lay_off:
        for i, meld in enumerate(opponent_melds):
            if TABLE.is_valid(meld | 1 << center):
                plays.append(CooncanPlay(0, melds, hand == 0, i))
    plays.sort(key=lambda p: (not p.wins, p.size, cards_of(p.hand_cards),
                              -1 if p.lay_off is None else p.lay_off))
    return CooncanPlays(tuple(plays))


class CooncanState(GameState):
    """One hand of Cooncan from its deal to eleven down or a draw."""

    action_class: ClassVar[type[Action]] = CooncanAction
    why_not_reasons: ClassVar[Mapping[str, str]] = {
        "turn": N_("you turn a stock card only at the opening or after declining (C6, C7)"),
        "pass": N_("only a card you turned yourself can be passed (C7)"),
        "decline": N_("only a card left by the opponent can be declined (C7)"),
        "force": N_("forcing needs a card the opponent just declined or passed that fits "
                    "their own melds with no card from their hand (C10)"),
        "no_force": N_("there is no forcing decision to waive (C10)"),
        "take": N_("the center card fits no meld of yours with your cards and no meld of "
                   "the opponent's, and a card cannot be taken to wait for a later one "
                   "(C8, C9)"),
    }
    why_not_forced: ClassVar[str] = N_("the opponent forced the card on you: you must take "
                                       "it (C10)")
    why_not_force: ClassVar[str] = N_("the opponent declined a card they could use with no "
                                      "card from hand: force it or waive (C10)")

    __slots__ = ("laid", "opening", "turned_by")

    def __init__(self, deal: Deal, score: tuple[int, int] = (0, 0)) -> None:
        super().__init__(deal, score)
        self.laid = [0, 0]
        """The cards each player laid off onto the other's melds (theirs, frozen: C9)."""
        self.opening = 2
        """C6: 2 until the first card is turned, then 1 while the non-dealer faces it and 0
        once the dealer has faced it (or somebody took it)."""
        self.turned_by: int | None = None
        """Who turned the center card from the stock and still faces it; ``None`` for a
        card left by the opponent (which alone may be laid off, C9)."""
        self.facing = deal.dealer  # the dealer turns the first card (C3, C6)

    # --- what the facing player may do -------------------------------------------------

    def frozen(self, player: int) -> CardMask:
        """Cards the opponent laid off on ``player``'s melds: those melds are frozen (C5)."""
        return self.laid[1 - player]

    def down_count(self, player: int) -> int:
        """Cards down (C11, C14): own melds without the opponent's lay-offs, plus own."""
        return (self.exposed[player] & ~self.laid[1 - player]).bit_count() + \
            self.laid[player].bit_count()

    def _may_lay_off(self) -> bool:
        return self.turned_by != self.facing

    def analysis(self) -> CooncanPlays | None:  # type: ignore[override]
        if self._analysis is None:
            if self.center is None:
                return None
            p = self.facing
            self._analysis = cooncan_plays(  # type: ignore[assignment]
                self.hands[p], self.melds[p], self.frozen(p), self.melds[1 - p], self.center,
                self._may_lay_off())
        return self._analysis  # type: ignore[return-value]

    def position(self) -> Position | None:
        if self.center is None:
            return None
        p = self.facing
        return Position(
            hand=self.hands[p], melds=self.melds[p], opponent_melds=self.melds[1 - p],
            center=self.center, center_from="opponent" if self._may_lay_off() else "stock",
            stock=self.stock_count, rules=COONCAN,
            laid_off=tuple(m & self.laid[p] for m in self.melds[1 - p]),
            opponent_laid_off=tuple(m & self.laid[1 - p] for m in self.melds[p]),
        )

    def take_actions(self) -> Any:
        plays = self.analysis()
        if plays is None or self.phase not in ("turned", "respond", "forced"):
            return
        assert self.center is not None
        hand = self.hands[self.facing]
        for take in takes_of(plays, self.center, hand):
            if self.phase == "forced" and not self._forced_take_ok(take):
                continue
            yield take

    def _forced_take_ok(self, take: Action) -> bool:
        """A forced card goes into the forced player's own melds (C10), unless the profile
        forces onto the opponent's melds too."""
        return COONCAN.force_onto_opponent or getattr(take, "lay_off", None) is None

    # --- transitions -----------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        super().apply_action(action)
        if self.phase != "over":
            self.center_from_stock = self.center is not None and not self._may_lay_off()

    def _turn(self) -> Action:
        recorded = super()._turn()
        self.turned_by = self.facing
        if self.opening == 2:
            # C6: the dealer's card goes first to the non-dealer, as a card the dealer left.
            self.opening = 1
            self.facing = 1 - self.facing
            self.force_open = False
            self.phase = "respond"
        else:
            self.opening = 0
        return recorded

    def _fits_own(self, player: int) -> bool:
        assert self.center is not None
        free = union(m for m in self.melds[player] if not m & self.frozen(player))
        return bool(free) and first_cover(free | 1 << self.center, table=TABLE) is not None

    def _fits_lay_off(self, player: int) -> bool:
        assert self.center is not None
        return any(TABLE.is_valid(m | 1 << self.center) for m in self.melds[1 - player])

    def _pass(self) -> None:
        passer = self.facing
        # C10: a passed card can be forced back only into the passer's own melds; their own
        # turned card can never be laid off by them (C9).
        self.force_open = self._fits_own(passer)
        self.facing = 1 - passer
        self.turned_by = None
        self.phase = "respond"

    def _decline(self) -> None:
        self.force_open = False
        p = self.facing
        if self.opening == 1:
            # C6: the dealer may take the first card next, as a card they turned.
            self.opening = 0
            self.facing = self.dealer
            self.turned_by = self.dealer
            return
        fits = self._fits_own(p) or (COONCAN.force_onto_opponent and self._may_lay_off()
                                     and self._fits_lay_off(p))
        if fits:
            self.phase = "force"
        else:
            self._end_decline()

    def _end_decline(self) -> None:
        was_opening = self.opening == 0 and self.turned_by == self.dealer and \
            self.stock_pos == 1 and not self.exposed[0] | self.exposed[1]
        super()._end_decline()
        self.turned_by = None
        if was_opening and self.phase == "turn":
            self.facing = 1 - self.dealer  # C6: after both declined, the non-dealer turns

    def _force(self) -> None:
        if self.phase == "respond":
            # The passer takes back the card they turned: it is theirs again (C9, C10).
            self.turned_by = 1 - self.facing
        super()._force()

    def _take(self, action: Action) -> Action:
        lay_off = getattr(action, "lay_off", None)
        if self.phase == "forced" and not self._forced_take_ok(action):
            raise IllegalActionError(
                N_("a card forced on you goes into your own melds, not onto the opponent's "
                   "(C10)"))
        if lay_off is None:
            recorded = self._take_own(action)
        else:
            recorded = self._take_lay_off(action, lay_off)
        self.opening = 0  # only once the take is accepted: a refused one changes nothing
        self.turned_by = None
        return recorded

    def _take_own(self, action: Action) -> Action:
        p = self.facing
        frozen = self.frozen(p)
        kept = [m for m in self.melds[p] if m & frozen]
        missing = [m for m in kept if m not in action.melds]
        if missing:
            shown = "-".join(card_str(c) for c in meld_cards(missing[0], TABLE))
            raise IllegalActionError(
                N_("your meld {meld} carries a card the opponent laid off: it is frozen and "
                   "must stay as it is (C5)"), meld=shown)
        free_melds = tuple(m for m in action.melds if m not in kept)
        hand = self.hands[p]
        if action.hand_cards & ~hand:
            raise IllegalActionError(N_("hand_cards {cards} are not in your hand (C8)"),
                                     cards=" ".join(card_str(x) for x in
                                                    cards_of(action.hand_cards & ~hand)))
        free = union(m for m in self.melds[p] if not m & frozen)
        target = free | 1 << self.center | action.hand_cards if self.center is not None else 0
        if union(free_melds) != target or sum(m.bit_count() for m in free_melds) != \
                target.bit_count():
            raise IllegalActionError(
                N_("the melds must hold exactly your melds that are not frozen, the center "
                   "card and the hand_cards, each card once, besides your frozen melds (C5, "
                   "C8)"))
        rest = hand & ~action.hand_cards
        if not rest and action.discard is not None:
            raise IllegalActionError(
                N_("this take is your eleventh card down and wins the hand: there is no "
                   "discard (C11)"))
        if rest and (action.discard is None or not rest >> action.discard & 1):
            raise IllegalActionError(
                N_("after taking you must discard one card left in your hand (C8)"))
        # The free part then goes through conquian's take (R8 is C8): frozen melds aside.
        saved = self.melds[p], self.exposed[p]
        self.melds[p] = tuple(m for m in self.melds[p] if not m & frozen)
        self.exposed[p] = union(self.melds[p])
        for meld in free_melds:
            if not TABLE.is_valid(meld):
                self.melds[p], self.exposed[p] = saved
                shown = "-".join(card_str(c) for c in meld_cards(meld, TABLE))
                raise IllegalActionError(N_("{meld} is not a valid meld (C4)"), meld=shown)
        try:
            super()._take(Action("take", action.card, action.hand_cards, free_melds,
                                 action.discard))
        except IllegalActionError:
            self.melds[p], self.exposed[p] = saved
            raise
        self.melds[p] = tuple(sort_melds([*kept, *self.melds[p]]))
        self.exposed[p] = union(self.melds[p])
        return CooncanAction("take", action.card, action.hand_cards, self.melds[p],
                             action.discard)

    def _take_lay_off(self, action: Action, index: int) -> Action:
        assert self.center is not None
        p = self.facing
        if not self._may_lay_off():
            raise IllegalActionError(
                N_("you turned this card yourself: only a card the opponent left can be laid "
                   "off (C9)"))
        theirs = self.melds[1 - p]
        if not 0 <= index < len(theirs):
            raise IllegalActionError(
                N_("lay_off names meld {index}, but the opponent has {count} melds (C9)"),
                index=index, count=len(theirs))
        if action.hand_cards:
            raise IllegalActionError(
                N_("a laid-off card goes alone onto the opponent's meld: no hand cards join "
                   "it (C9)"))
        if set(action.melds) != set(self.melds[p]):
            raise IllegalActionError(
                N_("a lay-off leaves your own melds as they are (C9)"))
        target = theirs[index] | 1 << self.center
        if not TABLE.is_valid(target):
            shown = "-".join(card_str(c) for c in meld_cards(target, TABLE))
            raise IllegalActionError(N_("{meld} is not a valid meld (C4, C9)"), meld=shown)
        hand = self.hands[p]
        if not hand:
            if action.discard is not None:
                raise IllegalActionError(
                    N_("this lay-off is your eleventh card down and wins the hand: there is "
                       "no discard (C11)"))
        elif action.discard is None:
            raise IllegalActionError(
                N_("after taking you must discard one card left in your hand (C8)"))
        elif not hand >> action.discard & 1:
            raise IllegalActionError(
                N_("the discard {card} is not a card left in your hand (C8)"),
                card=card_str(action.discard))
        melds = list(theirs)
        melds[index] = target
        self.melds[1 - p] = tuple(sort_melds(melds))
        self.exposed[1 - p] |= 1 << self.center
        self.laid[p] |= 1 << self.center
        self.force_open = False
        recorded = CooncanAction("take", self.center, 0, self.melds[p], action.discard, index)
        if action.discard is None:
            self.hands[p] = 0
            self.center = None
            self.winner = p
            self.phase = "over"
        else:
            self.hands[p] = hand & ~(1 << action.discard)
            self.center = action.discard
            self.face_up |= 1 << action.discard
            self.facing = 1 - p
            self.phase = "respond"
        return recorded

    def clone(self) -> CooncanState:
        other = CooncanState.__new__(CooncanState)
        for name in GameState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.melds = list(self.melds)
        other.exposed = list(self.exposed)
        other.history = list(self.history)
        other.laid = list(self.laid)
        other.opening = self.opening
        other.turned_by = self.turned_by
        return other


def takes_of(plays: CooncanPlays, center: Card, hand: CardMask) -> list[Action]:
    """Every take: each play x each discard (none when it wins)."""
    actions: list[Action] = []
    for play in plays.plays:
        if play.wins:
            actions.append(CooncanAction("take", center, play.hand_cards, play.melds, None,
                                         play.lay_off))
            continue
        for discard in iter_cards(hand & ~play.hand_cards):
            actions.append(CooncanAction("take", center, play.hand_cards, play.melds, discard,
                                         play.lay_off))
    return actions
