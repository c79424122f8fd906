"""Ratings per game in Chromium, on the bundled library: the daily puzzles of every game,
the game chooser of practice, and two games' ratings moving independently; axe on each."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from solver.rules import PROFILES

FIRST, *_, LAST = list(PROFILES)


def give_up(page: Page) -> None:
    """Climb the hint ladder of the open puzzle to its solution: a failed, rated round."""
    while True:
        button = page.locator("[data-hint-form] button")
        if button.count() == 0:
            break
        label = button.inner_text()
        button.click()
        if "solution" in label:
            expect(page.locator("#result")).to_contain_text("Solution shown")
            break
        expect(page.locator("[data-hint-form] button")).not_to_have_text(label)


def rating_in(page: Page, base: str, game: str) -> str:
    page.goto(base + "/progress/")
    name = PROFILES[game].display_name
    stat = page.locator(".stat", has_text=f"Puzzle rating in {name}")
    return stat.locator("dd").inner_text()


def test_daily_puzzles_of_every_game(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/puzzles/daily")
    headings = page.get_by_role("heading", level=2)
    expect(headings).to_have_text([PROFILES[g].display_name for g in PROFILES])
    check_a11y(page)
    snapshot(page, "daily-puzzles")
    first = page.locator(".daily").first.locator("a.button")
    first.focus()
    page.keyboard.press("Enter")
    name = PROFILES[FIRST].display_name
    expect(page.locator(".puzzle-game")).to_contain_text(f"Game: {name}")
    expect(page.get_by_role("link", name=f"Rules of {name}")).to_have_attribute(
        "href", f"/rules/{FIRST}")
    check_a11y(page)


def test_two_games_ratings_move_independently(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/puzzles/practice")
    page.get_by_label("Game").select_option(FIRST)
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text(f"Puzzles of {PROFILES[FIRST].display_name}.")).to_be_visible()
    check_a11y(page)
    page.get_by_role("link", name="Any theme").click()
    expect(page.locator(".puzzle-game")).to_contain_text(PROFILES[FIRST].display_name)
    give_up(page)
    first = rating_in(page, live_server, FIRST)
    assert re.match(r"\d{3,4}", first)
    expect(page.locator(".stat", has_text=PROFILES[LAST].display_name)).to_have_count(0)

    page.goto(live_server + f"/puzzles/practice?game={LAST}")
    page.get_by_role("link", name="Any theme").click()
    expect(page.locator(".puzzle-game")).to_contain_text(PROFILES[LAST].display_name)
    give_up(page)
    assert rating_in(page, live_server, FIRST) == first  # the other game's round left it
    assert re.match(r"\d{3,4}", rating_in(page, live_server, LAST))
    expect(page.get_by_role("heading", level=3)).to_have_text(
        [PROFILES[FIRST].display_name, PROFILES[LAST].display_name])
    check_a11y(page)
    snapshot(page, "progress-ratings-per-game")


def test_streak_and_review_keep_to_the_chosen_game(
    page: Page, live_server: str, check_a11y: Any
) -> None:
    page.goto(live_server + "/puzzles/streak")
    page.get_by_label("Game").select_option(LAST)
    page.get_by_role("button", name="Show").click()
    name = PROFILES[LAST].display_name
    expect(page.locator("#streak-puzzle .puzzle-game")).to_contain_text(f"Game: {name}")
    expect(page.get_by_role("link", name=f"Rules of {name}")).to_have_attribute(
        "href", f"/rules/{LAST}")
    check_a11y(page)
    page.goto(live_server + "/puzzles/review")
    expect(page.get_by_label("Game")).to_have_value(LAST)  # the choice is remembered
    check_a11y(page)
