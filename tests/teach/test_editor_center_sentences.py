"""The teacher's editor words the face-up card as the set's game does (issue 28): the "was
left by / turned from the stock" label, and the solver's verdict ("Legal takes of the
upcard:", "The top of the discard pile cannot be taken.") both on the page and in the live
check's texts that editor.js reads, not "center card" for every game."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import make_set, puzzle_form
from test_teach_every_game import editor_page, example

from solver.rules import PROFILES
from tutor.core.card_words import cannot_take, center_was, legal_takes
from tutor.teach.solving import tasks_of


def _words(app: Flask, game: str) -> tuple[str, str, str]:
    with app.test_request_context("/"):
        rules = PROFILES[game]
        return center_was(rules), legal_takes(rules), cannot_take(rules)


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_editor_labels_and_check_texts_name_the_games_card(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    was, takes, no_take = _words(app, game)
    page = html.unescape(editor_page(owner, make_set(owner, title=f"W {game}", ruleset=game)))
    label = re.search(r'<label for="center-from">([^<]*)</label>', page)
    assert label and label.group(1) == was
    assert f'data-takes="{takes}"' in page
    assert f'data-no-take="{no_take}"' in page
    if PROFILES[game].center_name != "center":
        assert "center card" not in (was + takes + no_take).lower()


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_checked_position_report_names_the_games_card(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    """The server-drawn verdict (a check without scripts) says no other game's sentence."""
    set_id = make_set(owner, title=f"R {game}", ruleset=game)
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new",
                          data=puzzle_form(example(game), tasks_of(PROFILES[game])[0],
                                           action="check"))
    report = html.unescape(response.get_data(as_text=True).split('id="check-report"', 1)[1])
    report = report.split("</div>", 1)[0]
    assert "Valid position." in report, report
    own = set(_words(app, game)[1:])
    others = {w for other in PROFILES for w in _words(app, other)[1:]} - own
    assert not [w for w in others if w in report], report
