"""Site-wide details in a real browser: secondary buttons stay readable on hover, the
four-colour toggle shows when it is on, move numbers from 10 on fit in the play log."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

# WCAG contrast of an element's text on its own background, from the computed colours.
CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(el);
  const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("path", ["/", "/learn/worked-example/1", "/puzzles/", "/analyzer/"])
def test_secondary_buttons_stay_readable_on_hover(
    page: Page, live_server: str, path: str
) -> None:
    page.goto(live_server + path)
    buttons = page.locator("main .button--secondary:visible")
    assert buttons.count(), f"no secondary button on {path}"
    for i in range(min(buttons.count(), 4)):
        button = buttons.nth(i)
        button.hover()
        page.wait_for_timeout(50)
        ratio = button.evaluate(CONTRAST)
        assert ratio >= 4.5, f"{path}: {button.inner_text()!r} on hover has contrast {ratio:.2f}"


def test_the_four_colour_toggle_shows_when_it_is_on(page: Page, live_server: str) -> None:
    page.goto(live_server + "/analyzer/")
    toggle = page.get_by_role("button", name="Four-colour deck")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    off = toggle.evaluate("el => getComputedStyle(el).backgroundColor")
    diamond = page.locator(".picker__grid [data-card='2D']")
    red = diamond.evaluate("el => getComputedStyle(el).color")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.mouse.move(0, 0)  # not hovering: the pressed look itself
    assert toggle.evaluate("el => getComputedStyle(el).backgroundColor") != off
    assert toggle.evaluate("el => getComputedStyle(el, '::before').content") == '"✓ "'
    assert diamond.evaluate("el => getComputedStyle(el).color") != red  # diamonds in blue
    page.reload()  # remembered in this browser
    expect(page.get_by_role("button", name="Four-colour deck")).to_have_attribute(
        "aria-pressed", "true"
    )


def test_play_log_numbers_from_ten_on_are_not_clipped(
    page: Page, live_server: str, check_a11y: Any
) -> None:
    from tests.browser.test_play import play_one_step, start_match

    start_match(page, live_server, "easy", 12)
    for _ in range(40):
        page.wait_for_selector("#play:not(.play-busy)")
        if page.locator(".play-log li").count() >= 12:
            break
        if page.get_by_role("link", name="Review this hand").count():
            break
        play_one_step(page)
    count = page.locator(".play-log li").count()
    assert count >= 10, count
    # The marker ("12.") is drawn in the list's left padding: it must fit there.
    fits = page.locator(".play-log").evaluate(
        """(ol) => {
          const li = ol.querySelector('li');
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = getComputedStyle(li).font;
          const marker = ctx.measureText(ol.children.length + '. ').width;
          return [marker, parseFloat(getComputedStyle(ol).paddingLeft)];
        }"""
    )
    assert fits[0] < fits[1], f"marker {fits[0]:.1f}px, room {fits[1]:.1f}px"
    check_a11y(page)
