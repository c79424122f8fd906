"""The analyzer's explanations under other profiles, in a real browser: the sentences are
shown, their rule ids link to the profile's own rule book, and the link lands on the rule."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from solver.position import Position
from tutor.analyzer.codec import position_query

DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.mark.parametrize(("pid", "rule", "words"), [
    ("conquin", "I9", "lets you close now"),
    ("colonel", "H5", "gives you these melds to put down"),
    ("kunken", "K16", "nobody forces a card"),
])
def test_explanation_links_the_profiles_rules(page: Page, live_server: str, pid: str,
                                              rule: str, words: str) -> None:
    position = Position.from_dict(json.loads((DOCS / f"{pid}.json").read_text()))
    page.goto(live_server + "/analyzer/?" + urlencode(position_query(position)))
    sentence = page.locator("#analysis-body .explanation li", has_text=words).first
    expect(sentence).to_be_visible()
    link = sentence.locator(f"a[href$='/rules/{pid}#{rule}']").first
    expect(link).to_have_text(rule)
    link.click()
    expect(page).to_have_url(f"{live_server}/rules/{pid}#{rule}")
    expect(page.locator(f"[id='{rule}']")).to_be_attached()
