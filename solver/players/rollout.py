"""Fast playouts of a (determinized) hand to its end, both sides playing like ``greedy``.

The playout works on a complete :class:`GameState` without building observations: each
side still decides only from its own hand, its melds, the center card and the cards seen
face up, exactly as :class:`~solver.players.greedy.GreedyPlayer` does (the tests check
that both choose the same actions), so it is a cheap stand-in for the greedy player.
"""

from __future__ import annotations

from solver.cards import FULL_DECK, Card, CardMask, iter_cards
from solver.cover import first_cover
from solver.game.actions import NO_FORCE, TURN, Action
from solver.game.state import GameState
from solver.players.greedy import least_connected


def greedy_action(state: GameState, careful: int = -1) -> Action:
    """The action ``greedy`` would choose in ``state`` (for the player to act).  The
    ``careful`` player keeps, when it can, discards that fit the opponent's exposed melds
    alone (a free take for them, R8-R9)."""
    phase = state.phase
    if phase == "turn":
        return TURN
    if phase == "force":
        return NO_FORCE
    center = state.center
    assert center is not None
    analysis = state.analysis()
    if analysis is not None and analysis.plays:
        play = max(analysis.plays, key=lambda p: p.size)  # first of the largest
        if play.wins:
            return Action("take", center, play.hand_cards, play.melds, None)
        p = state.facing
        rest = state.hands[p] & ~play.hand_cards
        exposed = 0
        for meld in play.melds:
            exposed |= meld
        live = FULL_DECK & ~(state.hands[p] | exposed | state.exposed[1 - p] | state.face_up)
        if p == careful and state.exposed[1 - p]:
            discard = careful_discard(rest, exposed, live, state.exposed[1 - p])
        else:
            discard = least_connected(rest, exposed, live)
        return Action("take", center, play.hand_cards, play.melds, discard)
    return Action("pass" if phase == "turned" else "decline", center)


def careful_discard(rest: CardMask, exposed: CardMask, live: CardMask, theirs: CardMask
                    ) -> Card:
    """The least connected card of ``rest`` that does not fit ``theirs`` (the opponent's
    exposed melds) alone; the least connected of all if every card fits."""
    safe = 0
    for card in iter_cards(rest):
        if first_cover(theirs | 1 << card) is None:
            safe |= 1 << card
    return least_connected(safe or rest, exposed, live)


def playout(state: GameState, player: int, careful: bool = True) -> float:
    """Play ``state`` (mutated) to its end greedily; the result for ``player``: +1 for a
    win, -1 for a loss, 0 for a draw (R10-R12).  ``careful``: ``player`` discards as in
    :func:`careful_discard`."""
    mine = player if careful else -1
    while state.phase != "over":
        state.apply_action(greedy_action(state, mine))
    if state.winner is None:
        return 0.0
    return 1.0 if state.winner == player else -1.0
