"""Honest attempts, ratings, spaced review and suit relabelling in Chromium.

A site of its own: the small test library, suits dealt at random as on the real site, and a
clock the test can move (app.config["CLOCK"]) to see what a learner meets the next day. A
teacher's class is made directly in the database; teacher and learner then use the pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.security import generate_password_hash

from tests.browser.test_teach import themes_shown_whole
from tests.live_app import serve
from tests.puzzles_site.conftest import load
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.extensions import db
from tutor.models import Assignment, Classroom, User
from tutor.puzzles.store import import_set

DATA = Path(__file__).resolve().parents[1] / "puzzles_site" / "data"
TEACHER = ("profe@example.org", "correct horse battery")
CODE = "LRN234"


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(scope="module")
def learning(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Clock]]:
    db_path = tmp_path_factory.mktemp("learning-live") / "live.sqlite"
    clock = Clock()
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "RATELIMIT_ENABLED": False,
            "PUZZLE_DIR": str(DATA),
            "CLOCK": clock,
        }
    )
    prepare_database(app)
    with app.app_context():
        teacher = User(
            email=TEACHER[0],
            display_name="Profe",
            password_hash=generate_password_hash(TEACHER[1]),
        )
        db.session.add(teacher)
        db.session.commit()
        homework = import_set(
            load("mini.json") | {"id": "homework", "title": "Homework"}, "teacher", teacher
        )
        classroom = Classroom(owner_id=teacher.id, name="Evening club", code=CODE)
        db.session.add(classroom)
        db.session.flush()
        db.session.add(Assignment(classroom_id=classroom.id, set_id=homework.id))
        db.session.commit()
    with serve(app) as base:
        yield base, clock


def status(page: Page) -> Any:
    return page.locator("#puzzle-status")


def join(page: Page, base: str, nickname: str) -> None:
    page.goto(base + "/join")
    page.get_by_label("Class code").fill(CODE)
    page.get_by_label("Your nickname in the class").fill(nickname)
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Evening club")


def teacher_row(browser: Browser, base: str, nickname: str) -> tuple[Any, Any]:
    """The teacher's class page (logged in, in a context of its own) and the learner's row."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/auth/login")
    page.get_by_label("Email address").fill(TEACHER[0])
    page.get_by_label("Password").fill(TEACHER[1])
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Evening club").click()
    return page, page.get_by_role("row", name=re.compile(nickname)).first  # the set table


@pytest.fixture
def nickname(request: pytest.FixtureRequest) -> Callable[[str], str]:
    """The learner's nickname for this attempt: a browser test's retry (pytest-rerunfailures)
    joins the module's class again, where the first attempt's nickname is taken."""
    attempt = int(getattr(request.node, "execution_count", 1))
    return lambda name: name if attempt <= 1 else f"{name} {attempt}"


def test_a_miss_then_a_right_answer_is_solved_after_a_miss(
    page: Page, browser: Browser, learning: tuple[str, Clock], check_a11y: Any, snapshot: Any,
    nickname: Callable[[str], str]
) -> None:
    base, _ = learning
    rosa = nickname("Rosa")
    join(page, base, rosa)
    page.goto(base + "/puzzles/sets/homework/take-six")
    page.get_by_role("button", name="No, I cannot take it").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result.get_by_role("heading", level=2)).to_have_text("✗ Not quite")
    expect(result).to_contain_text("You have one more try.")
    expect(page.locator("#puzzle-region")).not_to_contain_text("The solution")
    expect(status(page)).to_have_text("Not quite. You have one more try.")
    check_a11y(page)
    snapshot(page, "learn-first-miss")
    page.get_by_role("button", name="Yes, I can take it").click()
    expect(result.get_by_role("heading", level=2)).to_have_text("✓ Solved after a miss")
    expect(result).to_contain_text("Your puzzle rating: 1500 →")
    expect(result).to_contain_text("It comes back for review on")
    expect(status(page)).to_have_text("Solved after a miss.")
    check_a11y(page)
    snapshot(page, "learn-solved-after-a-miss")

    page.goto(base + "/progress/")
    recent = page.get_by_role("row", name=re.compile("Can you take the six"))
    expect(recent).to_contain_text("solved after a miss")
    expect(page.locator(".stat", has_text="Solved after a miss")).to_contain_text("1")
    check_a11y(page)

    teacher, row = teacher_row(browser, base, rosa)
    expect(row).to_contain_text("solved after a miss")
    expect(row.locator("td.cell-after-miss")).to_have_count(1)
    expect(row.locator("td.cell-solved")).to_have_count(0)
    themes_shown_whole(teacher)
    check_a11y(teacher)
    snapshot(teacher, "learn-teacher-results")
    teacher.context.close()


def test_viewing_the_solution_counts_as_failed(
    page: Page, browser: Browser, learning: tuple[str, Clock], check_a11y: Any,
    nickname: Callable[[str], str]
) -> None:
    base, _ = learning
    tomas = nickname("Tomás")
    join(page, base, tomas)
    page.goto(base + "/puzzles/sets/homework/forced-king")
    for step in (1, 2, 3):
        page.get_by_role("button", name=f"Show hint {step} of 3").click()
        expect(page.locator(f"#hint-{step}")).to_be_focused()
    page.get_by_role("button", name="Show the solution").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result.get_by_role("heading", level=2)).to_have_text("✗ Solution shown")
    expect(page.locator("#answer-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Yes, it can be forced on me")).to_have_count(0)
    check_a11y(page)
    # "Try it again" at once: a practice round. Right, but never "Correct!" or solved.
    page.get_by_role("link", name="Try it again").click()
    page.get_by_role("button", name="Yes, it can be forced on me").click()
    expect(result.get_by_role("heading", level=2)).to_have_text("✓ Right, as practice")
    expect(status(page)).to_have_text("Right, as practice.")
    expect(page.get_by_text("Correct!")).to_have_count(0)
    page.goto(base + "/puzzles/sets/homework/")
    expect(page.get_by_role("listitem").filter(has_text="Can the king be forced")).to_contain_text(
        "Missed"
    )
    page.goto(base + "/progress/")
    replay = page.get_by_role("row", name=re.compile("Can the king be forced")).first
    expect(replay).to_contain_text("practice")
    expect(page.locator(".stat", has_text="Failed or solution shown")).to_contain_text("1")

    teacher, row = teacher_row(browser, base, tomas)
    expect(row).to_contain_text("failed: solution shown")
    expect(row.locator("td.cell-solved")).to_have_count(0)
    teacher.context.close()


