"""At a table of two people the move labels name the other player from the table's seat
list (their name at the table, or "Player n" when they gave none), never "the computer";
against the computer the labels read as before."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.tables.test_services import MAX_MOVES, learner
from tutor.play.choices import label
from tutor.tables import services
from tutor.tables.seat_view import seat_names, seat_view

TWO_SEATS = [r for r in GAMES if get_profile(r).min_players == 2]


def _meld(owner: int, codes: list[str]) -> dict[str, Any]:
    return {"owner": owner, "owner_name": "", "frozen": False,
            "cards": [{"code": c, "owner": owner, "stands_for": None} for c in codes]}


def test_a_label_names_the_person_whose_meld_or_whom_it_forces(app: Flask) -> None:
    table = [_meld(0, ["4H", "5H", "6H"]), _meld(1, ["7S", "7D", "7C"])]
    view = {"center": "3C"}
    lay_off = {"type": "lay_off", "cards": ["7H"], "owner": 1, "meld": 0}
    force = {"type": "force", "card": "3C"}
    with app.test_request_context():
        for names in (["Ann", "Bea"], ["Ann", "Player 2"]):
            for action in (lay_off, force):
                text = label(action, view, table, names=names)
                assert names[1] in text and "computer" not in text.lower(), text
        assert "computer" in label(lay_off, view, table)  # against the computer
        assert "computer" in label(force, view, table)
        # The viewer's own meld is theirs whatever the names.
        own = label({"type": "lay_off", "cards": ["7H"], "owner": 0, "meld": 0}, view,
                    table, names=["Ann", "Bea"])
        assert "your meld" in own


@pytest.mark.parametrize("rules", TWO_SEATS)
def test_no_label_speaks_of_a_computer_at_a_table_of_two_people(app: Flask,
                                                                rules: str) -> None:
    host, guest = learner(app), learner(app)
    rng = random.Random(rules)
    with app.test_request_context():
        table_id = services.open_table(host, rules, 2, name="Ann").id
        services.join(table_id, guest)  # no name: "Player 2"
        number = services.start(table_id, host, seed=7)
        people = {0: host, 1: guest}
        for _move in range(MAX_MOVES):
            table = services.get_table(table_id)
            game = services.load_game(table)
            names = seat_names(table.seats, 2)
            assert names == ["Ann", "Player 2"]
            if game.hand_over:
                break
            seat = game.state.current_player()
            view = seat_view(game, seat, names)
            for choice in view["choices"]:
                words = [choice["label"]] + [d["label"] for d in choice["discards"] or []]
                for text in words:
                    assert "computer" not in text.lower(), f"{rules}: {text}"
                    if "'s meld" in text:  # someone else's meld: the other player's name
                        assert f"{names[1 - seat]}'s meld" in text, f"{rules}: {text}"
            choice = rng.choice(view["choices"])
            action = rng.choice(choice["discards"])["action"] if choice["discards"] \
                else choice["action"]
            number = services.move(table_id, people[seat], number, action)
        else:
            pytest.fail(f"{rules}: the hand did not end")
