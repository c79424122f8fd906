"""Play against the computer in a real browser: a whole hand driven through the UI with a
fixed seed (with the JavaScript enhancement, then without it), the keyboard alone, axe on
the play and review pages, phone and desktop screenshots."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect


def start_match(page: Page, live_server: str, level: str = "hard", seed: int = 4) -> None:
    page.goto(f"{live_server}/play/?seed={seed}")
    page.get_by_label(level.capitalize(), exact=True).check()
    page.get_by_role("button", name="Start a match").click()
    expect(page.get_by_role("heading", name="Your hand")).to_be_visible()


def play_one_step(page: Page) -> None:
    """A simple learner: take with the first listed play when possible, else turn, pass,
    decline or waive."""
    actions = page.locator("#actions")
    take_link = actions.locator("a.play-option").first
    if take_link.count():
        take_link.click()
        page.wait_for_load_state()  # without JavaScript the take step is a new page
        # With JavaScript it arrives as a fragment: wait for its buttons before choosing.
        win = actions.get_by_role("button", name="and win the hand")
        discard = actions.locator(".play-discard button")
        expect(win.or_(discard).first).to_be_visible()
        if win.count():
            win.click()
        else:
            discard.first.click()
        return
    for name in ("Turn the top card", "Pass the", "Decline the", "Don’t force it",
                 "Force the"):
        button = actions.get_by_role("button", name=name)
        if button.count():
            button.first.click()
            return
    raise AssertionError("no action offered:\n" + actions.inner_text())


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
    expect(page.get_by_role("heading", level=1)).to_contain_text("Review of hand 1")
    expect(page.get_by_role("heading", name="Decision 1 ", exact=False).first).to_be_visible()
    page.locator(".play-review details summary").first.click()
    check_a11y(page)
    snapshot(page, "play-review")
    page.get_by_role("link", name="Back to the match").click()
    next_hand = page.get_by_role("button", name="Deal the next hand")
    if next_hand.count():
        next_hand.click()
        expect(page.locator(".play-status")).to_contain_text("Hand 2")


def test_what_can_i_do_with_this_card(page: Page, live_server: str, check_a11y: Any,
                                      snapshot: Any) -> None:
    start_match(page, live_server, "medium", 7)
    for _ in range(60):
        help_ = page.locator("#help summary")
        if help_.count() and page.locator("a.play-option").count():
            break
        play_one_step(page)
        page.wait_for_selector("#play:not(.play-busy)")
    help_.click()
    expect(page.locator("#help li").first).to_contain_text("R")
    check_a11y(page)
    snapshot(page, "play-help")
    option = page.locator("a.play-option").first
    if option.count():
        option.click()
        expect(page.get_by_text("You lay down:")).to_be_visible()
        # focus moved to the take section, where the discard (or the win) is chosen
        assert page.evaluate("document.activeElement.id") == "take"
        check_a11y(page)
        snapshot(page, "play-take")


def test_keyboard_alone(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/play/?seed=5")
    # Tab to the level choice and start with Enter
    page.locator("#level-easy").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # the coaching choice: one tab stop for the radio group
    expect(page.locator("#coaching-full")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Start a match")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Your hand")).to_be_visible()
    for _ in range(40):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.get_by_role("link", name="Review this hand").count():
            return
        # the first action button of the panel, reached with Tab from the panel itself
        # (passing over links such as "What can I do with this card?")
        page.locator("#actions").focus()
        for _ in range(15):
            page.keyboard.press("Tab")
            if page.evaluate(
                "document.activeElement.tagName === 'BUTTON'"
                " && !!document.activeElement.closest('#actions')"
            ):
                break
        else:
            raise AssertionError("no action button reachable with Tab")
        before = page.locator(".play-log li").count()
        page.keyboard.press("Enter")
        if page.locator(".play-discard button").count():
            page.locator(".play-discard button").first.focus()
            page.keyboard.press("Enter")
        elif page.get_by_role("button", name="and win the hand").count():
            page.get_by_role("button", name="and win the hand").focus()
            page.keyboard.press("Enter")
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


def _game_id(page: Page) -> str:
    return page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]


def test_coaching_off_shows_no_verdict_or_ready_made_plays(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(f"{live_server}/play/?seed=4")
    check_a11y(page)  # the start page, with the coaching choice
    page.get_by_label("Easy", exact=True).check()
    page.get_by_label("No coaching", exact=True).check()
    page.get_by_role("button", name="Start a match").click()
    expect(page.get_by_label("Coaching")).to_have_value("none")
    api = f"{live_server}/api/games/{_game_id(page)}"
    actions = page.locator("#actions")
    faced = took = refused = 0
    for _ in range(200):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.get_by_role("link", name="Review this hand").count() or took:
            break
        view = page.request.get(api).json()
        prompt = actions.locator(".play-prompt").inner_text() if view["turn"] else ""
        for verdict in VERDICTS:
            assert verdict not in prompt, prompt
        expect(actions.locator("a.play-option")).to_have_count(0)  # no ready-made plays
        expect(page.locator("#help")).to_have_count(0)  # no "What can I do with this card?"
        if view["turn"] and view["center"] and view["phase"] in ("turned", "respond"):
            faced += 1
            # The cards can be ticked whether or not the card can be taken.
            expect(page.get_by_role("button", name="Lay the ticked cards with the")).to_be_visible()
            if faced == 1:
                check_a11y(page)
                snapshot(page, "play-coaching-none")
            if "take" not in view["legal_actions"] and not refused:
                # A take the rules refuse gets a clear answer from the server.
                page.locator(".hand-form input[type=checkbox]").first.check(force=True)
                page.get_by_role("button", name="Lay the ticked cards with the").click()
                expect(actions.locator(".error")).to_contain_text("cannot all go down with the")
                refused += 1
                continue
            if "take" in view["legal_actions"]:
                wanted = view["takes"][0]["hand_cards"]
                for code in wanted:
                    page.locator(f".hand-form input[value='{code}']").check(force=True)
                page.get_by_role("button", name="Lay the ticked cards with the").click()
                expect(actions.get_by_text("You lay down:")).to_be_visible()
                win = actions.get_by_role("button", name="and win the hand")
                (win if win.count() else actions.locator(".play-discard button").first).click()
                page.wait_for_selector("#play:not(.play-busy)")
                expect(page.locator(".play-log")).to_contain_text("You took the")
                took += 1
                continue
        play_one_step(page)
    assert faced and refused and took, (faced, refused, took)
    # The level is remembered for this learner, and full coaching lists the plays again.
    page.goto(f"{live_server}/play/")
    expect(page.get_by_label("No coaching", exact=True)).to_be_checked()
    page.go_back()
    page.get_by_label("Coaching").select_option("full")
    page.get_by_role("button", name="Change", exact=True).last.click()
    expect(page.get_by_label("Coaching")).to_have_value("full")
