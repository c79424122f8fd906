"""A live table's page when its event stream cannot be had, in a real browser: a browser
without EventSource polls and shows the other player's move with no reload; a page whose
stream is refused (503, every slot taken) polls meanwhile and asks for the stream again
within seconds, not after half a minute (issue 29: every client back within 5 s)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.browser.conftest import (  # noqa: F401 - the browser tests' fixtures
    browser_type_launch_args,
    check_a11y,
    no_csp_violations,
)
from tests.tables.test_browser_leave import _move, _sit_down, site  # noqa: F401
from tests.tables.test_presence import Clock

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REFUSED_TRIES = 3
"""Stream requests a refused page makes within ``WITHIN`` seconds (waiting 1-2 s, then
2-4 s)."""
WITHIN = 15.0


def _other_moves(pages: list[Page], watcher: Page) -> None:
    """The player to move (not ``watcher``'s page) makes a move; returns once ``watcher``
    shows the new move number, with no reload."""
    before = int(_move(watcher))
    mover = next(p for p in pages if p.locator(".play-choices button").count())
    mover.locator(".play-choices button").first.click()
    watcher.wait_for_function("n => +document.getElementById('play').dataset.move > n",
                              arg=before)
    assert watcher.evaluate("() => window.sameDocument === true"), "the page reloaded"


def test_a_browser_without_event_source_polls_the_table(
        browser: Browser, site: tuple[str, Clock]) -> None:  # noqa: F811
    base, _clock = site
    host, _guest_context, guest, table_url = _sit_down(browser, base)
    old = browser.new_context()
    old.add_init_script("delete window.EventSource;")
    streams: list[str] = []
    watcher = old.new_page()
    watcher.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
    watcher.goto(table_url)  # a spectator's page
    watcher.evaluate("() => { window.sameDocument = true; }")
    _other_moves([host, guest], watcher)
    assert streams == []
    old.close()


def test_a_refused_stream_is_asked_for_again_within_seconds_while_the_page_polls(
        browser: Browser, site: tuple[str, Clock],  # noqa: F811
        check_a11y: Callable[[Any], None]) -> None:  # noqa: F811
    base, _clock = site
    host, _guest_context, guest, table_url = _sit_down(browser, base)
    refused: list[float] = []

    def full(route: Route) -> None:
        refused.append(time.monotonic())
        route.fulfill(status=503, content_type="application/json",
                      body='{"error": "Too many live connections here just now."}')

    context = browser.new_context()
    context.route("**/tables/*/events*", full)
    watcher = context.new_page()
    watcher.goto(table_url)
    watcher.evaluate("() => { window.sameDocument = true; }")
    deadline = time.monotonic() + WITHIN
    while len(refused) < REFUSED_TRIES and time.monotonic() < deadline:
        watcher.wait_for_timeout(100)
    assert len(refused) >= REFUSED_TRIES, f"{len(refused)} stream requests in {WITHIN} s"
    gaps = [b - a for a, b in itertools.pairwise(refused)]
    assert min(gaps) >= 0.9, f"tries with no wait between them: {gaps}"
    _other_moves([host, guest], watcher)  # meanwhile the page polls
    check_a11y(watcher)
    context.close()
