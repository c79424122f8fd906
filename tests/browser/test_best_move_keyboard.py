"""A Kunken "find the better move" puzzle (issue 31 item 4), solved by keyboard: a seeded
hand's graded mistake no contract task can ask (a discard or a meld) is kept as the
learner's puzzle, waits in their review queue, opens on the game's own table, and is
answered with the arrow keys and Enter: the learner's own move is refused, the grader's
better move accepted, its checked explanation shown; axe on every page, phone-sized too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.live_app import serve
from tests.mistakes.test_best_move_puzzles import HANDS, _found
from tutor import create_app
from tutor.core.learner import SESSION_KEY
from tutor.core.setup import prepare_database
from tutor.extensions import db
from tutor.mistakes.questions import Question
from tutor.mistakes.store import keep_mistakes
from tutor.models import Game, Learner

pytestmark = pytest.mark.slow

RULES = "kunken"
TOKEN = "k" * 32


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    app = create_app({
        "SECRET_KEY": "browser-tests", "RATELIMIT_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI":
            f"sqlite:///{tmp_path_factory.mktemp('best-move')}/live.sqlite",
    })
    prepare_database(app)
    return app


@pytest.fixture(scope="module")
def kept(app: Flask) -> Question:
    """A Kunken discard or meld mistake of the seeded hands, kept as the learner's puzzle."""
    number, step = next((n, s) for n, s in HANDS[RULES])
    stored, data, made = _found(RULES, number, step)
    assert made.best["type"] in ("discard", "meld", "add"), made.best
    with app.app_context():
        learner = Learner(token=TOKEN)
        db.session.add(learner)
        db.session.flush()
        db.session.add(Game(id="k" * 32, learner_id=learner.id, state={}))
        db.session.commit()
        assert keep_mistakes("k" * 32, 0, stored, data) >= 1
    return made


@pytest.fixture(scope="module")
def site(app: Flask) -> Iterator[str]:
    with serve(app) as base:
        yield base


def _sign_in(page: Page, app: Flask, site: str) -> None:
    """The browser is the learner whose puzzle it is (their session cookie)."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    assert serializer is not None
    cookie = serializer.dumps({SESSION_KEY: TOKEN})
    page.context.add_cookies([{"name": app.config.get("SESSION_COOKIE_NAME", "session"),
                               "value": cookie, "url": site}])


def _choose_by_keyboard(page: Page, move: dict[str, Any]) -> None:
    """Tab into the moves' radio group, arrow to ``move``, submit with Enter."""
    radios = page.locator("#choices input[type=radio]")
    values = [json.loads(v) for v in radios.evaluate_all("els => els.map(e => e.value)")]
    target = values.index(move)
    page.locator("h1").focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.type") == "radio":
            break
    page.keyboard.press("Space")  # the first radio of the group is checked
    for _ in range(target):
        page.keyboard.press("ArrowDown")
    expect(radios.nth(target)).to_be_checked()
    page.keyboard.press("Enter")
    page.wait_for_load_state()


def test_a_kunken_best_move_puzzle_is_solved_by_keyboard(
        page: Page, app: Flask, site: str, kept: Question, check_a11y: Any) -> None:
    _sign_in(page, app, site)
    page.goto(f"{site}/puzzles/review")
    link = page.locator(f"a[href$='-s{kept.step}']")
    expect(link).to_have_count(1)
    check_a11y(page)
    link.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Find the better move")
    expect(page.get_by_role("group", name="Your legal moves")).to_be_visible()
    check_a11y(page)
    page.set_viewport_size({"width": 375, "height": 740})
    check_a11y(page)

    _choose_by_keyboard(page, kept.played)
    expect(page.locator("#result")).to_contain_text("Not quite. You have one more try.")
    check_a11y(page)
    _choose_by_keyboard(page, kept.best)
    expect(page.locator("#result")).to_contain_text("Solved after a miss.")
    expect(page.locator(".puzzle-explanation")).to_contain_text("The grader's better move:")
    check_a11y(page)

    page.goto(f"{site}/puzzles/review")
    expect(page.locator(f"a[href$='-s{kept.step}']")).to_have_count(0)
