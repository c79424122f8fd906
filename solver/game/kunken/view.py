"""What one Kunken player may see: of the hand (:func:`observe_kunken`) and of each step
(:func:`observe_kunken_action`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.cards import (
    Card,
    CardMask,
    iter_cards,
)
from solver.game.kunken.state import KAction, KMeld, KunkenState, _show, kind_of
from solver.rules import RuleProfile

# --- observation ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KunkenObservation:
    """What one player may see: their hand, every meld on the table (with its jokers and
    lay-offs), the discard pile, counts — and their legal steps when it is their turn."""

    player: int
    rules: RuleProfile
    hand: CardMask
    melds: tuple[KMeld, ...]
    opponent_melds: tuple[KMeld, ...]
    pile: tuple[Card, ...]
    pending: Card | None
    """The card being used: shown to the opponent only when it came from the pile."""
    pending_from: str | None
    phase: str
    to_act: bool
    stock_count: int
    opponent_hand_count: int
    down: int
    opponent_down: int
    score: tuple[int, int]
    dealer: bool
    actions: tuple[KAction, ...]
    winner: int | None
    over: bool
    points: tuple[int, int] | None
    new_melds: int = 0
    """Bit i: this player's meld i went down in this turn (it is not taken back in it)."""
    turns: int = 0
    """Turns played: a hand over with stock left was ended by the profile's turn limit."""

    @property
    def action_types(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(a.type for a in self.actions))

    def legal_actions(self) -> list[KAction]:
        return list(self.actions)

    @property
    def seen(self) -> CardMask:
        out = 0
        for c in self.pile:
            out |= 1 << c
        return out

    def table_cards(self) -> CardMask:
        out = 0
        for m in (*self.melds, *self.opponent_melds):
            out |= m.cards
        return out

    def to_dict(self) -> dict[str, Any]:
        table = self.rules.table

        def cards(mask: CardMask) -> list[str]:
            # By kind, not by copy: a stored hand names cards, not copies, so a game read
            # back may hold the other copy; the view must not reorder the hand then.
            return [_show(kind_of(c)) for c in sorted(iter_cards(mask), key=kind_of)]

        def laid(m: KMeld) -> list[str]:
            # A laid-off joker is named by what it stands for: of two jokers in one meld,
            # only the laid-off one is frozen (K10), and the position must say which.
            stands = dict(m.stands)
            return [_show(kind_of(c), stands.get(c)) for c in iter_cards(m.laid)]

        def melds(ms: tuple[KMeld, ...]) -> list[dict[str, Any]]:
            return [{"cards": m.show(table), "laid_off": laid(m)} for m in ms]

        view: dict[str, Any] = {
            "ruleset": self.rules.id,
            "player": self.player,
            "hand": cards(self.hand),
            "melds": melds(self.melds),
            "opponent_melds": melds(self.opponent_melds),
            "center": _show(kind_of(self.pile[-1])) if self.pile else None,
            "center_from": "opponent" if self.pile else None,
            "pile": [_show(kind_of(c)) for c in self.pile],
            "pending": None if self.pending is None else _show(kind_of(self.pending)),
            "pending_from": self.pending_from if self.pending is not None else None,
            "phase": self.phase,
            "to_act": self.to_act,
            "stock_count": self.stock_count,
            "opponent_hand_count": self.opponent_hand_count,
            "down": {"you": self.down, "opponent": self.opponent_down},
            "seen": [_show(kind_of(c)) for c in self.pile],
            "legal_actions": list(self.action_types),
            "actions": [a.to_dict() for a in self.actions],
            "score": {"you": self.score[0], "opponent": self.score[1]},
            "dealer": self.dealer,
            "result": None,
        }
        if self.over:
            result: dict[str, Any] = {"draw": True} if self.winner is None else {
                "winner": "you" if self.winner == self.player else "opponent"}
            if self.points is not None:
                result["points"] = {"you": self.points[0], "opponent": self.points[1]}
            if self.winner is None and self.stock_count > 0:  # K13: the turn limit, not the stock
                result.update(end="limit", turns=self.turns)
            view["result"] = result
        return view


def observe_kunken(state: KunkenState, player: int) -> KunkenObservation:
    over = state.is_terminal()
    to_act = not over and state.current_player() == player
    pending = state.pending
    if pending is not None and not to_act and state.pending_from != "discard":
        pending = None  # a stock card being used is not yet shown to the opponent
    points = None
    if over and state.winner is not None:
        pts = state.points()
        points = (pts[player], pts[1 - player])
    return KunkenObservation(
        player=player, rules=state.rules, hand=state.hands[player],
        melds=tuple(state.melds[player]), opponent_melds=tuple(state.melds[1 - player]),
        pile=tuple(state.pile), pending=pending,
        pending_from=state.pending_from if pending is not None else None,
        phase=state.phase, to_act=to_act, stock_count=state.stock_count,
        opponent_hand_count=state.hands[1 - player].bit_count(),
        down=state.down_count(player), opponent_down=state.down_count(1 - player),
        score=(state.score[player], state.score[1 - player]),
        dealer=state.dealer == player,
        actions=tuple(state.legal_actions()) if to_act else (),
        winner=state.winner, over=over, points=points,
        new_melds=state.new_melds if to_act else 0, turns=state.turns,
    )


def observe_kunken_action(state: KunkenState, actor: int, action: KAction, viewer: int
                          ) -> dict[str, Any]:
    """What ``viewer`` sees of a step: every card is played face up (K6, K7), but the stock
    card another player is still using in ``state`` is not shown yet (as ``observe_kunken``)."""
    data = action.to_dict()
    if (action.type in ("turn", "draw") and actor != viewer and state.pending is not None
            and state.pending_from == "stock" and state.to_play == actor
            and kind_of(state.pending) == action.card):
        data.pop("card", None)
    return data
