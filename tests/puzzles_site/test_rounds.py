"""Honest attempts, ratings and spaced review through the site, on SQLite and PostgreSQL:
a round ends clean, after a miss or failed; the first round moves the Glicko-2 ratings;
missed puzzles come back on FSRS's schedule; a replay before the review is practice."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import IntegrityError

from tests.backends import BACKENDS, fresh_schema, postgres_url
from tutor import create_app
from tutor.extensions import db
from tutor.models import (
    Attempt,
    GameRating,
    Learner,
    Puzzle,
    PuzzleRound,
    PuzzleSet,
    ReviewCard,
)
from tutor.puzzles import rounds
from tutor.puzzles.ratings import pick_near, puzzle_prior, puzzle_rating
from tutor.puzzles.store import sync_bundled

DATA = Path(__file__).parent / "data"
URL = "/puzzles/sets/mini/"
JSON = {"Accept": "application/json"}


class Clock:
    """The site's clock (app.config["CLOCK"]), moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def days(self, n: float) -> None:
        self.now += timedelta(days=n)


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    postgres = request.param == "postgres"
    uri = postgres_url() if postgres else f"sqlite:///{tmp_path}/rounds.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": uri,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            "PUZZLE_DIR": str(DATA),
            "PUZZLE_RELABEL_SUITS": False,
            "CLOCK": Clock(),
        }
    )
    with fresh_schema(app, postgres):
        with app.app_context():
            assert sync_bundled(DATA).ok
        yield app


@pytest.fixture
def clock(app: Flask) -> Clock:
    clock: Clock = app.config["CLOCK"]
    return clock


def answer(client: FlaskClient, key: str, **form: Any) -> Any:
    return client.post(URL + key + "/answer", data=form)


def text(response: Any) -> str:
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def rows(app: Flask, model: Any) -> list[Any]:
    with app.app_context():
        return [copy.copy(r) for r in db.session.execute(db.select(model).order_by(model.id))
                .scalars()]


def mini_puzzles() -> Any:
    return db.select(Puzzle).join(PuzzleSet).where(PuzzleSet.slug == "mini")


def puzzle_row(app: Flask, key: str) -> Puzzle:
    with app.app_context():
        row = db.session.execute(mini_puzzles().where(Puzzle.key == key)).scalar_one()
        return copy.copy(row)


def test_a_miss_then_a_right_answer_is_solved_after_a_miss(
    app: Flask, client: FlaskClient, clock: Clock
) -> None:
    first = answer(client, "take-six", answer="no")
    page = text(client.get(first.location))
    assert "Not quite" in page and "You have one more try." in page
    assert "The solution" not in page and "take-six: the written explanation." not in page
    [open_round] = rows(app, PuzzleRound)
    assert (open_round.outcome, open_round.misses) == (None, 1)

    second = answer(client, "take-six", answer="yes")
    page = text(client.get(second.location))
    assert "✓ Solved after a miss" in page and "Correct!" not in page
    assert "take-six: the written explanation." in page
    [done] = rows(app, PuzzleRound)
    assert (done.outcome, done.misses, done.rated) == ("after_miss", 1, True)
    assert [a.round_id for a in rows(app, Attempt)] == [done.id, done.id]

    # A draw against an easier puzzle: the learner loses points, the puzzle gains them.
    [learner] = rows(app, GameRating)  # the one game played: conquian-40
    assert learner.profile == "conquian-40"
    assert learner.rating is not None and learner.rating < 1500
    assert learner.deviation is not None and learner.deviation < 350
    assert done.learner_rating == learner.rating
    puzzle = puzzle_row(app, "take-six")
    assert puzzle.rated_plays == 1 and puzzle.rating > puzzle_prior(1).rating
    change = re.search(r"Your puzzle rating: 1500 → (\d+) \(([-+]\d+)\)\.", page)
    assert change is not None and int(change[1]) == round(learner.rating)
    assert int(change[2]) == round(learner.rating) - 1500

    # It was missed once, so it comes back for review: tomorrow at the earliest.
    [card] = rows(app, ReviewCard)
    assert card.due >= (clock.now + timedelta(days=1)).replace(tzinfo=None, hour=0, minute=0)
    assert "It comes back for review on" in page


def test_two_misses_fail_and_show_the_solution(app: Flask, client: FlaskClient) -> None:
    answer(client, "lay-run", answer="take", cards=["4H"])
    last = answer(client, "lay-run", answer="take", cards=["KD"])
    page = text(client.get(last.location))
    assert "✗ Not quite" in page and "Both answers were wrong" in page
    assert "Take 6♥ with these cards:" in page
    [done] = rows(app, PuzzleRound)
    assert (done.outcome, done.misses) == ("failed", 2)
    [learner] = rows(app, GameRating)  # the one game played: conquian-40
    assert learner.profile == "conquian-40"
    assert learner.rating is not None and learner.rating < 1500


