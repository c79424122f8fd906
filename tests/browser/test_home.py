"""The home page in a real browser: it renders, switches language and passes axe."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect


def test_home_page_renders_and_is_accessible(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Conquian")
    expect(page.get_by_role("img", name="six of hearts")).to_be_visible()
    check_a11y(page)
    snapshot(page, "home")


def test_skip_link_moves_focus_to_main(page: Page, live_server: str) -> None:
    page.goto(live_server + "/")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server + "/#main")
