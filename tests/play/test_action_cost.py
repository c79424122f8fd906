"""What a move's answer need not work out again (issue 28's web floor): a copy of a
position keeps the legal actions already found for it, and a hand's deal commitment is
hashed once while the hand goes on.  The answers stay the same (their values are checked
against a fresh computation)."""

from __future__ import annotations

import pytest
from flask import Flask

from solver.game import commitment
from solver.rules import PROFILES
from tutor.play import fairness
from tutor.play.games import new_game
from tutor.play.view import game_view


@pytest.mark.parametrize("rules_id", PROFILES)
def test_a_copy_keeps_the_legal_actions_found(rules_id: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(rules_id, "medium", 5).state
    found = state.legal_actions()
    copy = state.clone()
    kind = type(state)
    if hasattr(kind, "_generate"):  # a game that keeps what it worked out for a position
        def again(self: object) -> None:
            raise AssertionError("the copy worked out its legal actions again")
        monkeypatch.setattr(kind, "_generate", again)
    assert copy.legal_actions() == found
    monkeypatch.undo()
    copy.apply_action(found[0])  # a step forgets them: the next position's are its own
    replay = new_game(rules_id, "medium", 5).state
    replay.apply_action(found[0])
    assert copy.legal_actions() == replay.legal_actions()
    assert state.legal_actions() == found


@pytest.mark.parametrize("rules_id", PROFILES)
def test_the_commitment_is_hashed_once_a_hand(rules_id: str, app: Flask,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(rules_id, "medium", 7)
    with app.test_request_context("/"):
        expected = fairness.deal_commitment(game, 0, ["You"] + ["x"] * (game.seats - 1))
        calls = []
        for name in ("commitment", "commitment_v2"):
            real = getattr(commitment, name)

            def counted(*args: object, _real: object = real) -> object:
                calls.append(1)
                return _real(*args)  # type: ignore[operator]
            monkeypatch.setattr(commitment, name, counted)
        first = game_view(game)["deal_commitment"]
        second = game_view(game.copy())["deal_commitment"]
    assert first == second == expected
    assert first is not None and first["revealed"] is None
    assert len(calls) == 1
