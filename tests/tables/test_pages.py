"""The table pages: the list and the open form, the join form, the invite link; the host
sees "Start" once every seat is taken, a guest does not; each page of a started table draws
no card its viewer has not seen (a spectator's draws no hand)."""

from __future__ import annotations

from flask import Flask

from solver.cards import parse_kind
from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.play.conftest import learner_client
from tests.play.helpers import mentioned_in_html
from tests.tables.helpers import Watch, true_state
from tests.tables.test_http import _code, _open


def test_pages_for_the_host_a_guest_and_a_spectator(app: Flask) -> None:
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    listing = host.get("/tables/")
    assert listing.status_code == 200
    text = listing.get_data(as_text=True)
    for rules in GAMES:  # every profile can be chosen, with its players
        profile = get_profile(rules)
        assert f'value="{rules}"' in text
        assert f"{profile.min_players} to {profile.max_players} players" in text
    assert 'href="/tables/"' in text  # the "Play with people" menu entry
    assert guest.get("/tables/join").status_code == 200
    rules = next(r for r in GAMES if get_profile(r).min_players >= 3)
    table_id = _open(host, guest, rules, 3)
    assert _code(app, table_id) in host.get("/tables/").get_data(as_text=True)
    waiting = host.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Fill the free seats with computer players" in waiting and ">Start<" not in waiting
    host.post(f"/tables/{table_id}/fill", data={"level": "hard"})
    assert ">Start<" in host.get(f"/tables/{table_id}").get_data(as_text=True)
    assert ">Start<" not in guest.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Bea" in guest.get(f"/tables/{table_id}").get_data(as_text=True)
    host.post(f"/tables/{table_id}/start")
    watch = Watch(true_state(app, table_id))
    seen = watch.seen(true_state(app, table_id))
    for seat, client in ((0, host), (1, guest), (None, spectator)):
        for url in (f"/tables/{table_id}", f"/tables/{table_id}/fragment"):
            page = client.get(url)
            assert page.status_code == 200
            drawn = {parse_kind(c) for c in mentioned_in_html(page.get_data(as_text=True))}
            known = watch.public if seat is None else seen.by_seat[seat]
            assert drawn <= known, f"{url} for seat {seat} draws a card it has not seen"
    helped = host.get(f"/tables/{table_id}?help=1")
    assert helped.status_code == 200
    assert "Your hand" not in spectator.get(f"/tables/{table_id}").get_data(as_text=True)
    assert spectator.get("/tables/nonesuch").status_code == 404
    assert spectator.get("/t/NOCODE").status_code == 404