def test_the_solution_counts_as_failed_and_a_replay_is_practice(
    app: Flask, client: FlaskClient, clock: Clock
) -> None:
    for _ in range(4):
        response = client.post(URL + "lay-run/hint")
    page = text(client.get(response.location))
    assert "✗ Solution shown" in page and "counts as missed" in page
    # "Try it again" at once: a new round, graded, but practice - no solve, no rating.
    page = text(client.get(URL + "lay-run"))
    assert "Show hint 1 of 3" in page
    right = answer(client, "lay-run", answer="take", cards=["4H", "5H"])
    page = text(client.get(right.location))
    assert "Right, as practice" in page and "Correct!" not in page
    first, replay = rows(app, PuzzleRound)
    assert (first.outcome, first.solution_shown, first.rated) == ("failed", True, True)
    assert (replay.outcome, replay.practice, replay.rated) == ("clean", True, False)
    [learner] = rows(app, GameRating)  # the one game played: conquian-40
    assert learner.profile == "conquian-40"
    assert learner.rating == first.learner_rating  # the replay did not move it
    assert "✗ Missed" in text(client.get(URL))  # and the puzzle is still missed
    assert "Lay down the run" in text(client.get("/puzzles/failed"))

    # The next day it is due: now a solve counts, and it leaves the queue for a while.
    clock.days(1)
    assert "Lay down the run" in text(client.get("/puzzles/review"))
    assert "due for review today" in text(client.get("/"))
    due_before = rows(app, ReviewCard)[0].due
    right = answer(client, "lay-run", answer="take", cards=["4H", "5H"])
    page = text(client.get(right.location))
    assert "✓ Correct!" in page and "as practice" not in page
    assert "Your puzzle rating" not in page  # only the first round of a puzzle is rated
    [card] = rows(app, ReviewCard)
    assert card.due > due_before and card.reviews == 2
    assert "Nothing to review today." in text(client.get("/puzzles/review"))
    assert "✓ Solved" in text(client.get(URL))


def test_a_clean_solve_of_a_new_puzzle_schedules_nothing(app: Flask, client: FlaskClient) -> None:
    answer(client, "take-six", answer="yes")
    assert rows(app, ReviewCard) == []
    [done] = rows(app, PuzzleRound)
    assert done.outcome == "clean" and done.rated
    [learner] = rows(app, GameRating)  # the one game played: conquian-40
    assert learner.profile == "conquian-40"
    assert learner.rating is not None and learner.rating > 1500


def test_a_hint_then_a_right_answer_is_clean_but_scores_a_draw(
    app: Flask, client: FlaskClient
) -> None:
    client.post(URL + "forced-king/hint")
    answer(client, "forced-king", answer="yes")
    [done] = rows(app, PuzzleRound)
    assert (done.outcome, done.hints_used) == ("clean", 1)
    # forced-king is difficulty 3 (1500 like a new learner): a draw leaves the rating near.
    [learner] = rows(app, GameRating)  # the one game played: conquian-40
    assert learner.profile == "conquian-40"
    assert learner.rating is not None and abs(learner.rating - 1500) < 1
    [card] = rows(app, ReviewCard)  # needing a hint also brings it back for review
    assert card.reviews == 1


def test_one_open_round_per_learner_and_puzzle(app: Flask, client: FlaskClient) -> None:
    answer(client, "take-six", answer="no")
    with app.app_context():
        learner = db.session.execute(db.select(Learner)).scalar_one()
        puzzle = db.session.get(Puzzle, rows(app, PuzzleRound)[0].puzzle_id)
        assert puzzle is not None
        again = rounds.begin(learner, puzzle, "SHDC")
        assert again.id == rows(app, PuzzleRound)[0].id
        # The database refuses a second open round even if two requests race past the check.
        db.session.add(PuzzleRound(learner_id=learner.id, puzzle_id=puzzle.id, suits="SHDC"))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def test_answers_in_a_finished_round_start_a_new_one(app: Flask, client: FlaskClient) -> None:
    answer(client, "take-six", answer="yes")
    answer(client, "take-six", answer="no")
    first, second = rows(app, PuzzleRound)
    assert first.outcome == "clean" and second.outcome is None and second.misses == 1
    assert not second.practice  # a clean solve schedules no review: a replay counts


