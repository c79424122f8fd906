"""Leave and come back, in a real browser: two people at a two-seat table; the guest
closes the tab mid-hand.  The host's page, told by its event stream alone, shows "Bea left
— their seat waits"; back within the grace period the guest has the same seat and hand and
the table the same move number.  Past it a computer player takes the seat, and the guest,
back, takes it again.  The site's clock is the test's (moved, never waited for)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from solver.game.registry import GAMES
from solver.rules import get_profile
from tests.browser.conftest import (  # noqa: F401 - the browser tests' fixtures
    browser_type_launch_args,
    check_a11y,
    no_csp_violations,
)
from tests.live_app import serve
from tests.tables.test_presence import Clock
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.tables import notify

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Clock]]:
    clock = Clock()
    app = create_app({"SECRET_KEY": "browser-tests", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'leave.sqlite'}",
                      "CLOCK": clock, "TABLES_REDIS_URL": None, "TABLE_HEARTBEAT": 0.5})
    prepare_database(app)
    with serve(app) as base:
        yield base, clock


def _sit_down(browser: Browser, base: str) -> tuple[Page, Any, Page, str]:
    rules = next(r for r in GAMES if get_profile(r).min_players <= 2)
    host = browser.new_context().new_page()
    guest_context = browser.new_context()
    guest = guest_context.new_page()
    host.goto(f"{base}/tables/")
    host.locator("select[name=rules]").select_option(rules)
    host.get_by_label("Seats").fill("2")
    host.get_by_label("Your name at the table").fill("Ann")
    host.get_by_role("button", name="Open the table").click()
    table_url = host.url.split("#")[0]
    invite = host.locator("a[href*='/t/']").first.get_attribute("href")
    assert invite
    guest.goto(invite)
    guest.get_by_label("Your name at the table").fill("Bea")
    guest.get_by_role("button", name="Sit down").click()
    expect(host.get_by_role("button", name="Start")).to_be_visible()
    host.get_by_role("button", name="Start").click()
    expect(guest.get_by_role("heading", name="Your hand")).to_be_visible()
    return host, guest_context, guest, table_url


def _listeners(table_id: str) -> int:
    with notify._hub.lock:
        return len(notify._hub.queues.get(table_id, ()))


def _leave(host: Page, guest: Page, table_url: str) -> str:
    """The guest closes the tab; returns once the server has closed the guest's stream (no
    heartbeat of theirs can come after the clock moves)."""
    table_id = table_url.rstrip("/").rsplit("/", 1)[1]
    guest.close()
    deadline = 200
    while _listeners(table_id) > 1 and deadline:  # the host's own stream stays
        host.wait_for_timeout(50)
        deadline -= 1
    assert _listeners(table_id) == 1, "the closed tab's stream never ended"
    return table_id


def _hand(page: Page) -> str:
    return page.locator(".play-hand").inner_text()


def _move(page: Page) -> str:
    return page.locator("#play").get_attribute("data-move") or ""


def test_a_player_who_closes_the_tab_and_comes_back_in_time_keeps_everything(
        browser: Browser, site: tuple[str, Clock],
        check_a11y: Callable[[Any], None]) -> None:  # noqa: F811
    base, clock = site
    host, guest_context, guest, table_url = _sit_down(browser, base)
    hand, number = _hand(guest), _move(guest)
    _leave(host, guest, table_url)
    clock.forward(20)
    away = host.locator(".table-away")
    expect(away).to_contain_text("Bea left — their seat waits")  # by the stream, no reload
    expect(away.locator("[data-countdown]")).to_have_text("0:40")
    check_a11y(host)
    back = guest_context.new_page()
    back.goto(table_url)
    expect(back.get_by_role("heading", name="Your hand")).to_be_visible()
    assert _hand(back) == hand and _move(back) == number
    expect(host.locator(".table-away")).to_have_count(0)
    assert back.get_by_role("button", name="Take my seat back").count() == 0


def test_past_the_grace_period_a_computer_plays_the_seat_until_its_player_takes_it_back(
        browser: Browser, site: tuple[str, Clock],
        check_a11y: Callable[[Any], None]) -> None:  # noqa: F811
    base, clock = site
    host, guest_context, guest, table_url = _sit_down(browser, base)
    state_url = f"{table_url}/state"
    for _step in range(20):  # the host plays until it is the guest's turn when she leaves
        state = host.request.get(state_url).json()
        if state["view"]["turn"] == 1:
            break
        # The host's page shows the choices of this very move number, then one is made.
        expect(host.locator(".play-choices input[name=move]").first).to_have_value(
            str(state["move_number"]))
        host.locator(".play-choices button").first.click()
        host.wait_for_function("n => +document.getElementById('play').dataset.move > n",
                               arg=state["move_number"])
    expect(guest.get_by_role("heading", name="Your move")).to_be_visible()
    left_at = int(_move(guest))
    _leave(host, guest, table_url)
    clock.forward(61)
    expect(host.locator(".table-away")).to_contain_text(
        "a computer player plays their seat")
    # The computer played Bea's turn: the host is to move again, with no reload.
    expect(host.get_by_role("heading", name="Your move")).to_be_visible()
    assert int(_move(host)) > left_at
    back = guest_context.new_page()
    back.goto(table_url)
    expect(back.get_by_role("heading", name="Your hand")).to_be_visible()
    reclaim = back.get_by_role("button", name="Take my seat back")
    expect(reclaim).to_be_visible()
    check_a11y(back)
    reclaim.click()
    expect(back.get_by_role("button", name="Take my seat back")).to_have_count(0)
    expect(host.locator(".table-away")).to_have_count(0)
    assert _move(back) == _move(host)  # the same table, Bea's seat hers again
