"""Learner accounts in Chromium: a learner fails a puzzle on the laptop and signs up from the
header; on a phone (a second browser context) they fail a puzzle of another game, log in
from the progress page, and both devices then show both games' ratings and both rounds;
axe finds no serious violation on the sign-up, log-in and progress pages."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from solver.rules import PROFILES

FIRST, *_, LAST = list(PROFILES)
EMAIL = "lia.browser@example.org"
PASSWORD = "violet tractor umbrella 42"


def give_up(page: Page, base: str, game: str) -> None:
    """A practice puzzle of ``game``, its hint ladder climbed to the solution: a failed,
    rated round."""
    page.goto(base + f"/puzzles/practice?game={game}")
    page.get_by_role("link", name="Any theme").click()
    while True:
        button = page.locator("[data-hint-form] button")
        label = button.inner_text()
        button.click()
        if "solution" in label:
            expect(page.locator("#result")).to_contain_text("Solution shown")
            return
        expect(page.locator("[data-hint-form] button")).not_to_have_text(label)


def expect_both_games(page: Page, base: str) -> None:
    page.goto(base + "/progress/")
    expect(page.locator(".stat", has_text="Failed or solution shown").locator("dd")
           ).to_have_text("2")
    expect(page.get_by_role("heading", level=3)).to_have_text(
        [PROFILES[FIRST].display_name, PROFILES[LAST].display_name])
    expect(page.locator("#account-note")).to_contain_text(EMAIL)


def test_sign_up_on_one_device_and_log_in_on_another(
    page: Page, browser: Browser, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    base = live_server
    give_up(page, base, FIRST)
    page.get_by_role("link", name="Create account").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Keep your progress: create an account")
    check_a11y(page)
    page.get_by_label("Email address").fill(EMAIL)
    page.get_by_label("Password (at least").fill("ilovecats1")
    page.get_by_label("Password again").fill("ilovecats1")
    page.get_by_label("Password again").press("Enter")
    password = page.get_by_label("Password (at least")
    expect(password).to_have_attribute("aria-invalid", "true")
    check_a11y(page)
    page.get_by_label("Password (at least").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your progress")
    expect(page.get_by_role("status")).to_contain_text("Your account is made")

    phone_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        phone = phone_context.new_page()
        give_up(phone, base, LAST)
        phone.goto(base + "/progress/")
        expect(phone.locator("#account-note")).to_contain_text("no account is needed")
        phone.locator("#account-note").get_by_role("link", name="Log in").click()
        expect(phone.get_by_role("heading", level=1)).to_have_text("Log in")
        check_a11y(phone)
        phone.get_by_label("Email address").fill(EMAIL)
        phone.get_by_label("Password", exact=True).fill(PASSWORD)
        phone.get_by_label("Password", exact=True).press("Enter")
        expect(phone.get_by_role("heading", level=1)).to_have_text("Your progress")
        expect(phone.get_by_role("status")).to_contain_text("now part of your account")
        expect_both_games(phone, base)
        check_a11y(phone)
    finally:
        phone_context.close()
    expect_both_games(page, base)
    check_a11y(page)
    snapshot(page, "learner-account-progress")
