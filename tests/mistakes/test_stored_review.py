"""The way in: storing a hand's graded review (tutor.play.review, as a grading worker or
the page does) makes the learner's personal puzzles of its mistakes, once, for the
learner whose game it is; a hand with none makes none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from solver.rules import PROFILES
from tests.mistakes.helpers import site_hand
from tutor import create_app
from tutor.extensions import db
from tutor.mistakes.questions import questions
from tutor.models import Learner, PersonalPuzzle, ReviewCard
from tutor.play import store
from tutor.play.review import by_playouts, grade_and_store

# One profile per grader: conquian-40's own and the playouts of the others.
GRADERS = [next(p for p in PROFILES if not by_playouts(p)),
           next(p for p in PROFILES if by_playouts(p))]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({
        "TESTING": True, "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/test.sqlite",
        "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
    })
    with app.app_context():
        db.create_all()
    yield app


@pytest.mark.slow
@pytest.mark.parametrize("rules", GRADERS)
def test_storing_a_review_keeps_its_mistakes_as_puzzles(app: Flask, rules: str) -> None:
    made = 0
    with app.app_context():
        learner = Learner(token="l" * 32)
        db.session.add(learner)
        db.session.commit()
        for seed in range(40):
            game = site_hand(rules, seed)
            if game is None:
                continue
            game_id = store.create(game, learner.id)
            stored = game.hand_states()[0]
            data = grade_and_store(game_id, 0, stored, game.seed)
            expected = len(questions(stored, data, "x"))
            kept = db.session.execute(
                db.select(PersonalPuzzle).filter_by(game_id=game_id)).scalars().all()
            assert len(kept) == expected
            assert all(p.learner_id == learner.id and p.profile == rules for p in kept)
            grade_and_store(game_id, 0, stored, game.seed)  # stored again: nothing new
            assert db.session.execute(db.select(db.func.count(PersonalPuzzle.id)).filter_by(
                game_id=game_id)).scalar_one() == expected
            made += expected
            if made:
                break
        assert made, f"no hand of 40 made a personal puzzle in {rules}"
        cards = db.session.execute(db.select(ReviewCard)).scalars().all()
        assert len(cards) == made
