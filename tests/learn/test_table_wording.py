"""Each game's lesson and puzzle tables speak as its rule book: no meld panels where melds
stay in the hand (Conquin, I9), the face-up card under the profile's own name (the center
card, the top of the discard pile, the upcard, the face-up card), the card you took into
your hand where the game draws (Colonel, Conquin), and the choice not to take a card
worded as the game does it (pass, decline, or discard it and draw: K7)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.rules import PROFILES, RuleProfile, get_profile
from tutor.learn.courses import COURSES

BOOKS = Path(__file__).resolve().parents[2] / "docs" / "rules"

WORDS = {"center": ("center card", "Center card", "The center card"),
         "discard_pile": ("discard pile", "Top of the discard pile",
                          "The top of the discard pile"),
         "upcard": ("upcard", "Upcard", "The upcard"),
         "face_up": ("face-up card", "Face-up card", "The face-up card")}
"""Per name of the face-up card: the rule book's word, the lesson's and the puzzle's title."""


def _steps(course_game: str) -> list[tuple[str, int, Any]]:
    """The first lesson step of each exercise kind that draws a position, in that course."""
    course = next(c for c in COURSES if c.game == course_game)
    found: dict[str, tuple[str, int, Any]] = {}
    for lesson in course.lessons:
        for number, step in enumerate(lesson.steps, 1):
            ex = step.exercise
            if getattr(ex, "position_data", None) is not None:
                found.setdefault(ex.kind, (lesson.slug, number, ex))
    return list(found.values())


@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_the_face_up_cards_name_is_the_rule_books_word(profile_id: str) -> None:
    rules = get_profile(profile_id)
    book = (BOOKS / f"{rules.book_name}.md").read_text("utf-8").lower()
    assert WORDS[rules.center_name][0] in book


def _check_table(text: str, rules: RuleProfile, title: str) -> None:
    text = html.unescape(text)
    if rules.melds_in_hand:  # nobody shows a meld before closing
        assert "Your opponent's melds" not in text and "No melds yet." not in text
    else:
        assert "Your opponent's melds" in text
    assert title in text
    if rules.center_name != "center":
        assert "center card" not in text.lower()


@pytest.mark.parametrize("game", [c.game for c in COURSES])
def test_every_lesson_table_speaks_as_its_game(client: FlaskClient, game: str) -> None:
    rules = get_profile(game)
    steps = _steps(game)
    for slug, number, ex in steps:
        response = client.get(f"/learn/{slug}/{number}")
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        table = text[text.index('class="table-felt position-table"'):]
        table = table[:table.index("</form>")]
        _check_table(table, rules, WORDS[rules.center_name][1])
        if ex.kind == "discard":  # the card taken: into the hand where the game draws
            note = re.search(r'<p class="center-note">(.*?)</p>', table, re.S)
            assert note is not None
            drawn = "into your hand" in note[1]
            assert drawn == (rules.center_use == "draw"), note[1]
        if ex.kind != "discard" and ex.position.center_from == "opponent" and rules.max_players > 2:
            assert "Left by the player before you." in table


@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_every_puzzle_table_speaks_as_its_game(app: Flask, profile_id: str) -> None:
    from tutor.puzzles.services import Board

    rules = get_profile(profile_id)
    board = Board(hand=["2S"], melds=[], opponent_melds=[], center="5H",
                  center_from="opponent", stock=10)
    with app.test_request_context():
        macro = app.jinja_env.get_template("puzzles/_macros.html").module.table  # type: ignore[attr-defined]
        text = str(macro(board, rules))
    _check_table(text, rules, WORDS[rules.center_name][2])
    if rules.max_players > 2:
        assert "The player before you left it for you." in text
    else:
        assert "Your opponent left it for you." in text


def test_kunkens_leave_choice_follows_k7() -> None:
    """Every TakeOrLeave of a discard-pile game: an unused stock card is discarded, a top
    discard left for the stock card; the other games pass or decline (R7, C7)."""
    from tutor.learn.exercises import TakeOrLeave

    seen: set[tuple[str, str]] = set()
    for course in COURSES:
        for lesson in course.lessons:
            for step in lesson.steps:
                ex = step.exercise
                if not isinstance(ex, TakeOrLeave):
                    continue
                leave = str(ex.choices()[1].label)
                piled = ex.position.rules.center_name == "discard_pile"
                source = ex.position.center_from
                if piled:
                    expected = "Discard " if source == "stock" else "Leave "
                else:
                    expected = "Pass " if source == "stock" else "Decline "
                assert leave.startswith(expected), (lesson.slug, leave)
                seen.add((str(piled), source))
    assert ("True", "stock") in seen and ("True", "opponent") in seen


@pytest.fixture(scope="module")
def library_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    from tutor import create_app
    from tutor.core.setup import prepare_database

    path = tmp_path_factory.mktemp("wording")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}/p.sqlite",
                      "PUZZLE_DIR": str(BOOKS.parents[1] / "puzzles")})
    prepare_database(app)
    return app


@pytest.mark.slow
@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_every_bundled_puzzle_page_speaks_as_its_game(library_app: Flask,
                                                      profile_id: str) -> None:
    """The puzzle page itself hands the set's profile to its table."""
    import json

    rules = get_profile(profile_id)
    library = BOOKS.parents[1] / "puzzles" / f"{profile_id}.json"
    if not library.exists():  # conquian-40's puzzles are in theme sets, not one file
        library = library.with_name("forcing.json")
    data = json.loads(library.read_text("utf-8"))
    first = next(p for p in data["puzzles"] if p["task"] != "discard")  # the card not taken
    url = f"/puzzles/sets/{data['id']}/{first['id']}"
    response = library_app.test_client().get(url)
    assert response.status_code == 200, url
    text = response.get_data(as_text=True)
    board = text[text.index('class="table-felt board"'):]
    board = board[:board.index("</section>")]
    _check_table(board, rules, WORDS[rules.center_name][2])
