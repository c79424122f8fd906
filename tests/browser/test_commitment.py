"""The deal commitment in a real browser: a short hand played by clicking shows the
commitment from the start, and at its end static/js/verify-deal.js hashes the revealed
text with crypto.subtle and says "Verified" (in a live region), with no sideways scroll on
a phone; a text with two stock cards exchanged says "Does not match"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_tables import api_view, no_sideways_scroll, play_hand, start


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
    expect(section.locator("[data-deal-text]")).to_have_count(0)  # nothing before the end

    play_hand(page, live_server, game_id)
    section = page.locator("section.play-fairness")
    assert section.get_attribute("data-deal-commitment") == digest  # the one shown at start
    result = section.locator("[data-deal-result]")
    expect(result).to_have_attribute("aria-live", "polite")
    expect(result).to_have_text(
        "Verified: the deal and salt above hash to the commitment shown since the start "
        "of the hand.")
    revealed = api_view(page, live_server, game_id)["deal_commitment"]["revealed"]
    assert section.locator("[data-deal-text]").text_content() == revealed["text"]
    check_a11y(page)
    no_sideways_scroll(page)  # the long lines wrap on a phone

    # The check can fail: one card of the stock changed, checked again.
    page.evaluate("""() => {
        const pre = document.querySelector('[data-deal-text]');
        const lines = pre.textContent.split('\\n');
        const stock = lines.findIndex(line => line.startsWith('stock: '));
        const cards = lines[stock].slice(7).split(' ');
        [cards[0], cards[1]] = [cards[1], cards[0]];
        lines[stock] = 'stock: ' + cards.join(' ');
        const section = pre.closest('[data-deal-commitment]');
        delete section.dataset.dealChecked;
        pre.textContent = lines.join('\\n');
    }""")
    expect(result).to_have_text(
        "Does not match: the deal and salt above do not hash to the commitment.")
