"""The play page's script sends each move with the move number its table was drawn at
(``X-Move-Number``), and after the redraw the forms carry the game's new number: a move
sent again (a retry) is then played once (tutor/play/repeats.py)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.test_play import play_one_step, start_match


def _form_number(page: Page) -> int:
    return int(page.locator('#play form input[name="move"]').first.get_attribute("value") or "")


def test_moves_carry_the_move_number_of_their_table(page: Page, live_server: str) -> None:
    start_match(page, live_server, level="easy", seed=5)
    for _ in range(3):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.get_by_role("link", name="Review this hand").count():
            return
        number = _form_number(page)
        with page.expect_response(lambda r: r.url.endswith("/actions")) as answered:
            play_one_step(page)
        response = answered.value
        assert response.request.headers.get("x-move-number") == str(number)
        assert response.status == 200
        page.wait_for_selector("#play:not(.play-busy)")
        # the redrawn table's forms are at the number the API answered
        assert _form_number(page) == int(response.headers["x-move-number"]) > number
