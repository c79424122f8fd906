"""Table chat in real browsers, by keyboard alone: the host turns the chat on, the guest's
open page shows the message field without a reload (news on the event stream), the guest
types and presses Enter, and the host's page shows the message in its live log without a
reload — markup in it stays text; axe finds no serious violation on the page with chat."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from solver.game.registry import GAMES
from tests.browser.conftest import (  # noqa: F401 - the browser tests' fixtures
    browser_type_launch_args,
    check_a11y,
    no_csp_violations,
)
from tests.live_app import serve
from tutor import create_app
from tutor.core.setup import prepare_database

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    app = create_app({"SECRET_KEY": "browser-tests", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'chat.sqlite'}",
                      "TABLES_REDIS_URL": None, "TABLE_HEARTBEAT": 0.5})
    prepare_database(app)
    with serve(app) as base:
        yield base


def test_two_people_chat_by_keyboard(browser: Browser, site: str,
                                     check_a11y: Callable[[Any], None]) -> None:  # noqa: F811
    host = browser.new_context().new_page()
    guest = browser.new_context().new_page()
    host.goto(f"{site}/tables/")
    host.locator("select[name=rules]").select_option(next(iter(GAMES)))
    host.get_by_label("Your name at the table").fill("Ann")
    host.get_by_role("button", name="Open the table").click()
    invite = host.locator("a[href*='/t/']").first.get_attribute("href")
    assert invite
    guest.goto(invite)
    guest.get_by_label("Your name at the table").fill("Bea")
    guest.get_by_label("Your name at the table").press("Enter")
    field = guest.get_by_label("Message to the table")
    expect(field).to_be_hidden()  # off by default

    switch = host.get_by_role("button", name="Turn the chat on")
    switch.focus()
    host.keyboard.press("Enter")
    expect(host.get_by_role("button", name="Turn the chat off")).to_be_visible()
    expect(field).to_be_visible()  # the guest's page, told by its stream

    attack = '"><img src=x onerror="document.title=1">'
    field.focus()
    guest.keyboard.type(attack)
    guest.keyboard.press("Enter")
    log = host.get_by_role("log")
    expect(log).to_contain_text("Bea: " + attack)  # the host's page, no reload
    expect(field).to_have_value("")
    assert host.locator("#chat-log img").count() == 0
    assert guest.locator("#chat-log img").count() == 0
    expect(log).to_have_attribute("aria-live", "polite")
    check_a11y(host)
    check_a11y(guest)
