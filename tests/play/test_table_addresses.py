"""The one table template posts its moves and asks for help where the page says (a live
table's seat gives its own addresses), and by default where a game against the computer
takes them; every move form carries the move number."""

from __future__ import annotations

import re

from flask import Flask, render_template
from flask.testing import FlaskClient

from tutor.extensions import db
from tutor.models import Game
from tutor.play import views
from tutor.play.games import game_from_dict


def _forms(html: str) -> list[str]:
    return re.findall(r'<form[^>]*action="([^"]+)"', html)


def test_the_table_posts_where_the_page_says(app: Flask, client: FlaskClient) -> None:
    started = client.post("/play/", data={"level": "easy", "seed": "29",
                                                "coaching": "on_demand"})
    game_id = started.location.split("/play/", 1)[1].split("#")[0]
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert f'action="/play/{game_id}/act"' in page
    assert 'name="move"' in page
    with app.test_request_context(f"/play/{game_id}"):
        row = db.session.get(Game, game_id)
        assert row is not None
        context = views._context(game_id, game_from_dict(row.state))
        # The help form shows when the coaching on demand has something to say.
        context["view"]["coaching"] = {"level": "on_demand", "help": None, "available": True}
        html = render_template("play/_table.html", **context,
                               move_url="/tables/abc/moves", help_url="/tables/abc")
    actions = _forms(html)
    assert "/tables/abc/moves" in actions and "/tables/abc#help" in actions
    assert f"/play/{game_id}/act" not in actions and f"/play/{game_id}#help" not in actions
    moves = html.count('action="/tables/abc/moves"')
    assert html.count('name="move" value=') >= moves > 0
