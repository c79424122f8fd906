"""Live tables in a real browser: two people in two browser contexts open a Conquin table
(the registry's profile seating three or more), the guest sits down by the invite link, the
host fills the free seat with a computer player and starts; each page follows the other's
moves by polling (static/tables.js), with no reload, and the pages pass axe."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.browser.conftest import (  # noqa: F401 - the browser tests' fixtures
    browser_type_launch_args,
    check_a11y,
    live_server,
    no_csp_violations,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
HUMAN_MOVES = 6


def _move_number(page: Page) -> int:
    return int(page.locator("#play").get_attribute("data-move") or 0)


def test_two_people_play_live_at_one_table(
        browser: Browser, live_server: str,  # noqa: F811 - the imported fixture
        check_a11y: Callable[[Any], None]) -> None:  # noqa: F811
    rules = next(r for r in GAMES if get_profile(r).min_players >= 3)
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    errors: list[str] = []
    for page in (host, guest):
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    host.goto(f"{live_server}/tables/")
    check_a11y(host)
    host.locator("select[name=rules]").select_option(rules)
    host.get_by_label("Seats").fill("3")
    host.get_by_label("Your name at the table").fill("Ann")
    host.get_by_role("button", name="Open the table").click()
    invite = host.locator("a[href*='/t/']").first.get_attribute("href")
    assert invite
    guest.goto(invite)
    guest.get_by_label("Your name at the table").fill("Bea")
    guest.get_by_role("button", name="Sit down").click()
    expect(host.get_by_text("Bea")).to_be_visible()  # by polling, no reload
    check_a11y(host)
    host.get_by_role("button", name="Fill the free seats with computer players").click()
    host.get_by_role("button", name="Start").click()
    expect(guest.get_by_role("heading", name="Your hand")).to_be_visible()
    state_url = host.locator("#play").get_attribute("data-state")
    pages = [host, guest]
    for _move in range(HUMAN_MOVES):
        state = host.request.get(f"{live_server}{state_url}").json()
        view = state["view"]
        if view["hand_over"]:
            break
        mover = pages[view["turn"]]  # the computer has moved: a person is to move
        other = guest if mover is host else host
        number = state["move_number"]
        expect(mover.locator(".play-choices button").first).to_be_visible()
        assert _move_number(mover) == number
        mover.locator(".play-choices button").first.click()
        # The other seat's page hears of the move by itself.
        other.wait_for_function(
            "n => +document.getElementById('play').dataset.move > n", arg=number)
        expect(other.locator("#announce")).not_to_be_empty()
    check_a11y(guest)
    assert not errors, errors
    host_context.close()
    guest_context.close()
