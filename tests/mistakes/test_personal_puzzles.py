"""Learn from your own games (issue 31 item 4), for every registered profile: a decision the
grader calls a mistake or a blunder becomes the learner's own puzzle, verified, with no
hidden card; it enters their review queue, names its game and the hand it came from, is
solved with the better move and refused with the learner's; the progress page counts its
kind with a working link to where it is taught."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.game.registry import game_rules
from solver.puzzles.tasks import grade
from solver.rules import PROFILES
from tests.mistakes.helpers import known_mistake
from tutor import create_app
from tutor.core.learner import SESSION_KEY
from tutor.extensions import db
from tutor.mistakes.kinds import LABELS
from tutor.mistakes.questions import GRADED, Question
from tutor.mistakes.store import keep_mistakes
from tutor.models import Attempt, Game, Learner, PersonalPuzzle, ReviewCard
from tutor.play.games import HUMAN, replay_hand
from tutor.puzzles.services import grade_response

pytestmark = pytest.mark.slow  # each profile grades a few hands out
GAME_ID = "g" * 32

_CACHE: dict[str, tuple[dict[str, Any], dict[str, Any], Question]] = {}


def found(rules: str) -> tuple[dict[str, Any], dict[str, Any], Question]:
    """The known hand of the profile with a graded bad decision at a card the learner faced
    (tests.mistakes.helpers.HANDS), graded once per profile; fails when it has none."""
    if rules not in _CACHE:
        _CACHE[rules] = known_mistake(rules)
    return _CACHE[rules]


def _response(question: Question, right: bool) -> dict[str, Any]:
    """The checker's response for the better move (``right``) or the learner's."""
    move = question.best if right else question.played
    task = question.puzzle.task
    if task == "draw_upcard":
        return {"upcard": move.get("from") == "upcard"}
    if task == "close":
        return {"closes": move.get("from") == "face_up"}
    if task == "discard":
        return {"discard": move["discard"]}
    if move.get("type") != "take":
        return {"hand_cards": None}
    if "hand_cards" in move:
        return {"hand_cards": list(move["hand_cards"])}
    return {"hand_cards": question.puzzle.answer.to_dict(task)["plays"][0]}


def _cards(data: Any) -> Counter[str]:
    """Every card string in a JSON value (a joker in a meld counts as the joker)."""
    text = json.dumps(data)
    return Counter(re.findall(r'"\*?((?:10|[2-9AJQKT])[SHDC]|\*)"', text))


@pytest.mark.parametrize("rules", list(PROFILES))
def test_a_graded_mistake_becomes_a_verified_puzzle_without_hidden_cards(rules: str) -> None:
    stored, data, question = found(rules)
    graded = next(d for d in data["decisions"] if d["step"] == question.step)
    assert graded["grade"] in GRADED and question.grade == graded["grade"]
    assert question.puzzle.position.rules.id == rules
    assert grade(question.puzzle, _response(question, right=True)).correct
    assert not grade(question.puzzle, _response(question, right=False)).correct
    # The position is the learner's view before the decision: its cards are cards that
    # view shows (no card of another hand, no stock card), its hand is their hand.
    state = replay_hand(stored)[question.step][0]
    view = game_rules(rules).observe(state, HUMAN).to_dict()
    position = question.puzzle.position.to_dict()
    assert not _cards(position) - _cards(view)
    assert Counter(position["hand"]) == Counter(view["hand"])
    assert question.kind in LABELS


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({
        "TESTING": True, "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/test.sqlite",
        "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
        "PUZZLE_RELABEL_SUITS": False,  # the cards as the hand had them
    })
    with app.app_context():
        db.create_all()
    yield app


def _learner(app: Flask, client: FlaskClient, token: str) -> int:
    with app.app_context():
        learner = Learner(token=token)
        db.session.add(learner)
        db.session.commit()
        learner_id = learner.id
    with client.session_transaction() as session:
        session[SESSION_KEY] = token
    return learner_id


def _form(question: Question) -> dict[str, Any]:
    response = _response(question, right=True)
    if "hand_cards" in response:
        return {"answer": "take", "cards": response["hand_cards"]}
    if "discard" in response:
        return {"discard": response["discard"]}
    return {"answer": "yes" if next(iter(response.values())) else "no"}


@pytest.mark.parametrize("rules", list(PROFILES))
def test_the_puzzle_is_reviewed_solved_and_counted(app: Flask, rules: str) -> None:
    stored, data, question = found(rules)
    client = app.test_client()
    learner_id = _learner(app, client, "t" * 32)
    with app.app_context():
        db.session.add(Game(id=GAME_ID, learner_id=learner_id, state={}))
        db.session.commit()
        assert keep_mistakes(GAME_ID, 0, stored, data) >= 1
        assert keep_mistakes(GAME_ID, 0, stored, data) == 0  # once per decision
        mine = db.session.execute(db.select(PersonalPuzzle)).scalars().one()
        assert (mine.profile, mine.step, mine.kind) == (rules, question.step, question.kind)
        puzzle = mine.puzzle
        slug, key = puzzle.puzzle_set.slug, puzzle.key
        assert puzzle.puzzle_set.ruleset == rules and not puzzle.puzzle_set.is_listed
        card = db.session.execute(db.select(ReviewCard)).scalars().one()
        assert card.puzzle_id == puzzle.id and card.learner_id == learner_id

    # In the review queue, filtered by game like the rest.
    assert f"/puzzles/sets/{slug}/{key}" in client.get("/puzzles/review").get_data(True)
    other = next(p for p in PROFILES if p != rules)
    assert f"/puzzles/sets/{slug}/{key}" not in client.get(
        f"/puzzles/review?game={other}").get_data(True)
    client.get(f"/puzzles/review?game={rules}")
    url = client.get("/puzzles/review/next").location
    assert url.endswith(f"/puzzles/sets/{slug}/{key}")
    page = client.get(url).get_data(True)
    assert f'href="/rules/{rules}' in page  # its game's rule book
    assert f'/play/{GAME_ID}/hands/1/review"' in page  # the hand it came from

    # Refused with the learner's move, solved with the better one, by the puzzles' checker.
    with app.test_request_context(), app.app_context():
        row = db.session.execute(db.select(PersonalPuzzle)).scalars().one().puzzle
        assert not grade_response(row, _response(question, right=False))
        assert grade_response(row, _response(question, right=True))
    answered = client.post(url + "/answer", data=_form(question))
    assert answered.status_code < 400
    with app.app_context():
        attempt = db.session.execute(db.select(Attempt)).scalars().one()
        assert attempt.correct

    # Only its learner opens it.
    stranger = app.test_client()
    _learner(app, stranger, "s" * 32)
    assert stranger.get(url).status_code == 404

    # The progress page counts the kind, with a link that works.
    progress = client.get("/progress/").get_data(True)
    assert str(LABELS[question.kind]) in progress
    links = re.findall(r'class="mistake-lesson" href="([^"]+)"', progress)
    assert links
    for link in links:
        assert client.get(link.split("#")[0]).status_code == 200
