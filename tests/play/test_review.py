"""The graded review of a finished hand: worked out and stored when the hand ends, read back
by the page (grades, reasons, the winning-chances chart with its table, the computer's
cards), and in Portuguese and Spanish."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from solver.cards import card_str, cards_of
from solver.game.record import state_from_dict
from tests.play.helpers import computer_hand, log_of
from tests.play.test_pages import advance, start
from tutor.extensions import db
from tutor.models import Game, HandReview
from tutor.play.review import REVIEW_VERSION

GRADE_RE = re.compile(r'<span class="grade grade--(\w+)">')


def _finished(client: FlaskClient, level: str = "hard", seed: int = 13) -> str:
    game_id = start(client, level, seed)
    advance(client, game_id, lambda v: v["hand_over"])
    return game_id


def _row(app: Flask, game_id: str) -> HandReview | None:
    with app.app_context():
        row = db.session.execute(
            db.select(HandReview).filter_by(game_id=game_id, hand=0)).scalar_one_or_none()
        if row is not None:
            db.session.expunge(row)
        return row


def test_the_review_is_stored_when_the_hand_ends(app: Flask, client: FlaskClient) -> None:
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    row = _row(app, game_id)  # before anyone asked for the page
    assert row is not None and row.data["version"] == REVIEW_VERSION
    decisions = row.data["decisions"]
    assert decisions
    mine = [e for e in log_of(client, game_id) if e["actor"] == "you"]
    assert len(decisions) <= len(mine)
    with app.app_context():
        state = state_from_dict(db.session.get(Game, game_id).state)
    result = 0.5 if state.winner is None else float(state.winner == 0)
    assert row.data["chances"] == [d["chances"] for d in decisions] + [result]
    for d in decisions:
        assert d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert state.history[d["step"]][0] == 0  # a decision of the learner's
        assert 0.0 <= d["chances"] <= d["best_chances"] + 1e-9 or not d["same"]


def test_the_page_shows_the_stored_grades(app: Flask, client: FlaskClient) -> None:
    game_id = _finished(client)
    row = _row(app, game_id)
    assert row is not None
    html = client.get(f"/play/{game_id}/hands/1/review").get_data(as_text=True)
    shown = GRADE_RE.findall(html.split('<ol class="play-review">')[1])
    assert shown == [d["grade"] for d in row.data["decisions"]]
    # The chart: an SVG image with a title, and the same figures as a table.
    assert '<svg viewBox=' in html and 'role="img"' in html and "<title" in html
    table = html.split('class="chances-table"')[1].split("</table>")[0]
    figures = [int(x) for x in re.findall(r"<td>(\d+)%</td>", table)]
    assert figures == [round(100 * c) for c in row.data["chances"]]
    assert html.count("<circle") == len(row.data["chances"])
    assert "<script>" not in html  # no inline script: the CSP forbids it

    # What the page shows is what was stored: a changed row shows the change.
    data = dict(row.data)
    data["decisions"] = [dict(d) for d in data["decisions"]]
    data["decisions"][0]["grade"] = "blunder"
    data["decisions"][0]["reasons"] = [{"template": "A stored reason.", "params": {}}]
    with app.app_context():
        stored = db.session.get(HandReview, row.id)
        stored.data = data
        db.session.commit()
    html = client.get(f"/play/{game_id}/hands/1/review").get_data(as_text=True)
    assert "A stored reason." in html
    assert GRADE_RE.findall(html.split('<ol class="play-review">')[1])[0] == "blunder"


def test_an_old_or_missing_review_is_graded_on_demand(app: Flask, client: FlaskClient) -> None:
    game_id = _finished(client, "medium", 5)
    with app.app_context():
        db.session.execute(db.delete(HandReview))
        db.session.commit()
    assert client.get(f"/play/{game_id}/hands/1/review").status_code == 200
    row = _row(app, game_id)
    assert row is not None and row.data["version"] == REVIEW_VERSION


def test_the_review_reveals_the_computer_hand(app: Flask, client: FlaskClient) -> None:
    game_id = _finished(client)
    html = client.get(f"/play/{game_id}/hands/1/review").get_data(as_text=True)
    section = html.split('id="computer-hand-heading"')[1].split("</section>")[0]
    hand_part = section.split('class="computer-hand"')[1].split("</div>")[0]
    drawn = set(re.findall(r'data-card="(\w+)"', hand_part))
    assert drawn == computer_hand(app, game_id)
    with app.app_context():
        state = state_from_dict(db.session.get(Game, game_id).state)
    melds = {card_str(c) for m in state.melds[1] for c in cards_of(m)}
    assert melds <= set(re.findall(r'data-card="(\w+)"', section))
    # The stock that was never turned stays hidden.
    stock = {card_str(c) for c in state.deal.stock[state.stock_pos:]}
    assert not stock & set(re.findall(r'data-card="(\w+)"', html))


def test_the_review_in_portuguese_and_spanish(client: FlaskClient) -> None:
    game_id = _finished(client)
    for lang, heading, chart in (
        ("pt", "Suas avaliações", "Suas chances de vencer ao longo da mão"),
        ("es", "Tus valoraciones", "Tus posibilidades de ganar a lo largo de la mano"),
    ):
        html = client.get(f"/play/{game_id}/hands/1/review",
                          headers={"Accept-Language": lang}).get_data(as_text=True)
        assert f'lang="{lang}"' in html
        assert heading in html and chart in html, lang
        assert "Your grades" not in html and "Why the best move is better" not in html
