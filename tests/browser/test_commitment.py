"""The deal commitment in a real browser: a short hand played by clicking shows the
commitment from the start, and at its end static/js/verify-deal.js hashes the list of part
hashes and every part shown with crypto.subtle and says "Verified" (in a live region), with
no sideways scroll on a phone; a part with two stock cards exchanged says "Does not match",
a part listed only by its hash (a hand thrown in) still verifies, and a part neither shown
nor listed as hidden does not."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_tables import api_view, no_sideways_scroll, play_hand, start

OK = ("Verified: every part shown hashes to its line of the list, and the list hashes to "
      "the commitment shown since the start of the hand.")
BAD = "Does not match: a part shown or the list does not hash to the commitment."

RECHECK = """section => { delete section.dataset.dealChecked;
    section.appendChild(document.createComment('changed')); }"""


def test_a_finished_hand_verifies_its_commitment(page: Page, live_server: str,
                                                 check_a11y: Any) -> None:
    game_id = start(page, live_server, "conquian-40", seed=3)
    section = page.locator("section.play-fairness")
    expect(section).to_contain_text("Deal commitment:")
    digest = section.get_attribute("data-deal-commitment") or ""
    assert len(digest) == 64
    expect(section.locator(".play-fairness__short")).to_have_text(digest[:12])
    section.locator("summary").click()
    expect(section.locator(".play-fairness__hash")).to_have_text(digest)
    expect(section.locator("[data-deal-root]")).to_have_count(0)  # nothing before the end
    expect(section.locator("[data-deal-part]")).to_have_count(0)

    play_hand(page, live_server, game_id)
    section = page.locator("section.play-fairness")
    assert section.get_attribute("data-deal-commitment") == digest  # the one shown at start
    result = section.locator("[data-deal-result]")
    expect(result).to_have_attribute("aria-live", "polite")
    expect(result).to_have_text(OK)
    revealed = api_view(page, live_server, game_id)["deal_commitment"]["revealed"]
    assert section.locator("[data-deal-root]").text_content() == revealed["root"]
    shown = section.locator("[data-deal-part]")
    assert shown.all_text_contents() == [p["text"] for p in revealed["parts"]]
    check_a11y(page)
    no_sideways_scroll(page)  # the long lines wrap on a phone

    # The check can fail: two cards of the stock part exchanged, checked again.
    page.evaluate("""() => {
        const pre = document.querySelector('[data-deal-part="stock"]');
        const lines = pre.textContent.split('\\n');
        const cards = lines[2].slice(7).split(' ');
        [cards[0], cards[1]] = [cards[1], cards[0]];
        lines[2] = 'stock: ' + cards.join(' ');
        delete pre.closest('[data-deal-commitment]').dataset.dealChecked;
        pre.textContent = lines.join('\\n');
    }""")
    expect(result).to_have_text(BAD)
    expect(section.locator('[data-deal-part="stock"]')).to_have_attribute(
        "data-verified", "false")

    # A part shown by its hash alone, as a hand thrown in is, still verifies ...
    page.evaluate("""() => {
        const pre = document.querySelector('[data-deal-part="stock"]');
        const hidden = document.createElement('p');
        hidden.dataset.dealHidden = 'stock';
        pre.replaceWith(hidden);
    }""")
    section.evaluate(RECHECK)
    expect(result).to_have_text(OK)
    # ... but a part neither shown nor listed as hidden does not.
    page.evaluate("() => document.querySelector('[data-deal-hidden=\"stock\"]').remove()")
    section.evaluate(RECHECK)
    expect(result).to_have_text(BAD)
