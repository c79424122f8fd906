"""A live table draws the felt as the play page does (issues 28/29): at the end of a hand,
for every profile, seat 0's page shows the play page's melds (who laid each card, frozen
melds, what a joker stands for), each seat's hand count, score and dealer mark, and a
finished deal's closing (the closer's melds, the payment line by line); no page draws a
card its viewer has not seen, a spectator's only public ones."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask import Flask, render_template

from solver.cards import parse_kind
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile
from tests.play.conftest import learner_client
from tests.play.helpers import mentioned_in_html
from tests.tables.helpers import Watch, true_state
from tests.tables.test_http import _open
from tests.tables.test_services import MAX_MOVES
from tutor.extensions import db
from tutor.models import PlayTable
from tutor.play.view import game_view
from tutor.tables import services
from tutor.tables.seat_view import seat_names, seat_view

LAID = re.compile(r'data-card="([^"]+)" data-laid-by')
COUNT = re.compile(r'<p class="play-count">(.*?)</p>', re.S)
JOKER_AS = re.compile(r"joker as (the )?\w+ of \w+")
"""What a joker stands for names a kind, not where a card of it lies."""
CLOSING = re.compile(r'<section class="play-closing".*?</section>', re.S)


def _felt(html: str) -> dict[str, Any]:
    """What the felt of a page shows: laid-off cards, frozen melds, each seat's line and
    the closing (its melds' cards and how many payment lines)."""
    closing = CLOSING.search(html)
    part = closing.group(0) if closing else ""
    return {"laid_off": sorted(LAID.findall(html)),
            "frozen": html.count("table-meld--frozen"),
            "seat_lines": sorted(re.sub(r"\s+", " ", line) for line in COUNT.findall(html)),
            "closing_cards": re.findall(r'data-card="([^"]+)"', part),
            "payment_lines": part.count("<li>")}


def _meld_cards(melds: list[dict[str, Any]]) -> list[Any]:
    return [(m["owner"], m["frozen"], [(c["code"], c["owner"], c["stands_for"])
                                       for c in m["cards"]]) for m in melds]


def _play_to_the_end(app: Flask, table_id: str, people: dict[int, int], rules: str,
                     watch: Watch) -> Any:
    """Each person's seat plays as the greedy computer player would; the hand's end."""
    rng = random.Random(rules)
    greedy = players_of(rules)["greedy"]()
    with app.test_request_context():
        for _move in range(MAX_MOVES):
            table = services.get_table(table_id)
            game = services.load_game(table)
            watch.seen(game.state)
            if game.hand_over:
                return game
            seat = game.state.current_player()
            action = greedy.choose(game_rules(rules).observe(game.state, seat), rng)
            services.move(table_id, people[seat], table.move_number, action.to_dict())
            db.session.remove()
    raise AssertionError(f"{rules}: the hand did not end")


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(GAMES))
def test_a_finished_table_hand_shows_what_the_play_page_shows(app: Flask, rules: str) -> None:
    seats = max(2, get_profile(rules).min_players)
    host, guest, spectator = learner_client(app), learner_client(app), learner_client(app)
    table_id = _open(host, guest, rules, seats)
    if seats > 2:
        assert host.post(f"/tables/{table_id}/fill", data={"level": "easy"}).status_code == 302
    with app.app_context():
        row = db.session.get(PlayTable, table_id)
        assert row is not None
        people = {s.seat: s.learner_id for s in row.seats if s.kind != "computer"}
    assert host.post(f"/tables/{table_id}/start").status_code == 302
    watch = Watch(true_state(app, table_id))
    game = _play_to_the_end(app, table_id, people, rules, watch)
    seen = watch.seen(game.state)

    pages = {seat: client.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
             for seat, client in ((0, host), (1, guest), (None, spectator))}
    with app.test_request_context():
        table = services.get_table(table_id)
        names = seat_names(table.seats, seats)
        played = game_view(game, with_log=True)  # the play page's view of seat 0
        felt = seat_view(game, 0, names)["felt"]
        play_page = render_template("play/_table.html", view=played, game_id="x")

    # The seat view is the play view's table, seat by seat, named by the table.
    assert _meld_cards(felt["table"]) == _meld_cards(played["table"])
    assert [(s["hand_count"], s["score"], s["dealer"]) for s in felt["seats"]] == \
        [(s["hand_count"], s["score"], s["dealer"]) for s in played["seats"]]
    assert [s["name"] for s in felt["seats"]] == names
    assert (felt["closing"] is None) == (played["closing"] is None)
    if played["closing"] is not None:
        assert felt["closing"]["melds"] == played["closing"]["melds"]
        assert felt["closing"]["net"] == played["closing"]["net"]
        assert len(felt["closing"]["payment"]) == len(played["closing"]["payment"])
        assert "The closing melds" in pages[0] and "The payment" in pages[0]
    # Seat 0's page draws what the play page draws for the same state.
    assert _felt(pages[0]) == _felt(play_page)
    # Every viewer sees the same laid-off marks and closing; none a card it has not seen.
    for seat, page in pages.items():
        shown = _felt(page)
        assert shown["laid_off"] == _felt(pages[0])["laid_off"]
        assert shown["closing_cards"] == _felt(pages[0])["closing_cards"]
        drawn = {parse_kind(c) for c in mentioned_in_html(JOKER_AS.sub("joker", page))}
        known = watch.public if seat is None else seen.by_seat[seat]
        assert drawn <= known, f"{rules}: the page of seat {seat} draws a card not seen"
    assert "Your hand" not in pages[None] and "Your melds" not in pages[None]
