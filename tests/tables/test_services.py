"""The table services for every registered game: open, fill with computer players, start,
play a whole hand to its end (the host's moves chosen by the greedy computer player from
the host's observation), each view holding no card its viewer has not seen; options
outside a profile's range refused with a clear message."""

from __future__ import annotations

import random
import secrets

import pytest
from flask import Flask

from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile
from tests.tables.helpers import Watch, named, true_state
from tutor.extensions import db
from tutor.models import Learner, PlayTable
from tutor.tables import services
from tutor.tables.seat_view import seat_names, seat_view, spectator_view

# A bound that only a hand that never ends reaches: every profile ends a hand by its stock
# or its turn limit, and random play may take several actions (lays, lay-offs) a turn.
MAX_MOVES = 5000


def learner(app: Flask) -> int:
    with app.app_context():
        row = Learner(token=secrets.token_urlsafe(32))
        db.session.add(row)
        db.session.commit()
        return int(row.id)


@pytest.mark.parametrize("rules", list(GAMES))
def test_open_fill_start_and_play_a_hand_to_its_end(app: Flask, rules: str) -> None:
    profile = get_profile(rules)
    host = learner(app)
    rng = random.Random(rules)
    with app.test_request_context():
        table = services.open_table(host, rules, max(2, profile.min_players))
        table_id = table.id
        assert services.fill_with_computers(table_id, host, "easy") == \
            max(2, profile.min_players) - 1
        number = services.start(table_id, host, seed=7)
        host_player = players_of(rules)["greedy"]()
        moves = 0
        watch = Watch(true_state(app, table_id))
        while True:
            table = services.get_table(table_id)
            game = services.load_game(table)
            names = seat_names(table.seats, table.options["seats"])
            seen = watch.seen(game.state)
            own = named(seat_view(game, 0, names))
            assert own <= seen.by_seat[0], f"{rules}: seat 0 is shown cards it has not seen"
            if moves % 8 == 0 or game.hand_over:  # the spectator's view is the same check
                public = watch.public
                assert named(spectator_view(game, names)) <= public, \
                    f"{rules}: a spectator is shown a card not public"
            if game.hand_over:
                break
            assert game.state.current_player() == 0  # the computers have moved
            # The host plays as the greedy computer player would, from its own observation.
            action = host_player.choose(game_rules(rules).observe(game.state, 0), rng)
            number = services.move(table_id, host, number, action.to_dict())
            assert number == db.session.get(PlayTable, table_id).move_number
            moves += 1
            assert moves < MAX_MOVES, f"{rules}: the hand did not end"
        assert game_rules(rules).result(game.state) is not None


@pytest.mark.parametrize("rules", list(GAMES))
def test_seats_outside_the_profile_are_refused(app: Flask, rules: str) -> None:
    profile = get_profile(rules)
    host = learner(app)
    with app.test_request_context():
        for seats in (profile.min_players - 1, profile.max_players + 1):
            with pytest.raises(services.TableError) as refused:
                services.open_table(host, rules, seats)
            assert f"{profile.min_players} to {profile.max_players} players" in str(refused.value)
            assert str(seats) in str(refused.value)
        assert db.session.query(PlayTable).count() == 0


def test_options_the_profile_does_not_offer_are_refused(app: Flask) -> None:
    host = learner(app)
    without = [r for r in GAMES if "pot_chip" not in get_profile(r).match_options]
    with app.test_request_context():
        with pytest.raises(services.TableError) as refused:
            services.open_table(host, without[0], None, {"pot_chip": "on"})
        assert "pot_chip" in str(refused.value)
        with pytest.raises(services.TableError) as refused:
            services.open_table(host, "no-such-game", None)
        assert "rules must be one of" in str(refused.value)
        targets = [r for r in GAMES if "target" in get_profile(r).match_options]
        with pytest.raises(services.TableError) as refused:
            services.open_table(host, targets[0], None, {"target": "0"})
        assert "target" in str(refused.value)
        assert db.session.query(PlayTable).count() == 0


def test_start_needs_every_seat_taken_and_the_host(app: Flask) -> None:
    many = next(r for r in GAMES if get_profile(r).max_players > 2)
    host, guest = learner(app), learner(app)
    with app.test_request_context():
        table_id = services.open_table(host, many, 3).id
        assert services.join(table_id, guest) == 1
        assert services.join(table_id, guest) == 1  # the seat they hold already
        with pytest.raises(services.Conflict, match="still free"):
            services.start(table_id, host)
        with pytest.raises(services.Forbidden, match="only the host"):
            services.fill_with_computers(table_id, guest, "easy")
        services.fill_with_computers(table_id, host, "hard")
        with pytest.raises(services.Forbidden, match="only the host"):
            services.start(table_id, guest)
        services.start(table_id, host, seed=1)
        assert services.get_table(table_id).status == services.PLAYING
        with pytest.raises(services.Conflict, match="has started"):
            services.join(table_id, learner(app))


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_guest_at_seat_one_is_offered_its_own_legal_moves(app: Flask, rules: str) -> None:
    """Observations speak from the viewing seat: the guest at seat 1 is offered choices
    only on its own turn, each one the engine accepts for that seat."""
    profile = get_profile(rules)
    host, guest = learner(app), learner(app)
    with app.test_request_context():
        table_id = services.open_table(host, rules, max(2, profile.min_players)).id
        assert services.join(table_id, guest) == 1
        services.fill_with_computers(table_id, host, "easy")
        number = services.start(table_id, host, seed=11)
        for _ in range(6):
            table = services.get_table(table_id)
            game = services.load_game(table)
            if game.hand_over:
                break
            names = seat_names(table.seats, table.options["seats"])
            turn = game.state.current_player()
            views = {seat: seat_view(game, seat, names) for seat in (0, 1)}
            for seat, view in views.items():
                assert bool(view["choices"]) == (seat == turn), (rules, seat, turn)
                assert view["you"] == seat and view["seats"][seat]["you"]
            choice = views[turn]["choices"][0]
            action = choice["discards"][0]["action"] if choice["discards"] \
                else choice["action"]
            mover = host if turn == 0 else guest
            number = services.move(table_id, mover, number, action)
