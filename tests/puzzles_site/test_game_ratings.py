"""Ratings and practice per game, over the bundled library of every profile: a round moves
only its game's rating; practice, streak and review keep to the chosen game; every puzzle
page names its game and links its rule book; the daily puzzles, one per game."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.rules import PROFILES
from tests.puzzles_site.conftest import make_app
from tutor.extensions import db
from tutor.models import GameRating, Puzzle, PuzzleSet, ReviewCard
from tutor.puzzles.games import daily_index
from tutor.puzzles.views import STREAK_KEY

BUNDLED = Path(__file__).parents[2] / "puzzles"
GAMES = [
    pid for pid in PROFILES
    if pid in {json.loads(f.read_text(encoding="utf-8")).get("ruleset", "conquian-40")
               for f in BUNDLED.glob("*.json")}
]
"""The profiles with bundled puzzles, in the registry's order."""


def other_game(game: str) -> str:
    """Another game with bundled puzzles (the next in the registry, round the end)."""
    return GAMES[(GAMES.index(game) + 1) % len(GAMES)]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The site with the real bundled library (every game's sets), shared by the module:
    each test's fresh client is a new learner."""
    path: os.PathLike[str] = tmp_path_factory.mktemp("games")
    yield make_app(path, PUZZLE_DIR=str(BUNDLED))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def first_puzzle(app: Flask, game: str) -> tuple[str, str, int]:
    """(set slug, key, number of hints) of the first English bundled puzzle of ``game``."""
    with app.app_context():
        puzzle = db.session.execute(
            db.select(Puzzle).join(PuzzleSet)
            .where(PuzzleSet.ruleset == game, PuzzleSet.language == "en",
                   PuzzleSet.source == "bundled")
            .order_by(PuzzleSet.slug, Puzzle.position_index)
        ).scalars().first()
        assert puzzle is not None, game
        return puzzle.puzzle_set.slug, puzzle.key, len(puzzle.hints)


def fail(client: FlaskClient, app: Flask, game: str) -> None:
    """Ask for every hint and the solution of a ``game`` puzzle: a failed, rated round."""
    slug, key, hints = first_puzzle(app, game)
    for _ in range(hints + 1):
        response = client.post(f"/puzzles/sets/{slug}/{key}/hint")
        assert response.status_code == 302


def ratings(app: Flask) -> dict[str, dict[str, tuple[float | None, int]]]:
    """Every learner's (by id) rating and rated rounds per game."""
    out: dict[str, dict[str, tuple[float | None, int]]] = {}
    with app.app_context():
        for row in db.session.execute(db.select(GameRating)).scalars():
            out.setdefault(str(row.learner_id), {})[row.profile] = (row.rating, row.rated_rounds)
    return out


def my_ratings(app: Flask, before: dict[str, Any]) -> dict[str, tuple[float | None, int]]:
    """The rows of the one learner made since ``before``."""
    [mine] = [v for k, v in ratings(app).items() if k not in before]
    return mine


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_every_profile_has_bundled_puzzles() -> None:
    assert list(PROFILES) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_round_moves_only_its_games_rating(app: Flask, client: FlaskClient, game: str) -> None:
    other = other_game(game)
    before = ratings(app)
    fail(client, app, game)
    mine = my_ratings(app, before)
    assert set(mine) == {game}
    rating, rounds = mine[game]
    assert rating is not None and rating < 1500 and rounds == 1
    # And the other way round: a round of another game leaves this one where it was.
    fail(client, app, other)
    mine = my_ratings(app, before)
    assert mine[game] == (rating, 1)
    assert mine[other][0] is not None and mine[other][0] < 1500 and mine[other][1] == 1
    html = client.get("/progress/").get_data(as_text=True)
    page = text(html)
    for played in (game, other):
        name = PROFILES[played].display_name
        assert f"Puzzle rating in {name} {round(mine[played][0] or 0)}" in page
        assert f'href="/puzzles/practice?game={played}"' in html


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_page_names_its_game_and_links_its_rule_book(
    app: Flask, client: FlaskClient, game: str
) -> None:
    slug, key, _hints = first_puzzle(app, game)
    html = client.get(f"/puzzles/sets/{slug}/{key}").get_data(as_text=True)
    name = PROFILES[game].display_name
    assert f"Game: {name}" in html
    assert f'href="/rules/{game}">Rules of {name}</a>' in html
    assert client.get(f"/rules/{game}").status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_practice_draws_only_from_the_chosen_game(
    app: Flask, client: FlaskClient, game: str
) -> None:
    page = client.get(f"/puzzles/practice?game={game}").get_data(as_text=True)
    assert f'<option value="{game}" selected>' in page
    assert f"Puzzles of {PROFILES[game].display_name}." in text(page)
    for _ in range(5):  # the choice is kept in the session: no ?game= from here on
        response = client.get("/puzzles/practice/any")
        assert response.status_code == 302
        slug = re.search(r"/puzzles/sets/([^/]+)/", response.location)
        assert slug is not None
        with app.app_context():
            found = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug[1])).scalar_one()
            assert found.ruleset == game


