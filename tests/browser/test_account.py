"""The account pages in Chromium, by keyboard: reach them from the teaching desk, change
the password (errors named on their fields), ask for a reset link, log out everywhere; axe
finds no serious violation on any of them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

EMAIL = "ana.account@example.org"
PASSWORD = "violet tractor umbrella 42"
NEW_PASSWORD = "quiet harbour lantern 7"


def _sign_up_and_log_in(page: Page, base: str) -> None:
    page.goto(base + "/auth/signup")
    page.get_by_label("Your name").fill("Ana")
    page.get_by_label("Email address").fill(EMAIL)
    page.get_by_label("Password (at least").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.get_by_label("Email address").fill(EMAIL)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password", exact=True).press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your teaching desk")


def test_account_pages_by_keyboard(page: Page, live_server: str, check_a11y: Any,
                                   snapshot: Any) -> None:
    base = live_server
    _sign_up_and_log_in(page, base)
    page.get_by_role("link", name="Your account").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your account")
    check_a11y(page)

    # A wrong current password: the field says so and is marked invalid for screen readers.
    page.get_by_label("Current password").fill("not the password")
    page.get_by_label("New password (at least").fill(NEW_PASSWORD)
    page.get_by_label("New password again").fill(NEW_PASSWORD)
    page.get_by_label("New password again").press("Enter")
    current = page.get_by_label("Current password")
    expect(current).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#" + str(current.get_attribute("aria-describedby")))).to_have_text(
        "That is not your current password.")
    check_a11y(page)

    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password (at least").fill(NEW_PASSWORD)
    page.get_by_label("New password again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status")).to_contain_text("Your password is changed.")
    snapshot(page, "account")

    page.get_by_role("button", name="Log out everywhere").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Teacher log in")
    expect(page.get_by_role("status")).to_contain_text("logged out on every device")

    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Forgot your password?")
    page.get_by_label("Email address").fill(EMAIL)
    page.get_by_label("Email address").press("Enter")
    expect(page.get_by_role("status").last).to_contain_text("If an account uses this address")
    check_a11y(page)

    page.goto(base + "/account/reset/no-such-link")
    expect(page.get_by_role("alert")).to_contain_text("This link is not valid.")
    check_a11y(page)
