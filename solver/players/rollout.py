"""Fast playouts of a (determinized) hand to its end, both sides playing like ``greedy``.

The playout works on a complete :class:`GameState` without building observations: each
side still decides only from its own hand, its melds, the center card and the cards seen
face up, exactly as :class:`~solver.players.greedy.GreedyPlayer` does (the tests check
that both choose the same actions), so it is a cheap stand-in for the greedy player.
"""

from __future__ import annotations

from functools import lru_cache

from solver.cards import FULL_DECK, Card, CardMask, iter_cards
from solver.cover import core_plays, fits_melds, packings
from solver.game.conquian.actions import NO_FORCE, TURN, Action
from solver.game.conquian.state import GameState
from solver.players.hand_shape import least_connected


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
        if not fits_melds(theirs, card):
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


@lru_cache(maxsize=1 << 16)
def greedy_take(hand: CardMask, exposed: CardMask, center: Card) -> CardMask | None:
    """The hand cards greedy lays with ``center`` (the play :func:`greedy_action` picks:
    the most hand cards, ties to the lowest cards, as in ``solver.analysis.play_order``),
    or None when the card cannot be taken (R8).  Only the cards matter here: which melds
    they form changes nothing greedy looks at later.  Cached: the playouts of one decision
    meet the same hands over and over (83% of the calls were answered before, over 40
    hands)."""
    cores = core_plays(exposed | 1 << center, hand, center)
    best: CardMask | None = None
    for core in cores:
        for extra in packings(hand & ~core):
            play = core | extra
            if best is None or _better(play, best):
                best = play
    return best


def _better(a: CardMask, b: CardMask) -> bool:
    """More cards, or as many and the lower sorted card list (the first difference)."""
    na, nb = a.bit_count(), b.bit_count()
    if na != nb:
        return na > nb
    diff = a ^ b
    return bool(diff & -diff & a)


def quick_playout(state: GameState, player: int, careful: bool = True) -> tuple[float, int]:
    """:func:`playout` without building actions, analyses or history: the same greedy
    moves on bare masks (the tests check both end alike), several times faster, so the
    expert fits more deals in its budget.  ``state`` is left untouched.  Returns the
    result for ``player`` and the number of actions played."""
    mine = player if careful else -1
    hands = list(state.hands)
    exposed = list(state.exposed)
    face_up = state.face_up
    stock = state.deal.stock
    pos = state.stock_pos
    end = len(stock)
    center = state.center
    facing = state.facing
    phase = state.phase
    steps = 0
    while True:
        if phase == "over":
            break
        steps += 1
        if phase == "turn":
            center = stock[pos]
            pos += 1
            face_up |= 1 << center
            phase = "turned"
            continue
        assert center is not None
        if phase == "force":  # greedy waives (R9); the decliner turns next (R7)
            phase = "over" if pos == end else "turn"
            continue
        p = facing
        play = greedy_take(hands[p], exposed[p], center)
        if play is not None:
            hand = hands[p]
            rest = hand & ~play
            new = exposed[p] | play | 1 << center
            exposed[p] = new
            if not rest:
                return (1.0 if p == player else -1.0), steps  # R10
            live = FULL_DECK & ~(hand | new | exposed[1 - p] | face_up)
            if p == mine and exposed[1 - p]:
                discard = careful_discard(rest, new, live, exposed[1 - p])
            else:
                discard = least_connected(rest, new, live)
            hands[p] = rest & ~(1 << discard)
            center = discard
            face_up |= 1 << discard
            facing = 1 - p
            phase = "respond"
        elif phase == "turned":  # pass (R7)
            facing = 1 - p
            phase = "respond"
        elif phase == "forced":
            raise AssertionError("a forced card can always be taken (R9)")
        else:  # decline (R7); a card that fits the decliner's melds may be forced (R9)
            mine_exposed = exposed[p]
            if mine_exposed and fits_melds(mine_exposed, center):
                phase = "force"
            else:
                phase = "over" if pos == end else "turn"
    return (0.0 if state.winner is None else 1.0 if state.winner == player else -1.0), steps
