"""The graded review in a real browser: a hand against the expert played to its end with a
fixed seed, then its review: every decision graded with a reason, the chart of winning
chances with its table, and the computer's cards revealed; axe on the page; screenshots of
the review and of the chart in test-artifacts/."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_play import play_hand, start_match

GRADES = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")


def test_a_played_hand_review_shows_grades_and_the_computer_hand(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    start_match(page, live_server, "hard", 4)
    play_hand(page)
    # How many cards the computer held when the hand ended (it may hold none: ten cards
    # down is not a win, R10), as the table said.
    held = int(page.locator(".play-count").first.inner_text().split()[0])
    page.get_by_role("link", name="Review this hand").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Review of hand 1")

    # Every decision has a grade and at least one reason or figure.
    items = page.locator(".play-review__item")
    count = items.count()
    assert count >= 1
    for i in range(count):
        item = items.nth(i)
        grade = item.locator("h2 .grade").inner_text()
        assert grade in GRADES, grade
        expect(item.locator(".play-review__reasons li").last).to_contain_text("%")

    # The summary counts the same grades.
    summary = page.locator(".grade-summary li")
    expect(summary).to_have_count(len(GRADES))
    total = sum(int(summary.nth(i).inner_text().split()[-1]) for i in range(len(GRADES)))
    assert total == count

    # The chart: an image with a title, and a table with one row per decision and the end.
    chart = page.get_by_role("img", name="Your winning chances after each decision")
    expect(chart).to_be_visible()
    rows = page.locator(".chances-table tbody tr")
    expect(rows).to_have_count(count + 1)
    expect(rows.last).to_contain_text("The end of the hand")

    # The computer's cards are shown now that the hand is over.
    section = page.get_by_role("region", name="The computer’s cards at the end of the hand")
    expect(section).to_be_visible()
    shown = section.locator(".computer-hand .card").count()
    assert shown == held, (shown, held)
    if not held:
        expect(section.locator(".computer-hand").get_by_text("Empty.")).to_be_visible()

    check_a11y(page)
    snapshot(page, "review-graded")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".chances-chart").screenshot(path=str(ARTIFACTS / "review-chances-chart.png"))
    page.locator(".grade-scale summary").click()
    expect(page.locator(".grade-scale table")).to_be_visible()
    check_a11y(page)
