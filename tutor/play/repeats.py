"""Move numbers: a move sent again is recognised and answered, never played twice.

Every step of a match has a number: each action of each hand in turn (the learner's and the
computer's), and each deal of a next hand.  The page's forms and API clients may send the
number of the step their move is for (the form field ``move``, the header
``X-Move-Number``; the API answers the current number in that header).  A move for the
current step is played; the same move for a step already played is the one that was played
then, sent again (a retry after a lost answer, nginx passing a request on after its server
died having committed it): it is answered with the game as it stands, not played again; any
other number is a view out of date, refused (409).  A move sent without a number is played
on the game as it stands, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.record import state_from_dict
from solver.game.registry import game_rules
from solver.messages import N_
from solver.review.profiles import without_drawn_card
from tutor.play.games import HUMAN, NEXT_HAND, PlayError, TableGame

HEADER: Final = "X-Move-Number"
FIELD: Final = "move"


class StaleMove(PlayError):
    """A move for a step other than the current one that is not the move made there
    (answered as 409: the client reads the game again)."""


def move_number(game: TableGame) -> int:
    """The number of the match's next step: every action of every hand so far, and one
    for each deal of a next hand."""
    return sum(len(hand["actions"]) + 1 for hand in game.finished) + len(game.state.history)


def parse(value: object) -> int | None:
    """A sent move number (absent: None); anything but a whole number is refused."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise PlayError(N_("the move number ({name}) must be a whole number: the number the game "
                       "was answered with"), name=f"{FIELD} / {HEADER}")


def _record(action: Any) -> dict[str, Any]:
    """An action in its record form, without the card a draw from the stock found (sent
    without it) and without fields left empty."""
    record = without_drawn_card(action).to_dict(HUMAN)
    return {key: value for key, value in record.items() if value not in (None, [], ())}


def _made_at(game: TableGame, number: int, payload: object) -> bool:
    """Whether step ``number``, already played, was the learner's ``payload``."""
    offset = 0
    hands = game.hand_states()
    for index, hand in enumerate(hands):
        actions = hand["actions"]
        if number < offset + len(actions):
            step = number - offset
            if actions[step].get("player") != HUMAN or not isinstance(payload, Mapping):
                return False
            if payload.get("type") == NEXT_HAND or "player" in payload:
                return False
            rules = game_rules(game.rules)
            try:
                sent = rules.action_from_dict(payload, "action")
            except ConquianError:
                return False
            seat, made = state_from_dict(hand).history[step]
            return seat == HUMAN and _record(sent) == _record(made)
        if number == offset + len(actions):  # the deal of the next hand
            return (index < len(hands) - 1 and isinstance(payload, Mapping)
                    and payload.get("type") == NEXT_HAND)
        offset += len(actions) + 1
    return False


def repeated(game: TableGame, sent: object, payload: object) -> bool:
    """Whether ``payload``, sent for step ``sent`` (a move number as sent, or None), was
    already played there: then the caller answers the game as it stands.  False when it is
    to be played now; :class:`StaleMove` when it is neither."""
    number = parse(sent)
    if number is None:
        return False
    now = move_number(game)
    if number == now:
        return False
    if number < now and _made_at(game, number, payload):
        return True
    raise StaleMove(N_("this move was chosen at move {sent}, but the game is at move {now}: "
                       "look at the game again and choose anew"), sent=number, now=now)
