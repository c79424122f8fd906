"""One deal of the Italian Conquin (rule book ``docs/rules/conquin.md``, I1–I13).

Phases (``current_player`` says who acts):

* ``speak``: in turn from the left of the player who put in two chips, each player passes,
  plays for the stake or raises it (x1 -> x3 -> x9) (I7);
* ``call``: after a raise, each player still in who paid less pays the difference or
  passes, once (I7);
* ``take``: a player still in takes the face-up card or the top stock card (I8);
* ``discard``: that player discards, or closes: ten cards shown in melds and the eleventh
  discarded (I9);
* ``over``: someone closed (I9, I10), or the speaking left one player in (who takes the pot
  unplayed) or nobody (the antes go back), or nobody closed within the profile's
  ``turn_limit`` turns (I12: every player takes back what they put in).

Chips: the dealer antes 1, the player on the dealer's left 2 (I3).  With the Pot chip
option (I11) the holder, when sitting on the left of the two-chip player, must open with
four chips and four chips become the stake.  When the stock runs out the discards under the
face-up card are shuffled into a new stock (I12) in an order fixed by the deal itself, so
a record replays from its deal alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final, Literal

from solver.cards import (
    JOKER_BASE,
    KINDS_MASK,
    NATURALS,
    Card,
    card_kind,
    card_str,
    cards_of,
)
from solver.errors import ConquianError, IllegalActionError
from solver.game.conquian.actions import record_fields, record_head
from solver.game.conquin.melding import Meld, best_closing, covered, minus, split
from solver.game.deal import Deal
from solver.melds import meld_problem
from solver.messages import N_

Phase = Literal["speak", "call", "take", "discard", "over"]
TERMINAL: Final = -4
KINDS: Final = ("pass", "play", "raise", "call", "take", "discard", "close")
LEVELS: Final = (1, 3, 9)
BASE_STAKE: Final = 2
POT_STAKE: Final = 4


@dataclass(frozen=True, slots=True)
class ConquinAction:
    """One step of a Conquin deal.  ``card``: the card taken (``None`` for a live stock
    take) or discarded (a physical card; any copy of its kind in the hand will do in a
    record); ``melds`` (a close): each meld's cards, jokers with the card they stand for."""

    type: str
    source: str | None = None
    card: Card | None = None
    melds: tuple[tuple[tuple[Card, Card | None], ...], ...] = ()
    chips: int | None = None

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data = record_head(player, self.type)
        if self.chips is not None:
            data["chips"] = self.chips
        if self.type == "take":
            data["from"] = self.source
        if self.type in ("take", "discard") and self.card is not None:
            data["card"] = card_str(self.card)
        if self.type == "close":
            data["melds"] = [[_meld_card(c, s) for c, s in meld] for meld in self.melds]
            data["discard"] = None if self.card is None else card_str(self.card)
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> ConquinAction:
        data, kind = record_fields(data, where, KINDS)
        chips = data.get("chips")
        if chips is not None and (isinstance(chips, bool) or not isinstance(chips, int)):
            raise IllegalActionError(N_("{where}.chips must be a whole number, not {value}"),
                                     where=where, value=repr(chips))
        if kind == "take":
            source = data.get("from")
            if source not in ("face_up", "stock"):
                raise IllegalActionError(
                    N_("{where}.from must be face_up or stock, not {value}"),
                    where=where, value=repr(source))
            raw = data.get("card")
            return cls("take", str(source), None if raw is None else _parse(raw, f"{where}.card"))
        if kind == "discard":
            return cls("discard", card=_parse(data.get("card"), f"{where}.card"))
        if kind == "close":
            raw_melds = data.get("melds")
            if not isinstance(raw_melds, list) or not raw_melds:
                raise IllegalActionError(
                    N_("{where}.melds must list the melds shown, each a list of cards"),
                    where=where)
            melds = []
            jokers = 0
            for i, raw_meld in enumerate(raw_melds):
                if not isinstance(raw_meld, list) or not raw_meld:
                    raise IllegalActionError(N_("{where} must be a list of cards"),
                                             where=f"{where}.melds[{i}]")
                meld: list[tuple[Card, Card | None]] = []
                for j, item in enumerate(raw_meld):
                    spot = f"{where}.melds[{i}][{j}]"
                    if isinstance(item, str) and item.strip().startswith("*") and \
                            len(item.strip()) > 1:
                        stands = _parse(item.strip()[1:], spot)
                        if stands >= JOKER_BASE:
                            raise IllegalActionError(
                                N_("{where}: a joker stands for a natural card"), where=spot)
                        meld.append((JOKER_BASE + jokers, stands))
                        jokers += 1
                    else:
                        card = _parse(item, spot)
                        if card >= JOKER_BASE:
                            raise IllegalActionError(
                                N_("{where}: say which card the joker stands for, e.g. *5H "
                                   "({rule})"), where=spot, rule="I6")
                        meld.append((card, None))
                melds.append(tuple(meld))
            discard = _parse(data.get("discard"), f"{where}.discard")
            return cls("close", card=discard, melds=tuple(melds))
        return cls(str(kind), chips=chips)


