"""The site in Italian and Russian in a real browser (issue 31): a lesson of the game whose
seed is in that language and a table against the computer, with the page's own words from
the catalog, axe, and screenshots of both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from tests.browser.test_tables import start

CATALOGS = Path(__file__).resolve().parents[2] / "tutor" / "translations"


def _words(lang: str) -> Any:
    return Translations.load(str(CATALOGS), [lang]).gettext


@pytest.mark.parametrize(
    ("lang", "rules", "lesson", "title"),
    [("it", "conquin", "conquin-table", "Conquin: two packs, ten cards each"),
     ("ru", "kunken", "kunken-deal", "The pack, the deal and the opening card")],
)
def test_a_lesson_and_a_table_in_the_seeds_own_language(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any, lang: str, rules: str,
    lesson: str, title: str,
) -> None:
    say = _words(lang)
    assert say(title) != title, f"{title!r} is not translated into {lang}"
    game = start(page, live_server, rules, seed=3)
    page.locator("#lang-select").select_option(lang)  # the header's form sends itself
    expect(page.locator("html")).to_have_attribute("lang", lang)

    page.goto(f"{live_server}/learn/{lesson}/1")
    expect(page.get_by_role("heading", level=1)).to_contain_text(say(title))
    expect(page.get_by_role("link", name=say("Lessons"), exact=True)).to_be_visible()
    check_a11y(page)
    snapshot(page, f"lesson-{lang}")

    page.goto(f"{live_server}/play/{game}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", name=say("Your hand"))).to_be_visible()
    expect(page.get_by_role("heading", name=say("Center"), exact=True)).to_be_visible()
    shown = page.locator("main").inner_text()
    assert "Your hand" not in shown and "Your move" not in shown
    check_a11y(page)
    snapshot(page, f"table-{lang}")
