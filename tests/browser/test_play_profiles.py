"""The newer profiles on the one table page (issue 12 item 4, issue 28): in Kunken the
learner lays off on the computer's meld and swaps a joker, each card laid off marked with
its owner; Conquin is a four-seat deal whose chips balance; each hand's graded review.

The learner is a simple script over the choices the page offers once their cards are
selected: it prefers swapping a joker, then laying off on another seat's meld, then
closing or melding, and never takes a meld back.  The Kunken seed was chosen so that both
moves occur."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser.test_tables import (
    api_view,
    check_marks,
    hand_over,
    no_sideways_scroll,
    play_step,
    start,
)

ORDER = ("swap", "lay_off", "close", "meld", "take", "bet", "draw", "turn", "discard",
         "decline", "pass", "force", "challenge", "take_back")


def preferred(items: Locator) -> int:
    kinds = [items.nth(i).get_attribute("data-kind") or "" for i in range(items.count())]
    return min(range(len(kinds)),
               key=lambda i: ORDER.index(kinds[i]) if kinds[i] in ORDER else len(ORDER))


def play_hand(page: Page, live_server: str, game_id: str, check_a11y: Any = None,
              snapshot: Any = None, name: str = "") -> list[str]:
    """Play until the hand is over; answers the kinds of the moves made."""
    made: list[str] = []
    for step in range(300):
        page.wait_for_selector("#play:not(.play-busy)")
        check_marks(page, api_view(page, live_server, game_id))
        if hand_over(page):
            return made
        if step == 2 and check_a11y is not None:
            check_a11y(page)
            snapshot(page, f"play-{name}")
        made.append(play_step(page, keyboard=step == 0, choose=preferred))
    raise AssertionError("the hand did not end")


def finish(page: Page, check_a11y: Any = None, snapshot: Any = None, name: str = "") -> None:
    page.get_by_role("link", name="Review this hand").click()
    expect(page.get_by_role("heading", name="The hands, turned face up")).to_be_visible()
    # The graded review (solver.review.profiles): one row per graded decision, each with a
    # grade, and the summary counting the same rows.
    rows = page.locator(".decisions-table tbody tr")
    if rows.count():
        grades = page.locator(".decisions-table tbody .grade").all_inner_texts()
        assert len(grades) == rows.count()
        assert set(grades) <= {"Best", "Good", "Inaccuracy", "Mistake", "Blunder",
                               "Mistake or worse", "Unclear"}, grades
        summary = page.locator(".grade-summary li")
        assert sum(int(t.split()[-1]) for t in summary.all_inner_texts()) == rows.count()
        expect(page.get_by_role("img", name="Your winning chances after each decision")
               ).to_be_visible()
    else:
        expect(page.get_by_text("None of your decisions in this hand was graded")).to_be_visible()
    # The decisions table fits a phone (it wraps or scrolls in its panel): the page does not.
    no_sideways_scroll(page)
    if check_a11y is not None:
        check_a11y(page)
        snapshot(page, f"review-{name}")


def test_kunken_hand_with_a_lay_off_and_a_joker_swap(page: Page, live_server: str,
                                                     check_a11y: Any, snapshot: Any) -> None:
    game_id = start(page, live_server, "kunken", 40, level="easy")
    made = play_hand(page, live_server, game_id, check_a11y, snapshot, "kunken")
    assert "lay_off" in made and "swap" in made, made
    # the card the learner laid off on the computer's meld carries the learner's mark
    view = api_view(page, live_server, game_id)
    mine = [c for m in view["table"] if m["owner"] != 0 for c in m["cards"] if c["owner"] == 0]
    if mine:  # still on the table (the computer may have taken its meld back)
        expect(page.locator(".play-zone--opponent .card--laid-off[data-laid-by='0']")
               ).to_have_count(len(mine))
    expect(page.locator("#actions-h")).to_contain_text("won the hand")
    # The running score counts the hand.
    assert any(s["score"] for s in view["seats"]), view["seats"]
    finish(page, check_a11y, snapshot, "kunken")


def test_conquin_four_seat_deal_with_chips(page: Page, live_server: str, check_a11y: Any,
                                           snapshot: Any) -> None:
    game_id = start(page, live_server, "conquin", 3)
    expect(page.locator(".play-zone--opponent")).to_have_count(3)
    expect(page.locator(".play-dealer")).to_have_count(1)
    play_hand(page, live_server, game_id, check_a11y, snapshot, "conquin")
    chips = [s["score"] for s in api_view(page, live_server, game_id)["seats"]]
    assert sum(chips) == 0 and any(chips), chips
    finish(page, check_a11y, snapshot, "conquin")
