"""The lessons in a real browser: the worked example walked step by step, an exercise
answered with the keyboard alone, the no-JavaScript forms, axe and screenshots."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from solver.rules import get_profile
from tutor.learn.courses import DEFAULT_COURSE, course_of


def profile_name(game: str) -> str:
    return str(get_profile(game).display_name)


def _feedback(page: Page) -> Any:
    return page.locator("#feedback")


def test_walk_the_worked_example_step_by_step(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    page.goto(live_server + "/learn/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    check_a11y(page)
    snapshot(page, "learn-index")
    page.get_by_role("link", name="Start with: Your first take: the worked example").click()

    # Step 1: the opponent left the 6♥; take it.
    expect(page.get_by_role("heading", name="Look at the table")).to_be_visible()
    expect(page.get_by_role("img", name="six of hearts").first).to_be_visible()
    check_a11y(page)
    snapshot(page, "learn-worked-1")
    page.get_by_role("button", name="Take 6♥").click()
    expect(_feedback(page)).to_contain_text("Right!")
    expect(_feedback(page)).to_contain_text("You can take 6♥ now (R8).")
    page.get_by_role("link", name="Next step", exact=True).click()

    # Step 2: select 4♥ and 5♥ (card buttons with aria-pressed) and lay them down.
    expect(page.get_by_role("heading", name="Lay down the run")).to_be_visible()
    four = page.get_by_role("button", name="four of hearts")
    four.click()
    expect(four).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Lay down").click()
    expect(_feedback(page)).to_contain_text("Not quite.")  # 4♥ alone is not enough
    # A first miss reveals nothing of the solution; it is there on request.
    expect(_feedback(page)).not_to_contain_text("Lay 4♥ 5♥ with 6♥")
    _feedback(page).get_by_role("button", name="Show the solution").click()
    expect(_feedback(page)).to_contain_text("Lay 4♥ 5♥ with 6♥")
    page.get_by_role("button", name="five of hearts").click()
    page.get_by_role("button", name="Lay down").click()
    expect(_feedback(page)).to_contain_text("Right!")
    expect(_feedback(page)).to_contain_text("4♥-5♥-6♥")
    check_a11y(page)
    snapshot(page, "learn-worked-2-answered")
    page.get_by_role("link", name="Next step", exact=True).click()

    # Step 3: discard the unwanted Q♠.
    expect(page.get_by_role("heading", name="Discard the card you do not want")).to_be_visible()
    page.get_by_role("button", name="king of diamonds").click()
    page.get_by_role("button", name="queen of spades").click()  # single choice: replaces K♦
    expect(page.get_by_role("button", name="king of diamonds")).to_have_attribute(
        "aria-pressed", "false"
    )
    page.get_by_role("button", name="Discard").click()
    expect(_feedback(page)).to_contain_text("Right!")
    expect(_feedback(page)).to_contain_text("a safe card to let go")
    page.get_by_role("link", name="Next step", exact=True).click()

    # Step 4: the 7♥ counterfactual — cannot be taken to wait for a 6♥.
    page.get_by_role("button", name="Take 7♥").click()
    expect(_feedback(page)).to_contain_text("Not quite.")
    expect(_feedback(page)).not_to_contain_text("you cannot take it now to wait for one")
    page.get_by_role("button", name="Decline 7♥").click()
    expect(_feedback(page)).to_contain_text("Right!")
    expect(_feedback(page)).to_contain_text("you cannot take it now to wait for one (R8)")
    page.get_by_role("link", name="Next step", exact=True).click()

    # Step 5: 4♥-5♥ can never go down alone.
    page.get_by_role("button", name="Lay 4♥-5♥ down now").click()
    expect(_feedback(page)).to_contain_text("Not quite.")
    page.get_by_role("button", name="Keep them and decline 7♥").click()
    expect(_feedback(page)).to_contain_text("never on their own (R8)")
    expect(_feedback(page)).to_contain_text("Lesson complete")
    check_a11y(page)
    snapshot(page, "learn-worked-5-complete")

    # Progress is saved and the home page offers the next lesson.
    page.goto(live_server + "/learn/")
    total = len(DEFAULT_COURSE.lessons)
    expect(page.locator(".path-progress")).to_contain_text(f"1 of {total} lessons complete")
    # Every game's course is one link away, with its own lessons and rule book.
    page.get_by_role("link", name=profile_name("kunken")).click()
    expect(page.get_by_role("heading", level=2, name=profile_name("kunken"))).to_be_visible()
    kunken = course_of("kunken")
    assert kunken is not None
    expect(page.locator(".lesson-list > li")).to_have_count(len(kunken.lessons))
    check_a11y(page)
    snapshot(page, "learn-kunken-course")
    page.goto(live_server + "/")
    expect(page.get_by_role("link", name="Continue where you left off")).to_have_attribute(
        "href", "/learn/deck/1"
    )
    check_a11y(page)
    snapshot(page, "home-continue")


def test_answer_an_exercise_with_the_keyboard_only(page: Page, live_server: str) -> None:
    page.goto(live_server + "/learn/deck/1")

    def tab_to(name: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            label = page.evaluate(
                "() => document.activeElement.getAttribute('aria-label')"
                " || document.activeElement.textContent.trim()"
            )
            if label == name:
                return
        raise AssertionError(f"could not reach {name!r} with Tab")

    tab_to("four of spades")
    page.keyboard.press("Space")
    tab_to("jack of spades")
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="jack of spades")).to_have_attribute(
        "aria-pressed", "true"
    )
    tab_to("Check")
    page.keyboard.press("Enter")
    expect(page.locator("#feedback")).to_contain_text("Right!")
    # The next step is the next thing in the tab order, after the links of the rules the
    # feedback cites.
    page.keyboard.press("Tab")
    for _ in range(10):
        if not page.evaluate("() => document.activeElement.classList.contains('rule-link')"):
            break
        page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Next step", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server + "/learn/deck/2")


def test_exercises_work_without_javascript(browser: Browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/learn/worked-example/2")
        page.get_by_role("checkbox", name="four of hearts").check()
        page.get_by_role("checkbox", name="five of hearts").check()
        page.get_by_role("button", name="Lay down").click()
        expect(page.locator("#feedback")).to_contain_text("Right!")
        expect(page.get_by_role("checkbox", name="four of hearts")).to_be_checked()
        page.goto(live_server + "/learn/forcing/3")
        page.get_by_role("button", name="Let it go").click()
        expect(page.locator("#feedback")).to_contain_text("Not quite.")
        expect(page.locator("#feedback")).not_to_contain_text("you may force them")
        page.get_by_role("button", name="Show the solution").click()
        expect(page.locator("#feedback")).to_contain_text("you may force them")
    finally:
        context.close()


def test_other_lesson_pages_are_accessible(
    page: Page, live_server: str, check_a11y: Any, snapshot: Any
) -> None:
    for path, name in [
        ("/learn/melds/1", "learn-melds-1"),
        ("/learn/forcing/4", "learn-forcing-4"),
        ("/learn/winning/1", "learn-winning-1"),
    ]:
        page.goto(live_server + path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        check_a11y(page)
        snapshot(page, name)
    # An answered group exercise, with its per-group explanations.
    page.goto(live_server + "/learn/melds/1")
    page.get_by_role("button", name="six of spades, seven of spades, jack of spades").click()
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    page.locator("#feedback").get_by_role("button", name="Show the solution").click()
    expect(page.locator("#feedback")).to_contain_text("7 and J are neighbours")
    check_a11y(page)
    snapshot(page, "learn-melds-1-answered")


def test_two_copies_of_a_card_are_two_buttons(page: Page, live_server: str) -> None:
    """Kunken with two packs: each 8♣ button stands for its own copy (both pressed, both
    are sent and graded together)."""
    page.goto(live_server + "/learn/kunken-104/1")
    eights = page.get_by_role("button", name="eight of clubs")
    expect(eights).to_have_count(2)
    eights.nth(0).click()
    eights.nth(1).click()
    page.get_by_role("button", name="joker").first.click()
    page.get_by_role("button", name="Lay down").click()
    expect(_feedback(page)).to_contain_text("Laying 8♣ 8♣")
    expect(_feedback(page)).to_contain_text("Not quite.")
    eights.nth(1).click()
    expect(eights.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(eights.nth(1)).to_have_attribute("aria-pressed", "false")
    page.get_by_role("button", name="Lay down").click()
    expect(_feedback(page)).to_contain_text("Right!")
