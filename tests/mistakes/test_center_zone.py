"""The center of a table (the face-up card, a card drawn face up, the stock) is drawn by one
macro, play/_center.html, for the play table and the better-move puzzle alike: its face-up
card is named as the game names it, a button on the play table and a picture in the puzzle."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from solver.rules import PROFILES, RuleProfile
from tutor.core.card_words import center_card_label

TEMPLATES = Path(__file__).resolve().parents[2] / "tutor" / "templates"


def _zone(app: Flask, rules: RuleProfile, pick: bool) -> str:
    view = {"center": "6D", "center_from": "stock", "pending": "9S", "pending_from": "discard",
            "stock_count": 12}
    with app.test_request_context("/"):
        macro = app.jinja_env.get_template("play/_center.html").module.center_zone  # type: ignore[attr-defined]
        return str(macro(view, rules, pick=pick))


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
@pytest.mark.parametrize("pick", [True, False], ids=["play", "puzzle"])
def test_the_center_names_the_face_up_card_as_its_game(
    app: Flask, profile: RuleProfile, pick: bool
) -> None:
    html = _zone(app, profile, pick)
    with app.test_request_context("/"):
        label = center_card_label(profile, "six of diamonds")
    face = re.search(r'<(button|span)[^>]*data-card="6D"[^>]*>', html)
    assert face and f'aria-label="{label}"' in face.group(0).replace("&#39;", "'")
    assert face.group(1) == ("button" if pick else "span")
    assert ("play-pick" in face.group(0)) == pick
    assert "turned from the stock" in html and "Card taken from the discard pile:" in html
    assert "12 cards in the stock" in html


@pytest.mark.parametrize("page", ["play/_table.html", "mistakes/best_move.html"])
def test_the_table_and_the_puzzle_draw_the_center_with_the_macro(page: str) -> None:
    text = (TEMPLATES / page).read_text("utf-8")
    assert "play-zone--center" not in text and "center_zone(" in text
