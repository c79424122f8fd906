"""Every seat of a live table reads the felt about the same table (issue 29): the dealer
mark, the cards in each hand, who is still in and a finished deal's closing (who closed,
what each seat wins or pays, the closer's melds on the table and no cards left in their
hand) sit on the same table seats whichever seat looks, and they are the true ones.  A
Conquin observation numbers the seats from the table's seat 0, the others from the viewer;
the felt of seat 1 once put the dealer mark and the closer's payment on the wrong player."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile
from tutor import create_app
from tutor.play.games import new_game
from tutor.tables.seat_view import felt


def _finished(rules: str, seed: int) -> Any:
    """A hand of greedy players of ``rules`` at its end, at the most seats the felt
    tells apart (three, or two where the game is for two)."""
    seats = min(max(3, get_profile(rules).min_players), get_profile(rules).max_players)
    game = new_game(rules, "medium", seed=seed, opponents=seats - 1)
    state, moves, rng = game.state, game_rules(rules), random.Random(seed)
    greedy = players_of(rules)["greedy"]()
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(greedy.choose(moves.observe(state, player), rng))
    return game


def _by_table_seat(shown: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(s["table_seat"], s["hand_count"], s["dealer"], s.get("still_in"),
             s.get("pot_chip")) for s in shown["seats"]]


def _net_by_table_seat(shown: dict[str, Any], viewer: int, seats: int) -> list[int] | None:
    closing = shown["closing"]
    if closing is None:
        return None
    net = closing["net"]
    return [net[(s - viewer) % seats] for s in range(seats)]


@pytest.mark.parametrize("rules", list(GAMES))
def test_every_seat_reads_the_same_true_table(rules: str) -> None:
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    for seed in (1, 2, 3):
        game = _finished(rules, seed)
        state, seats = game.state, game.seats
        names = [f"Player {s + 1}" for s in range(seats)]
        observe = game_rules(rules).observe
        with app.test_request_context():
            shown = [felt(game, observe(state, v), v, names) for v in range(seats)]
        truth = [len(observe(state, s).to_dict().get("hand") or []) for s in range(seats)]
        for viewer, seen in enumerate(shown):
            marks = _by_table_seat(seen)
            assert marks == _by_table_seat(shown[0]), f"{rules}: seat {viewer}'s felt"
            assert [m[0] for m in marks] == list(range(seats))
            assert [m[1] for m in marks] == truth, f"{rules}: seat {viewer}'s hand counts"
            assert [m[2] for m in marks] == [s == state.deal.dealer for s in range(seats)], \
                f"{rules}: seat {viewer} sees the dealer mark on the wrong seat"
            net = _net_by_table_seat(seen, viewer, seats)
            assert net == _net_by_table_seat(shown[0], 0, seats), \
                f"{rules}: seat {viewer} reads another payment"
            closing = seen["closing"]
            if closing is not None and closing["melds"]:
                # The close laid the closer's cards on the table: their melds, no hand.
                closer = (state.winner - viewer) % seats
                tabled = [sorted(c["code"] for c in m["cards"]) for m in seen["table"]
                          if m["owner"] == closer]
                assert sorted(tabled) == sorted(sorted(m) for m in closing["melds"])
                assert marks[state.winner][1] == 0, f"{rules}: the closer holds cards"
            if net is not None and state.winner is not None:
                assert net[state.winner] == max(net)
                closer = "You" if viewer == state.winner else names[state.winner]
                assert any(line.startswith(closer) and "closed" in line
                           for line in seen["closing"]["payment"]), \
                    f"{rules}: seat {viewer}'s payment names another closer"
