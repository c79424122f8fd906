"""What the conformance tests know of a game: only the registry and the game protocol.

Every registered profile id (``solver.game.registry.GAMES``) is one case; a hand starts from
a real deal (``deal_from_seed``) with a seat count the profile allows, and is driven only by
``GameRules`` and the state API (``legal_actions``, ``apply_action``, ``clone`` ...).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from solver.game.deal import deal_from_seed
from solver.game.record import state_to_dict
from solver.game.registry import GAMES, game_rules
from solver.rules import RuleProfile, get_profile

GAME_IDS: tuple[str, ...] = tuple(sorted(GAMES))
"""Every profile with a registered game: the parameter of every conformance test."""


def seats_for(rules: RuleProfile, seed: int) -> int:
    """A seat count the profile allows, varied with the seed."""
    return rules.min_players + seed % (rules.max_players - rules.min_players + 1)


def new_hand(game_id: str, seed: int) -> Any:
    """The hand dealt from ``seed`` (dealer and seat count follow from it too)."""
    rules = get_profile(game_id)
    seats = seats_for(rules, seed)
    deal = deal_from_seed(seed, (seed // 3) % seats, rules, seats)
    return game_rules(rules).new_hand(deal, ())


def game_of(state: Any) -> Any:
    """The :class:`~solver.game.protocol.GameRules` of a hand."""
    return game_rules(state.deal.rules)


def seats_of(state: Any) -> range:
    return range(state.deal.players)


def step(state: Any, choice: int) -> Any:
    """Apply legal action number ``choice`` (modulo their count); returns it."""
    actions = state.legal_actions()
    assert actions, "a hand that is not over offers a legal action"
    action = actions[choice % len(actions)]
    state.apply_action(action)
    return action


def walk(game_id: str, seed: int, choices: list[int]) -> Iterator[Any]:
    """The states of a hand played by ``choices`` (indices into the legal actions), the
    deal first; it stops when the hand is over."""
    state = new_hand(game_id, seed)
    yield state
    for choice in choices:
        if state.is_terminal():
            return
        step(state, choice)
        yield state


def position(game_id: str, seed: int, steps: int, rng_seed: int | None = None) -> Any:
    """The hand dealt from ``seed`` after ``steps`` random legal actions (fewer if it ends)."""
    rng = random.Random(seed if rng_seed is None else rng_seed)
    state = new_hand(game_id, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        step(state, rng.randrange(1 << 30))
    return state


def canon(value: Any) -> Any:
    """A record-form value with list order forgotten (two spellings of one action compare
    equal: melds listed in another order, cards in another order)."""
    if isinstance(value, dict):
        return tuple(sorted((k, canon(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(sorted((canon(v) for v in value), key=repr))
    return value


def snapshot(state: Any, copy_blind: bool = False) -> str:
    """Everything the protocol shows of a hand: its stored form, whose move it is, its
    legal actions, its result and every seat's observation.  ``copy_blind`` forgets the
    order of every list: with two packs a record names a card, not which copy, and a
    replay deals the copy it meets first as copy 0, so the views list the same cards in
    another order."""
    game = game_of(state)
    data = {
        "stored": state_to_dict(state),
        "to_act": state.current_player(),
        "over": state.is_terminal(),
        "legal": [a.to_dict() for a in state.legal_actions()] if not state.is_terminal()
        else [],
        "result": game.result(state),
        "returns": state.returns(),
        "views": [game.observe(state, seat).to_dict() for seat in seats_of(state)],
    }
    if copy_blind:
        return repr(canon(json.loads(json.dumps(data, default=repr))))
    return json.dumps(data, sort_keys=True, default=repr)


def random_step(state: Any, rng: random.Random) -> Any:
    """One uniformly random legal action, applied."""
    action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def named_kinds(value: Any) -> set[int]:
    """The natural cards (kinds) a JSON value names: every string that is a card code.
    A joker ("*", or "*5H" for one standing for the 5♥) names no natural card."""
    from solver.cards import parse_kind

    found: set[int] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= named_kinds(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= named_kinds(item)
    elif isinstance(value, str) and _CARD_CODE.fullmatch(value):
        found.add(parse_kind(value))
    return found


_CARD_CODE = re.compile(r"(?:10|[A2-9JQK])[SHDC]")


def computer_steps(game_id: str, seed: int, max_steps: int = 3000) -> Iterator[Any]:
    """A hand played by the game's own computer players (``players_of``): seats take
    turns between its greedy and random players, each choosing from its observation.
    Yields the hand after the deal and after every step (the same object, played on)."""
    from solver.game.registry import players_of

    made = players_of(game_id)
    names: list[str] = [n for n in ("greedy", "random") if n in made] or sorted(made)
    state = new_hand(game_id, seed)
    rng = random.Random(seed)
    choosers = [made[names[(seat + seed) % len(names)]]() for seat in seats_of(state)]
    game = game_of(state)
    yield state
    while not state.is_terminal() and len(state.history) < max_steps:
        seat = state.current_player()
        state.apply_action(choosers[seat].choose(game.observe(state, seat), rng))
        yield state


def computer_hand(game_id: str, seed: int, max_steps: int = 3000) -> Any:
    """The hand of :func:`computer_steps` played out."""
    *_, last = computer_steps(game_id, seed, max_steps)
    return last
