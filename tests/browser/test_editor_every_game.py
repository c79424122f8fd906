"""A teacher writes a Conquin set in Chromium (issue 31's done-when): the picker shows two
packs and jokers, two copies of a card and a joker go into the hand by mouse and keyboard,
the closing puzzle is checked live, saved, assigned, and a learner's result is seen."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_teach import sign_up

from solver.rules import PROFILES

# Seven of the ten cards by mouse, three (a second copy and the joker) by keyboard.
BY_MOUSE = ["QS", "7H", "QH", "4D", "7D", "QD", "QC"]
BY_KEYS = ["QD", "QC", "*"]
GAME = next(p for p in PROFILES.values() if not p.melds_shown and p.deck.packs == 2)


@pytest.mark.browser
def test_a_teacher_writes_a_conquin_set_assigns_it_and_sees_a_result(
    page: Page, browser: Browser, live_server: str, check_a11y: Any
) -> None:
    base = live_server
    sign_up(page, base, "conquin.teacher@example.org")
    page.get_by_role("link", name="New puzzle set").click()
    page.get_by_label("Title").fill("Closing with two packs")
    page.get_by_label("Game").select_option(GAME.id)
    page.get_by_role("button", name="Create set").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New puzzle")
    expect(page.locator("#builder")).to_be_visible()  # the script has wired the picker
    # The game's task only; its pack with a joker; no meld zones.
    expect(page.locator("input[name=task]")).to_have_count(1)
    expect(page.get_by_label(re.compile("^Close: "))).to_be_checked()
    deck = page.locator(".picker__grid")
    expect(deck.get_by_role("button", name="joker")).to_be_visible()
    expect(page.locator(".picker__zone[data-zone='melds']")).to_be_hidden()

    for code in BY_MOUSE:
        deck.locator(f"[data-card='{code}']").first.click()
    for code in BY_KEYS:  # the second copy and the joker by keyboard
        deck.locator(f"[data-card='{code}']").first.focus()
        page.keyboard.press("Enter")
    page.locator(".picker__zone[data-zone='center']").click()
    deck.locator("[data-card='7H']").click()  # its second copy
    page.get_by_label("Players").fill("4")
    position = json.loads(page.get_by_label("Position (JSON)").input_value())
    assert position["rules"] == GAME.id and "melds" not in position
    assert sorted(position["hand"]) == sorted(BY_MOUSE + BY_KEYS)
    assert position["center"] == "7H" and position["players"] == 4
    report = page.locator("#check-report")
    expect(report).to_contain_text("Valid position.")
    expect(report).to_contain_text("lets you close now")
    expect(page.get_by_label("Hints, one per line")).not_to_have_value("")
    page.get_by_label("Puzzle title").fill("Two queens of each")
    check_a11y(page)
    page.get_by_role("button", name="Save puzzle").click()
    expect(page.locator(".flashes")).to_contain_text("Puzzle added.")

    page.get_by_role("link", name="Closing with two packs").first.click()
    page.get_by_label("Unlisted").check()
    page.get_by_role("button", name="Save who can open it").click()
    page.get_by_role("link", name="Your teaching desk").click()
    page.get_by_role("link", name="New class").click()
    page.get_by_label("Class name").fill("Conquin club")
    page.get_by_role("button", name="Create class").click()
    page.get_by_label("Puzzle set").select_option(label="Closing with two packs")
    page.get_by_role("button", name="Assign").click()
    code = page.locator(".class-code").inner_text().strip()
    class_url = page.url

    learner_context = browser.new_context()
    learner = learner_context.new_page()
    learner.goto(base + "/join")
    learner.get_by_label("Class code").fill(code)
    learner.get_by_label("Your nickname in the class").fill("Lupita")
    learner.get_by_role("button", name="Join").click()
    learner.get_by_role("link", name="Closing with two packs").click()
    learner.get_by_role("link", name="Two queens of each").first.click()
    learner.get_by_role("button", name="Yes, I take it and close").click()
    expect(learner.locator("#result h2")).to_contain_text("Correct")
    learner_context.close()

    page.goto(class_url)
    row = page.get_by_role("row", name=re.compile("Lupita")).first
    expect(row).to_contain_text("solved")
    expect(row).to_contain_text("1 attempt, 0 hints")
    check_a11y(page)