def _same(a: Card, b: Card) -> bool:
    """The same card as a record names it: jokers are all alike, copies too."""
    return (a >= JOKER_BASE and b >= JOKER_BASE) or card_kind(a) == card_kind(b)


def _parse(value: object, where: str) -> Card:
    from solver.rules import get_profile

    try:
        return get_profile("conquin").deck.parse(value)
    except ConquianError as exc:
        raise IllegalActionError(N_("{where}: {problem}"), where=where, problem=exc) from None


def _meld_card(card: Card, stands: Card | None) -> str:
    return "*" + card_str(stands) if stands is not None else card_str(card)


TAKE_FACE_UP: Final = ConquinAction("take", "face_up")
TAKE_STOCK: Final = ConquinAction("take", "stock")


def shown_melds(melds: tuple[Meld, ...]) -> tuple[tuple[tuple[Card, Card | None], ...], ...]:
    """An arrangement from the search as cards to show: each joker with a card it stands
    for (at a run's end, or the rank of a set)."""
    out = []
    for nat, jokers, is_run in melds:
        cards = [c % NATURALS for c in cards_of(nat)]
        shown: list[tuple[Card, Card | None]] = [(c, None) for c in cards]
        if is_run:
            suit = cards[0] // 13
            ranks = {c % 13 for c in cards}
            order = _run_order(ranks)
            fill = [r for r in order if r not in ranks]
            r = order[-1]
            while len(fill) < jokers:  # the rest go on above the high end (within 13)
                r = (r + 1) % 13
                fill.append(r)
            shown += [(JOKER_BASE, suit * 13 + f) for f in fill[:jokers]]
        else:
            counts = {c: cards.count(c) for c in cards}
            rank = cards[0] % 13
            for _ in range(jokers):  # a card of the rank the packs still hold (I5)
                stand = next(rank + 13 * s for s in range(4) if counts.get(rank + 13 * s, 0) < 2)
                counts[stand] = counts.get(stand, 0) + 1
                shown.append((JOKER_BASE, stand))
        out.append(tuple(shown))
    return tuple(out)


def _run_order(ranks: set[int]) -> list[int]:
    """The shortest circular stretch of ranks covering ``ranks``."""
    best: list[int] | None = None
    for start in ranks:
        for length in range(len(ranks), 14):
            window = [(start + i) % 13 for i in range(length)]
            if ranks <= set(window):
                if best is None or len(window) < len(best):
                    best = window
                break
    assert best is not None
    return best


