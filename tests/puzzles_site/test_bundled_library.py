"""The bundled library (puzzles/*.json) through the site: every set loads, every puzzle page
renders, and the file's own answer is graded right while a wrong one is graded wrong."""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from solver.puzzles.model import FLAG_KEYS, LANGUAGES
from solver.puzzles.relabel import SuitPermutation
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.extensions import db
from tutor.models import Attempt, PuzzleSet
from tutor.puzzles.store import sync_bundled

LIBRARY = Path(__file__).resolve().parents[2] / "puzzles"
pytestmark = pytest.mark.skipif(
    not any(LIBRARY.glob("*.json")), reason="no bundled puzzle sets in puzzles/"
)


@pytest.fixture(scope="module")
def library_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    path: os.PathLike[str] = tmp_path_factory.mktemp("library")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}/library.sqlite",
            "WTF_CSRF_ENABLED": False,
            "PUZZLE_DIR": str(LIBRARY),
        }
    )
    prepare_database(app)
    yield app


def all_puzzles(app: Flask) -> list[tuple[str, str, str, dict[str, Any], dict[str, Any]]]:
    with app.app_context():
        return [
            (s.slug, p.key, p.task, dict(p.answer), dict(p.position))
            for s in db.session.execute(db.select(PuzzleSet).order_by(PuzzleSet.slug)).scalars()
            for p in s.puzzles
        ]


def right_form(task: str, answer: dict[str, Any]) -> dict[str, Any]:
    if task == "can_use":
        return {"answer": "yes" if answer["usable"] else "no"}
    if task == "can_force":
        return {"answer": "yes" if answer["forceable"] else "no"}
    if task in FLAG_KEYS:  # colonel's draw_upcard, conquin's close
        return {"answer": "yes" if answer[FLAG_KEYS[task]] else "no"}
    if task in ("find_play", "win"):
        if not answer["plays"]:
            return {"answer": "none"}
        return {"answer": "take", "cards": answer["plays"][0]}
    return {"discard": answer["discards"][0]}


def wrong_form(task: str, answer: dict[str, Any], position: dict[str, Any]) -> dict[str, Any]:
    if task in FLAG_KEYS:
        flag = answer[FLAG_KEYS[task]]
        return {"answer": "no" if flag else "yes"}
    if task in ("find_play", "win"):
        if task == "win" and answer["plays"]:
            return {"answer": "none"}
        accepted = {frozenset(p) for p in answer["plays"]}
        for candidate in ([], position["hand"], position["hand"][:1]):
            if frozenset(candidate) not in accepted:
                return {"answer": "take", "cards": candidate}
        return {}  # every possible choice is right (an empty or one-card hand)
    left = [c for c in position["hand"] if c not in answer["take"] + answer["discards"]]
    return {"discard": left[0]} if left else {}


def test_every_bundled_file_loads(library_app: Flask) -> None:
    with library_app.app_context():
        report = sync_bundled(LIBRARY)
        assert report.ok, report.errors
        files = sorted(LIBRARY.glob("*.json"))
        assert len(report.unchanged) == len(files)
        translated = db.session.execute(
            db.select(PuzzleSet).where(PuzzleSet.translation_of.is_not(None))
        ).scalars()
        for row in translated:
            original = db.session.execute(
                db.select(PuzzleSet).filter_by(slug=row.translation_of)
            ).scalar_one()
            assert [p.key for p in row.puzzles] == [p.key for p in original.puzzles]


def dealt(client: Any, url: str, form: dict[str, Any]) -> dict[str, Any]:
    """Open the page and write ``form`` (in the file's suits) in the suits it was dealt in."""
    page = client.get(url)
    assert page.status_code == 200, url
    found = re.search(r'name="suits" value="([SHDC]{4})"', page.get_data(as_text=True))
    assert found is not None, url
    perm = SuitPermutation.from_str(found[1])
    out = {**form, "suits": found[1]}
    if "cards" in form:
        out["cards"] = [perm.code(c) for c in form["cards"]]
    if "discard" in form:
        out["discard"] = perm.code(form["discard"])
    return out


