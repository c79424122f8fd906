"""Migration 0009 gives learners with rated rounds from before it one rating per game:
a learner who played one game keeps their rating exactly; one who played several gets each
game's rating replayed from that game's rounds; their progress pages still answer."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import upgrade

from solver.rules import PROFILES
from tutor import create_app
from tutor.core.learner import SESSION_KEY
from tutor.extensions import db
from tutor.extensions_migrate import init_migrate
from tutor.models import Attempt, GameRating, Learner, Puzzle, PuzzleRound, PuzzleSet
from tutor.puzzles import glicko2
from tutor.puzzles.ratings import puzzle_prior, score_of
from tutor.puzzles.store import sync_bundled

BUNDLED = Path(__file__).parents[2] / "puzzles"
FIRST, *_, SECOND = list(PROFILES)


def puzzles_of(game: str, n: int) -> list[Puzzle]:
    return list(db.session.execute(
        db.select(Puzzle).join(PuzzleSet)
        .where(PuzzleSet.ruleset == game, PuzzleSet.language == "en")
        .order_by(PuzzleSet.slug, Puzzle.position_index).limit(n)
    ).scalars())


def played(learner: Learner, puzzle: Puzzle, outcome: str, hints: int, when: datetime,
           rating: float) -> PuzzleRound:
    row = PuzzleRound(learner_id=learner.id, puzzle_id=puzzle.id, suits="SHDC", outcome=outcome,
                      hints_used=hints, rated=True, learner_rating=rating,
                      learner_deviation=300.0, started_at=when, finished_at=when)
    db.session.add(row)
    return row


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    app = create_app({
        "TESTING": True, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/old.sqlite",
        "PUZZLE_DIR": str(BUNDLED), "RATELIMIT_ENABLED": False,
    })
    init_migrate(app)  # flask_migrate's upgrade reads it, as under flask db
    return app


def test_old_ratings_move_to_their_games(app: Flask) -> None:
    start = datetime(2026, 11, 1, 12)
    with app.app_context():
        upgrade(revision="0008_tables")  # the site as it was before ratings per game
        assert sync_bundled(BUNDLED).ok
        one = Learner(token="one-game", rating=1432.5, rating_deviation=120.0,
                      rating_volatility=0.0599)
        many = Learner(token="two-games", rating=1610.0, rating_deviation=150.0,
                       rating_volatility=0.06)
        legacy = Learner(token="answers-only")
        db.session.add_all([one, many, legacy])
        db.session.flush()
        a, b = puzzles_of(FIRST, 2)
        [k] = puzzles_of(SECOND, 1)
        played(one, a, "clean", 0, start, 1600.0)
        played(one, b, "failed", 0, start + timedelta(hours=1), 1432.5)
        history = [(a, "clean", 0), (k, "failed", 0), (b, "after_miss", 0)]
        for n, (puzzle, outcome, hints) in enumerate(history):
            played(many, puzzle, outcome, hints, start + timedelta(hours=n), 1610.0)
        db.session.add(Attempt(learner_id=legacy.id, puzzle_id=a.id, correct=True))
        db.session.commit()
        expected: dict[str, glicko2.Rating] = {}
        for puzzle, outcome, hints in history:
            game = puzzle.puzzle_set.ruleset
            expected[game] = glicko2.rate(
                expected.get(game, glicko2.Rating()),
                [glicko2.Game(puzzle_prior(puzzle.difficulty), score_of(outcome, hints))],
            )
        ids = {"one": one.id, "many": many.id, "legacy": legacy.id}
        db.session.remove()

        upgrade()

        rows = {(r.learner_id, r.profile): r
                for r in db.session.execute(db.select(GameRating)).scalars()}
        assert set(rows) == {(ids["one"], FIRST), (ids["many"], FIRST), (ids["many"], SECOND)}
        kept = rows[ids["one"], FIRST]
        assert (kept.rating, kept.deviation, kept.volatility, kept.rated_rounds) == (
            1432.5, 120.0, 0.0599, 2)
        for game in (FIRST, SECOND):
            row = rows[ids["many"], game]
            assert row.rating == pytest.approx(expected[game].rating)
            assert row.deviation == pytest.approx(expected[game].deviation)
        assert rows[ids["many"], FIRST].rated_rounds == 2
        # The rounds of the learner of two games now read their game's rating after them.
        last = db.session.execute(
            db.select(PuzzleRound).where(PuzzleRound.learner_id == ids["many"])
            .order_by(PuzzleRound.finished_at.desc())
        ).scalars().first()
        assert last is not None
        assert last.learner_rating == pytest.approx(expected[FIRST].rating)

    for token, games in (("one-game", [FIRST]), ("two-games", [FIRST, SECOND]),
                         ("answers-only", [])):
        client = app.test_client()
        with client.session_transaction() as session:
            session[SESSION_KEY] = token
        response = client.get("/progress/")
        assert response.status_code == 200
        page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
        shown = re.findall(r"Puzzle rating in (.+?) \d{3,4}", page)
        assert shown == [PROFILES[g].display_name for g in games]
        if not games:
            assert "You have no rating yet." in page and "Puzzles solved 1" in page
