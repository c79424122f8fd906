"""What one Colonel player may see: their hand, the table, the wastepile (every card in it
was shown face up), the counts of the stock and the opponent's hand — never the
opponent's cards or the stock order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.cards import Card, CardMask, card_str, cards_of
from solver.game.colonel.state import ColonelAction, ColonelState, pips
from solver.melds import meld_cards


@dataclass(frozen=True, slots=True)
class ColonelObservation:
    player: int
    hand: CardMask
    table: tuple[CardMask, ...]
    """The melds on the table, in the order they went down (lay-offs included)."""
    owner: tuple[int, ...]
    """Who laid down each meld (0: this player, 1: the opponent)."""
    down: CardMask
    opponent_down: CardMask
    waste: tuple[Card, ...]
    """The wastepile, top card last."""
    stock_count: int
    opponent_hand_count: int
    score: tuple[int, int]
    """(this player, the opponent) before this hand (H12)."""
    dealer: bool
    phase: str
    to_act: bool
    challenged: bool
    """This player has an open challenge to answer."""
    legal: tuple[ColonelAction, ...]
    over: bool
    winner: int | None
    points: int
    end: str | None

    @property
    def upcard(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    @property
    def table_cards(self) -> CardMask:
        mask = 0
        for meld in self.table:
            mask |= meld
        return mask

    def legal_actions(self) -> list[ColonelAction]:
        return list(self.legal)

    def to_dict(self) -> dict[str, Any]:
        """The JSON view: only what this player may see."""
        from solver.rules import get_profile

        table = get_profile("colonel").table

        def cards(mask: CardMask) -> list[str]:
            return [card_str(c) for c in cards_of(mask)]

        view: dict[str, Any] = {
            "ruleset": "colonel",
            "player": self.player,
            "hand": cards(self.hand),
            "hand_pips": pips(self.hand),
            "table": [{"meld": [card_str(c) for c in meld_cards(m, table)],
                       "owner": "you" if o == 0 else "opponent"}
                      for m, o in zip(self.table, self.owner, strict=True)],
            "down": cards(self.down),
            "opponent_down": cards(self.opponent_down),
            "upcard": None if self.upcard is None else card_str(self.upcard),
            "waste": [card_str(c) for c in self.waste],
            # The contract's face-up cards besides the upcard: the wastepile under it.
            "seen": [card_str(c) for c in self.waste[:-1]],
            "stock_count": self.stock_count,
            "opponent_hand_count": self.opponent_hand_count,
            "score": {"you": self.score[0], "opponent": self.score[1]},
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "challenged": self.challenged,
            "legal_actions": [a.to_dict() for a in self.legal],
            "result": None,
        }
        if self.over:
            if self.winner is None:
                view["result"] = {"draw": True, "end": self.end}
            else:
                view["result"] = {"winner": "you" if self.winner == self.player else "opponent",
                                  "points": self.points, "end": self.end}
        return view


def observe(state: ColonelState, player: int) -> ColonelObservation:
    over = state.is_terminal()
    to_act = not over and state.current_player() == player
    return ColonelObservation(
        player=player,
        hand=state.hands[player],
        table=tuple(state.table),
        owner=tuple(0 if o == player else 1 for o in state.owner),
        down=state.down[player],
        opponent_down=state.down[1 - player],
        waste=tuple(state.waste),
        stock_count=state.stock_count,
        opponent_hand_count=state.hands[1 - player].bit_count(),
        score=(state.score[player], state.score[1 - player]),
        dealer=state.deal.dealer == player,
        phase=state.phase,
        to_act=to_act,
        challenged=to_act and state.phase == "answer",
        legal=tuple(state.legal_actions()) if to_act else (),
        over=over,
        winner=state.winner,
        points=state.points,
        end=state.end,
    )


def observe_action(state: ColonelState, actor: int, action: ColonelAction, viewer: int
                   ) -> dict[str, Any]:
    """What ``viewer`` sees of a step: a card drawn from the stock by another player goes
    face down into their hand (H4); it shows only once melded, laid off or discarded."""
    data = action.to_dict()
    if action.type == "draw" and action.source == "stock" and actor != viewer:
        data.pop("card", None)
    return data
