"""conquian-40 on the one table page in a real browser: a whole hand driven through the
cards with a fixed seed (with the JavaScript enhancement, then without it), the keyboard
alone, the coaching help and a take in two steps, axe on the play and review pages, phone
and desktop screenshots.  Every profile's hand: test_tables.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_tables import (
    api_view,
    no_hand_card_moves_offered,
    play_step,
    select_cards,
    start,
)


def start_match(page: Page, live_server: str, level: str = "hard", seed: int = 4,
                coaching: str = "full") -> str:
    """A conquian-40 match (the set-up form's first game); answers its id."""
    return start(page, live_server, "conquian-40", seed, level, coaching)


def play_one_step(page: Page) -> None:
    """A simple learner: the first move the page offers, by selecting its cards."""
    play_step(page)


def play_hand(page: Page, check_a11y: Any = None, snapshot: Any = None) -> None:
    review = page.get_by_role("link", name="Review this hand")
    for step in range(200):
        page.wait_for_selector("#play:not(.play-busy)")
        if review.count():
            return
        if step == 4 and check_a11y is not None:
            check_a11y(page)
            snapshot(page, "play-table")
        before = page.locator(".play-log li").count()
        play_one_step(page)
        # the table is redrawn (or the page reloads) with more moves in the log
        if not review.count():
            expect(page.locator(".play-log li")).not_to_have_count(before)
    raise AssertionError("the hand did not end")


def test_play_a_hand_and_review_it(page: Page, live_server: str, check_a11y: Any,
                                   snapshot: Any) -> None:
    start_match(page, live_server)
    check_a11y(page)
    play_hand(page, check_a11y, snapshot)
    expect(page.locator("#actions h2")).to_contain_text("hand")
    # the live region announced the last moves
    expect(page.locator("#announce")).not_to_be_empty()
    check_a11y(page)
    snapshot(page, "play-hand-over")
    page.get_by_role("link", name="Review this hand").click()
    # the graded review (whichever page grades this profile): hand 1, back to the table
    expect(page.get_by_role("heading", level=1)).to_contain_text("1")
    check_a11y(page)
    snapshot(page, "play-review")
    page.get_by_role("link", name="Back to the").click()
    next_hand = page.get_by_role("button", name="Deal the next hand")
    if next_hand.count():
        next_hand.click()
        expect(page.locator(".play-status")).to_contain_text("Hand 2")


def test_what_can_i_do_with_this_card(page: Page, live_server: str, check_a11y: Any,
                                      snapshot: Any) -> None:
    start_match(page, live_server, "medium", 7)
    takes = page.locator("#choices .play-choice[data-kind=take]")
    for _ in range(60):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.locator("#help li").count() and takes.count():
            break
        play_one_step(page)
    expect(page.locator("#help li").first).to_contain_text("R")
    check_a11y(page)
    snapshot(page, "play-help")
    # The take as a learner makes it: its hand cards and the center card, then the meld,
    # then (unless it wins) the discard, which takes the focus.
    take = takes.first
    select_cards(page, take, keyboard=False)
    expect(take).to_be_visible()
    step = take.locator(".play-step")
    if step.count():
        step.click()
        expect(step).to_have_attribute("aria-expanded", "true")
        expect(take.locator(".play-discard button").first).to_be_focused()
        check_a11y(page)
        snapshot(page, "play-take")


def test_a_selection_no_move_uses_is_said_so(page: Page, live_server: str) -> None:
    start_match(page, live_server, "easy", 5)
    status = page.locator("#choice-status")
    expect(status).to_have_text("Select cards to see the moves that use them.")
    cards = page.locator(".play-hand .play-pick")
    cards.nth(0).click()
    cards.nth(cards.count() - 1).click()  # two cards of different suits... or not a move
    offered = page.locator("#choices .play-choice:visible")
    with_cards = [offered.nth(i) for i in range(offered.count())
                  if offered.nth(i).get_attribute("data-hand") != "[]"]
    if not with_cards:
        expect(status).to_have_text("No move uses exactly the selected cards.")
    # the moves that need no hand card stay offered (declining the center card too)
    no_hand_card_moves_offered(page)


def test_keyboard_alone(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/play/?seed=5")
    page.locator("#level-easy").focus()
    page.keyboard.press("Space")
    start_button = page.get_by_role("button", name="Start a match")
    start_button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Your hand")).to_be_visible()
    for _ in range(40):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.get_by_role("link", name="Review this hand").count():
            return
        before = page.locator(".play-log li").count()
        play_step(page, keyboard=True)
        if page.get_by_role("link", name="Review this hand").count():
            return
        expect(page.locator(".play-log li")).not_to_have_count(before)
        # after an action, focus lands on the action panel
        assert page.evaluate("document.activeElement.id") == "actions"


def test_without_javascript(browser: Browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        start_match(page, live_server, "easy", 9)
        play_hand(page)
        expect(page.get_by_role("link", name="Review this hand")).to_be_visible()
    finally:
        context.close()


VERDICTS = ("fits no meld", "fits their exposed melds", "so pass it", "Take it or decline it")


def test_coaching_off_shows_no_verdict_or_help(page: Page, live_server: str,
                                               check_a11y: Any, snapshot: Any) -> None:
    page.goto(f"{live_server}/play/?seed=4")
    check_a11y(page)  # the start page, with the coaching choice
    game_id = start_match(page, live_server, "easy", 4, coaching="none")
    expect(page.get_by_label("Coaching")).to_have_value("none")
    for step in range(200):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.get_by_role("link", name="Review this hand").count():
            break
        prompt = page.locator("#actions .play-prompt")
        text = prompt.inner_text() if prompt.count() else ""
        for verdict in VERDICTS:
            assert verdict not in text, text
        expect(page.locator("#help")).to_have_count(0)
        expect(page.get_by_role("button", name="What can I do with this card?")
               ).to_have_count(0)
        if step == 1:
            check_a11y(page)
            snapshot(page, "play-coaching-none")
        assert api_view(page, live_server, game_id)["coaching"]["help"] is None
        play_step(page)
    # The level is remembered for this learner, and full coaching shows the help again.
    page.goto(f"{live_server}/play/")
    expect(page.locator("#coaching-none")).to_be_checked()
    page.go_back()
    page.get_by_label("Coaching").select_option("full")
    page.get_by_role("button", name="Change", exact=True).last.click()
    expect(page.get_by_label("Coaching")).to_have_value("full")
