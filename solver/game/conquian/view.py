"""What one player may see (the contract's game view): nothing about the opponent's hand
but its size, nothing about the stock but its count."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.analysis import Analysis
from solver.cards import FULL_DECK, Card, CardMask, card_str, cards_of, iter_cards, union
from solver.game.conquian.actions import Action, actions_of
from solver.game.conquian.state import GameState
from solver.melds import meld_cards
from solver.position import Position


@dataclass(frozen=True, slots=True)
class Observation:
    player: int
    hand: CardMask
    melds: tuple[CardMask, ...]
    opponent_melds: tuple[CardMask, ...]
    center: Card | None
    center_from: str | None
    """Relative to the player facing the center: "opponent" (left by the other player) or
    "stock" (turned by the player facing it)."""
    facing: bool
    """This player faces the center card (or, without one, is to turn)."""
    to_act: bool
    phase: str
    stock_count: int
    opponent_hand_count: int
    seen: CardMask
    """Every other card this player has seen face up in this hand: the waste."""
    score: tuple[int, int]
    """(this player, the opponent), before this hand (R12)."""
    dealer: bool
    action_types: tuple[str, ...]
    analysis: Analysis | None
    """The analysis of the center card, when this player is to act and faces it."""
    winner: int | None
    over: bool
    action_class: ClassVar[type[Action]] = Action
    """What this game's actions are made as."""

    @property
    def exposed(self) -> CardMask:
        return union(self.melds)

    @property
    def opponent_exposed(self) -> CardMask:
        return union(self.opponent_melds)

    @property
    def unseen(self) -> CardMask:
        """Cards this player has never seen: in the opponent's hand or in the stock."""
        known = self.hand | self.exposed | self.opponent_exposed | self.seen
        if self.center is not None:
            known |= 1 << self.center
        return FULL_DECK & ~known

    def position(self) -> Position | None:
        """The contract Position, when this player faces the center card."""
        if not self.facing or self.center is None:
            return None
        return Position(self.hand, self.melds, self.opponent_melds, self.center,
                        "stock" if self.center_from == "stock" else "opponent",
                        self.stock_count)

    def take_actions(self) -> list[Action]:
        """Every take open now: each play (its canonical arrangement) x each discard."""
        if self.analysis is None or "take" not in self.action_types or self.center is None:
            return []
        actions = []
        for play in self.analysis.plays:
            if play.wins:
                actions.append(Action("take", self.center, play.hand_cards, play.melds, None))
            else:
                actions.extend(
                    Action("take", self.center, play.hand_cards, play.melds, discard)
                    for discard in iter_cards(self.hand & ~play.hand_cards)
                )
        return actions

    def legal_actions(self) -> list[Action]:
        """The same list as ``GameState.legal_actions``, built from this view alone."""
        return actions_of(self.action_types, self.center, self.take_actions,
                          self.action_class)

    def shown_plays(self) -> Sequence[Any] | None:
        """The plays the view lists under ``takes`` (each with its discards), when known."""
        return None if self.analysis is None else self.analysis.plays

    def to_dict(self) -> dict[str, Any]:
        """The JSON view (contract "HTTP"): only what this player may see."""

        def cards(mask: CardMask) -> list[str]:
            return [card_str(c) for c in cards_of(mask)]

        def melds(ms: tuple[CardMask, ...]) -> list[list[str]]:
            return [[card_str(c) for c in meld_cards(m)] for m in ms]

        takes = None
        plays = self.shown_plays()
        if plays is not None and "take" in self.action_types:
            takes = [
                {**play.to_dict(),
                 "discards": [] if play.wins else cards(self.hand & ~play.hand_cards)}
                for play in plays
            ]
        view: dict[str, Any] = {
            "player": self.player,
            "hand": cards(self.hand),
            "melds": melds(self.melds),
            "opponent_melds": melds(self.opponent_melds),
            "center": None if self.center is None else card_str(self.center),
            "center_from": self.center_from,
            "facing_center": self.facing,
            "to_act": self.to_act,
            "phase": self.phase,
            "stock_count": self.stock_count,
            "opponent_hand_count": self.opponent_hand_count,
            "seen": cards(self.seen),
            "legal_actions": list(self.action_types),
            "takes": takes,
            "score": {"you": self.score[0], "opponent": self.score[1]},
            "dealer": self.dealer,
            "result": None,
        }
        if self.over:
            view["result"] = (
                {"draw": True} if self.winner is None
                else {"winner": "you" if self.winner == self.player else "opponent"}
            )
        return view


def _turned_by(state: GameState, player: int) -> bool:
    """Whether ``player`` turned the center card from the stock (R7): also true after they
    passed it, and when it is forced back on them (R9)."""
    if state.facing == player and state.phase in ("turned", "forced"):
        return state.center_from_stock
    for who, action in reversed(state.history):
        if action.type == "turn":
            return who == player and action.card == state.center
        if action.type == "take":
            return False
    return False


def observation_fields(state: GameState, player: int) -> dict[str, Any]:
    """Every field of ``player``'s :class:`Observation` except ``analysis``: shared by the
    games built on this engine (cooncan), whose observations add their own fields."""
    over = state.is_terminal()
    to_act = not over and state.current_player() == player
    center_from = None
    if state.center is not None:
        center_from = "stock" if _turned_by(state, player) else "opponent"
    melds_all = state.exposed[0] | state.exposed[1]
    center_bit = 0 if state.center is None else 1 << state.center
    return {
        "player": player,
        "hand": state.hands[player],
        "melds": state.melds[player],
        "opponent_melds": state.melds[1 - player],
        "center": state.center,
        "center_from": center_from,
        "facing": not over and state.facing == player,
        "to_act": to_act,
        "phase": state.phase,
        "stock_count": state.stock_count,
        "opponent_hand_count": state.hands[1 - player].bit_count(),
        "seen": state.face_up & ~melds_all & ~center_bit,
        "score": (state.score[player], state.score[1 - player]),
        "dealer": state.dealer == player,
        "action_types": state.action_types() if to_act else (),
        "winner": state.winner,
        "over": over,
    }


def observe(state: GameState, player: int) -> Observation:
    """The observation of ``player``: exactly what they may see."""
    fields = observation_fields(state, player)
    analysis = state.analysis() if fields["to_act"] and fields["facing"] else None
    return Observation(**fields, analysis=analysis)
