"""The state of one hand, in the style of OpenSpiel's game API.

``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal`` and ``returns``
drive the hand; ``observation(player)`` (solver.game.conquian.view) is the only view a
player or a browser gets.  The state mutates in place; ``clone`` copies it.

Phases (who is to act is ``current_player``):

* ``turn``: turn the top stock card (R6 opening, or after a decline, R7);
* ``turned``: facing the card one just turned: take it (R8) or pass it (R7);
* ``respond``: facing a card left by the opponent (a discard or a passed card): take it,
  decline it (R7), or force it on the opponent who passed it if it fits their melds (R9);
* ``force``: the opponent just declined a card that fits their exposed melds: force them
  to take it, or waive (``no_force``) (R9);
* ``forced``: take the card forced on you (R9, taken as in R8);
* ``over``: the hand is won (R10) or drawn (R11).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import ClassVar, Final, Literal

from solver.analysis import Analysis
from solver.cards import Card, CardMask, card_str, cards_of, iter_cards
from solver.cover import fits_melds
from solver.errors import IllegalActionError, Text
from solver.game.conquian.actions import Action, actions_of
from solver.game.deal import Deal
from solver.melds import MELD_INDEX, meld_cards
from solver.messages import N_
from solver.position import Position
from solver.search import analyze

Phase = Literal["turn", "turned", "respond", "force", "forced", "over"]
TERMINAL: Final = -4  # OpenSpiel's terminal player id
WIN_CARDS: Final = 11


class GameState:
    """One hand of Conquian from its deal to a win or a draw."""

    action_class: ClassVar[type[Action]] = Action
    """What this game's actions are made as."""
    why_not_reasons: ClassVar[Mapping[str, str]] = {
        "turn": N_("you turn a stock card only at the opening or after declining (R6, R7)"),
        "pass": N_("only a card you turned yourself can be passed (R7)"),
        "decline": N_("only a card left by the opponent can be declined (R7)"),
        "force": N_("forcing needs a card the opponent just declined or passed that fits "
                    "their exposed melds with no card from hand (R9)"),
        "no_force": N_("there is no forcing decision to waive (R9)"),
        "take": N_("the center card does not fit a meld with your cards, and a card cannot "
                   "be taken to wait for a later one (R8)"),
    }
    """Why an action of each kind is refused when it is not open (the game's rule ids)."""
    why_not_forced: ClassVar[str] = N_("the opponent forced the card on you: you must take "
                                       "it (R9)")
    why_not_force: ClassVar[str] = N_("the opponent declined a card that fits their melds: "
                                      "force it or waive (R9)")

    __slots__ = (
        "_analysis",
        "center",
        "center_from_stock",
        "deal",
        "exposed",
        "face_up",
        "facing",
        "force_open",
        "hands",
        "history",
        "melds",
        "phase",
        "score",
        "stock_pos",
        "waste",
        "winner",
    )

    def __init__(self, deal: Deal, score: tuple[int, int] = (0, 0)) -> None:
        self.deal = deal
        self.score = score
        """The match score before this hand (R12)."""
        self.hands = [deal.hands[0], deal.hands[1]]
        self.melds: list[tuple[CardMask, ...]] = [(), ()]
        self.exposed = [0, 0]
        self.stock_pos = 0
        self.waste: CardMask = 0
        self.face_up: CardMask = 0
        """Every card that has been face up in this hand (seen by both players)."""
        self.center: Card | None = None
        self.center_from_stock = False
        self.facing = 1 - deal.dealer
        """The player who faces the center card (or must turn)."""
        self.force_open = False
        """In ``respond``: the card was passed and fits the passer's melds (R9)."""
        self.phase: Phase = "turn"
        self.winner: int | None = None
        self.history: list[tuple[int, Action]] = []
        self._analysis: Analysis | None = None

    # --- OpenSpiel-style queries -------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return 1 - self.facing if self.phase == "force" else self.facing

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def is_draw(self) -> bool:
        return self.phase == "over" and self.winner is None

    def returns(self) -> list[float]:
        """+1 to the winner, -1 to the loser, 0 to both for a draw or an unfinished hand."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock) - self.stock_pos

    def stock_top(self) -> Card | None:
        return self.deal.stock[self.stock_pos] if self.stock_count else None

    def position(self) -> Position | None:
        """The contract Position of the player facing the center card, if there is one."""
        if self.center is None:
            return None
        p = self.facing
        return Position(
            hand=self.hands[p],
            melds=self.melds[p],
            opponent_melds=self.melds[1 - p],
            center=self.center,
            center_from="stock" if self.center_from_stock else "opponent",
            stock=self.stock_count,
        )

    def analysis(self) -> Analysis | None:
        """The analysis of the center card for the player facing it (cached per step)."""
        if self._analysis is None:
            position = self.position()
            if position is None:
                return None
            self._analysis = analyze(position)
        return self._analysis

    def action_types(self) -> tuple[str, ...]:
        """The kinds of action open to the current player (a compact legal-action summary)."""
        analysis = self.analysis()
        can_take = analysis is not None and analysis.usable
        if self.phase == "turn":
            return ("turn",)
        if self.phase == "turned":
            return ("take", "pass") if can_take else ("pass",)
        if self.phase == "respond":
            kinds = ["take"] if can_take else []
            kinds.append("decline")
            if self.force_open:
                kinds.append("force")
            return tuple(kinds)
        if self.phase == "force":
            return ("force", "no_force")
        if self.phase == "forced":
            return ("take",)
        return ()

    def take_actions(self) -> Iterator[Action]:
        """Every take: each play of the analysis (its canonical arrangement) x each discard."""
        analysis = self.analysis()
        if analysis is None or self.phase not in ("turned", "respond", "forced"):
            return
        assert self.center is not None
        hand = self.hands[self.facing]
        for play in analysis.plays:
            if play.wins:
                yield Action("take", self.center, play.hand_cards, play.melds, None)
                continue
            for discard in iter_cards(hand & ~play.hand_cards):
                yield Action("take", self.center, play.hand_cards, play.melds, discard)

    def legal_actions(self) -> list[Action]:
        return actions_of(self.action_types(), self.center, self.take_actions,
                          self.action_class)

    # --- applying actions --------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply one action of the current player; :class:`IllegalActionError` names the rule."""
        if self.phase == "over":
            raise IllegalActionError(N_("the hand is over: no more actions (R10, R11)"))
        kind = action.type
        if kind not in self.action_types():
            raise IllegalActionError(self._why_not(kind))
        if kind == "turn":
            if action.card is not None:
                raise IllegalActionError(N_("a turn names no card: the stock is face down (R7)"))
        elif kind != "no_force" and action.card != self.center:
            assert self.center is not None
            if action.card is None:
                raise IllegalActionError(
                    N_("the center card is {center}, but the {kind} names no card (R7)"),
                    center=card_str(self.center), kind=kind,
                )
            raise IllegalActionError(
                N_("the center card is {center}, but the {kind} names {card} (R7)"),
                center=card_str(self.center), kind=kind, card=card_str(action.card),
            )
        player = self.current_player()
        recorded = action
        if kind == "turn":
            recorded = self._turn()
        elif kind == "take":
            recorded = self._take(action)
        elif kind == "pass":
            self._pass()
        elif kind == "decline":
            self._decline()
        elif kind == "force":
            self._force()
        else:
            self._end_decline()
        self.history.append((player, recorded))
        self._analysis = None

    def _why_not(self, kind: str) -> Text:
        open_ = " / ".join(self.action_types())
        if self.phase == "forced" and kind != "take":
            reason = Text(self.why_not_forced)
        elif self.phase == "force" and kind != "force":
            reason = Text(self.why_not_force)
        elif kind in self.why_not_reasons:
            reason = Text(self.why_not_reasons[kind])
        else:
            reason = Text(N_("{kind} is not an action"), {"kind": repr(kind)})
        return Text(N_("{kind} is not allowed now ({reason}); allowed: {allowed}"),
                    {"kind": kind, "reason": reason, "allowed": open_})

    def _turn(self) -> Action:
        card = self.deal.stock[self.stock_pos]
        self.stock_pos += 1
        self.center = card
        self.center_from_stock = True
        self.face_up |= 1 << card
        self.phase = "turned"
        return Action("turn", card)

    def _fits_melds(self, player: int) -> bool:
        assert self.center is not None
        exposed = self.exposed[player]
        return bool(exposed) and fits_melds(exposed, self.center)

    def _pass(self) -> None:
        passer = self.facing
        self.force_open = self._fits_melds(passer)
        self.facing = 1 - passer
        self.center_from_stock = False
        self.phase = "respond"

    def _decline(self) -> None:
        self.force_open = False
        if self._fits_melds(self.facing):
            self.phase = "force"
        else:
            self._end_decline()

    def _end_decline(self) -> None:
        # The declined card goes face down to the waste; the decliner turns next (R7),
        # unless the stock is out: then the hand is a draw (R11).
        assert self.center is not None
        self.waste |= 1 << self.center
        self.center = None
        self.center_from_stock = False
        if self.stock_count == 0:
            self.phase = "over"
        else:
            self.phase = "turn"

    def _force(self) -> None:
        if self.phase == "respond":
            self.facing = 1 - self.facing  # the passer takes their own card back
            self.center_from_stock = True  # which they turned themselves (R7, R9)
        self.force_open = False
        self.phase = "forced"

    def _take(self, action: Action) -> Action:
        assert self.center is not None
        p = self.facing
        hand = self.hands[p]
        center_bit = 1 << self.center
        if action.hand_cards & ~hand:
            missing = " ".join(card_str(c) for c in cards_of(action.hand_cards & ~hand))
            raise IllegalActionError(N_("hand_cards {cards} are not in your hand (R8)"),
                                     cards=missing)
        target = self.exposed[p] | center_bit | action.hand_cards
        union = 0
        for meld in action.melds:
            if meld not in MELD_INDEX:
                raise IllegalActionError(N_("{meld} is not a valid meld (R4)"),
                                         meld=_meld_str(meld))
            if meld & union:
                raise IllegalActionError(N_("{meld} shares a card with another meld (R5)"),
                                         meld=_meld_str(meld))
            union |= meld
        if union != target:
            extra = " ".join(card_str(c) for c in cards_of(union & ~target))
            lost = " ".join(card_str(c) for c in cards_of(target & ~union))
            if lost and extra:
                template = N_("the melds must hold exactly your exposed cards, the center card "
                              "and the hand_cards, but they leave out {lost} and add {extra}, "
                              "which is neither the center card nor in hand_cards (R5, R8)")
            elif lost:
                template = N_("the melds must hold exactly your exposed cards, the center card "
                              "and the hand_cards, but they leave out {lost} (R5, R8)")
            else:
                template = N_("the melds must hold exactly your exposed cards, the center card "
                              "and the hand_cards, but they add {extra}, which is neither the "
                              "center card nor in hand_cards (R5, R8)")
            raise IllegalActionError(template, lost=lost, extra=extra)
        rest = hand & ~action.hand_cards
        if not rest:
            if action.discard is not None:
                raise IllegalActionError(
                    N_("this take exposes 11 cards and wins the hand: there is no discard (R10)")
                )
        elif action.discard is None:
            raise IllegalActionError(N_("after taking you must discard one card from hand (R8)"))
        elif not rest >> action.discard & 1:
            raise IllegalActionError(
                N_("the discard {card} is not a card left in your hand (R8)"),
                card=card_str(action.discard),
            )
        self.hands[p] = rest & ~(0 if action.discard is None else 1 << action.discard)
        self.melds[p] = action.melds
        self.exposed[p] = union
        self.force_open = False
        if action.discard is None:
            self.center = None
            self.winner = p
            self.phase = "over"
        else:
            self.center = action.discard
            self.face_up |= 1 << action.discard
            self.center_from_stock = False
            self.facing = 1 - p
            self.phase = "respond"
        return action

    # --- copies ------------------------------------------------------------------------

    def clone(self) -> GameState:
        # Attribute by attribute rather than a loop over __slots__: the expert clones a
        # state for every candidate of every deal it plays out.
        other = GameState.__new__(GameState)
        other._analysis = self._analysis
        other.center = self.center
        other.center_from_stock = self.center_from_stock
        other.deal = self.deal
        other.exposed = list(self.exposed)
        other.face_up = self.face_up
        other.facing = self.facing
        other.force_open = self.force_open
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.melds = list(self.melds)
        other.phase = self.phase
        other.score = self.score
        other.stock_pos = self.stock_pos
        other.waste = self.waste
        other.winner = self.winner
        return other

    def __str__(self) -> str:
        def show(mask: CardMask) -> str:
            return " ".join(card_str(c) for c in cards_of(mask))

        lines = []
        for p in (0, 1):
            melds = " | ".join("-".join(card_str(c) for c in meld_cards(m)) for m in self.melds[p])
            lines.append(f"player {p}: hand [{show(self.hands[p])}] melds [{melds}]")
        center = "-" if self.center is None else card_str(self.center)
        lines.append(f"center {center}, stock {self.stock_count}, phase {self.phase}, "
                     f"to act {self.current_player()}")
        return "\n".join(lines)


def _meld_str(meld: CardMask) -> str:
    # Spelled out only for an error message: takes are applied in every playout.
    return "-".join(card_str(c) for c in meld_cards(meld))
