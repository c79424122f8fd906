"""The analyzer under every rule profile, in a real browser: the rules selector (labelled,
keyboard), the profile's pack in the picker (52 cards, two copies, a joker that says which
card it stands for in a meld), the profile's fields, and the answer: an analysis, or a clean
message while a profile's analysis is not available — never a broken page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_tables import no_sideways_scroll

# Either outcome is a finished answer: the analysis drawn, or the server's one-line reason.
ANSWERED = """() => {
  const heading = document.querySelector('#analysis-body h2');
  const error = document.getElementById('form-error').textContent;
  return (heading && heading.textContent.startsWith('What you can do with'))
    || error.includes('is not available yet');
}"""


def _deck(page: Page, code: str) -> Any:
    return page.locator(f".picker__grid [data-card='{code}']")


def _zone(page: Page, name: str) -> Any:
    return page.locator(".picker__zones").get_by_role("button", name=name)


def _answer(page: Page) -> str:
    page.wait_for_function(ANSWERED)
    error = page.locator("#form-error").text_content() or ""
    if error:
        # A clean message: one sentence naming the profile, no traceback, no field names.
        assert "Traceback" not in error and "[" not in error
    else:
        expect(page.locator("#analysis-body .verdict").first).to_be_visible()
    return error


def test_switch_profiles_pick_from_the_52_card_pack_and_a_joker(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/analyzer/")
    rules = page.get_by_label("Rules")
    expect(rules).to_have_value("conquian-40")
    expect(_deck(page, "10H")).to_be_hidden()
    expect(_deck(page, "*")).to_be_hidden()

    # Colonel: the 52 cards, the lay-off fields; 8, 9 and 10 can be picked.
    rules.select_option("colonel")
    expect(page.locator(".picker__grid")).to_have_attribute("aria-label", "The 52 cards")
    for code in ("8H", "9H", "10S", "JS", "QS", "2C", "2D", "5C", "KH", "3D"):
        _deck(page, code).click()
    expect(page.locator("#pos-hand")).to_have_value("10S JS QS 8H 9H KH 2D 3D 2C 5C")
    _zone(page, "Opponent's melds").click()
    for code in ("4S", "5S", "6S"):
        _deck(page, code).click()
    _zone(page, "Upcard").click()  # Colonel's name for it (H4)
    _deck(page, "10H").click()
    expect(page).to_have_url(
        live_server + "/analyzer/?rules=colonel&hand=10SJSQS8H9HKH2D3D2C5C&opp=4S5S6S"
        "&center=10H&from=opponent"
    )
    error = _answer(page)
    assert not error or "colonel" in error
    no_sideways_scroll(page)  # the long rules names and the answer fit a phone
    check_a11y(page)
    snapshot(page, "analyzer-colonel")

    # Back to conquian-40: the same 8♥ is now outside the pack, and the error says so with
    # the rule of that profile, in the form's words.
    rules.select_option("conquian-40")
    expect(page.locator("#form-error")).to_contain_text(
        "Your hand: '10S' is not in the 40-card deck: 8, 9 and 10 are removed (R1)"
    )
    expect(page.locator("#form-error a.rule-link")).to_have_attribute(
        "href", "/rules/conquian-40#R1"
    )

    # Conquin: two packs and jokers, only the hand, the face-up card and the players.
    page.get_by_role("button", name="Clear all cards").click()
    rules.select_option("conquin")
    expect(_zone(page, "Your melds")).to_be_hidden()
    expect(page.get_by_label("Players")).to_be_attached()
    _zone(page, "Your hand").click()
    for code in ("QH", "KH", "AH", "7S", "7D", "7C", "*", "4C", "5C", "9D"):
        _deck(page, code).click()
    _deck(page, "7C").click()  # a second 7♣: two packs hold two
    expect(page.locator("#pos-hand")).to_have_value("7S AH QH KH 7D 9D 4C 5C 7C 7C *")
    _deck(page, "7C").click()  # both copies are placed: the click takes one back
    expect(page.locator("[data-status]")).to_contain_text("Every copy of seven of clubs")
    expect(page.locator("#pos-hand")).to_have_value("7S AH QH KH 7D 9D 4C 5C 7C *")
    _zone(page, "Face-up card").click()  # Conquin's name for it (I8)
    _deck(page, "2H").click()
    page.get_by_text("Type the cards instead").click()
    page.get_by_label("Players").fill("4")
    error = _answer(page)
    assert not error or "conquin" in error
    if not error:
        expect(page.locator("#analysis")).to_contain_text("(I9)")
    expect(page).to_have_url(
        live_server + "/analyzer/?rules=conquin&hand=7SAHQHKH7D9D4C5C7C*&center=2H&players=4"
    )
    no_sideways_scroll(page)  # the long rules names and the answer fit a phone
    check_a11y(page)
    snapshot(page, "analyzer-conquin")

    # Reload: the server draws the same profile, pack and answer from the URL alone.
    page.reload()
    expect(page.get_by_label("Rules")).to_have_value("conquin")
    expect(_deck(page, "*")).to_be_visible()
    _answer(page)


def test_profile_and_a_joker_in_a_meld_with_the_keyboard_only(
    page: Page, live_server: str
) -> None:
    page.goto(live_server + "/analyzer/")
    focused = "() => document.activeElement.id || document.activeElement.dataset.card || ''"

    page.get_by_label("Rules").focus()
    for _ in range(4):  # conquian-40, cooncan, colonel, conquin, kunken
        page.keyboard.press("ArrowDown")
    expect(page.get_by_label("Rules")).to_have_value("kunken")
    expect(_deck(page, "*")).to_be_visible()

    # "Your melds", then the deck's single tab stop, then the arrow keys to the joker.
    _zone(page, "Your melds").focus()
    page.keyboard.press("Enter")
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate(focused) == "AS":
            break
    assert page.evaluate(focused) == "AS"
    for _ in range(60):  # the joker comes after the 52 cards
        if page.evaluate(focused) == "*":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "*"
    page.keyboard.press("Enter")
    # The joker goes into a meld: the picker asks which card it stands for.
    stands = page.get_by_label("The joker stands for")
    expect(stands).to_be_focused()
    page.keyboard.type("5h")
    page.keyboard.press("Enter")
    expect(page.locator("#pos-melds")).to_have_value("*5H")
    expect(page.locator(".picker__view [data-card='*5H']")).to_have_attribute(
        "aria-label", "Take joker as five of hearts back"
    )
    expect(_deck(page, "*")).to_be_focused()
    # Two more cards of the run by keyboard: 6H and 4H (arrows inside the deck).
    for code in ("6H", "4H"):
        for _ in range(60):
            if page.evaluate(focused) == code:
                break
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("Space")
    expect(page.locator("#pos-melds")).to_have_value("4H *5H 6H")


def test_typed_errors_name_the_profiles_rule_in_portuguese(page: Page, live_server: str) -> None:
    page.set_extra_http_headers({"Accept-Language": "pt-BR,pt;q=0.9"})
    page.goto(live_server + "/analyzer/?rules=conquin")
    expect(page.get_by_label("Regras")).to_have_value("conquin")
    page.get_by_text("Digitar as cartas").click()
    page.locator("#pos-hand").fill("7H 7H 2S 3S 4S 5C 6C 7C KD *")
    page.locator("#pos-center").fill("7H")
    error = page.locator("#form-error")
    expect(error).to_contain_text(  # then Conquin's name for the card (I8)
        "7H aparece 3 vezes, nestes lugares: sua mão (duas vezes) e "
    )
    expect(error.locator("a.rule-link")).to_have_attribute("href", "/rules/conquin#I1")


def test_draw_and_closing_results_are_drawn_from_their_json(
    page: Page, live_server: str, check_a11y: Any
) -> None:
    """The live page's renderer for the colonel ("draw") and conquin ("closing") analyses,
    fed their JSON shapes by the test (the analyses themselves are the solver's)."""
    answers = {
        "conquin": {"kind": "closing", "closes": True, "closing": [
            {"discard": "9D", "melds": [["QH", "KH", "AH", "2H"], ["7S", "7D", "7C"],
                                        ["*3C", "4C", "5C"]], "multiplier": 1}],
            "explanation": ["Taking 2♥ lets you close (I9)."]},
        "colonel": {"kind": "draw", "melds": [["8H", "9H", "10H"]], "goes_out": False,
                    "lay_offs": [{"meld": 0, "side": "opponent", "cards": ["7S"]}],
                    "discard": "KH", "deadwood": 14, "stock_average": 21.25,
                    "upcard_better": True},
    }

    def fulfil(route: Any) -> None:
        body = route.request.post_data_json
        route.fulfill(json=answers[body["rules"]])

    page.route("**/analyzer/analysis", fulfil)
    page.goto(live_server + "/analyzer/?rules=conquin&hand=7SAHQHKH7D9D4C5C7C*&players=4")
    page.get_by_role("button", name="Face-up card").click()
    _deck(page, "2H").click()
    results = page.locator("#analysis")
    expect(results.locator(".verdict--yes")).to_have_text("Taking it lets you close now (I9)")
    expect(results.get_by_role("heading", name="Discards that close")).to_be_visible()
    expect(results.get_by_role("img", name="joker as three of clubs")).to_be_visible()
    expect(results.locator("a.rule-link", has_text="I9").first).to_have_attribute(
        "href", "/rules/conquin#I9")
    check_a11y(page)

    page.get_by_label("Rules").select_option("colonel")
    expect(results.locator(".verdict").first).to_have_text(
        "Drawing it does not let you go out yet (H8)")
    expect(results).to_contain_text("The upcard beats a stock card on average (H4)")
    expect(results).to_contain_text("on your opponent's meld 1")
    expect(results).to_contain_text("Deadwood after it: 14 points. (H11)")
    expect(results).to_contain_text("Drawing from the stock leaves 21.3 points on average.")
    check_a11y(page)
