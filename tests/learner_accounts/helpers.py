"""Helpers for the learner account tests: browsers that fail puzzles, start games, sign up
and log in through the site's forms (CSRF tokens included)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.backends import postgres_url
from tutor import create_app
from tutor.extensions import db
from tutor.models import GameRating, Learner, Puzzle, PuzzleRound, PuzzleSet, User

DATA = Path(__file__).parents[1] / "puzzles_site" / "data"
EMAIL = "lia@example.org"
PASSWORD = "violet tractor umbrella 42"
NEW_PASSWORD = "quiet harbour lantern 7"


def make_app(tmp_path: Path, backend: str, **config: Any) -> Flask:
    uri = postgres_url() if backend == "postgres" else f"sqlite:///{tmp_path}/learners.sqlite"
    return create_app({
        "TESTING": True,
        "SECRET_KEY": "learner-accounts-test",
        "SQLALCHEMY_DATABASE_URI": uri,
        "WTF_CSRF_ENABLED": True,
        "RATELIMIT_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "PUZZLE_DIR": str(DATA),
        "PUZZLE_RELABEL_SUITS": False,
        **config,
    })


def token(client: FlaskClient, path: str = "/progress/") -> str:
    """The page's CSRF token (every page carries it in its head)."""
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf-token" content="([^"]+)"', page)
    assert match, page[:500]
    return match.group(1)


def post(client: FlaskClient, action: str, data: dict[str, str], csrf: bool = True,
         **kwargs: Any) -> tuple[int, str]:
    if csrf:
        data = {**data, "csrf_token": token(client)}
    response = client.post(action, data=data, **kwargs)
    return response.status_code, response.get_data(as_text=True)


def sign_up(client: FlaskClient, email: str = EMAIL, password: str = PASSWORD,
            csrf: bool = True) -> int:
    return post(client, "/me/signup",
                {"email": email, "password": password, "confirm": password}, csrf)[0]


def log_in(client: FlaskClient, email: str = EMAIL, password: str = PASSWORD,
           csrf: bool = True, **kwargs: Any) -> int:
    return post(client, "/me/login", {"email": email, "password": password}, csrf,
                **kwargs)[0]


def log_out(client: FlaskClient) -> int:
    return post(client, "/auth/logout", {})[0]


def puzzles(app: Flask) -> list[tuple[str, str, int]]:
    """(set slug, key, number of hints) of the English test puzzles, in order."""
    with app.app_context():
        rows = db.session.execute(
            db.select(Puzzle).join(PuzzleSet).where(PuzzleSet.language == "en")
            .order_by(PuzzleSet.slug, Puzzle.position_index)).scalars()
        return [(p.puzzle_set.slug, p.key, len(p.hints)) for p in rows]


def puzzle_ids(app: Flask) -> list[int]:
    """The ids of the English test puzzles, in order."""
    with app.app_context():
        return list(db.session.execute(
            db.select(Puzzle.id).join(PuzzleSet).where(PuzzleSet.language == "en")
            .order_by(PuzzleSet.slug, Puzzle.position_index)).scalars())


def fail(client: FlaskClient, puzzle: tuple[str, str, int]) -> None:
    """Ask for every hint, then the solution: a failed, rated round."""
    slug, key, hints = puzzle
    csrf = token(client)
    for _ in range(hints + 1):
        response = client.post(f"/puzzles/sets/{slug}/{key}/hint", data={"csrf_token": csrf})
        assert response.status_code == 302, response.get_data(as_text=True)


def new_game(client: FlaskClient) -> str:
    response = client.post("/play/", data={"level": "easy", "csrf_token": token(client)})
    match = re.search(r"/play/([^/#?]+)", response.location or "")
    assert response.status_code == 302 and match, response.get_data(as_text=True)
    return match.group(1)


def opens(client: FlaskClient, game_id: str) -> bool:
    return client.get(f"/play/{game_id}").status_code == 200


def copy(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of this one's session cookie as it is now."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    thief = app.test_client()
    thief.set_cookie("session", cookie.value)
    return thief


def numbers(client: FlaskClient) -> str:
    """The progress page's figures ("In numbers"), as text."""
    page = client.get("/progress/").get_data(as_text=True)
    section = page.split('id="numbers-h"', 1)[1].split("</section>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section)).strip()


def account_learner(app: Flask, email: str = EMAIL) -> int:
    with app.app_context():
        learner_id = db.session.execute(
            db.select(User.learner_id).filter_by(email=email)).scalar_one()
        assert learner_id is not None
        return int(learner_id)


def rounds_of(app: Flask, learner_id: int) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(PuzzleRound)
                                      .where(PuzzleRound.learner_id == learner_id)).scalar_one())


def ratings_of(app: Flask, learner_id: int) -> dict[str, tuple[float | None, int]]:
    with app.app_context():
        return {r.profile: (r.rating, r.rated_rounds) for r in db.session.execute(
            db.select(GameRating).filter_by(learner_id=learner_id)).scalars()}


def learner_ids(app: Flask) -> set[int]:
    with app.app_context():
        return set(db.session.execute(db.select(Learner.id)).scalars())
