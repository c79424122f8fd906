"""Teachers' sets of every game the editor builds: a new set names its game, positions are
read and checked (live and on save) under it, and a class can be given a bundled set of
any game."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import make_class, make_set, puzzle_form

from solver.rules import PROFILES
from tutor.extensions import db
from tutor.models import Assignment, PuzzleSet
from tutor.puzzles.store import sync_bundled
from tutor.teach.solving import buildable_profiles, tasks_of

ROOT = Path(__file__).parents[2]
BUILT = buildable_profiles()


def example(game: str) -> dict[str, Any]:
    """The profile's worked example (docs/examples), naming no game: the set's decides."""
    data: dict[str, Any] = json.loads((ROOT / "docs" / "examples" / f"{game}.json").read_text())
    data.pop("rules", None)
    return data


def first_task(game: str) -> str:
    return tasks_of(PROFILES[game])[0]


def add_example(owner: FlaskClient, set_id: int, game: str) -> Any:
    """Save the example as a puzzle of the game's first task, with the editor's own
    suggested sentences."""
    body = {"position": example(game), "task": first_task(game), "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert report["ok"], report
    suggested = report["suggestions"]
    return owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        example(game), first_task(game), hints="\n".join(suggested["hints"]),
        explanation=suggested["explanation"]))


def ruleset_of(app: Flask, set_id: int) -> str:
    with app.app_context():
        row = db.session.get(PuzzleSet, set_id)
        assert row is not None
        return row.ruleset


def test_the_new_set_form_offers_every_game_the_editor_builds(owner: FlaskClient) -> None:
    page = owner.get("/teach/sets/new").get_data(as_text=True)
    offered = re.findall(r'<option[^>]*value="([^"]+)"', page.split('name="ruleset"')[1]
                         .split("</select>")[0])
    assert offered == BUILT and len(BUILT) >= 2


@pytest.mark.parametrize("game", BUILT)
def test_a_set_of_each_game_checks_positions_under_it(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    set_id = make_set(owner, ruleset=game)
    assert ruleset_of(app, set_id) == game
    page = owner.get(f"/teach/sets/{set_id}").get_data(as_text=True)
    assert f"Game: {PROFILES[game].display_name}" in page and f'href="/rules/{game}"' in page
    editor = owner.get(f"/teach/sets/{set_id}/puzzles/new").get_data(as_text=True)
    assert f"/teach/api/check?set={set_id}" in editor
    assert f"&#34;rules&#34;: &#34;{game}&#34;" in editor  # the new position names the game
    # Live: a position naming no game is read as the set's.
    body = {"position": example(game), "task": first_task(game), "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert report["ok"], report
    assert report["position"].get("rules", game) == game
    # Saved: the stored position names the set's game, and the set keeps it.
    saved = add_example(owner, set_id, game)
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert ruleset_of(app, set_id) == game
    exported = owner.get(f"/teach/sets/{set_id}/export").get_json()
    assert exported["ruleset"] == game


@pytest.mark.parametrize("game", BUILT)
def test_a_set_with_puzzles_refuses_another_games_position_live(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    other = next(g for g in BUILT if g != game)
    set_id = make_set(owner, ruleset=game)
    saved = add_example(owner, set_id, game)
    assert saved.status_code == 302, saved.get_data(as_text=True)
    body = {"position": {"rules": other, **example(other)}, "task": first_task(other),
            "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert not report["ok"] and report["error"]["field"] == "position"
    assert "are all of one game" in report["error"]["message"]
    # Without the set, the same position is simply checked under its own game.
    assert owner.post("/teach/api/check", json=body).get_json()["ok"]


def test_the_live_check_of_someone_elses_set_is_refused(
    owner: FlaskClient, other: FlaskClient
) -> None:
    set_id = make_set(owner)
    body = {"position": example(BUILT[0]), "task": first_task(BUILT[0]), "language": "en"}
    response = other.post(f"/teach/api/check?set={set_id}", json=body)
    assert response.status_code == 404 and response.get_json()["ok"] is False


@pytest.mark.parametrize("bad", ["gin-rummy", ""])
def test_a_new_set_of_an_unknown_game_is_refused(
    owner: FlaskClient, count_rows: Any, bad: str
) -> None:
    response = owner.post("/teach/sets/new", data={"title": "T", "language": "en",
                                                   "ruleset": bad})
    assert response.status_code == 400
    assert count_rows(PuzzleSet) == 0


def test_a_class_can_be_given_a_bundled_set_of_every_game(
    app: Flask, owner: FlaskClient, tmp_path: Path, count_rows: Any
) -> None:
    # One bundled English set per game (the library's own files).
    chosen: dict[str, Path] = {}
    for path in sorted((ROOT / "puzzles").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("language", "en") == "en":
            chosen.setdefault(data.get("ruleset", ""), path)
    assert set(chosen) == set(PROFILES)
    for path in chosen.values():
        shutil.copy(path, tmp_path / path.name)
    with app.app_context():
        assert sync_bundled(tmp_path).ok
        sets = {s.ruleset: s.id for s in db.session.execute(
            db.select(PuzzleSet).where(PuzzleSet.source == "bundled")).scalars()}
    class_id = make_class(owner)
    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    for game in PROFILES:
        assert f'value="{sets[game]}"' in page, game
        response = owner.post(f"/teach/classes/{class_id}/assign",
                              data={"set_id": str(sets[game])})
        assert response.status_code == 302, (game, response.get_data(as_text=True))
    assert count_rows(Assignment) == len(PROFILES)
