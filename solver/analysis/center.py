"""The center card melded at once: every play with it, and the forcing verdict.

Both engines build these same value types; ``to_dict`` gives the contract's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.cards import CardMask, card_str, cards_of
from solver.melds import meld_cards
from solver.position import Position


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

    @property
    def size(self) -> int:
        return self.hand_cards.bit_count()

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand_cards": [card_str(c) for c in cards_of(self.hand_cards)],
            "melds": [[card_str(c) for c in meld_cards(m)] for m in self.melds],
            "rearranged": self.rearranged,
            "wins": self.wins,
        }


def play_order(play: Play) -> tuple[bool, int, list[int]]:
    """Winning plays first, then fewer hand cards, then by the cards themselves."""
    return (not play.wins, play.size, cards_of(play.hand_cards))


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
        for play in self.plays:
            if not play.hand_cards:
                return play
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
        force = self.force_melds
        return {
            "usable": self.usable,
            "forceable": self.forceable,
            "force_melds": (
                [[card_str(c) for c in meld_cards(m)] for m in force] if force is not None else None
            ),
            "plays": [p.to_dict() for p in self.plays],
        }
