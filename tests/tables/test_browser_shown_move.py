"""A table page's move number is the one of the table it shows.  With its event stream the
other seat's page shows a move from the stream's page event, with no read of its own
(issue 29), says whose move it is, and keeps the keyboard focus; a polling page's move
number changes only once the new table is shown (the fragment read after the state), never
while the old one is still on the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Route

from tests.browser.conftest import (  # noqa: F401 - the browser tests' fixtures
    browser_type_launch_args,
    live_server,
    no_csp_violations,
)
from tests.tables.test_browser_leave import _sit_down

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _shown(page: Any) -> str:
    return str(page.locator("#play [data-shown-move]").get_attribute("data-shown-move"))


def test_the_stream_brings_the_other_seat_its_page_with_no_read(
        browser: Browser, live_server: str) -> None:  # noqa: F811 - the imported fixture
    host, _guest_context, guest, table_url = _sit_down(browser, live_server)
    state = host.request.get(f"{table_url}/state").json()
    number = state["move_number"]
    mover, other = (host, guest) if state["view"]["turn"] == 0 else (guest, host)
    reads: list[str] = []
    other.on("request", lambda r: reads.append(r.url) if "/tables/" in r.url
             and not r.url.split("?")[0].endswith(("/events", "/chat")) else None)
    other.locator("#play").focus()
    mover.locator(".play-choices button").first.click()
    other.wait_for_function("n => +document.getElementById('play').dataset.move > n",
                            arg=number)
    assert not reads, f"the page read {reads} instead of taking the stream's page"
    shown = _shown(other)
    assert other.locator("#play").get_attribute("data-move") == shown
    now = other.request.get(f"{table_url}/state").json()
    assert str(now["move_number"]) == shown
    mine = now["view"]["turn"] == now["seat"]
    other.wait_for_function("t => document.getElementById('announce').textContent === t",
                            arg="Your move." if mine else
                            "The table changed: it is shown again.")
    assert other.evaluate("document.activeElement.id") == "play"


def test_the_move_number_changes_with_the_table_shown(
        browser: Browser, live_server: str) -> None:  # noqa: F811 - the imported fixture
    host, _guest_context, guest, table_url = _sit_down(browser, live_server)
    state = host.request.get(f"{table_url}/state").json()
    number = state["move_number"]
    mover, other = (host, guest) if state["view"]["turn"] == 0 else (guest, host)
    other.add_init_script("delete window.EventSource;")  # a polling page
    other.reload()
    assert other.locator("#play").get_attribute("data-move") == str(number) == _shown(other)
    held: list[Route] = []


    def hold(route: Route) -> None:  # the first new table is held back
        if held:
            route.continue_()
        else:
            held.append(route)

    other.route("**/fragment", hold)
    with other.expect_request(lambda r: r.url.endswith("/fragment")):
        mover.locator(".play-choices button").first.click()
    # The state said the new number; the page still shows the old table, and says so.
    assert other.locator("#play").get_attribute("data-move") == str(number) == _shown(other)
    held[0].continue_()
    other.wait_for_function("n => +document.getElementById('play').dataset.move > n",
                            arg=number)
    assert other.locator("#play").get_attribute("data-move") == _shown(other)
