"""Learn from your own games in Kunken (issue 31 item 4): a learner plays a fixed Kunken hand
at /play/ and once draws from the stock instead of taking the card they would go out with;
the graded review calls that decision a mistake or worse; the puzzle made of it is in the
review queue, is solved with the better move, and the queue records the answer.  axe on
every page visited.

The hand is found by ``tests.mistakes.helpers.site_moves`` (the learner plays like the greedy
player but for that one card); ``SEED`` is the first site seed whose review, at this
server's budget, makes a puzzle of it and of no other decision (the queue must hold that one
puzzle only: other graded mistakes of the hand become puzzles too)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from solver.cards import card_str, cards_of
from tests.browser.test_tables import start
from tests.live_app import serve
from tests.mistakes.helpers import site_moves
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.mistakes.questions import GRADED, Question, questions
from tutor.play.review import grade_stored_profile_hand

pytestmark = pytest.mark.slow

RULES = "kunken"
SEED = 96
PLAYOUTS = 800
"""The server's grading budget (the helpers' search used the same)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    app = create_app({
        "SECRET_KEY": "browser-tests",
        "SQLALCHEMY_DATABASE_URI":
            f"sqlite:///{tmp_path_factory.mktemp('kunken-mistake')}/live.sqlite",
        "RATELIMIT_ENABLED": False, "ALLOW_CLIENT_SEED": True,
        "REVIEW_GRADING": "inline", "REVIEW_PLAYOUTS": PLAYOUTS,
        "PUZZLE_RELABEL_SUITS": False,  # the cards as the hand had them
    })
    prepare_database(app)
    with serve(app) as base:
        yield base


def _expected() -> tuple[list[dict[str, Any]], int, Question]:
    """The learner's moves, the index of the card left, and the puzzle the site should make."""
    found = site_moves(RULES, SEED)
    assert found is not None, f"seed {SEED} no longer deals a card to leave"
    game, moves, bad = found
    stored = game.hand_states()[0]
    data = grade_stored_profile_hand(stored, game.seed, 0, playouts=PLAYOUTS)
    made = questions(stored, data, "expected")
    assert made, f"seed {SEED}: the review makes no puzzle of the card left"
    assert [q.puzzle.task for q in made] == ["find_play"], \
        f"seed {SEED}: the review makes other puzzles: {[(q.step, q.puzzle.task) for q in made]}"
    return moves, bad, made[0]


def test_a_kunken_mistake_becomes_a_puzzle_in_the_review_queue(
        page: Page, site: str, check_a11y: Any) -> None:
    moves, bad, question = _expected()
    assert question.grade in GRADED
    game_id = start(page, site, RULES, SEED, level="hard")
    check_a11y(page)
    for number, move in enumerate(moves):
        if number == bad:
            # The decision itself on the table page: the draw the page offers.
            page.reload()
            page.wait_for_selector("#play:not(.play-busy)")
            choice = page.locator("#choices .play-choice[data-kind='draw']").first
            expect(choice).to_be_visible()
            check_a11y(page)
            choice.locator("button[type=submit]").first.click()
            page.wait_for_load_state()
            page.wait_for_selector("#play:not(.play-busy)")
            assert not page.locator("#play-error").inner_text().strip()
            continue
        answer = page.request.post(f"{site}/api/games/{game_id}/actions", data=move)
        assert answer.ok, (number, move, answer.text())

    # The graded review: the decision graded "mistake or worse" (or a sharper grade).
    page.goto(f"{site}/play/{game_id}")
    page.get_by_role("link", name="Review this hand").click()
    expect(page.get_by_role("heading", name="The hands, turned face up")).to_be_visible()
    grades = page.locator(".decisions-table tbody .grade").all_inner_texts()
    assert {"Mistake or worse", "Mistake", "Blunder"} & set(grades), grades
    page.get_by_text("How the grades are set").click()
    expect(page.locator(".grade-scale")).to_contain_text("Mistake or worse")
    check_a11y(page)

    # The review queue holds the puzzle; it is solved with the better move.
    page.goto(f"{site}/puzzles/review")
    link = page.locator(f"a[href$='-s{question.step}']")
    expect(link).to_have_count(1)
    check_a11y(page)
    link.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Find the better move")
    expect(page.get_by_role("link", name="The review of that hand")).to_be_visible()
    check_a11y(page)
    play = min(question.puzzle.answer.plays, key=lambda m: (m.bit_count(), m))
    wanted = [card_str(c) for c in cards_of(play)]
    for code in wanted:  # the card buttons the page makes of the hand's checkboxes
        card = page.locator(f"button[data-card='{code}']").first
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("button[name=answer][value=take]").click()
    expect(page.locator("#result h2")).to_have_text("✓ Correct!")
    check_a11y(page)

    # The queue recorded it: nothing left to review today.
    page.goto(f"{site}/puzzles/review")
    expect(page.get_by_text("Nothing to review today.")).to_be_visible()
    expect(page.locator(f"a[href$='-s{question.step}']")).to_have_count(0)
