"""Puzzles in a real browser: hint ladder, streak mode, no-JS and keyboard use, axe, screenshots.

The site runs with CSRF on and the small test library of tests/puzzles_site/data, whose
answers are known, so every step here can be checked exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.live_app import serve
from tutor import create_app
from tutor.core.setup import prepare_database

DATA = Path(__file__).resolve().parents[1] / "puzzles_site" / "data"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db_path = tmp_path_factory.mktemp("puzzles-live") / "live.sqlite"
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "RATELIMIT_ENABLED": False,
            "PUZZLE_DIR": str(DATA),
            # Cards as the test set writes them; test_learning.py deals the suits.
            "PUZZLE_RELABEL_SUITS": False,
        }
    )
    prepare_database(app)
    with serve(app) as base:
        yield base


def status(page: Page) -> Any:
    return page.locator("#puzzle-status")


def card(page: Page, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


# The right and a wrong way to answer each test puzzle, by its title: a button to press,
# or the hand cards to select before pressing Take.
RIGHT: dict[str, str | list[str]] = {
    "Can you take the six?": "Yes, I can take it",
    "Take the seven to wait?": "No, I cannot take it",
    "Can the king be forced on you?": "Yes, it can be forced on me",
    "Lay down the run": ["four of hearts", "five of hearts"],
    "Eleven down": ["five of hearts", "six of hearts"],
    "Take, then discard": "Discard the queen of spades",
}
WRONG: dict[str, str | list[str]] = {
    "Can you take the six?": "No, I cannot take it",
    "Take the seven to wait?": "Yes, I can take it",
    "Can the king be forced on you?": "No, it cannot be forced",
    "Lay down the run": ["four of hearts"],
    "Eleven down": "No play wins",
    "Take, then discard": "Discard the king of diamonds",
}


def act(page: Page, action: str | list[str]) -> None:
    if isinstance(action, list):
        take(page, action)
    else:
        page.get_by_role("button", name=action, exact=True).click()


def answer_right(page: Page, title: str) -> None:
    act(page, RIGHT[title])


def answer_wrong(page: Page, title: str) -> None:
    act(page, WRONG[title])


def take(page: Page, names: list[str]) -> None:
    for name in names:
        button = card(page, name)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Take 6♥ with the selected cards").or_(
        page.get_by_role("button", name="Take 4♥ with the selected cards")
    ).click()


def test_solve_a_puzzle_with_the_hint_ladder(
    page: Page, site: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(site + "/puzzles/sets/mini/lay-run")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lay down the run")
    expect(page.get_by_text("Select the cards from your hand to lay down with 6♥")).to_be_visible()
    check_a11y(page)
    snapshot(page, "puzzle")

    hints = page.locator("ol.hints li")
    for step, hint_text in enumerate(
        ["first nudge.", "the rule that decides.", "look at the center card."], start=1
    ):
        page.get_by_role("button", name=f"Show hint {step} of 3").click()
        expect(hints).to_have_count(step)
        newest = page.locator(f"#hint-{step}")
        expect(newest).to_contain_text(hint_text)
        expect(newest).to_be_focused()
        expect(status(page)).to_have_text(f"Hint {step} of 3.")
    # The solution ends the round as failed: no answer to give, no "Correct!" to earn.
    page.get_by_role("button", name="Show the solution").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result.get_by_role("heading", level=2)).to_have_text("✗ Solution shown")
    expect(result).to_contain_text("counts as missed")
    expect(result).to_contain_text("Take 6♥ with these cards:")
    expect(result.get_by_role("img", name="four of hearts").first).to_be_visible()
    expect(result).to_contain_text("lay-run: the written explanation.")
    expect(status(page)).to_have_text("The solution is shown. This puzzle counts as missed.")
    expect(page.get_by_role("button", name="Show the solution")).to_have_count(0)
    expect(page.locator("#answer-form")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/puzzles/sets/mini/lay-run\?round=\d+$"))
    check_a11y(page)
    snapshot(page, "puzzle-solution")

    # The next puzzle, right at the first answer.
    page.goto(site + "/puzzles/sets/mini/win-eleven")
    take(page, ["five of hearts", "six of hearts"])
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result.get_by_role("heading", level=2)).to_have_text("✓ Correct!")
    expect(result).to_contain_text("You took it with 5♥ 6♥.")
    expect(result).to_contain_text("win-eleven: the written explanation.")
    expect(status(page)).to_have_text("Correct!")
    expect(page).to_have_url(re.compile(r"/puzzles/sets/mini/win-eleven\?attempt=\d+$"))
    check_a11y(page)
    snapshot(page, "puzzle-result")

    page.goto(site + "/progress/")
    expect(page.locator(".stat", has_text="Hints used")).to_contain_text("4")
    expect(page.locator(".stat", has_text="Puzzles solved")).to_contain_text("1")
    expect(page.locator(".stat", has_text="Failed or solution shown")).to_contain_text("1")
    check_a11y(page)
    snapshot(page, "progress")


def test_a_wrong_answer_explains_and_lands_in_retry(
    page: Page, site: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(site + "/puzzles/sets/mini/safe-discard")
    check_a11y(page)
    snapshot(page, "puzzle-discard")
    page.get_by_role("button", name="Discard the king of diamonds").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result.get_by_role("heading", level=2)).to_have_text("✗ Not quite")
    expect(result).to_contain_text("You discarded K♦.")
    expect(result).to_contain_text("You have one more try.")
    expect(result).not_to_contain_text("Discard one of these cards:")  # nothing revealed
    expect(status(page)).to_have_text("Not quite. You have one more try.")
    check_a11y(page)
    page.get_by_role("button", name="Discard the king of diamonds").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result).to_contain_text("Both answers were wrong")
    expect(result).to_contain_text("Discard one of these cards:")
    expect(status(page)).to_have_text("Not quite. The solution is shown.")
    check_a11y(page)

    page.goto(site + "/puzzles/failed")
    expect(page.get_by_role("link", name="Take, then discard")).to_be_visible()
    check_a11y(page)
    snapshot(page, "puzzles-failed")
    # Replayed at once it is practice: right, but it stays missed until its review.
    page.get_by_role("link", name="Take, then discard").click()
    answer_right(page, "Take, then discard")
    expect(page.locator("#result h2")).to_have_text("✓ Right, as practice")
    # Opened from "Retry missed puzzles": the way back is to that list, not to the set.
    expect(page.get_by_role("link", name="Back to the missed puzzles")).to_be_visible()
    expect(page.get_by_role("link", name="Next missed puzzle")).to_have_count(0)  # none left
    page.goto(site + "/puzzles/failed")
    expect(page.get_by_role("link", name="Take, then discard")).to_be_visible()


def test_streak_mode_until_a_miss(page: Page, site: str, check_a11y: Any, snapshot: Any) -> None:
    page.goto(site + "/puzzles/streak")
    check_a11y(page)
    snapshot(page, "streak")
    count = page.locator("[data-streak-count]")
    for n in (1, 2, 3):
        title = page.locator("#streak-puzzle-h").inner_text()
        answer_right(page, title)
        expect(count).to_have_text(str(n))
        expect(page.locator("#result h2")).to_have_text("✓ Correct!")
        expect(page.locator("#result")).to_be_focused()
        expect(status(page)).to_have_text(f"Correct! Streak: {n}.")
        expect(page.locator("#streak-puzzle-h")).not_to_have_text(title)
    page.get_by_role("link", name="On to the next puzzle").click()
    expect(page.locator("#streak-puzzle")).to_be_focused()
    check_a11y(page)
    title = page.locator("#streak-puzzle-h").inner_text()
    answer_wrong(page, title)
    expect(page.locator("#result h2")).to_have_text("✗ Not quite")
    expect(page.locator("#result .streak-ended")).to_have_text("Your streak ended at 3.")
    expect(status(page)).to_have_text("Not quite. Your streak ended at 3.")
    expect(page.locator(".streak-score")).to_contain_text("Best: 3")
    expect(page.locator("#streak-puzzle")).to_have_count(0)
    # The streak is over, but the table of the missed puzzle stays in view.
    expect(page.locator("#puzzle-region .board")).to_be_visible()
    expect(page.locator("#puzzle-region .board .card").first).to_be_visible()
    check_a11y(page)
    snapshot(page, "streak-ended")
    page.get_by_role("button", name="Start a new streak").click()
    expect(count).to_have_text("0")
    expect(page.locator("#streak-puzzle-h")).to_be_visible()
    page.goto(site + "/progress/")
    expect(page.locator(".stat", has_text="Best streak")).to_contain_text("3")


def test_browse_pages(page: Page, site: str, check_a11y: Any, snapshot: Any) -> None:
    page.goto(site + "/puzzles/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzles")
    check_a11y(page)
    snapshot(page, "puzzles-index")
    page.get_by_role("link", name="Mini test set").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Mini test set")
    expect(page.locator(".mark--new")).to_have_count(6)
    check_a11y(page)
    snapshot(page, "puzzle-set")
    page.get_by_role("link", name="Start the set").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Can you take the six?")
    check_a11y(page)
    page.goto(site + "/puzzles/sets/mini/win-eleven")
    check_a11y(page)
    snapshot(page, "puzzle-win")
    page.goto(site + "/puzzles/sets/mini/forced-king")
    check_a11y(page)
    page.goto(site + "/progress/")
    check_a11y(page)
    snapshot(page, "progress-empty")
    # In Portuguese the translated set comes first; the English one is offered beside it.
    page.goto(site + "/puzzles/")
    page.get_by_label("Language").select_option("pt")
    expect(page.get_by_role("link", name="Conjunto de teste")).to_be_visible()
    check_a11y(page)


def test_everything_works_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site + "/puzzles/sets/mini/win-eleven")
        page.get_by_role("button", name="Show hint 1 of 3").click()
        expect(page.locator("#hint-1")).to_contain_text("first nudge.")
        # Without the script the hand cards are checkboxes named by the card.
        page.get_by_role("checkbox", name="five of hearts").check()
        page.get_by_role("checkbox", name="six of hearts").check()
        page.get_by_role("button", name="Take 4♥ with the selected cards").click()
        expect(page.locator("#result h2")).to_have_text("✓ Correct!")
        expect(page).to_have_url(re.compile(r"/puzzles/sets/mini/win-eleven\?attempt=\d+#result$"))
        page.get_by_role("link", name="Try it again").click()
        page.get_by_role("button", name="No play wins").click()
        expect(page.locator("#result h2")).to_have_text("✗ Not quite")
        page.goto(site + "/puzzles/sets/mini/lay-run")
        page.get_by_role("checkbox", name="king of diamonds").check()
        page.get_by_role("button", name="Take 6♥ with the selected cards").click()
        expect(page.locator("#result h2")).to_have_text("✗ Not quite")
        expect(page.locator("#result")).to_contain_text("You have one more try.")
        page.get_by_role("checkbox", name="four of hearts").check()
        page.get_by_role("checkbox", name="five of hearts").check()
        page.get_by_role("button", name="Take 6♥ with the selected cards").click()
        expect(page.locator("#result h2")).to_have_text("✓ Solved after a miss")
        # To the solution without the script: the round ends there too.
        page.goto(site + "/puzzles/sets/mini/forced-king")
        for step in (1, 2, 3):
            page.get_by_role("button", name=f"Show hint {step} of 3").click()
        page.get_by_role("button", name="Show the solution").click()
        expect(page.locator("#result h2")).to_have_text("✗ Solution shown")
        expect(page.locator("#answer-form")).to_have_count(0)
        page.goto(site + "/puzzles/streak")
        title = page.locator("#streak-puzzle-h").inner_text()
        answer_right(page, title)
        expect(page.locator("[data-streak-count]")).to_have_text("1")
    finally:
        context.close()


def test_keyboard_only(page: Page, site: str) -> None:
    page.goto(site + "/puzzles/sets/mini/lay-run")

    def tab_to(name: str, limit: int = 60) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.getAttribute('aria-label')") == name or (
                page.evaluate("document.activeElement.textContent.trim()") == name
            ):
                return
        raise AssertionError(f"could not reach {name!r} with Tab")

    tab_to("four of hearts")
    page.keyboard.press("Space")
    tab_to("five of hearts")
    page.keyboard.press("Enter")
    expect(card(page, "four of hearts")).to_have_attribute("aria-pressed", "true")
    expect(card(page, "five of hearts")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("Selected: 4♥ 5♥")).to_be_visible()
    tab_to("Take 6♥ with the selected cards")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_be_focused()
    expect(page.locator("#result h2")).to_have_text("✓ Correct!")
    tab_to("Next puzzle")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Eleven down")


def test_bundled_library_pages(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    """The shared live server loads the real library of puzzles/: browse it and climb a ladder."""
    page.goto(live_server + "/puzzles/")
    links = page.locator(".set-card__title a")
    assert links.count() >= 1, "no bundled sets on the index"
    check_a11y(page)
    snapshot(page, "puzzles-index-library")
    page.goto(live_server + "/puzzles/sets/rearranging/")
    check_a11y(page)
    page.locator(".puzzle-list a").first.click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    check_a11y(page)
    steps = 0
    while page.get_by_role("button", name=re.compile(r"^Show hint \d+ of \d+$")).count():
        page.get_by_role("button", name=re.compile(r"^Show hint \d+ of \d+$")).click()
        steps += 1
        expect(page.locator(f"#hint-{steps}")).to_be_focused()
    assert steps >= 2
    page.get_by_role("button", name="Show the solution").click()
    expect(page.locator("#result")).to_be_focused()
    expect(page.locator("#result .solution")).to_be_visible()
    check_a11y(page)
    snapshot(page, "puzzle-library-solution")
