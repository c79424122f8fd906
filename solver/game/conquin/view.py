"""What one Conquin player may see: their own hand, the face-up card and the discards, the
stock's count, and per seat only its hand count, whether it is still in, and its chips.
Folded hands and the stock order are never shown; the closer's melds are, once shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.cards import Card, CardMask, card_kind, card_str, cards_of
from solver.game.conquin.state import ConquinAction, ConquinState


@dataclass(frozen=True, slots=True)
class Seat:
    hand_count: int
    still_in: bool
    paid: int
    chips: int
    """Chips before this deal."""


@dataclass(frozen=True, slots=True)
class ConquinObservation:
    player: int
    players: int
    hand: CardMask
    waste: tuple[Card, ...]
    """Face-up discards, top (the card one may take) last."""
    stock_count: int
    seats: tuple[Seat, ...]
    dealer: int
    pot: int
    stake: int
    level: int
    pot_chip: int | None
    """Who holds the Pot chip (I11); ``None`` without the option."""
    pot_played: bool
    phase: str
    to_act: bool
    legal: tuple[ConquinAction, ...]
    over: bool
    winner: int | None
    multiplier: int
    closing: tuple[tuple[tuple[Card, Card | None], ...], ...]
    settled: tuple[int, ...]
    end: str | None
    turns: int
    """Turns played so far (a take and a discard each; I12 ends the deal at the limit)."""

    @property
    def face_up(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def legal_actions(self) -> list[ConquinAction]:
        return list(self.legal)

    def to_dict(self) -> dict[str, Any]:
        view: dict[str, Any] = {
            "ruleset": "conquin",
            "player": self.player,
            # By kind, not by copy (a game read back may hold the other copy of a card).
            "hand": [card_str(c) for c in sorted(cards_of(self.hand), key=card_kind)],
            "center": None if self.face_up is None else card_str(self.face_up),
            "seen": [card_str(c) for c in self.waste[:-1]],
            "stock_count": self.stock_count,
            "players": [
                {"seat": i, "you": i == self.player, "hand_count": s.hand_count,
                 "in": s.still_in, "paid": s.paid, "chips": s.chips,
                 "dealer": i == self.dealer, "pot_chip": i == self.pot_chip}
                for i, s in enumerate(self.seats)
            ],
            "pot": self.pot,
            "stake": self.stake,
            "level": self.level,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal_actions": [a.to_dict() for a in self.legal],
            "result": None,
        }
        if self.over:
            view["result"] = {
                "end": self.end, "winner": self.winner, "multiplier": self.multiplier,
                "chips": list(self.settled),
                "melds": [ConquinAction("close", melds=(m,)).to_dict()["melds"][0]
                          for m in self.closing],
            }
            if self.end == "limit":
                view["result"]["turns"] = self.turns
        return view


def observe(state: ConquinState, player: int) -> ConquinObservation:
    over = state.is_terminal()
    to_act = not over and state.current_player() == player
    # A close lays the closer's ten cards on the table (I9): shown in ``closing``, no
    # longer in the hand, though the state keeps them there for the deal's record.
    closer = state.winner if over and state.end == "close" else None

    def held(q: int) -> CardMask:
        return 0 if q == closer else state.hands[q]

    return ConquinObservation(
        player=player,
        players=state.n,
        hand=held(player),
        waste=tuple(state.waste),
        stock_count=state.stock_count,
        seats=tuple(Seat(held(q).bit_count(), state.in_[q], state.paid[q],
                         state.chips[q]) for q in range(state.n)),
        dealer=state.deal.dealer,
        pot=state.pot,
        stake=state.stake,
        level=state.level,
        pot_chip=state.pot_holder,
        pot_played=state.pot_played,
        phase=state.phase,
        to_act=to_act,
        legal=tuple(state.legal_actions()) if to_act else (),
        over=over,
        winner=state.winner,
        multiplier=state.multiplier,
        closing=state.closing,
        settled=state.settled,
        end=state.end,
        turns=state.turns,
    )


def observe_action(state: ConquinState, actor: int, action: ConquinAction, viewer: int
                   ) -> dict[str, Any]:
    """What ``viewer`` sees of a step: a card another player takes from the stock goes
    face down into their hand; it shows only once discarded or shown in a close."""
    data = action.to_dict()
    if action.type == "take" and action.source == "stock" and actor != viewer:
        data.pop("card", None)
    return data
