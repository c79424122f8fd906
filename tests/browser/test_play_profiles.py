"""Every other profile in a real browser (issue 12 item 4): a whole hand of each, from the
start form to the revealed hands, with a fixed seed; in Kunken the learner lays off on the
computer's meld and swaps a joker, and Conquin is a four-player deal with chips.

The learner is a simple script over the legal moves the page lists (buttons): it prefers
swapping a joker, then laying off on the computer's melds, then closing or melding, and
never takes a meld back.  The seeds were chosen so that both Kunken moves occur."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

ORDER = ("swap", "lay-off", "close", "meld", "lay_off", "add", "take", "play", "draw",
         "turn", "discard", "decline", "pass", "no_force", "force", "accept", "refuse",
         "raise", "challenge", "take_back")


def start(page: Page, live_server: str, rules: str, seed: int, level: str = "Medium",
          opponents: int | None = None, pot_chip: bool = False) -> None:
    page.goto(f"{live_server}/play/?seed={seed}")
    page.get_by_label("Rules", exact=True).select_option(rules)
    if opponents is not None:
        page.get_by_label("Computer opponents (Conquin only)").select_option(str(opponents))
    if pot_chip:
        page.get_by_label("Play with the Pot chip (Conquin only)").check()
    page.get_by_label(level, exact=True).check()
    page.get_by_role("button", name="Start a match").click()
    expect(page.get_by_role("heading", name="Your hand")).to_be_visible()


def _rank(button: Any) -> int:
    kind = button.get_attribute("data-type") or ""
    if kind == "add" and button.get_attribute("data-owner") not in (None, "0"):
        kind = "lay-off"
    return ORDER.index(kind) if kind in ORDER else len(ORDER)


def play_hand(page: Page, check_a11y: Any = None, snapshot: Any = None,
              name: str = "") -> list[str]:
    """Play until the hand is over; answers the kinds of the moves made."""
    made: list[str] = []
    for step in range(300):
        if page.get_by_role("link", name="Review this hand").count():
            return made
        buttons = page.locator(".play-choices button")
        assert buttons.count(), page.locator("#actions").inner_text()
        if step == 2 and check_a11y is not None:
            check_a11y(page)
            snapshot(page, f"play-{name}")
        choices = [buttons.nth(i) for i in range(buttons.count())]
        best = min(choices, key=_rank)
        kind = best.get_attribute("data-type") or ""
        if kind == "add" and best.get_attribute("data-owner") not in (None, "0"):
            kind = "lay-off"
        made.append(kind)
        if step == 0:
            # The keyboard alone: focus the button and press Enter.
            best.focus()
            with page.expect_navigation():
                page.keyboard.press("Enter")
        else:
            with page.expect_navigation():
                best.click()
    raise AssertionError("the hand did not end")


def finish(page: Page, check_a11y: Any = None, snapshot: Any = None, name: str = "") -> None:
    expect(page.get_by_role("heading", name="The hands, turned face up")).to_be_visible()
    expect(page.locator(".play-revealed")).not_to_have_count(0)
    page.get_by_role("link", name="Review this hand").click()
    expect(page.get_by_role("heading", name="The hands, turned face up")).to_be_visible()
    # The graded review (solver.review.profiles): one row per graded decision, each with a
    # grade, and the summary counting the same rows.
    rows = page.locator(".decisions-table tbody tr")
    if rows.count():
        grades = page.locator(".decisions-table tbody .grade").all_inner_texts()
        assert len(grades) == rows.count()
        assert set(grades) <= {"Best", "Good", "Inaccuracy", "Mistake", "Blunder",
                               "Unclear"}, grades
        summary = page.locator(".grade-summary li")
        assert sum(int(t.split()[-1]) for t in summary.all_inner_texts()) == rows.count()
        expect(page.get_by_role("img", name="Your winning chances after each decision")
               ).to_be_visible()
    else:
        expect(page.get_by_text("None of your decisions in this hand was graded")).to_be_visible()
    if check_a11y is not None:
        check_a11y(page)
        snapshot(page, f"review-{name}")


def test_kunken_hand_with_a_lay_off_and_a_joker_swap(page: Page, live_server: str,
                                                     check_a11y: Any, snapshot: Any) -> None:
    start(page, live_server, "kunken", 40, level="Easy")
    expect(page.locator(".play-status")).to_contain_text("the match goes to 500")
    made = play_hand(page, check_a11y, snapshot, "kunken")
    assert "lay-off" in made and "swap" in made, made
    log = page.locator(".play-log").inner_text()
    assert "You: lays off the" in log and "You: swaps the" in log
    expect(page.locator("#actions-h")).to_contain_text("won the hand")
    # The running score to 500 counts the hand.
    status = page.locator(".play-status").inner_text()
    assert "Score: you 0 –" not in status
    finish(page, check_a11y, snapshot, "kunken")


def test_conquin_four_player_deal_with_chips(page: Page, live_server: str, check_a11y: Any,
                                             snapshot: Any) -> None:
    page.goto(f"{live_server}/play/")
    check_a11y(page)  # the start form with its game, opponents and Pot chip choices
    start(page, live_server, "conquin", 3, opponents=3, pot_chip=True)
    expect(page.locator(".play-zone--opponent")).to_have_count(3)
    expect(page.locator(".play-chips").locator("..")).to_contain_text("You hold the Pot chip.")
    expect(page.locator(".play-chips tbody tr")).to_have_count(4)
    made = play_hand(page, check_a11y, snapshot, "conquin")
    assert "play" in made
    chips = [int(t) for t in page.locator(".play-chips tbody td").all_inner_texts()]
    assert sum(chips) == 0 and any(chips)
    finish(page, check_a11y, snapshot, "conquin")


def test_cooncan_hand(page: Page, live_server: str) -> None:
    start(page, live_server, "cooncan", 3)
    made = play_hand(page)
    assert "take" in made
    finish(page)


def test_colonel_hand(page: Page, live_server: str) -> None:
    start(page, live_server, "colonel", 1)
    made = play_hand(page)
    assert "meld" in made and "discard" in made
    expect(page.locator(".play-status")).to_contain_text("the match goes to 100")
    finish(page)


def test_kunken_40_and_104_hands(page: Page, live_server: str) -> None:
    for rules in ("kunken-40", "kunken-104"):
        start(page, live_server, rules, 2)
        play_hand(page)
        finish(page)
