"""The center card melded at once: every play with it, and the forcing verdict.

Both engines build these same value types; ``to_dict`` gives the contract's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from solver.cards import JOKER_BASE, Card, CardMask, card_str, cards_of
from solver.melds import TABLE_40, MeldTable, meld_cards
from solver.position import Position

LaidOff = tuple[int, tuple[str, ...]]
"""Cards a play lays off onto one of the opponent's melds: (its index, the cards as the
contract writes them, a joker as ``*5H``)."""
SwapMade = tuple[int, str, bool]
"""A joker swap made during the take (K5): (the opponent's meld index, the natural card put
in the joker's place, whether that card is the center card itself)."""


class Play:
    """One distinct set of hand cards exposed together with the center card (R8).

    A plain class rather than a frozen dataclass, like the search's ``Key``: the Kunken
    searches build thousands of plays, and a frozen dataclass sets each field through
    ``object.__setattr__`` and compares and hashes in interpreted Python even in the
    compiled build.  Equality, hashing and ``repr`` are the dataclass's: every field but
    ``table``."""

    __slots__ = ("hand_cards", "jokers_kept", "lay_off", "melds", "rearranged", "stands",
                 "swaps", "table", "taken_back", "ways", "wins")

    def __init__(self, hand_cards: CardMask, melds: tuple[CardMask, ...], rearranged: bool,
                 wins: bool, lay_off: tuple[LaidOff, ...] | None = None,
                 taken_back: tuple[str, ...] | None = None,
                 stands: tuple[tuple[Card, Card], ...] = (), table: MeldTable = TABLE_40,
                 swaps: tuple[SwapMade, ...] = (), jokers_kept: int = 0,
                 ways: tuple[Play, ...] = ()) -> None:
        self.hand_cards: Final = hand_cards
        self.melds: Final = melds
        """One valid arrangement (R4, R5) of all the player's exposed cards afterwards."""
        self.rearranged: Final = rearranged
        """No arrangement keeps every existing meld inside a single new meld (R5)."""
        self.wins: Final = wins
        """The play exposes 11 cards and ends the hand (R10)."""
        self.lay_off: Final = lay_off
        """Cards laid off onto the opponent's melds, in profiles that allow it (C9, K10);
        ``None`` where nobody lays off, so conquian-40's JSON has no such field."""
        self.taken_back: Final = taken_back
        """Cards of your melds that the play takes back into the hand (kunken, K9): the
        fewest it needs; ``None`` in profiles where melds never go back."""
        self.stands: Final = stands
        """The card each joker in ``melds`` stands for."""
        self.table: Final = table
        self.swaps: Final = swaps
        """Joker swaps made first (K5); the jokers they bring to the hand may go down at
        once."""
        self.jokers_kept: Final = jokers_kept
        """How many of those jokers stay in the hand."""
        self.ways: Final = ways
        """Every way to expose these hand cards (other melds, lay-offs, swaps), this one
        among them, when there is more than one; ``rearranged`` and ``wins`` speak for
        them all."""

    def _compared(self) -> tuple[object, ...]:
        return (self.hand_cards, self.melds, self.rearranged, self.wins, self.lay_off,
                self.taken_back, self.stands, self.swaps, self.jokers_kept, self.ways)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        return (f"Play(hand_cards={self.hand_cards!r}, melds={self.melds!r}, "
                f"rearranged={self.rearranged!r}, wins={self.wins!r}, "
                f"lay_off={self.lay_off!r}, taken_back={self.taken_back!r}, "
                f"stands={self.stands!r}, swaps={self.swaps!r}, "
                f"jokers_kept={self.jokers_kept!r}, ways={self.ways!r})")

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
