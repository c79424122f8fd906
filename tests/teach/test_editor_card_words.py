"""The teacher's card picker names the face-up card as the set's game does (issue 28): the
zone button and the picker's spoken messages say "Upcard" in Colonel, "Top of the discard
pile" in Kunken, not "Center card" for every game."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import make_set
from test_teach_every_game import attribute, editor_page

from solver.rules import PROFILES
from tutor.core.card_words import center_label


@pytest.mark.parametrize("game", list(PROFILES))
def test_the_editor_picker_names_the_center_as_its_game(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    set_id = make_set(owner, title=f"Words {game}", ruleset=game)
    page = editor_page(owner, set_id)
    with app.test_request_context("/"):
        name = center_label(PROFILES[game])
    assert attribute(page, "data-i18n", "editor-picker")["zones"]["center"] == name
    button = re.search(r'data-zone="center"[^>]*><span data-zone-name>([^<]*)</span>', page)
    assert button and button.group(1) == name.replace("'", "&#39;")