def test_json_messages_follow_the_round(app: Flask, client: FlaskClient) -> None:
    def post(**form: Any) -> dict[str, Any]:
        data: dict[str, Any] = client.post(
            URL + "wait-seven/answer", data=form, headers=JSON
        ).get_json()
        return data

    data = post(answer="yes")
    assert data["outcome"] is None and data["message"] == "Not quite. You have one more try."
    assert 'id="answer-form"' in data["html"] and "You have one more try." in data["html"]
    assert "wait-seven: the written explanation." not in data["html"]
    data = post(answer="yes")
    assert data["outcome"] == "failed" and data["message"] == "Not quite. The solution is shown."
    assert 'id="answer-form"' not in data["html"]
    assert "wait-seven: the written explanation." in data["html"]


def test_streak_rounds_have_one_answer(app: Flask, client: FlaskClient) -> None:
    page = client.get("/puzzles/streak").get_data(as_text=True)
    pid = re.search(r'name="puzzle" value="(\d+)"', page)
    assert pid is not None
    with app.app_context():
        puzzle = db.session.get(Puzzle, int(pid[1]))
        assert puzzle is not None
        key = puzzle.key
    wrong = {"take-six": {"answer": "no"}, "safe-discard": {"discard": "KD"}}[key]
    client.post("/puzzles/streak/answer", data={"puzzle": pid[1], **wrong})
    [done] = rows(app, PuzzleRound)
    assert (done.outcome, done.misses, done.rated) == ("failed", 1, True)


def test_practice_serves_puzzles_near_the_rating(app: Flask, client: FlaskClient) -> None:
    page = text(client.get("/puzzles/practice"))
    assert "everyone starts at 1500" in page and "Forcing: no" in page
    response = client.get("/puzzles/practice/forcing-no")
    assert response.status_code == 302 and "practice=forcing-no" in response.location
    key = re.search(r"/puzzles/sets/mini/([^?]+)\?", response.location)
    assert key is not None
    with app.app_context():
        puzzle = db.session.execute(mini_puzzles().where(Puzzle.key == key[1])).scalar_one()
        assert "forcing-no" in puzzle.themes
    page = client.get(response.location).get_data(as_text=True)
    assert 'name="practice" value="forcing-no"' in page
    assert client.get("/puzzles/practice/no-such-theme").status_code == 404


def test_pick_near_prefers_new_puzzles_closest_to_the_rating(app: Flask) -> None:
    with app.app_context():
        pool = list(db.session.execute(mini_puzzles()).scalars())
        by_key = {p.key: p for p in pool}

        def picks(target: float, played: set[int], avoid: int | None = None) -> set[str]:
            rng = random.Random(1)
            return {
                pick.key
                for _ in range(60)
                if (pick := pick_near(pool, target, played, avoid, rng)) is not None
            }

        # Ratings from difficulty: 1 → 1200, 2 → 1350, 3 → 1500, 4 → 1650, 5 → 1800.
        assert {puzzle_rating(p).rating for p in pool} == {1200, 1350, 1500, 1650, 1800}
        assert picks(1200, set()) == {"take-six", "safe-discard", "wait-seven"}
        assert picks(1800, set()) == {"win-eleven", "lay-run", "forced-king"}
        played = {by_key["take-six"].id, by_key["safe-discard"].id}
        assert picks(1200, played) == {"wait-seven", "forced-king", "lay-run"}
        everything = {p.id for p in pool}
        assert by_key["win-eleven"].key not in picks(1800, everything, by_key["win-eleven"].id)


@pytest.mark.parametrize("path", ["/puzzles/review", "/puzzles/practice", "/"])
def test_pages_before_anything_create_no_learner(
    app: Flask, client: FlaskClient, path: str
) -> None:
    assert client.get(path).status_code == 200
    assert rows(app, Learner) == []


def test_review_next_goes_to_the_first_due_puzzle(
    app: Flask, client: FlaskClient, clock: Clock
) -> None:
    assert client.get("/puzzles/review/next").location.endswith("/puzzles/review")
    answer(client, "wait-seven", answer="yes")
    answer(client, "wait-seven", answer="yes")
    answer(client, "take-six", answer="no")
    answer(client, "take-six", answer="no")
    clock.days(2)
    page = text(client.get("/puzzles/review"))
    assert "Take the seven to wait?" in page and "Can you take the six?" in page
    first = client.get("/puzzles/review/next").location
    assert first.endswith(URL + "wait-seven") or first.endswith(URL + "take-six")
    key = first.rsplit("/", 1)[1]
    right = {"wait-seven": {"answer": "no"}, "take-six": {"answer": "yes"}}[key]
    page = text(client.get(answer(client, key, **right).location))
    assert "Next puzzle to review (1 left)" in page

