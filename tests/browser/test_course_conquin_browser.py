"""Conquin's course in a real browser: the discard that closes for the most chosen with the
keyboard alone, a stake question answered by its button, both pages axe clean."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tutor.learn.games.conquin import LESSONS
from tutor.learn.games.conquin_exercises import ClosingDiscard, StakeChoice


def _first(kind: type) -> tuple[str, int]:
    return next((lesson.slug, n) for lesson in LESSONS
                for n, step in enumerate(lesson.steps, start=1)
                if isinstance(step.exercise, kind))


def _tab_to(page: Page, name: str) -> None:
    for _ in range(80):
        page.keyboard.press("Tab")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')"
                              " || document.activeElement.textContent.trim()")
        if label == name:
            return
    raise AssertionError(f"could not reach {name!r} with Tab")


def test_choose_the_closing_discard_by_keyboard(
        page: Page, live_server: str, check_a11y: Any, snapshot: Any) -> None:
    slug, number = _first(ClosingDiscard)
    page.goto(f"{live_server}/learn/{slug}/{number}")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    check_a11y(page)
    # The 2♣ closes, but for less than the 7♠ (three melds against two, I10).
    _tab_to(page, "two of clubs")
    page.keyboard.press("Space")
    _tab_to(page, "Discard")
    page.keyboard.press("Enter")
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    page.get_by_role("button", name="seven of spades").click()
    page.get_by_role("button", name="Discard").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(page.locator("#feedback")).to_contain_text("multiplied by 2")
    check_a11y(page)
    snapshot(page, "learn-conquin-closing-discard")


def test_answer_a_stake_question(page: Page, live_server: str, check_a11y: Any) -> None:
    slug, number = _first(StakeChoice)
    page.goto(f"{live_server}/learn/{slug}/{number}")
    page.get_by_role("button", name="×2").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(page.locator("#feedback")).to_contain_text("the stake is multiplied by 2")
    check_a11y(page)
