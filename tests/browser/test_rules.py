"""The rule books in a real browser: a rule link in an explanation lands on its rule, the
pages pass axe in every language, and they fit a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from solver.rules import PROFILES

WORKED = "/analyzer/?hand=4H5HQSAC2D3SKDJC6S7D&opp=KSKHKC&center=6H&from=opponent"


def _target_id(page: Page) -> str | None:
    return page.evaluate("() => { const t = document.querySelector(':target'); return t && t.id; }")


def test_a_rule_link_in_an_explanation_lands_on_the_rule(page: Page, live_server: str) -> None:
    page.goto(live_server + "/analyzer/")
    # Typed in, the position is analysed through the API and drawn by the page's script
    # (static/js/rules.js links the ids there; the server-drawn page is checked below).
    page.get_by_text("Type the cards instead").click()
    page.locator("#pos-hand").fill("4H 5H QS AC 2D 3S KD JC 6S 7D")
    page.locator("#pos-opp").fill("KS KH KC")
    page.locator("#pos-center").fill("6H")
    explanation = page.locator("#analysis .explanation")
    expect(explanation).to_contain_text("You can take 6♥ now (R8).")
    link = explanation.get_by_role("link", name="R8", exact=True).first
    expect(link).to_have_attribute("href", "/rules/conquian-40#R8")
    link.click()
    expect(page).to_have_url(live_server + "/rules/conquian-40#R8")
    heading = page.get_by_role("heading", name="R8 Taking", exact=True)
    expect(heading).to_be_in_viewport()
    assert _target_id(page) == "R8"
    # The server-drawn analysis links its ids too, and so does a rule cited in the book.
    page.goto(live_server + WORKED)
    page.locator("#analysis .verdicts").get_by_role("link", name="R9", exact=True).click()
    expect(page.get_by_role("heading", name="R9 Forcing", exact=True)).to_be_in_viewport()
    page.locator("#R9 ~ p").get_by_role("link", name="R10", exact=True).first.click()
    expect(page).to_have_url(live_server + "/rules/conquian-40#R10")
    assert _target_id(page) == "R10"


def test_an_analyzer_error_links_its_rule(page: Page, live_server: str) -> None:
    page.goto(live_server + "/analyzer/")
    page.get_by_text("Type the cards instead").click()
    page.locator("#pos-hand").fill("4H 5H QS AC 2D 3S KD JC 6S")
    page.locator("#pos-center").fill("6H")
    error = page.locator("#form-error")
    expect(error).to_contain_text("(R13)")
    expect(error.get_by_role("link", name="R13", exact=True)).to_have_attribute(
        "href", "/rules/conquian-40#R13"
    )


@pytest.mark.parametrize("language", ["en", "pt", "es"])
def test_the_rules_pages_pass_axe(
    page: Page, live_server: str, check_a11y: Any, language: str
) -> None:
    page.goto(live_server + "/rules")
    page.locator("#lang-select").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    check_a11y(page)
    for profile_id in PROFILES:
        page.goto(f"{live_server}/rules/{profile_id}")
        expect(page.locator("article.rule-book")).to_have_attribute("lang", language)
        check_a11y(page)


def test_a_book_on_a_phone_and_with_the_keyboard(
    page: Page, live_server: str, snapshot: Any
) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(live_server + "/rules/kunken-40")
    # Nothing wider than the screen.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    contents = page.locator("details.rule-contents")
    summary = contents.locator("summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(contents).to_have_attribute("open", "")
    contents.get_by_role("link", name="K10 Laying off").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server + "/rules/kunken-40#K10")
    expect(page.get_by_role("heading", name="K10 Laying off")).to_be_in_viewport()
    snapshot(page, "rules-kunken-40")
    page.goto(live_server + "/rules")
    snapshot(page, "rules-index")
