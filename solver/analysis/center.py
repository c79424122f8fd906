"""The center card melded at once: every play with it, and the forcing verdict.

Both engines build these same value types; ``to_dict`` gives the contract's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.cards import JOKER_BASE, Card, CardMask, card_str, cards_of
from solver.melds import TABLE_40, MeldTable, meld_cards
from solver.position import Position

LaidOff = tuple[int, tuple[str, ...]]
"""Cards a play lays off onto one of the opponent's melds: (its index, the cards as the
contract writes them, a joker as ``*5H``)."""
SwapMade = tuple[int, str, bool]
"""A joker swap made during the take (K5): (the opponent's meld index, the natural card put
in the joker's place, whether that card is the center card itself)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One distinct set of hand cards exposed together with the center card (R8)."""

    hand_cards: CardMask
    melds: tuple[CardMask, ...]
    """One valid arrangement (R4, R5) of all the player's exposed cards afterwards."""
    rearranged: bool
    """No arrangement keeps every existing meld inside a single new meld (R5)."""
    wins: bool
    """The play exposes 11 cards and ends the hand (R10)."""
    lay_off: tuple[LaidOff, ...] | None = None
    """Cards laid off onto the opponent's melds, in profiles that allow it (C9, K10);
    ``None`` where nobody lays off, so conquian-40's JSON has no such field."""
    taken_back: tuple[str, ...] | None = None
    """Cards of your melds that the play takes back into the hand (kunken, K9): the fewest
    it needs; ``None`` in profiles where melds never go back."""
    stands: tuple[tuple[Card, Card], ...] = ()
    """The card each joker in ``melds`` stands for."""
    table: MeldTable = field(default=TABLE_40, compare=False, repr=False)
    swaps: tuple[SwapMade, ...] = ()
    """Joker swaps made first (K5); the jokers they bring to the hand may go down at once."""
    jokers_kept: int = 0
    """How many of those jokers stay in the hand."""
    ways: tuple[Play, ...] = ()
    """Every way to expose these hand cards (other melds, lay-offs, swaps), this one among
    them, when there is more than one; ``rearranged`` and ``wins`` speak for them all."""

    def __init__(self, hand_cards: CardMask, melds: tuple[CardMask, ...], rearranged: bool,
                 wins: bool, lay_off: tuple[LaidOff, ...] | None = None,
                 taken_back: tuple[str, ...] | None = None,
                 stands: tuple[tuple[Card, Card], ...] = (), table: MeldTable = TABLE_40,
                 swaps: tuple[SwapMade, ...] = (), jokers_kept: int = 0,
                 ways: tuple[Play, ...] = ()) -> None:
        # Written out, with the fields' defaults: the dataclass's generated __init__ runs as
        # interpreted Python even in the compiled build, about three times slower, and the
        # Kunken searches build thousands of plays.
        setattr_ = object.__setattr__
        setattr_(self, "hand_cards", hand_cards)
        setattr_(self, "melds", melds)
        setattr_(self, "rearranged", rearranged)
        setattr_(self, "wins", wins)
        setattr_(self, "lay_off", lay_off)
        setattr_(self, "taken_back", taken_back)
        setattr_(self, "stands", stands)
        setattr_(self, "table", table)
        setattr_(self, "swaps", swaps)
        setattr_(self, "jokers_kept", jokers_kept)
        setattr_(self, "ways", ways)

    @property
    def on_own_melds(self) -> bool:
        """Some way puts the center card into your own melds (not onto the opponent's)."""
        return any(not way.lay_off and not way.swaps for way in self.ways or (self,))

    @property
    def size(self) -> int:
        return self.hand_cards.bit_count()

    def meld_strings(self, meld: CardMask) -> list[str]:
        if not self.stands and self.table is TABLE_40:
            return [card_str(c) for c in meld_cards(meld)]
        stands = dict(self.stands)
        return [f"*{card_str(stands[c])}" if c >= JOKER_BASE else card_str(c)
                for c in meld_cards(meld, self.table, stands)]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hand_cards": [card_str(c) for c in cards_of(self.hand_cards)],
            "melds": [self.meld_strings(m) for m in self.melds],
            "rearranged": self.rearranged,
            "wins": self.wins,
        }
        if self.lay_off is not None:
            data["lay_off"] = [{"meld": i, "cards": list(cards)} for i, cards in self.lay_off]
        if self.taken_back is not None:
            data["taken_back"] = list(self.taken_back)
        if self.swaps:
            data["swaps"] = [{"meld": i, "card": card, "center": center}
                             for i, card, center in self.swaps]
            data["jokers_kept"] = self.jokers_kept
        if self.ways:
            data["ways"] = [{k: v for k, v in way.to_dict().items() if k != "hand_cards"}
                            for way in self.ways]
        return data


def play_order(play: Play) -> tuple[bool, int, list[int], tuple[LaidOff, ...]]:
    """Winning plays first, then fewer hand cards, then by the cards themselves (then, for
    the same hand cards, plays without lay-offs before those with)."""
    return (not play.wins, play.size, cards_of(play.hand_cards), play.lay_off or ())


@dataclass(frozen=True, slots=True)
class Analysis:
    position: Position
    plays: tuple[Play, ...]

    @property
    def usable(self) -> bool:
        """The center card may be taken now (R8)."""
        return bool(self.plays)

    @property
    def forceable_play(self) -> Play | None:
        """The play with no hand card that forcing asks for: into your own melds, or (where
        the profile forces onto the opponent's melds too) any way (R9, C10)."""
        rules = self.position.rules
        if not rules.forcing:
            return None  # kunken: nobody forces a card (K7)
        for play in self.plays:
            if play.hand_cards:
                continue
            if rules.force_onto_opponent:
                return play
            for way in play.ways or (play,):
                if not way.lay_off and not way.swaps:
                    return way
        return None

    @property
    def forceable(self) -> bool:
        """It fits the exposed melds with no hand card, so the opponent may force it (R9)."""
        return self.forceable_play is not None

    @property
    def force_melds(self) -> tuple[CardMask, ...] | None:
        play = self.forceable_play
        return play.melds if play is not None else None

    @property
    def winning_plays(self) -> tuple[Play, ...]:
        return tuple(p for p in self.plays if p.wins)

    def play_for(self, hand_cards: CardMask) -> Play | None:
        for play in self.plays:
            if play.hand_cards == hand_cards:
                return play
        return None

    def to_dict(self) -> dict[str, Any]:
        play = self.forceable_play
        return {
            "usable": self.usable,
            "forceable": play is not None,
            "force_melds": [play.meld_strings(m) for m in play.melds] if play is not None
            else None,
            "plays": [p.to_dict() for p in self.plays],
        }
