"""The analyzer in a real browser: a position built by clicking cards, live analysis,
the shareable URL, the keyboard, errors next to the form, axe and screenshots."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_tables import no_sideways_scroll

COUNT_ERROR = "together they must be 10 at a decision (R13)"
# The rule book's worked example (README, lessons, puzzles): the same hand everywhere.
WORKED_HAND = [
    "four of hearts",
    "five of hearts",
    "queen of spades",
    "ace of clubs",
    "two of diamonds",
    "three of spades",
    "king of diamonds",
    "jack of clubs",
    "six of spades",
    "seven of diamonds",
]


def _deck(page: Page, name: str) -> Any:
    return page.locator(".picker__grid").get_by_role("button", name=name, exact=True)


def test_analyze_a_position_built_by_clicking(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/analyzer/")
    expect(page.get_by_role("heading", name="Build the position with the cards")).to_be_visible()
    check_a11y(page)
    snapshot(page, "analyzer-empty")

    for name in WORKED_HAND:  # "Your hand" is the zone chosen at first
        _deck(page, name).click()
    expect(page.locator("#pos-hand")).to_have_value("3S 6S QS 4H 5H 2D 7D KD AC JC")
    page.get_by_role("button", name="Opponent's melds").click()
    for name in ("king of spades", "king of hearts", "king of clubs"):
        _deck(page, name).click()
    page.get_by_role("button", name="Center card", exact=False).first.click()
    _deck(page, "six of hearts").click()

    results = page.locator("#analysis")
    expect(
        results.get_by_role("heading", name="What you can do with the six of hearts")
    ).to_be_visible()
    expect(results).to_contain_text("You can take it")
    expect(results).to_contain_text("Take it with 4♥ 5♥ from your hand and lay down 4♥-5♥-6♥.")
    expect(results).to_contain_text("It cannot be forced on you")
    # Forcing is a caution when it can happen, neutral when it cannot: never red for "no".
    expect(results.locator(".verdict--calm")).to_have_text("It cannot be forced on you (R9)")
    # A placed card says where it is, and the position is in the address bar.
    expect(page.locator(".picker__grid [data-card='6H']")).to_have_attribute(
        "aria-label", "six of hearts, in Center card"
    )
    expect(page).to_have_url(
        live_server + "/analyzer/?hand=3S6SQS4H5H2D7DKDACJC&opp=KSKHKC&center=6H&from=opponent"
    )
    check_a11y(page)
    snapshot(page, "analyzer-worked")

    # Reload: the server draws the same analysis from the URL alone.
    page.reload()
    expect(page.locator("#analysis")).to_contain_text("4♥-5♥-6♥")
    expect(page.locator("#pos-opp")).to_have_value("KS KH KC")

    # Taking a card back makes the position incomplete: the solver says why, beside the form.
    page.locator(".picker__grid [data-card='QS']").click()
    expect(page.locator("#form-error")).to_contain_text(
        "together they must be 10 at a decision (R13)"
    )


def test_build_melds_and_analyze_with_the_keyboard_only(page: Page, live_server: str) -> None:
    page.goto(live_server + "/analyzer/")
    label = (
        "() => document.activeElement.getAttribute('aria-label')"
        " || document.activeElement.textContent.trim()"
    )

    def tab_to(name: str, key: str = "Tab") -> None:
        for _ in range(80):
            page.keyboard.press(key)
            if page.evaluate(label).startswith(name):
                return
        raise AssertionError(f"could not reach {name!r} with {key}")

    def deck_to(code: str) -> None:
        # One tab stop for the deck; inside it the arrow keys move (rows: suits, columns: ranks).
        here = page.evaluate("() => document.activeElement.dataset.card")
        assert here, "focus is not in the deck"
        ranks, suits = "A234567JQK", "SHDC"
        cols = ranks.index(code[0]) - ranks.index(here[0])
        rows = suits.index(code[1]) - suits.index(here[1])
        for _ in range(abs(cols)):
            page.keyboard.press("ArrowRight" if cols > 0 else "ArrowLeft")
        for _ in range(abs(rows)):
            page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
        assert page.evaluate("() => document.activeElement.dataset.card") == code

    def place(zone: str, codes: list[str]) -> None:
        tab_to(zone, "Shift+Tab")  # the zone buttons come before the deck
        page.keyboard.press("Enter")
        for _ in range(10):  # Tab on to the deck's single tab stop
            if page.evaluate("() => !!document.activeElement.closest('.picker__grid')"):
                break
            page.keyboard.press("Tab")
        for code in codes:
            deck_to(code)
            page.keyboard.press("Space")

    tab_to("Your hand")  # into the picker from the top of the page
    page.keyboard.press("Tab")
    place("Your melds", ["AS", "2S", "3S", "4S"])
    place("Your hand", ["KH", "KD", "QH", "JH", "2C", "3C"])
    place("Center card", ["5S"])
    expect(page.locator("#pos-melds")).to_have_value("AS 2S 3S 4S")
    expect(page.locator("#pos-hand")).to_have_value("JH QH KH KD 2C 3C")
    expect(page.locator("#pos-center")).to_have_value("5S")
    tab_to("Type the cards instead")  # the typed fields fold away once the picker runs
    page.keyboard.press("Enter")
    tab_to("Left by your opponent")  # the select: choose "You turned it from the stock"
    page.keyboard.press("ArrowDown")
    tab_to("Analyze")
    page.keyboard.press("Enter")
    results = page.locator("#analysis")
    expect(results).to_contain_text("It can be forced on you")
    expect(results).to_contain_text("if you pass it your opponent may force you")


def test_typed_and_pasted_positions_and_their_errors(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/analyzer/")
    page.get_by_text("Type the cards instead").click()
    page.locator("#pos-hand").fill("4H 5H QS AC 2D 3S KD JC 6S 10D")
    page.locator("#pos-center").fill("6H")
    # The form's words, not the JSON's (hand[9]).
    expect(page.locator("#form-error")).to_contain_text(
        "Your hand: '10D' is not in the 40-card deck"
    )
    page.locator("#pos-opp").fill("KS KH KC; 4S 4D 4H")
    page.locator("#pos-hand").fill("4H 5H QS AC 2D 3S KD JC 6S 7D")
    expect(page.locator("#form-error")).to_contain_text(
        "4H appears twice: in your hand and in your opponent's meld 2"
    )
    page.locator("#pos-opp").fill("KS KH KC")
    expect(page.locator("#form-error")).to_be_empty()
    expect(page.locator("#analysis")).to_contain_text("4♥-5♥-6♥")

    # Pasted JSON goes through the server and lands on the shareable URL.
    page.get_by_text("Paste a position as JSON").click()
    page.locator("#pos-json").fill('{"hand": ["4H"], "center": "6H"}')
    page.get_by_role("button", name="Analyze this JSON").click()
    expect(page.locator("#json-error")).to_contain_text(
        "together they must be 10 at a decision (R13)"
    )
    check_a11y(page)
    snapshot(page, "analyzer-json-error")
    page.locator("#pos-json").fill(
        '{"hand": ["5H","6H","JH"], "melds": [["AD","2D","3D"],["QS","QH","QC","QD"]],'
        ' "center": "7H"}'
    )
    page.get_by_role("button", name="Analyze this JSON").click()
    expect(page).to_have_url(
        live_server + "/analyzer/?hand=5H6HJH&melds=AD2D3D.QSQHQDQC&center=7H&from=opponent"
    )
    expect(page.get_by_role("heading", name="Winning plays")).to_be_visible()
    expect(page.locator(".play--win")).to_contain_text("wins the hand")
    check_a11y(page)
    snapshot(page, "analyzer-win")


def test_analyzer_works_without_javascript(browser: Any, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/analyzer/")
        expect(page.locator("[data-picker]")).to_be_hidden()
        page.get_by_label("Your hand").fill("KD QH 7C JD AH 6H 3C")
        page.get_by_label("Your melds").fill("2S 3S 4S")
        page.locator("#pos-center").fill("5S")
        page.get_by_role("button", name="Analyze", exact=True).click()
        expect(page.locator("#analysis")).to_contain_text("It can be forced on you")
        page.locator("#pos-center").fill("8S")
        page.get_by_role("button", name="Analyze", exact=True).click()
        expect(page.locator("#form-error")).to_contain_text("8, 9 and 10 are removed (R1)")
    finally:
        context.close()


def test_on_a_phone_the_cards_are_big_and_the_analysis_follows_the_position(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(live_server + "/analyzer/?hand=4H5HQSAC2D3SKDJC6S7D&opp=KSKHKC&center=6H&stock=12")
    expect(page.locator("#analysis")).to_contain_text("4♥-5♥-6♥")
    card = page.locator(".picker__grid .card").first.bounding_box()
    assert card is not None and card["width"] >= 44 and card["height"] >= 44, card
    grid = page.locator(".picker__grid").bounding_box()
    analysis = page.locator("#analysis").bounding_box()
    assert grid is not None and analysis is not None
    # Before: 29-px cards and the analysis some 1,700 px below them.
    gap = analysis["y"] - (grid["y"] + grid["height"])
    assert gap < 700, f"the analysis starts {gap:.0f} px below the deck"
    # A suit is two rows of five on a phone: the arrow keys follow the columns drawn.
    page.locator(".picker__grid [data-card='AS']").focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator(".picker__grid [data-card='6S']")).to_be_focused()
    no_sideways_scroll(page)
    check_a11y(page)
    snapshot(page, "analyzer-phone")


def test_the_picker_says_why_a_card_written_twice_is_shown_once(
    page: Page, live_server: str
) -> None:
    page.goto(live_server + "/analyzer/")
    page.get_by_text("Type the cards instead").click()
    page.locator("#pos-hand").fill("4H 5H 4H")
    page.locator("#pos-hand").dispatch_event("change")
    expect(page.locator("[data-status]")).to_have_text(
        "Four of hearts is written twice, in your hand and in your hand: a card has one place "
        "only, so the picker shows it once."
    )
    page.locator("#pos-opp").fill("5H 6H 7H")
    page.locator("#pos-opp").dispatch_event("change")
    expect(page.locator("[data-status]")).to_contain_text(
        "Five of hearts is written twice, in your hand and in opponent's melds"
    )