class ConquinState:
    """One deal of Conquin, from the antes to its end."""

    __slots__ = (
        "base",
        "chips",
        "closing",
        "deal",
        "end",
        "hands",
        "history",
        "in_",
        "level",
        "multiplier",
        "n",
        "order",
        "paid",
        "pending",
        "phase",
        "pot_holder",
        "pot_played",
        "reshuffles",
        "settled",
        "speak_index",
        "stock",
        "to_move",
        "turns",
        "waste",
        "winner",
    )

    def __init__(self, deal: Deal, chips: tuple[int, ...] = (), pot_holder: int | None = None
                 ) -> None:
        n = deal.players
        self.deal = deal
        self.n = n
        self.chips = tuple(chips) if chips else (0,) * n
        """Each player's chips before this deal (their running balance)."""
        self.pot_holder = pot_holder
        """Who holds the Pot chip (I11), ``None`` when the table plays without it."""
        self.stock: list[Card] = list(deal.stock[1:])
        self.waste: list[Card] = [deal.stock[0]]  # the dealer's turned card (I4); top last
        self.history: list[tuple[int, ConquinAction]] = []
        self.in_ = [True] * n
        self.paid = [0] * n
        self.paid[deal.dealer] = 1  # I3
        self.paid[(deal.dealer + 1) % n] = 2
        first = (deal.dealer + 2) % n
        self.pot_played = pot_holder == first
        self.base = POT_STAKE if self.pot_played else BASE_STAKE
        self.level = 1
        self.order = [(first + i) % n for i in range(n)]
        self.speak_index = 0
        self.pending: list[int] = []
        self.phase: Phase = "speak"
        self.to_move = first
        self.reshuffles = 0
        self.turns = 0
        """Turns played (a take and a discard each), for the profile's ``turn_limit``."""
        self.hands = list(deal.hands)
        self.winner: int | None = None
        self.multiplier = 0
        self.closing: tuple[tuple[tuple[Card, Card | None], ...], ...] = ()
        self.settled: tuple[int, ...] = (0,) * n
        """Each player's chips won (+) or lost (-) in this deal, once it is over."""
        self.end: str | None = None

    # --- OpenSpiel-style queries ---------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """The chips each player won or lost in the deal."""
        return [float(x) for x in self.settled]

    @property
    def stake(self) -> int:
        return self.base * self.level

    @property
    def pot(self) -> int:
        return sum(self.paid)

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def face_up(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    @property
    def score(self) -> tuple[int, ...]:
        return self.chips

    def clone(self) -> ConquinState:
        other = ConquinState.__new__(ConquinState)
        for name in ConquinState.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("hands", "stock", "waste", "history", "in_", "paid", "order", "pending"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def owes(self, player: int) -> int:
        return self.stake - self.paid[player]

    def legal_actions(self) -> list[ConquinAction]:
        p = self.to_move
        if self.phase == "speak":
            forced = self.pot_played and self.speak_index == 0
            actions = [] if forced else [ConquinAction("pass")]
            actions.append(ConquinAction("play", chips=self.owes(p)))
            if self.level < 9:
                nxt = LEVELS[LEVELS.index(self.level) + 1]
                actions.append(ConquinAction("raise", chips=self.base * nxt - self.paid[p]))
            return actions
        if self.phase == "call":
            return [ConquinAction("pass"), ConquinAction("call", chips=self.owes(p))]
        if self.phase == "take":
            actions = [TAKE_FACE_UP] if self.waste else []
            if self.stock or len(self.waste) > 1:
                actions.append(TAKE_STOCK)
            return actions
        if self.phase == "discard":
            return self.discards() + self.closes()
        return []

    def discards(self) -> list[ConquinAction]:
        hand = self.hands[self.to_move]
        # One discard per kind (copies and jokers are alike), listed by kind, jokers last,
        # not by copy: a hand read back from its record deals the first copy it meets as
        # copy 0, and the choices must keep their order.
        out = [ConquinAction("discard", card=k if hand >> k & 1 else k + NATURALS)
               for k in cards_of((hand | hand >> NATURALS) & KINDS_MASK)]
        jokers = hand >> JOKER_BASE
        if jokers:
            first = (jokers & -jokers).bit_length() - 1  # the lowest joker, as before
            out.append(ConquinAction("discard", card=JOKER_BASE + first))
        return out

    def closes(self) -> list[ConquinAction]:
        """One close per card whose discard leaves ten cards in melds (I9), each showing
        the best-paying arrangement (I10)."""
        hand = self.hands[self.to_move]
        naturals, jokers = split(hand)
        # Cards never put more in melds than the hand they came from, so when two of the
        # eleven are out of melds at best, no discard leaves ten in melds.
        if covered(naturals, jokers) < naturals.bit_count() - 1:
            return []
        out = []
        for action in self.discards():
            card = action.card
            assert card is not None
            if card >= JOKER_BASE:
                rest = (naturals, jokers - 1)
            else:
                rest = (minus(naturals, 1 << card_kind(card)), jokers)
            best = best_closing(*rest)
            if best is not None:
                out.append(ConquinAction("close", card=card, melds=shown_melds(best[1])))
        return out

    # --- moves ----------------------------------------------------------------------------

    def apply_action(self, action: ConquinAction) -> None:
        """Apply a legal action; :class:`IllegalActionError` says why one is not."""
        if self.phase == "over":
            raise IllegalActionError(N_("the deal is already over"))
        p = self.to_move
        kind = action.type
        if self.phase in ("speak", "call"):
            self._speak(p, action)
            return
        if self.phase == "take":
            if kind != "take":
                raise IllegalActionError(
                    N_("take the face-up card or the stock card first ({rule})"), rule="I8")
            self._take(p, action)
            return
        if kind == "discard":
            card = self._in_hand(p, action.card)
            self.hands[p] &= ~(1 << card)
            self.waste.append(card)
            self.history.append((p, ConquinAction("discard", card=card)))
            self.turns += 1
            if self.turns == self.deal.rules.turn_limit:
                self._out_of_turns()
                return
            self._next_taker(p)
            return
        if kind == "close":
            self._close(p, action)
            return
        raise IllegalActionError(N_("discard a card or close ({rule})"), rule="I8, I9")

    def _speak(self, p: int, action: ConquinAction) -> None:
        kind = action.type
        allowed = [a.type for a in self.legal_actions()]
        if kind not in allowed:
            raise IllegalActionError(
                N_("{kind} is not open now: choose {choices} ({rule})"), kind=kind,
                choices=", ".join(allowed), rule="I7, I11")
        # What the step pays is checked before anything changes: a refused step leaves
        # the deal as it was.
        level = LEVELS[LEVELS.index(self.level) + 1] if kind == "raise" else self.level
        pay = 0 if kind == "pass" else self.base * level - self.paid[p]
        if action.chips is not None and action.chips != pay:
            raise IllegalActionError(N_("this {kind} pays {chips} chips, not {other} ({rule})"),
                                     kind=kind, chips=pay, other=action.chips, rule="I7")
        if kind == "pass":
            self.in_[p] = False
        self.level = level
        self.paid[p] += pay
        self.history.append((p, ConquinAction(kind, chips=None if kind == "pass" else pay)))
        if self.phase == "speak":
            self.speak_index += 1
            if self.speak_index < self.n:
                self.to_move = self.order[self.speak_index]
                return
            self.pending = [q for q in self.order if self.in_[q] and self.paid[q] < self.stake]
        else:
            self.pending.pop(0)
        if self.pending:
            self.phase = "call"
            self.to_move = self.pending[0]
            return
        self._start_play()

    def _start_play(self) -> None:
        players = [q for q in range(self.n) if self.in_[q]]
        if len(players) <= 1:
            # Not in the rule book: one player left takes the pot unplayed; with nobody
            # left the antes go back.
            self.phase = "over"
            if players:
                self.end = "uncontested"
                self._settle(players[0], 1)
            else:
                self.end = "void"
                self.settled = (0,) * self.n
            return
        self.phase = "take"
        self.to_move = self._next_in(self.deal.dealer)

    def _next_in(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            q = (seat + step) % self.n
            if self.in_[q]:
                return q
        raise AssertionError("nobody is in")

    def _next_taker(self, p: int) -> None:
        self.phase = "take"
        self.to_move = self._next_in(p)

    def _take(self, p: int, action: ConquinAction) -> None:
        if action.source == "face_up":
            card = self.face_up
            if card is None:
                raise IllegalActionError(N_("there is no face-up card to take ({rule})"),
                                         rule="I8")
            if action.card is not None and not _same(action.card, card):
                raise IllegalActionError(N_("the face-up card is {card}, not {other} ({rule})"),
                                         card=card_str(card), other=card_str(action.card),
                                         rule="I8")
            self.waste.pop()
        else:
            if not self.stock:
                if len(self.waste) <= 1:
                    raise IllegalActionError(N_("the stock is empty ({rule})"), rule="I12")
                self._reshuffle()
            card = self.stock[0]
            if action.card is not None and not _same(action.card, card):
                raise IllegalActionError(
                    N_("the top stock card is {card}, not {other} ({rule})"),
                    card=card_str(card), other=card_str(action.card), rule="I8")
            self.stock.pop(0)
        self.hands[p] |= 1 << card
        self.history.append((p, ConquinAction("take", action.source, card)))
        self.phase = "discard"

    def _reshuffle(self) -> None:
        """I12: the discards under the face-up card become the stock, in an order that only
        depends on the deal (so that replaying a record meets the same stock)."""
        self.reshuffles += 1
        cards = self.waste[:-1]
        self.waste = self.waste[-1:]
        key = ",".join(card_str(c) for c in self.deal.stock)
        random.Random(f"conquin-reshuffle:{key}:{self.reshuffles}").shuffle(cards)
        self.stock = cards

    def _in_hand(self, p: int, card: Card | None) -> Card:
        """The physical card of the hand matching a card (any copy of its kind, any joker)."""
        hand = self.hands[p]
        if card is not None:
            if card >= JOKER_BASE:
                for c in cards_of(hand):
                    if c >= JOKER_BASE:
                        return c
            else:
                kind = card_kind(card)
                for c in (kind, kind + NATURALS):
                    if hand >> c & 1:
                        return c
        raise IllegalActionError(N_("{card} is not in your hand"),
                                 card="?" if card is None else card_str(card))

    def _close(self, p: int, action: ConquinAction) -> None:
        discard = self._in_hand(p, action.card)
        rest = self.hands[p] & ~(1 << discard)
        naturals, jokers = split(rest)
        shown_nat, shown_jok = 0, 0
        from solver.rules import get_profile

        table = get_profile("conquin").table
        for i, meld in enumerate(action.melds):
            ids = []
            stands: dict[Card, Card] = {}
            used: dict[Card, int] = {}
            for card, stand in meld:
                if stand is not None:
                    joker = JOKER_BASE + len(stands)
                    stands[joker] = stand
                    ids.append(joker)
                    shown_jok += 1
                else:
                    kind = card_kind(card)
                    copy = used.get(kind, 0)
                    used[kind] = copy + 1
                    ids.append(kind + NATURALS * min(copy, 1))
                    bit = 1 << kind
                    shown_nat = shown_nat | (bit << NATURALS if shown_nat & bit else bit)
            problem = meld_problem(ids, table, stands)
            if problem is not None:
                raise IllegalActionError(N_("meld {index} cannot be shown: {problem} ({rule})"),
                                         index=i + 1, problem=problem, rule="I9")
        if shown_nat != naturals or shown_jok != jokers:
            raise IllegalActionError(
                N_("a close shows all ten cards left after the discard in melds ({rule})"),
                rule="I9")
        best = best_closing(naturals, jokers)
        assert best is not None  # the shown melds are one arrangement
        self.hands[p] = rest  # now shown on the table
        self.waste.append(discard)
        self.closing = action.melds
        self.history.append((p, ConquinAction("close", card=discard, melds=action.melds)))
        self.phase = "over"
        self.end = "close"
        self._settle(p, best[0])

    def _out_of_turns(self) -> None:
        """I12: nobody closed within the turn limit; the deal ends with no closer and every
        player takes back what they put in (the Pot chip stays with its holder)."""
        self.phase = "over"
        self.end = "limit"
        self.settled = (0,) * self.n

    def _settle(self, winner: int, multiplier: int) -> None:
        """I10: the closer takes the pot, and each other player still in pays the stake
        again (multiplier - 1) times; players who passed lose only what they put in."""
        self.winner = winner
        self.multiplier = multiplier
        extra = (multiplier - 1) * self.stake
        settled = [-paid for paid in self.paid]
        for q in range(self.n):
            if q != winner and self.in_[q]:
                settled[q] -= extra
                settled[winner] += extra
        settled[winner] += self.pot
        self.settled = tuple(settled)

    # --- records --------------------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        if self.phase != "over":
            return None
        data: dict[str, Any] = {"end": self.end}
        if self.winner is not None:
            data["winner"] = self.winner
            data["multiplier"] = self.multiplier
        if self.end == "limit":
            data["turns"] = self.turns
        data["chips"] = list(self.settled)
        if self.pot_holder is not None:
            data["pot_chip"] = self.next_pot_holder()
        return data

    def next_pot_holder(self) -> int | None:
        """I11: the winner takes the Pot chip when it was played in this deal."""
        if self.pot_holder is None:
            return None
        if self.pot_played and self.winner is not None:
            return self.winner
        return self.pot_holder

    def all_cards(self) -> list[Card]:
        out: list[Card] = []
        for hand in self.hands:
            out += cards_of(hand)
        out += self.waste + self.stock
        return out
