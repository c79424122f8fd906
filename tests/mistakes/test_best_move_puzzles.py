"""Every graded mistake becomes a puzzle (issue 31 item 4): in seeded hands of every
profile (the learner's seat played by the greedy or the random player against the site's
Hard computer, as ``scripts/mistake-yield`` plays them), each kind of decision no contract
task can ask becomes a "find the better move" puzzle on the game's own table, graded by the
site's grader.  Checked for each: no hidden card in the stored puzzle or on its page, the
better move graded correct, the learner's wrong, a malformed or illegal response a clear
400 error, and the puzzle waits in the review queue."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from flask import Flask

from solver.cards import card_str, cards_of
from solver.game.record import state_to_dict
from solver.game.registry import game_rules, players_of
from solver.puzzles.best_move import BEST_MOVE
from solver.review.profiles import grade_profile_hand
from solver.rules import PROFILES, get_profile
from tutor import create_app
from tutor.core.learner import SESSION_KEY
from tutor.extensions import db
from tutor.mistakes.questions import Question, question
from tutor.mistakes.store import keep_mistakes
from tutor.models import Attempt, Game, Learner, PersonalPuzzle, ReviewCard
from tutor.play.games import HUMAN, new_game, replay_hand

pytestmark = pytest.mark.slow  # each case grades a whole hand

PLAYOUTS: Final = 1_600
"""The grading budget the hands below were found with (solver.review.profiles)."""

HANDS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    # profile: (hand number, step) of a best-move mistake, one per kind of decision found
    # by ``scripts/mistake-yield --list 50`` (hand n: seed 70_000 + n).
    "kunken": ((7, 23), (4, 78)),  # a meld from the hand; another move
    "kunken-40": ((26, 23),),
    # The stake.  (Hand 9's discard of a joker was graded before Conquin listed its
    # discards by kind; in its first 170 hands since, no discard is a clear mistake.)
    "conquin": ((15, 0),),
    "colonel": ((21, 31),),  # a discard after the draw
}


def played(rules: str, number: int) -> tuple[dict[str, Any], int]:
    """Hand ``number`` as scripts/mistake-yield plays it: the finished hand and its seed."""
    game = new_game(rules, "hard", 70_000 + number)
    learner = players_of(rules)["greedy" if number % 2 == 0 else "random"]()
    rng = random.Random(number)
    look = game_rules(rules).observe
    while not game.hand_over:
        game.act(learner.choose(look(game.state, HUMAN), rng).to_dict())
    return state_to_dict(game.state), int(game.seed)


def _tokens(data: Any) -> Counter[str]:
    """Every card string in a JSON value (a joker standing for a card counts as that card)."""
    return Counter(re.findall(r'"\*?((?:10|[2-9AJQK])[SHDC])"', json.dumps(data)))


def _page_cards(page: str) -> Counter[str]:
    return Counter(re.findall(r'data-card="\*?((?:10|[2-9AJQK])[SHDC])"', page))


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


def _found(rules: str, number: int, step: int
           ) -> tuple[dict[str, Any], dict[str, Any], Question]:
    stored, seed = played(rules, number)
    data = grade_profile_hand(stored, HUMAN, f"{seed}:0", playouts=PLAYOUTS)
    graded = next((d for d in data["decisions"] if d["step"] == step), None)
    assert graded is not None, f"{rules} hand {number}: step {step} is no longer graded"
    made = question(replay_hand(stored)[step][0], rules, graded, f"b-{number}")
    assert made is not None and made.puzzle.task == BEST_MOVE, (
        f"{rules} hand {number} step {step}: graded {graded['grade']}, no best-move puzzle")
    return stored, data, made


def test_every_profile_with_hands_is_registered() -> None:
    assert set(HANDS) <= set(PROFILES)
    assert {"kunken", "kunken-40", "conquin", "colonel"} <= set(HANDS)


@pytest.mark.parametrize("rules", list(PROFILES))
def test_each_kind_of_graded_mistake_is_a_puzzle_solved_on_its_table(app: Flask, rules: str
                                                                    ) -> None:
    if rules not in HANDS:
        pytest.skip(f"HANDS lists no best-move mistake of {rules} (none was found in its "
                    "first seeded hands when they were listed)")
    kinds = []
    for number, step in HANDS[rules]:
        stored, data, made = _found(rules, number, step)
        kinds.append(made.kind)
        _check(app, rules, stored, data, made, number)
    assert len(set(kinds)) == len(kinds), f"{rules}: the table repeats a kind {kinds}"


def _check(app: Flask, rules: str, stored: dict[str, Any], data: dict[str, Any],
           made: Question, number: int) -> None:
    state = replay_hand(stored)[made.step][0]
    view = game_rules(rules).observe(state, HUMAN).to_dict()
    hidden = Counter(card_str(c) for seat in range(len(state.hands)) if seat != HUMAN
                     for c in cards_of(state.hands[seat]))
    public = _tokens([view.get("seen"), view.get("pile"), view.get("waste")])
    stored_puzzle = made.puzzle.to_dict()
    # Cards repeat (the moves name them again): which cards, not how often.
    assert not set(_tokens(stored_puzzle)) - set(_tokens(view)), "a card the learner cannot see"
    if get_profile(rules).deck.packs == 1:  # two packs: the copies share their names
        assert not set(_tokens(stored_puzzle)) & set(hidden - public)

    client = app.test_client()
    game_id = f"b{number:031d}"
    with app.app_context():
        learner = Learner(token=f"{number:032d}")
        db.session.add(learner)
        db.session.flush()
        db.session.add(Game(id=game_id, learner_id=learner.id, state={}))
        db.session.commit()
        learner_id = learner.id
        assert keep_mistakes(game_id, 0, stored, data) >= 1
        row = db.session.execute(db.select(PersonalPuzzle).filter_by(
            learner_id=learner_id, step=made.step)).scalar_one().puzzle
        slug, key = row.puzzle_set.slug, row.key
        assert row.task == BEST_MOVE
        assert db.session.execute(db.select(ReviewCard).filter_by(
            learner_id=learner_id, puzzle_id=row.id)).scalar_one_or_none() is not None
    with client.session_transaction() as session:
        session[SESSION_KEY] = f"{number:032d}"

    opened = client.get(f"/puzzles/sets/{slug}/{key}", follow_redirects=True)
    assert opened.status_code == 200 and opened.request.path == f"/mine/{slug}/{key}"
    page = opened.get_data(True)
    assert not set(_page_cards(page)) - set(_tokens(view)), "a card the learner cannot see"
    if get_profile(rules).deck.packs == 1:
        assert not set(_page_cards(page)) & set(hidden - public)
    assert f'href="/rules/{rules}' in page

    url = f"/mine/{slug}/{key}/answer"
    for bad, says in (("{", "not valid JSON"), ("[1]", "JSON object"), ("", "Choose one"),
                      (json.dumps({"type": "discard", "card": "XX"}), "not one of the legal")):
        refused = client.post(url, data={"action": bad})
        assert refused.status_code == 400 and says in refused.get_data(True)
    with app.app_context():
        assert db.session.execute(db.select(Attempt)).first() is None  # nothing half saved
    wrong = client.post(url, data={"action": json.dumps(made.played)})
    assert wrong.status_code == 200 and "Not quite" in wrong.get_data(True)
    right = client.post(url, data={"action": json.dumps(made.best)})
    assert right.status_code == 200 and "Solved after a miss" in right.get_data(True)
    with app.app_context():
        answers = db.session.execute(db.select(Attempt.correct).order_by(Attempt.id)
                                     ).scalars().all()
        assert answers == [False, True]
        db.session.execute(db.delete(Attempt))
        db.session.commit()
