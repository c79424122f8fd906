"""One hand of Hoyle's Colonel (rule book ``docs/rules/colonel.md``, H1–H13), OpenSpiel style.

Phases (``current_player`` says who acts):

* ``start``: the start of a turn: challenge (H9, not again after a refusal this turn), or
  draw the upcard or the top stock card into the hand (H4);
* ``answer``: the challenged player accepts or refuses (H9);
* ``play``: after the draw: meld hand cards (H5), lay off one card at a time on any meld on
  the table (H6), and end the turn with a discard (H7); an empty hand goes out (H8);
* ``over``: someone went out (H8), a challenge was accepted (H9) or a turn began with the
  stock empty (H10).

The stock card drawn is unknown to the player until drawn: a live ``draw`` from the stock
carries no card; the history (and so the record) holds the card that came.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from solver.cards import Card, CardMask, card_rank, card_str, cards_of, iter_cards
from solver.errors import ConquianError, IllegalActionError
from solver.game.conquian.actions import record_fields, record_head
from solver.game.deal import Deal
from solver.melds import MeldTable, meld_cards
from solver.messages import N_

Phase = Literal["start", "answer", "play", "over"]
TERMINAL: Final = -4
KINDS: Final = ("challenge", "accept", "refuse", "draw", "meld", "lay_off", "discard")
SOURCES: Final = ("upcard", "stock")


def pips(mask: CardMask) -> int:
    """H11: J, Q, K count 10, the ace 1, every other card its number."""
    total = 0
    for card in iter_cards(mask):
        total += min(card_rank(card) + 1, 10)
    return total


@dataclass(frozen=True, slots=True)
class ColonelAction:
    """One step of a Colonel hand.  ``card``: the card drawn (``None`` for a live stock draw)
    or discarded; ``cards``: a meld or the cards laid off; ``meld``: the table meld (in the
    order melds went down) a lay-off joins."""

    type: str
    source: str | None = None
    card: Card | None = None
    cards: CardMask = 0
    meld: int | None = None

    def __str__(self) -> str:
        if self.type == "draw":
            shown = "?" if self.card is None else card_str(self.card)
            return f"draw {self.source} {shown}"
        if self.type == "discard":
            return f"discard {card_str(self.card or 0)}"
        if self.type == "meld":
            return "meld " + "-".join(card_str(c) for c in cards_of(self.cards))
        if self.type == "lay_off":
            return f"lay off {' '.join(card_str(c) for c in cards_of(self.cards))} on {self.meld}"
        return self.type

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data = record_head(player, self.type)
        if self.type == "draw":
            data["from"] = self.source
        if self.card is not None:
            data["card"] = card_str(self.card)
        if self.type in ("meld", "lay_off"):
            data["cards"] = [card_str(c) for c in cards_of(self.cards)]
        if self.type == "lay_off":
            data["meld"] = self.meld
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> ColonelAction:
        """Read a record action; :class:`IllegalActionError` names the bad field."""
        from solver.rules import get_profile

        deck = get_profile("colonel").deck
        data, kind = record_fields(data, where, KINDS)

        def card(value: object, field: str) -> Card:
            try:
                return deck.parse(value)
            except ConquianError as exc:
                raise IllegalActionError(N_("{where}: {problem}"), where=f"{where}.{field}",
                                         problem=exc) from None

        if kind == "draw":
            source = data.get("from")
            if source not in SOURCES:
                raise IllegalActionError(N_("{where}.from must be upcard or stock, not {value}"),
                                         where=where, value=repr(source))
            raw = data.get("card")
            return cls("draw", str(source), None if raw is None else card(raw, "card"))
        if kind == "discard":
            return cls("discard", card=card(data.get("card"), "card"))
        if kind in ("meld", "lay_off"):
            raw_cards = data.get("cards")
            if not isinstance(raw_cards, list) or not raw_cards:
                raise IllegalActionError(N_("{where}.cards must be a non-empty list of cards"),
                                         where=where)
            mask = 0
            for i, item in enumerate(raw_cards):
                c = card(item, f"cards[{i}]")
                if mask >> c & 1:
                    raise IllegalActionError(N_("{where}: {card} appears twice"),
                                             where=f"{where}.cards", card=card_str(c))
                mask |= 1 << c
            if kind == "meld":
                return cls("meld", cards=mask)
            index = data.get("meld")
            if isinstance(index, bool) or not isinstance(index, int) or index < 0:
                raise IllegalActionError(
                    N_("{where}.meld must be the index of a meld on the table, not {value}"),
                    where=where, value=repr(index))
            return cls("lay_off", cards=mask, meld=index)
        return cls(str(kind))


CHALLENGE: Final = ColonelAction("challenge")
ACCEPT: Final = ColonelAction("accept")
REFUSE: Final = ColonelAction("refuse")
DRAW_UPCARD: Final = ColonelAction("draw", "upcard")
DRAW_STOCK: Final = ColonelAction("draw", "stock")


def hand_melds(hand: CardMask, table: MeldTable) -> list[CardMask]:
    """Every meld (H3) made of hand cards alone, in canonical order."""
    out = []
    low = hand
    while low:
        bit = low & -low
        for meld in table.starting[bit.bit_length() - 1]:
            if meld & hand == meld:
                out.append(meld)
        low ^= bit
    return out


class ColonelState:
    """One hand of Colonel from its deal to its end."""

    __slots__ = (
        "_melds",
        "deal",
        "down",
        "end",
        "hands",
        "history",
        "owner",
        "phase",
        "points",
        "refused",
        "score",
        "stock_pos",
        "table",
        "to_move",
        "waste",
        "winner",
    )

    def __init__(self, deal: Deal, score: tuple[int, ...] = (0, 0)) -> None:
        self.deal = deal
        self.score = (score[0], score[1]) if score else (0, 0)
        """The match points before this hand (H12)."""
        self.hands = [deal.hands[0], deal.hands[1]]
        self.stock_pos = 1
        self.waste: list[Card] = [deal.stock[0]]  # the upcard turned at the deal (H2); top last
        self.table: list[CardMask] = []
        self.owner: list[int] = []
        self.down = [0, 0]
        """The cards each player has put on the table: melds and lay-offs (H13)."""
        self.to_move = 1 - deal.dealer
        self.phase: Phase = "start"
        self.refused = False
        self.winner: int | None = None
        self.points = 0
        self.end: str | None = None
        self.history: list[tuple[int, ColonelAction]] = []
        self._melds: MeldTable = deal.rules.table

    # --- OpenSpiel-style queries --------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return 1 - self.to_move if self.phase == "answer" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """The points the hand scores, won by one player and lost by the other."""
        if self.winner is None:
            return [0.0, 0.0]
        return [float(self.points if p == self.winner else -self.points) for p in (0, 1)]

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock) - self.stock_pos

    @property
    def upcard(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def clone(self) -> ColonelState:
        other = ColonelState.__new__(ColonelState)
        for name in ColonelState.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("hands", "waste", "table", "owner", "down", "history"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def legal_actions(self) -> list[ColonelAction]:
        if self.phase == "start":
            actions = [] if self.refused else [CHALLENGE]
            if self.waste:
                actions.append(DRAW_UPCARD)
            actions.append(DRAW_STOCK)
            return actions
        if self.phase == "answer":
            return [ACCEPT, REFUSE]
        if self.phase != "play":
            return []
        hand = self.hands[self.to_move]
        actions = [ColonelAction("meld", cards=m) for m in hand_melds(hand, self._melds)]
        for i, meld in enumerate(self.table):
            for card in iter_cards(hand):
                if self._melds.is_valid(meld | 1 << card):
                    actions.append(ColonelAction("lay_off", cards=1 << card, meld=i))
        actions.extend(ColonelAction("discard", card=c) for c in iter_cards(hand))
        return actions

    # --- moves ---------------------------------------------------------------------------

    def apply_action(self, action: ColonelAction) -> None:
        """Apply a legal action; :class:`IllegalActionError` says why one is not."""
        phase, player = self.phase, self.current_player()
        kind = action.type
        if phase == "over":
            raise IllegalActionError(N_("the hand is already over"))
        if phase == "answer":
            if kind not in ("accept", "refuse"):
                raise IllegalActionError(
                    N_("a challenge is open: accept or refuse it ({rule})"), rule="H9")
            self._record(player, action)
            if kind == "accept":
                self._finish_count("challenge", challenged=player)
            else:
                self.refused = True
                self.phase = "start"
            return
        if phase == "start":
            self._start(player, action)
            return
        self._play(player, action)

    def _record(self, player: int, action: ColonelAction) -> None:
        self.history.append((player, action))

    def _start(self, player: int, action: ColonelAction) -> None:
        if action.type == "challenge":
            if self.refused:
                raise IllegalActionError(
                    N_("your challenge was refused: you may not challenge again before "
                       "your next turn ({rule})"), rule="H9")
            self._record(player, action)
            self.phase = "answer"
            return
        if action.type != "draw":
            raise IllegalActionError(
                N_("start your turn by drawing the upcard or the stock card, or by "
                   "challenging ({rule})"), rule="H4, H9")
        if action.source == "upcard":
            card = self.upcard
            if card is None:
                raise IllegalActionError(N_("there is no upcard to draw ({rule})"), rule="H4")
            if action.card is not None and action.card != card:
                raise IllegalActionError(N_("the upcard is {card}, not {other} ({rule})"),
                                         card=card_str(card), other=card_str(action.card),
                                         rule="H4")
            self.waste.pop()
        else:
            card = self.deal.stock[self.stock_pos]
            if action.card is not None and action.card != card:
                raise IllegalActionError(
                    N_("the top stock card is {card}, not {other} ({rule})"),
                    card=card_str(card), other=card_str(action.card), rule="H4")
            self.stock_pos += 1
        self.hands[player] |= 1 << card
        self._record(player, ColonelAction("draw", action.source, card))
        self.phase = "play"

    def _play(self, player: int, action: ColonelAction) -> None:
        hand = self.hands[player]
        kind = action.type
        if kind in ("meld", "lay_off"):
            cards = action.cards
            if cards & hand != cards or not cards:
                missing = " ".join(card_str(c) for c in cards_of(cards & ~hand))
                raise IllegalActionError(N_("{cards} is not in your hand"), cards=missing)
            if kind == "meld":
                if not self._melds.is_valid(cards):
                    raise IllegalActionError(N_("{cards} is not a valid meld ({rule})"),
                                             cards=_cards(cards), rule="H3")
                self.table.append(cards)
                self.owner.append(player)
            else:
                index = action.meld
                if index is None or not 0 <= index < len(self.table):
                    raise IllegalActionError(
                        N_("there is no meld {index} on the table ({count} melds)"),
                        index=repr(index), count=len(self.table))
                grown = self.table[index] | cards
                if not self._melds.is_valid(grown):
                    raise IllegalActionError(
                        N_("{cards} cannot be laid off on {meld}: the meld would not stay "
                           "valid ({rule})"), cards=_cards(cards),
                        meld=_cards(self.table[index]), rule="H6")
                self.table[index] = grown
            self.hands[player] = hand & ~cards
            self.down[player] |= cards
            self._record(player, action)
            if not self.hands[player]:
                self._out(player)
            return
        if kind != "discard":
            raise IllegalActionError(
                N_("after drawing, meld, lay off or discard ({rule})"), rule="H5-H7")
        card = action.card
        if card is None or not hand >> card & 1:
            raise IllegalActionError(N_("{cards} is not in your hand"),
                                     cards="?" if card is None else card_str(card))
        self.hands[player] = hand & ~(1 << card)
        self.waste.append(card)
        self._record(player, action)
        if not self.hands[player]:
            self._out(player)
            return
        self.to_move = 1 - player
        self.refused = False
        self.phase = "start"
        if self.stock_count == 0:
            self._finish_count("stock")  # H10: the next turn begins with no stock

    def _out(self, player: int) -> None:
        self.phase = "over"
        self.end = "out"
        self.winner = player
        self.points = pips(self.hands[1 - player])  # H8

    def _finish_count(self, end: str, challenged: int | None = None) -> None:
        self.phase = "over"
        self.end = end
        a, b = pips(self.hands[0]), pips(self.hands[1])
        if end == "challenge":
            assert challenged is not None
            # H9: the lower count wins and scores the other's pips; a tie goes to the
            # challenged player.
            if a == b:
                self.winner = challenged
            else:
                self.winner = 0 if a < b else 1
            self.points = max(a, b) if a != b else a
        else:
            # H10: the lower count scores the difference; equal counts score nothing.
            self.winner = None if a == b else (0 if a < b else 1)
            self.points = abs(a - b)

    # --- views for tests and records -----------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        if self.phase != "over":
            return None
        if self.winner is None:
            return {"draw": True, "end": self.end}
        return {"winner": self.winner, "points": self.points, "end": self.end}

    def all_cards(self) -> list[Card]:
        """Every card of the deal where it lies now (for conservation checks)."""
        out: list[Card] = []
        for hand in self.hands:
            out += cards_of(hand)
        for meld in self.table:
            out += cards_of(meld)
        out += self.waste
        out += list(self.deal.stock[self.stock_pos:])
        return out

    def meld_display(self, index: int) -> list[Card]:
        return meld_cards(self.table[index], self._melds)


def _cards(mask: CardMask) -> str:
    return "-".join(card_str(c) for c in cards_of(mask))
