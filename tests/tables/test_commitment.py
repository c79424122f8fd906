"""Every hand at a live table carries a deal commitment from its deal on, the same for
every seat and for spectators; once the hand is over each seat is revealed the parts of the
deal it may see (its own hand, every hand the game turns face up, the dealer, the stock
unless it would give a hidden hand away) and a spectator the public one (the dealer); they
hash to the commitment shown from the start, they are the deal the server dealt, and a
hand thrown in shows its hash alone; the next hand gets a new one.  The table's page carries
it for the browser's check (static/js/verify-deal.js)."""

from __future__ import annotations

import html
import json
import random
from typing import Any

import pytest
from flask import Flask, render_template

from solver.game.commitment import check_reveal, part_lines
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile
from tests.play.conftest import learner_client
from tests.tables.helpers import true_state
from tests.tables.test_http import _many_seats, _open
from tests.tables.test_services import MAX_MOVES, learner
from tutor.tables import services
from tutor.tables.seat_view import seat_names, seat_view, spectator_view


@pytest.mark.parametrize("rules", list(GAMES))
def test_every_seat_and_a_spectator_get_one_commitment_that_verifies(app: Flask,
                                                                     rules: str) -> None:
    seats = max(2, get_profile(rules).min_players)
    host = learner(app)
    rng = random.Random(rules)
    with app.test_request_context():
        table_id = services.open_table(host, rules, seats).id
        services.fill_with_computers(table_id, host, "easy")
        number = services.start(table_id, host, seed=7)
        player = players_of(rules)["greedy"]()
        first = None
        for _move in range(MAX_MOVES):
            table = services.get_table(table_id)
            game = services.load_game(table)
            names = seat_names(table.seats, seats)
            shown = [seat_view(game, s, names)["deal_commitment"] for s in range(seats)]
            watched = spectator_view(game, names)["deal_commitment"]
            assert shown[0] is not None, f"{rules}: a table hand without a commitment"
            first = first or shown[0]["hash"]
            assert all(c["hash"] == first for c in [*shown, watched]), \
                f"{rules}: the commitment differs between viewers or changed mid-hand"
            if game.hand_over:
                break
            assert all(c == watched for c in shown), f"{rules}: the views differ mid-hand"
            assert shown[0]["revealed"] is None, f"{rules}: the deal shown before the end"
            action = player.choose(game_rules(rules).observe(game.state, 0), rng)
            number = services.move(table_id, host, number, action.to_dict())
        else:
            pytest.fail(f"{rules}: the hand did not end")
        state = true_state(app, table_id)
        lines = part_lines(state.deal)
        shows = game_rules(rules).shows_hand
        for viewer, committed in [*enumerate(shown), (None, watched)]:
            revealed = committed["revealed"]
            assert revealed is not None and revealed["version"] == 2
            checked = check_reveal(revealed["text"])
            assert checked["sha256"] == first and checked["wrong"] == []
            kept = {f"hand {s}" for s in range(seats)  # a spectator sees no hand
                    if s != viewer and (viewer is None
                                        or (shows is not None and not shows(state, s)))}
            for part in revealed["parts"]:
                label = part["label"]
                if label in kept or (label == "stock" and kept):
                    assert part["text"] is None, f"{rules}: {viewer} sees {label}"
                    assert lines[label] not in revealed["text"]
                else:
                    assert part["text"].endswith(lines[label]), f"{rules}: {label}"
        if not game.match_over:  # the next hand: a new deal, a new commitment
            number = services.move(table_id, host, number, {"type": "next_hand"})
            table = services.get_table(table_id)
            again = seat_view(services.load_game(table), 0,
                              seat_names(table.seats, seats))["deal_commitment"]
            assert again["revealed"] is None and again["hash"] != first


def test_the_table_page_shows_the_commitment_to_seats_and_spectators(app: Flask) -> None:
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    table_id = _open(host, guest, _many_seats(), 3)
    host.post(f"/tables/{table_id}/fill", data={"level": "easy"})
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    digest = host.get(f"/tables/{table_id}/state").get_json()["view"]["deal_commitment"]["hash"]
    for client in (host, guest, spectator):
        page = client.get(f"/tables/{table_id}").get_data(as_text=True)
        assert f'data-deal-commitment="{digest}"' in page
        assert "js/verify-deal.js" in page
        assert "data-deal-text" not in page  # no reveal while the hand goes on
        fragment = client.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
        assert f'data-deal-commitment="{digest}"' in fragment


def _throw_in(state: Any, seat: int, shows: Any) -> Any:
    """A legal action of ``seat`` after which the game keeps its hand face down, if any."""
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if not shows(after, seat):
            return action
    return None


def test_a_hand_thrown_in_stays_hidden_from_the_other_seats_and_spectators(app: Flask) -> None:
    """The host throws their hand in (a game with ``shows_hand``: Conquin's pass); at the
    end the others and the teacher shown the hand get that hand's hash alone (a spectator
    gets no hand at all), and the stock's (with the
    other hands it would give the hand away), while the host sees their own hand; every
    view still verifies, and the page shows which parts stayed hidden."""
    rules = next(r for r in GAMES if game_rules(r).shows_hand is not None)
    shows = game_rules(rules).shows_hand
    seats = max(3, get_profile(rules).min_players)
    host = learner(app)
    rng = random.Random(3)
    with app.test_request_context():
        table_id = services.open_table(host, rules, seats).id
        services.fill_with_computers(table_id, host, "easy")
        number = services.start(table_id, host, seed=5)
        thrown = False
        for _move in range(MAX_MOVES):
            game = services.load_game(services.get_table(table_id))
            if game.hand_over:
                break
            state = game.state
            action = _throw_in(state, 0, shows) if not thrown else None
            thrown = thrown or action is not None
            if action is None:
                action = players_of(rules)["greedy"]().choose(
                    game_rules(rules).observe(state, 0), rng)
            number = services.move(table_id, host, number, action.to_dict())
        assert thrown and not shows(game.state, 0), "the host's hand was not thrown in"
        names = seat_names(services.get_table(table_id).seats, seats)
        lines = part_lines(true_state(app, table_id).deal)
        own = seat_view(game, 0, names)["deal_commitment"]["revealed"]
        assert own["parts"][1]["label"] == "hand 0" and own["parts"][1]["text"]
        others = [(1, seat_view(game, 1, names)),
                  (None, spectator_view(game, names, granted=True)),  # the class's teacher
                  (None, spectator_view(game, names))]  # any spectator: no hand at all
        for number, (viewer, view) in enumerate(others):
            revealed = view["deal_commitment"]["revealed"]
            hidden = {p["label"]: p["why"] for p in revealed["parts"] if p["text"] is None}
            kept = {f"hand {s}" for s in range(seats)
                    if s != viewer and (number == 2 or not shows(game.state, s))}
            assert set(hidden) == {*kept, "stock"} and all(hidden.values())
            assert lines["hand 0"] not in json.dumps(view)
            checked = check_reveal(revealed["text"])
            assert checked["sha256"] == view["deal_commitment"]["hash"]
            assert checked["wrong"] == []
            page = render_template("play/_fairness.html", view=view)
            assert 'data-deal-hidden="hand 0"' in page and "data-deal-root" in page
            assert lines["hand 0"] not in page and hidden["hand 0"] in html.unescape(page)
            assert revealed["text"] in page  # the whole reveal, for conquian verify-deal