@pytest.mark.parametrize("game", GAMES)
def test_the_streak_keeps_to_its_game_and_names_it(
    app: Flask, client: FlaskClient, game: str
) -> None:
    html = client.get(f"/puzzles/streak?game={game}").get_data(as_text=True)
    name = PROFILES[game].display_name
    assert f"Game: {name}" in html and f'href="/rules/{game}">Rules of {name}</a>' in html
    with client.session_transaction() as session:
        state = dict(session[STREAK_KEY])
        assert state["g"] == game
        with app.app_context():
            puzzle = db.session.get(Puzzle, state["p"])
            assert puzzle is not None and puzzle.puzzle_set.ruleset == game
        session[STREAK_KEY] = {**state, "n": 3}
    page = text(client.get("/puzzles/streak").get_data(as_text=True))
    assert "Streak: 3" in page  # the same game: the streak goes on
    page = text(client.get(f"/puzzles/streak?game={other_game(game)}").get_data(as_text=True))
    assert "Streak: 0" in page  # another game: a new streak
    page = text(client.get(f"/puzzles/streak?game={game}").get_data(as_text=True))
    assert "Streak: 0" in page  # and back: the old one is not resumed


def test_the_review_queue_keeps_to_the_chosen_game(app: Flask, client: FlaskClient) -> None:
    first, second = GAMES[0], GAMES[-1]
    fail(client, app, first)
    fail(client, app, second)
    with app.app_context():  # both due now
        for card in db.session.execute(db.select(ReviewCard)).scalars():
            card.due = card.due - timedelta(days=400)
        db.session.commit()
    titles = {}
    for game in (first, second):
        slug, key, _hints = first_puzzle(app, game)
        with app.app_context():
            titles[game] = db.session.execute(
                db.select(Puzzle.title).join(PuzzleSet).where(PuzzleSet.slug == slug,
                                                              Puzzle.key == key)
            ).scalar_one()
    everything = client.get("/puzzles/review?game=all").get_data(as_text=True)
    assert titles[first] in everything and titles[second] in everything
    only = client.get(f"/puzzles/review?game={second}").get_data(as_text=True)
    assert titles[second] in only and titles[first] not in only
    response = client.get("/puzzles/review/next")
    slug, key, _hints = first_puzzle(app, second)
    assert response.location.endswith(f"/puzzles/sets/{slug}/{key}")


def test_the_daily_page_lists_one_puzzle_per_game(app: Flask, client: FlaskClient) -> None:
    response = client.get("/puzzles/daily")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    names = re.findall(r'<h2 id="[^"]*">([^<]+)</h2>', html)
    assert names == [PROFILES[g].display_name for g in GAMES]
    links = re.findall(r'<a class="button" href="(/puzzles/sets/[^"]+)"', html)
    assert len(links) == len(GAMES)
    for link in links:
        assert client.get(link).status_code == 200
    again = client.get("/puzzles/daily").get_data(as_text=True)
    assert re.findall(r'<a class="button" href="(/puzzles/sets/[^"]+)"', again) == links
    for game in GAMES:
        assert f'href="/rules/{game}"' in html


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_choice_changes_with_the_day_and_the_game(game: str) -> None:
    start = date(2026, 12, 6)
    picks = [daily_index(start + timedelta(days=n), game, 40) for n in range(30)]
    assert len(set(picks)) > 10 and all(0 <= i < 40 for i in picks)
    assert picks == [daily_index(start + timedelta(days=n), game, 40) for n in range(30)]
    assert any(daily_index(start + timedelta(days=n), other_game(game), 40) != picks[n]
               for n in range(30))