def test_a_missed_puzzle_comes_back_in_the_review_queue(
    page: Page, learning: tuple[str, Clock], check_a11y: Any, snapshot: Any
) -> None:
    base, clock = learning
    page.goto(base + "/puzzles/sets/mini/wait-seven")
    page.get_by_role("button", name="Yes, I can take it").click()
    expect(page.locator("#result")).to_contain_text("You have one more try.")
    page.get_by_role("button", name="Yes, I can take it").click()
    expect(page.locator("#result")).to_contain_text("Both answers were wrong")
    page.goto(base + "/")
    expect(page.locator(".review-today")).to_contain_text("Nothing to review today.")

    clock.now += timedelta(days=1)
    try:
        page.goto(base + "/")
        review = page.locator(".review-today")
        expect(review).to_contain_text("1 puzzle you missed is due for review today")
        expect(review.get_by_role("link", name="Take the seven to wait?")).to_be_visible()
        check_a11y(page)
        snapshot(page, "learn-home-review")
        page.goto(base + "/puzzles/review")
        expect(page.get_by_role("link", name="Take the seven to wait?")).to_be_visible()
        check_a11y(page)
        snapshot(page, "learn-review-queue")
        page.get_by_role("link", name="Start the review").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Take the seven to wait?")
        page.get_by_role("button", name="No, I cannot take it").click()
        expect(page.locator("#result h2")).to_have_text("✓ Correct!")
        page.goto(base + "/puzzles/review")
        expect(page.get_by_text("Nothing to review today.")).to_be_visible()
    finally:
        clock.now -= timedelta(days=1)


def test_a_relabelled_puzzle_is_graded_right(page: Page, learning: tuple[str, Clock]) -> None:
    """Deal "Lay down the run" (6♥ with 4♥ 5♥ as written) until hearts are shown as another
    suit, then answer in the suits on the screen."""
    base, _ = learning
    for _ in range(40):
        page.context.clear_cookies()  # a new browser: a new deal
        page.goto(base + "/puzzles/sets/mini/lay-run")
        shown = page.locator(".card--center").get_attribute("aria-label") or ""
        if shown != "six of hearts":
            break
    else:
        raise AssertionError("hearts were never dealt as another suit")
    suit = shown.split(" of ")[1]
    suits = page.locator("#answer-form input[name=suits]").get_attribute("value")
    assert suits and suits != "SHDC"
    expect(page.get_by_role("button", name="four of hearts", exact=True)).to_have_count(0)
    for name in (f"four of {suit}", f"five of {suit}"):
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name=re.compile("with the selected cards")).click()
    result = page.locator("#result")
    expect(result.get_by_role("heading", level=2)).to_have_text("✓ Correct!")
    glyph = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[suit]
    expect(result).to_contain_text(f"You took it with 4{glyph} 5{glyph}.")
    expect(result).to_contain_text(f"You can take 6{glyph} now (R8).")


def test_the_progress_chart_and_new_pages(
    page: Page, learning: tuple[str, Clock], check_a11y: Any, snapshot: Any
) -> None:
    base, _ = learning
    answers = [
        ("take-six", ["Yes, I can take it"]),
        ("wait-seven", ["Yes, I can take it", "No, I cannot take it"]),
        ("forced-king", ["Yes, it can be forced on me"]),
        ("safe-discard", ["Discard the queen of spades"]),
    ]
    for key, buttons in answers:
        page.goto(base + f"/puzzles/sets/mini/{key}")
        for name in buttons:
            label = name
            if name.startswith("Discard the"):
                # Suits are dealt at random: discard whichever queen is in the hand.
                label = page.locator("button[aria-label^='Discard the queen of']").first \
                    .get_attribute("aria-label") or name
            page.get_by_role("button", name=label, exact=True).click()
            if name is buttons[-1]:  # the round's end: the solution is on the page
                solution = page.locator("#result").get_by_text("The solution", exact=True)
                expect(solution).to_be_visible()
            else:
                expect(page.locator("#result")).to_contain_text("You have one more try.")
    page.goto(base + "/progress/")
    chart = page.get_by_role("img", name="Rating history")
    expect(chart).to_be_visible()
    expect(page.locator("#chart-desc")).to_contain_text("Your rating after each of 4 rated puzzles")
    page.get_by_text("Rating history as a table").click()
    table = page.locator(".rating-table table")
    expect(table.locator("tbody tr")).to_have_count(5)  # the start and four puzzles
    check_a11y(page)
    snapshot(page, "progress-rating-chart")
    page.goto(base + "/puzzles/practice")
    check_a11y(page)
    snapshot(page, "learn-practice")
    page.get_by_role("link", name="Forcing: no").click()
    expect(page).to_have_url(re.compile(r"practice=forcing-no"))
    check_a11y(page)
    page.goto(base + "/puzzles/")
    check_a11y(page)
