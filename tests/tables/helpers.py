"""What each seat of a live table may have seen, worked out from the true stored game apart
from the views checked (tests/conformance/test_hidden.py's ``Seen``, replayed step by step),
and the cards a JSON answer names."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask

from solver.cards import parse_kind
from solver.game.record import state_from_dict
from tests.conformance.cards import kinds, zones
from tests.conformance.games import game_of, named_kinds
from tests.conformance.test_hidden import Seen
from tests.play.helpers import mentioned_in_words
from tutor.extensions import db
from tutor.models import PlayTable


def true_state(app: Flask, table_id: str) -> Any:
    """The current hand as the server holds it (every card, for the checks only)."""
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None and row.state is not None
        return state_from_dict(row.state)


class Watch:
    """What each seat has seen in one hand, followed step by step as the hand goes on
    (``seen(state)`` replays the steps made since it was last asked)."""

    def __init__(self, state: Any) -> None:
        self.replayed = state_from_dict({**_stored(state), "actions": [], "result": None})
        self.known = Seen(self.replayed)
        self.public: set[int] = kinds(zones(self.replayed).public)
        """Every card that has lain face up for all to see (what a spectator may see),
        and once the hand is over the hands the game turns up (a closing's melds)."""

    def seen(self, state: Any) -> Seen:
        game = game_of(state)
        for player, action in state.history[len(self.replayed.history):]:
            game.replay_step(self.replayed, player, action, "test")
            self.known.update(self.replayed)
            self.public |= kinds(zones(self.replayed).public)
        if self.replayed.is_terminal():  # the hands the game turns face up for all to see
            self.public |= set.intersection(*self.known.by_seat)
        return self.known


def seen_so_far(state: Any) -> Seen:
    """What each seat has seen in the hand ``state`` has come to, step by step."""
    return Watch(state).seen(state)


def _stored(state: Any) -> dict[str, Any]:
    from solver.game.record import state_to_dict

    return state_to_dict(state)


JOKER_AS = re.compile(r'joker as (?:the )?\w+ of \w+|joker \(\S+\)|[*★][^\s"]+')
"""What a joker stands for names a kind, not where a card of it lies ("*5H" in a code,
"★5♥" in a sentence)."""


def _trim(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _trim(v) for k, v in value.items() if k not in ("help", "stands_for")}
    if isinstance(value, list):
        return [_trim(v) for v in value]
    return value


def named(value: Any) -> set[int]:
    """The card kinds a JSON answer names: codes, and cards named in its sentences
    (the coaching help aside, which may name a card the player would need)."""
    trimmed = _trim(value)
    text = JOKER_AS.sub("", json.dumps(trimmed, ensure_ascii=False))
    words = {parse_kind(c) for c in mentioned_in_words(text)}
    return named_kinds(trimmed) | words


def hidden_from(state: Any, seat: int | None) -> set[int]:
    """Cards ``seat`` must not be shown now: the stock and every other seat's hand (a
    spectator, ``None``: every hand)."""
    z = zones(state)
    hidden = kinds(z.hidden)
    for other, cards in enumerate(z.private):
        if other != seat:
            hidden |= kinds(cards)
    return hidden
