"""The analyzer's words follow the rules chosen, live, in a real browser: picking each
profile in the Rules field (by keyboard) renames the face-up card where the page shows it
(the field's label, the picker's zone and what a screen reader hears when a card goes
there), rewrites the opening lines and what the empty analysis panel asks for (kept under
its heading, which names the panel), and shows the meld fields only
where the profile's melds go down during the hand; the words are the server's own for
that profile (tutor/analyzer/words.py), so a reload says the same."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from solver.rules import PROFILES
from tutor import create_app
from tutor.analyzer.words import page_words


def _words() -> dict[str, dict[str, str]]:
    """Every profile's English words, as the server renders them."""
    app = create_app({"TESTING": True, "SECRET_KEY": "words",
                      "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context("/analyzer/"):
        return {pid: page_words(profile) for pid, profile in PROFILES.items()}


def test_each_profile_renames_the_face_up_card_live(
    page: Page, live_server: str, check_a11y: Any
) -> None:
    words = _words()
    page.goto(live_server + "/analyzer/")
    rules = page.get_by_label("Rules")
    zone = page.locator(".picker__zones [data-zone='center'] [data-zone-name]")
    for pid, profile in PROFILES.items():
        rules.focus()
        rules.select_option(pid)
        own = words[pid]
        expect(page.locator("#pos-center-label")).to_have_text(own["center"])
        expect(zone).to_have_text(own["center"])
        expect(page.locator("#analyzer-lead")).to_have_text(own["lead"])
        # Still there once the live analysis has found the position incomplete.
        expect(page.locator("#form-error")).not_to_be_empty()
        expect(page.locator("#analysis-body [data-placeholder]")).to_have_text(own["placeholder"])
        melds = expect(page.locator(".picker__zones [data-zone='melds']"))
        if profile.melds_in_hand:
            melds.to_be_hidden()
        else:
            melds.to_be_visible()

    # The picker speaks the last profile's name for the card when a card goes there.
    last = words[list(PROFILES)[-1]]["center"]
    zone.click()
    page.locator(".picker__grid [data-card='6H']").click()
    expect(page.locator("[data-status]")).to_contain_text(f"Placed in “{last}”")
    check_a11y(page)
