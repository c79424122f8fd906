"""Legal actions apply; anything else is refused with IllegalActionError and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.errors import IllegalActionError
from tests.conformance.games import canon, game_of, new_hand, random_step, snapshot
from tests.conformance.known_bugs import cases

SEEDS = range(3)
MAX_STEPS = 120


def positions(game_id: str, every: int) -> list[Any]:
    """Copies of the positions met in random play from a few deals (every ``every``-th
    step, the deal and the opening steps always)."""
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        state = new_hand(game_id, seed)
        for n in range(MAX_STEPS):
            if state.is_terminal():
                break
            if n < 4 or n % every == 0:
                out.append(state.clone())
            random_step(state, rng)
    return out


@pytest.mark.parametrize("game_id", cases("test_every_legal_action_applies"))
def test_every_legal_action_applies(game_id: str) -> None:
    for state in positions(game_id, every=3):
        actor = state.current_player()
        for action in state.legal_actions():
            trial = state.clone()
            trial.apply_action(action)
            assert len(trial.history) == len(state.history) + 1, action
            assert trial.history[-1][0] == actor, action
            game_of(trial).observe(trial, actor).to_dict()


def _mutants(state: Any, rng: random.Random, limit: int = 16) -> list[dict[str, Any]]:
    """Record-form actions near the legal ones: a legal action with one card it names
    changed to another card of the deck, or one number in it (chips, an index) off by one."""
    from solver.cards import card_str

    deck = sorted({card_str(c) for c in state.deal.rules.deck.cards if card_str(c) != "*"})
    out: list[dict[str, Any]] = []

    def swap(value: Any, target: str, new: str) -> Any:
        if isinstance(value, dict):
            return {k: swap(v, target, new) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v, target, new) for v in value]
        return new if value == target else value

    for action in state.legal_actions():
        data = action.to_dict()
        names = sorted({s for s in _strings(data) if s in deck})
        for name in rng.sample(names, min(len(names), 2)):
            out.append(swap(data, name, rng.choice(deck)))
        for key, value in data.items():  # chips paid, a meld's index, a seat
            if isinstance(value, int) and not isinstance(value, bool):
                out += [{**data, key: value + 1}, {**data, key: value - 1}]
    return rng.sample(out, min(len(out), limit))


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _lookahead(state: Any) -> list[str]:
    """The state and every state one legal action away (a refused action must not change
    even what shows only later)."""
    out = [snapshot(state)]
    actions = state.legal_actions()
    firsts = {a.to_dict()["type"]: a for a in reversed(actions)}  # one of each kind
    for action in [*actions[:3], *firsts.values()]:
        trial = state.clone()
        trial.apply_action(action)
        out.append(snapshot(trial))
    return out


@pytest.mark.parametrize("game_id", cases("test_illegal_action_is_refused_and_changes_nothing"))
def test_illegal_action_is_refused_and_changes_nothing(game_id: str) -> None:
    pool: list[dict[str, Any]] = []
    tried = 0
    for state in positions(game_id, every=12):
        game = game_of(state)
        legal = {canon(a.to_dict()) for a in state.legal_actions()}
        before, ahead = snapshot(state), _lookahead(state)
        rng = random.Random(len(state.history))
        # Near misses first (the refusals most likely to slip), then actions legal elsewhere.
        candidates = _mutants(state, rng) + rng.sample(pool, min(len(pool), 8))
        checked = 0
        for data in candidates:
            if canon(data) in legal:
                continue
            try:
                action = game.action_from_dict(data, "action")
            except IllegalActionError:
                continue  # refused already when read
            if canon(action.to_dict()) in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            tried += 1
            # Every refusal against the state; a few against the states one step on too.
            assert snapshot(state) == before, f"refusing {data} changed the hand"
            checked += 1
            if checked <= 3:
                assert _lookahead(state) == ahead, f"refusing {data} changed what follows"
        pool.extend(a.to_dict() for a in state.legal_actions()[:5])
    assert tried > 20


@pytest.mark.parametrize("game_id", cases("test_a_refused_opening_step_changes_nothing"))
def test_a_refused_opening_step_changes_nothing(game_id: str) -> None:
    """The opening steps (where games have their own rules, C6, K6, I7) of many deals: every
    near miss of every legal action is refused and changes nothing, not even what the next
    legal step does."""
    tried = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = new_hand(game_id, seed)
        for _ in range(3):
            if state.is_terminal():
                break
            game = game_of(state)
            legal = {canon(a.to_dict()) for a in state.legal_actions()}
            ahead = _lookahead(state)
            for data in _mutants(state, rng, limit=20):
                try:
                    action = game.action_from_dict(data, "action")
                except IllegalActionError:
                    continue
                if canon(action.to_dict()) in legal:
                    continue
                with pytest.raises(IllegalActionError):
                    state.apply_action(action)
                tried += 1
                assert _lookahead(state) == ahead, (
                    f"seed {seed}: refusing {data} after {len(state.history)} steps changed "
                    "what follows")
            random_step(state, rng)
    assert tried > 5