@pytest.mark.slow
def test_every_puzzle_page_renders_and_grades_its_own_answer(library_app: Flask) -> None:
    """Each puzzle is dealt under a random permutation of the suits (as the site does); the
    file's answer, relabelled the same way, is right and a wrong one is wrong."""
    client = library_app.test_client()
    puzzles = all_puzzles(library_app)
    assert puzzles
    wrong_tried = relabelled = 0
    for slug, key, task, answer, position in puzzles:
        url = f"/puzzles/sets/{slug}/{key}"
        form = dealt(client, url, right_form(task, answer))
        relabelled += form["suits"] != "SHDC"
        response = client.post(url + "/answer", data=form)
        assert response.status_code == 302, (url, response.get_data(as_text=True)[-500:])
        page = client.get(response.location).get_data(as_text=True)
        assert "Correct!" in page, url
        wrong = wrong_form(task, answer, position)
        if wrong:
            response = client.post(url + "/answer", data=dealt(client, url, wrong))
            assert response.status_code == 302, url
            assert "Not quite" in client.get(response.location).get_data(as_text=True), url
            wrong_tried += 1
    assert wrong_tried > len(puzzles) // 2
    assert relabelled > len(puzzles) // 2
    with library_app.app_context():
        rows = db.session.execute(db.select(Attempt)).scalars().all()
        assert sum(a.correct for a in rows) == len(puzzles)
        assert sum(not a.correct for a in rows) == wrong_tried


def test_every_ladder_has_three_steps_or_more(library_app: Flask) -> None:
    with library_app.app_context():
        for row in db.session.execute(db.select(PuzzleSet)).scalars():
            for p in row.puzzles:
                assert len(p.hints) + 1 >= 3, (row.slug, p.key)


TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_learner_language_picks_the_translation(library_app: Flask, language: str) -> None:
    client = library_app.test_client()
    english = client.get("/puzzles/").get_data(as_text=True)
    client.post("/language", data={"lang": language, "next": "/puzzles/"})
    chosen = client.get("/puzzles/").get_data(as_text=True)
    files = {p.name for p in LIBRARY.glob(f"*.{language}.json")}
    assert len(files) == len(list(LIBRARY.glob("*.es.json")))  # every set, every language
    for name in files:
        slug = name.removesuffix(f".{language}.json") + f"-{language}"
        assert f'href="/puzzles/sets/{slug}/"' in chosen
        assert f'href="/puzzles/sets/{slug}/" lang="{language}" hreflang="{language}"' in english


def page_text(response: Any) -> str:
    """The visible text of a page, tags removed, entities decoded, spaces squeezed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", response.get_data(as_text=True), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translated_puzzle_shows_its_title_and_hint(library_app: Flask, language: str) -> None:
    """A learner whose site language is ``language`` opens a bundled puzzle from the index and
    asks for a hint: the page shows the puzzle's title and first hint in that language.  The
    puzzle is the first whose first hint names no suit (the page relabels suit glyphs)."""
    client = library_app.test_client()
    client.post("/language", data={"lang": language, "next": "/puzzles/"})
    for path in sorted(LIBRARY.glob(f"*.{language}.json")):
        data = json.loads(path.read_text("utf-8"))
        original = json.loads((LIBRARY / f"{data['translation_of']}.json").read_text("utf-8"))
        english = {p["id"]: p for p in original["puzzles"]}
        plain = [p for p in data["puzzles"] if not set(p["hints"][0]) & set("♠♥♦♣")]
        if plain:
            puzzle = plain[0]
            break
    else:
        pytest.fail(f"no {language} puzzle whose first hint names no suit")
    assert f'/puzzles/sets/{data["id"]}/' in client.get("/puzzles/").get_data(as_text=True)
    url = f"/puzzles/sets/{data['id']}/{puzzle['id']}"
    page = client.get(url)
    assert page.status_code == 200
    assert f'lang="{language}"' in page.get_data(as_text=True)
    assert puzzle["title"] in page_text(page)
    response = client.post(url + "/hint")
    assert response.status_code == 302
    shown = page_text(client.get(response.location))
    assert puzzle["hints"][0] in shown
    assert english[puzzle["id"]]["hints"][0] not in shown  # the translation, not English
