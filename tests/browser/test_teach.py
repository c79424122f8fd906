"""Teacher authoring end to end in Chromium: sign up, build a puzzle by clicking cards with
the solver checking as we go, publish, run a class, and see a learner's result."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

HAND = ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"]


def themes_shown_whole(page: Page) -> None:
    """At desktop width the "Results by theme" table shows every cell's whole text: no cell
    is cut, and none runs past the right edge of its scrolling region."""
    original = page.viewport_size
    page.set_viewport_size({"width": 1280, "height": 900})
    cut = page.evaluate("""() => {
      const region = document.querySelector('.results--themes').closest('.table-scroll');
      const edge = region.getBoundingClientRect().right;
      return [...region.querySelectorAll('th, td')]
        .filter(c => c.scrollWidth > c.clientWidth || c.getBoundingClientRect().right > edge + 1)
        .map(c => c.textContent.trim());
    }""")
    assert not cut, f"cut in the themes table at 1280px: {cut}"
    if original:
        page.set_viewport_size(original)


def sign_up(page: Page, base: str, email: str) -> None:
    page.goto(base + "/auth/signup")
    page.get_by_label("Your name").fill("Profe Ana")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password (at least").fill("correct horse battery")
    page.get_by_label("Password again").fill("correct horse battery")
    page.get_by_role("button", name="Create account").click()
    # Signing up never logs in (the answer must not tell whether the address was new).
    expect(page.get_by_role("heading", level=1)).to_have_text("Teacher log in")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password", exact=True).fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your teaching desk")


def test_teacher_builds_publishes_and_follows_a_class(
    page: Page, browser: Browser, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    base = live_server
    sign_up(page, base, "ana.browser@example.org")
    check_a11y(page)

    page.get_by_role("link", name="New puzzle set").click()
    page.get_by_label("Title").fill("Taking with the hand")
    page.get_by_role("button", name="Create set").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("New puzzle")

    # Build the worked example by clicking cards: nine in hand and the center first.
    page.get_by_label("Find a play: which hand cards go down with it?").check()
    expect(page.locator("#builder")).to_be_visible()  # the script has wired the picker
    deck = page.locator(".picker__grid")
    for code in HAND[:9]:
        deck.locator(f"[data-card='{code}']").click()
    page.locator(".picker__zone[data-zone='center']").click()
    deck.get_by_role("button", name="six of hearts", exact=True).click()
    report = page.locator("#check-report")
    expect(report).to_contain_text("Not yet a valid puzzle")
    expect(report).to_contain_text("must be 10")
    # A card placed twice is impossible: clicking a placed card takes it back.
    deck.locator("[data-card='QS']").click()
    expect(deck.locator("[data-card='QS']")).to_have_attribute("aria-pressed", "false")
    page.locator(".picker__zone[data-zone='hand']").click()
    deck.locator("[data-card='QS']").click()
    deck.locator("[data-card='7D']").click()
    expect(report).to_contain_text("Valid position.")
    expect(report).to_contain_text("4♥ 5♥")
    # The hint engine's suggestions fill the empty fields; the teacher may edit them.
    expect(page.get_by_label("Hints, one per line")).not_to_have_value("")
    # A false hint is refused as the teacher types it (the claim checker an import runs).
    hints = page.get_by_label("Hints, one per line")
    kept = hints.input_value()
    hints.fill(kept + "\nYou cannot take 6♥ now: it does not fit a meld with your cards (R8).")
    expect(report).to_contain_text("which is false")
    hints.fill(kept)
    expect(report).not_to_contain_text("which is false")
    expect(report).to_contain_text("Valid position.")
    page.get_by_label("Puzzle title").fill("The worked example")
    check_a11y(page)
    snapshot(page, "teach-editor")
    page.get_by_role("button", name="Save puzzle").click()
    expect(page.locator(".flashes")).to_contain_text("Puzzle added.")

    # Preview exactly as a learner, then publish.
    page.get_by_role("link", name="Preview as a learner").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("The worked example")
    page.get_by_role("button", name=re.compile("Show hint 1 of")).click()
    expect(page.locator("#hint-1")).to_be_visible()
    check_a11y(page)
    snapshot(page, "teach-preview")
    page.get_by_role("link", name="Back to the set").click()
    # Unlisted and public are separate choices, and say what each does.
    expect(page.get_by_label("Private")).to_be_checked()
    page.get_by_label("Unlisted").check()
    page.get_by_role("button", name="Save who can open it").click()
    expect(page.locator(".flashes")).to_contain_text("it is not listed on the puzzle pages")
    share = page.get_by_label("Share link").input_value()
    assert re.search(r"/puzzles/sets/taking-with-the-hand-[0-9a-f]{6}/$", share)
    check_a11y(page)
    snapshot(page, "teach-set")

    # A class with the set assigned.
    page.get_by_role("link", name="Your teaching desk").click()
    page.get_by_role("link", name="New class").click()
    page.get_by_label("Class name").fill("Tuesday club")
    page.get_by_role("button", name="Create class").click()
    page.get_by_label("Puzzle set").select_option(label="Taking with the hand")
    page.get_by_role("button", name="Assign").click()
    # The site's own sets can be assigned too.
    page.get_by_label("Puzzle set").select_option(label="Taking the center card (English)")
    page.get_by_role("button", name="Assign").click()
    expect(page.get_by_role("link", name="Taking the center card")).to_be_visible()
    code = page.locator(".class-code").inner_text().strip()
    class_url = page.url

    # A learner, in another browser context: join, solve (one miss, one hint, then right).
    learner_context = browser.new_context()
    learner = learner_context.new_page()
    learner.goto(base + "/")
    learner.get_by_role("link", name="Join a class").click()  # visible in every page's menu
    check_a11y(learner)
    learner.get_by_label("Class code").fill(code.lower())
    learner.get_by_label("Your nickname in the class").fill("Lupita")
    learner.get_by_role("button", name="Join").click()
    expect(learner.get_by_role("heading", level=1)).to_have_text("Tuesday club")
    learner.get_by_role("link", name="Taking with the hand").click()
    learner.get_by_role("link", name="The worked example").first.click()
    # The puzzle is dealt under a random permutation of the suits: hearts may be shown as
    # any suit, so the cards are named in the suit the centre card (6♥ as written) shows.
    suit = (learner.locator(".card--center").get_attribute("aria-label") or "").split(" of ")[1]
    learner.get_by_role("button", name=f"four of {suit}", exact=True).click()
    learner.get_by_role("button", name=re.compile("with the selected cards")).click()
    expect(learner.locator("#result")).to_contain_text("Not quite")
    expect(learner.locator("#result")).to_contain_text("You have one more try.")
    learner.get_by_role("button", name=re.compile("Show hint 1 of")).click()
    expect(learner.locator("#hint-1")).to_be_visible()
    learner.get_by_role("button", name=f"four of {suit}", exact=True).click()
    learner.get_by_role("button", name=f"five of {suit}", exact=True).click()
    learner.get_by_role("button", name=re.compile("with the selected cards")).click()
    expect(learner.locator("#result h2")).to_have_text("✓ Solved after a miss")
    check_a11y(learner)
    snapshot(learner, "teach-learner-solved")
    learner_context.close()

    # The teacher sees it in the class table: solved, after a miss.
    page.goto(class_url)
    row = page.get_by_role("row", name=re.compile("Lupita")).first
    expect(row).to_contain_text("solved after a miss")
    expect(row).to_contain_text("2 attempts, 1 hint")
    # Puzzle titles head the columns (no numbers with the title in a tooltip).
    expect(page.get_by_role("columnheader", name="The worked example").first).to_be_visible()
    expect(page.get_by_role("heading", name="Results by theme")).to_be_visible()
    expect(page.get_by_role("link", name="Download the results (CSV)")).to_be_visible()
    # The wide results tables scroll inside their region: the page itself never does.
    for size in ({"width": 1280, "height": 900}, {"width": 375, "height": 812}):
        page.set_viewport_size(size)
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        ), size
    page.set_viewport_size({"width": 1280, "height": 900})
    themes_shown_whole(page)
    # A teacher's class page belongs to "Teach" in the menu, not to "Join a class".
    expect(page.get_by_role("link", name="Teach", exact=True)).to_have_attribute(
        "aria-current", "page"
    )
    check_a11y(page)
    snapshot(page, "teach-class")


def test_editor_works_with_the_keyboard(page: Page, live_server: str) -> None:
    sign_up(page, live_server, "keys@example.org")
    page.get_by_role("link", name="New puzzle set").click()
    page.get_by_label("Title").fill("Keyboard set")
    page.get_by_role("button", name="Create set").click()
    expect(page.locator("#builder")).to_be_visible()  # the script has wired the picker
    ace = page.locator(".picker__grid [data-card='AS']")
    ace.focus()
    page.keyboard.press("Enter")
    expect(ace).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-count='hand']")).to_have_text("(1)")
    assert '"AS"' in page.get_by_label("Position (JSON)").input_value()
    page.keyboard.press("ArrowRight")  # one tab stop for the deck; arrows move inside it
    expect(page.locator(".picker__grid [data-card='2S']")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator(".picker__grid [data-card='2S']")).to_have_attribute("aria-pressed", "true")


def test_anonymous_visitors_are_sent_to_log_in(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/teach/")
    expect(page).to_have_url(re.compile(r"/auth/login\?next="))
    expect(page.get_by_role("heading", level=1)).to_have_text("Teacher log in")
    page.get_by_role("button", name="Log in").click()  # empty: errors named at the fields
    expect(page.get_by_label("Email address")).to_have_attribute("aria-invalid", "true")
    check_a11y(page)
    snapshot(page, "teach-login")
    page.get_by_role("link", name="join a class with its code").click()
    page.get_by_label("Class code").fill("NOPE42")
    page.get_by_label("Your nickname in the class").fill("Zé")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_text("No class has this code.")).to_be_visible()
    check_a11y(page)
    snapshot(page, "teach-join")
