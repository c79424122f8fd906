"""A teacher writes a set in any language the bundled puzzles come in (Italian and Russian
too), and the editor's suggestions and checks speak the set's language."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import WORKED, make_set

from solver.puzzles.model import LANGUAGES
from tutor.extensions import db
from tutor.models import PuzzleSet

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def suggestions(client: FlaskClient, language: str) -> dict[str, Any]:
    response = client.post("/teach/api/check", json={
        "position": WORKED, "task": "find_play", "language": language})
    assert response.status_code == 200, response.get_data(as_text=True)
    found: dict[str, Any] = response.get_json()["suggestions"]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_set_in_each_puzzle_language(app: Flask, owner: FlaskClient, language: str) -> None:
    page = owner.get("/teach/sets/new").get_data(as_text=True)
    assert f'<option value="{language}"' in page
    set_id = make_set(owner, "Cuori", language=language)
    with app.app_context():
        assert db.session.get(PuzzleSet, set_id).language == language  # type: ignore[union-attr]
    english, translated = suggestions(owner, "en"), suggestions(owner, language)
    assert translated["hints"] != english["hints"]
    assert translated["explanation"] != english["explanation"]
