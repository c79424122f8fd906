"""Set files: export then import is lossless; malformed and hostile files are refused with a
message naming the file, the puzzle and the field, and nothing of them is saved."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import FORCE, TWO_PLAYS, WORKED, add_puzzle, make_set

from solver.puzzles.model import parse_set
from tutor.extensions import db
from tutor.models import Puzzle, PuzzleSet
from tutor.teach.store import MAX_IMPORT_BYTES

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "puzzles").glob("*.json"))


def upload(client: FlaskClient, content: bytes, name: str = "set.json") -> Any:
    return client.post(
        "/teach/import",
        data={"file": (io.BytesIO(content), name)},
        content_type="multipart/form-data",
    )


def exported(client: FlaskClient, set_id: int) -> dict[str, Any]:
    response = client.get(f"/teach/sets/{set_id}/export")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    return json.loads(response.get_data(as_text=True))


def imported_id(response: Any) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def counts(app: Flask) -> tuple[int, int]:
    with app.app_context():
        sets = db.session.execute(db.select(db.func.count()).select_from(PuzzleSet)).scalar_one()
        puzzles = db.session.execute(db.select(db.func.count()).select_from(Puzzle)).scalar_one()
        return int(sets), int(puzzles)


@pytest.fixture
def authored(owner: FlaskClient) -> int:
    set_id = make_set(owner, title="Round trip", description="For *class 5B*.")
    add_puzzle(owner, set_id, TWO_PLAYS, accepted="4H 5H", title="Narrowed")
    add_puzzle(owner, set_id, FORCE, "can_force", title="Force it")
    add_puzzle(owner, set_id, WORKED, "discard", title="Discard", themes="safe-discard")
    add_puzzle(owner, set_id, WORKED, "win", title="No win")
    return set_id


def test_export_then_import_is_lossless(
    app: Flask, owner: FlaskClient, other: FlaskClient, authored: int
) -> None:
    first = exported(owner, authored)
    assert first["description"] == "For *class 5B*."
    assert [p["task"] for p in first["puzzles"]] == ["find_play", "can_force", "discard", "win"]
    assert first["puzzles"][0]["answer"] == {"plays": [["4H", "5H"]]}
    # The owner's own file comes back onto the same set, unchanged.
    assert imported_id(upload(owner, json.dumps(first).encode())) == authored
    assert exported(owner, authored) == first
    assert counts(app) == (1, 4)
    # Another teacher's import of it is a copy with a fresh id, otherwise identical.
    copy_id = imported_id(upload(other, json.dumps(first).encode()))
    second = exported(other, copy_id)
    assert second["id"] != first["id"]
    assert {**second, "id": first["id"]} == first
    # Once the original is gone, the very same file comes back whole.
    owner.post(f"/teach/sets/{authored}/delete")
    again = imported_id(upload(owner, json.dumps(first).encode()))
    assert exported(owner, again) == first
    with app.app_context():
        restored = db.session.get(PuzzleSet, again)
        assert restored is not None and restored.is_published is False  # private until published


def test_reimporting_an_edited_file_updates_the_set(
    app: Flask, owner: FlaskClient, authored: int
) -> None:
    data = exported(owner, authored)
    owner.post(f"/teach/sets/{authored}/publish", data={"publish": "1"})
    data["title"] = "Edited offline"
    data["puzzles"][1]["hints"] = ["A new first hint", "A new second hint"]
    response = upload(owner, json.dumps(data).encode())
    assert imported_id(response) == authored
    assert exported(owner, authored) == data
    with app.app_context():
        row = db.session.get(PuzzleSet, authored)
        assert row is not None and row.is_published  # an update keeps the set's state


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_bundled_sets_import_and_export_unchanged(owner: FlaskClient, path: Path) -> None:
    original = json.loads(path.read_text(encoding="utf-8"))
    set_id = imported_id(upload(owner, path.read_bytes(), path.name))
    assert exported(owner, set_id) == parse_set(original).to_dict()


def valid_file() -> dict[str, Any]:
    return {
        "id": "hostile",
        "title": "Hostile",
        "language": "en",
        "author": "T",
        "ruleset": "conquian-40",
        "puzzles": [
            {
                "id": "ok-1",
                "title": "Fine",
                "position": copy.deepcopy(WORKED),
                "task": "can_use",
                "answer": {"usable": True},
                "themes": [],
                "difficulty": 1,
                "hints": ["one", "two"],
                "explanation": "Because.",
            },
            {
                "id": "p-2",
                "title": "Second",
                "position": copy.deepcopy(FORCE),
                "task": "can_force",
                "answer": {"forceable": True},
                "themes": [],
                "difficulty": 2,
                "hints": ["one", "two"],
                "explanation": "It fits.",
            },
        ],
    }


def broken(change: Any) -> bytes:
    data = valid_file()
    change(data)
    return json.dumps(data).encode()


def _set(path: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            target = target[int(part)] if part.isdigit() else target[part]
        last = parts[-1]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return change


HOSTILE = [
    ("not json", b"{this is not json", ["bad.json", "not JSON", "line 1"]),
    ("not utf-8", "{}".encode("utf-16"), ["bad.json", "not UTF-8"]),
    ("a list", b"[1, 2, 3]", ["bad.json", "must be a JSON object"]),
    ("deep nesting", b"[" * 200_000 + b"]" * 200_000, ["bad.json"]),
    ("title a number", broken(_set("title", 7)), ["bad.json", "field 'title'"]),
    ("puzzles not a list", broken(_set("puzzles", {"a": 1})), ["field 'puzzles'"]),
    ("no puzzles", broken(_set("puzzles", [])), ["field 'puzzles'"]),
    ("language", broken(_set("language", "fr")), ["field 'language'", "'fr'"]),
    ("ruleset", broken(_set("ruleset", "gin-rummy")), ["field 'ruleset'"]),
    ("set id with a slash", broken(_set("id", "a/b")), ["field 'id'"]),
    ("set title too long", broken(_set("title", "x" * 300)), ["field 'title'", "300"]),
    ("hand a string", broken(_set("puzzles.1.position.hand", "4H")),
     ["bad.json", "puzzle 'p-2'", "field 'position'"]),
    ("wrong count", broken(_set("puzzles.1.position.hand", ["AH"])),
     ["puzzle 'p-2'", "field 'position'", "R13"]),
    ("wrong answer", broken(_set("puzzles.1.answer", {"forceable": False})),
     ["puzzle 'p-2'", "field 'answer.forceable'"]),
    ("answer wrong type", broken(_set("puzzles.1.answer", {"forceable": "yes"})),
     ["puzzle 'p-2'", "field 'answer.forceable'"]),
    ("difficulty a string", broken(_set("puzzles.1.difficulty", "3")),
     ["puzzle 'p-2'", "field 'difficulty'"]),
    ("hints not a list", broken(_set("puzzles.1.hints", "one")), ["puzzle 'p-2'", "field 'hints'"]),
    ("unknown theme", broken(_set("puzzles.1.themes", ["<script>"])),
     ["puzzle 'p-2'", "field 'themes'"]),
    ("puzzle id missing", broken(_set("puzzles.1.id", None)), ["puzzle '#2'", "field 'id'"]),
    ("puzzle id with a slash", broken(_set("puzzles.1.id", "a/b")), ["puzzle 'a/b'", "field 'id'"]),
    ("task unknown", broken(_set("puzzles.1.task", "guess")), ["puzzle 'p-2'", "field 'task'"]),
    ("duplicate ids", broken(_set("puzzles.1.id", "ok-1")), ["puzzle 'ok-1'", "share this id"]),
    ("too many puzzles", broken(lambda d: d.update(puzzles=d["puzzles"] * 251)),
     ["field 'puzzles'", "at most 500"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "content", "expected"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_file_is_refused_and_nothing_saved(
    app: Flask, owner: FlaskClient, name: str, content: bytes, expected: list[str]
) -> None:
    before = counts(app)
    response = upload(owner, content, "bad.json")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "The file was not imported." in page
    for text in expected:
        assert text.replace("'", "&#39;") in page, text
    assert counts(app) == before


def test_huge_file_is_refused_before_parsing(app: Flask, owner: FlaskClient) -> None:
    content = b'{"id": "x", "title": "' + b"x" * (MAX_IMPORT_BYTES + 10) + b'"}'
    response = upload(owner, content, "huge.json")
    assert response.status_code == 400
    assert "huge.json: the file is" in response.get_data(as_text=True)
    over_request_limit = upload(owner, b"x" * (3 * 1024 * 1024), "enormous.json")
    assert over_request_limit.status_code == 413  # the app-wide request limit: a friendly page
    assert counts(app) == (0, 0)


def test_a_valid_file_imports(app: Flask, owner: FlaskClient) -> None:
    set_id = imported_id(upload(owner, json.dumps(valid_file()).encode()))
    assert counts(app) == (1, 2)
    assert "Hostile" in owner.get(f"/teach/sets/{set_id}").get_data(as_text=True)


# ---------------------------------------------------------------- the command lines


def test_teach_import_on_a_new_database_migrates_it_and_the_site_then_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``flask --app tutor teach import`` on a database that does not exist yet makes it
    through the migrations (never from the models), so the site's own start afterwards
    (``prepare``, as ``serve`` runs it) finds it at the newest schema and goes on."""
    from alembic.script import ScriptDirectory
    from sqlalchemy import inspect, text

    from tutor import create_app

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/cli.sqlite")
    monkeypatch.setenv("SECRET_KEY", "cli-test")
    source = tmp_path / "set.json"
    source.write_text(json.dumps(valid_file()), encoding="utf-8")
    app = create_app()
    runner = app.test_cli_runner()

    imported = runner.invoke(args=["teach", "import", str(source)])
    assert imported.exit_code == 0, imported.output
    assert "imported hostile: 2 puzzles" in imported.output
    with app.app_context():
        head = ScriptDirectory.from_config(
            app.extensions["migrate"].migrate.get_config()).get_current_head()
        version = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == head
        assert "login_sessions" in inspect(db.engine).get_table_names()

    started = create_app().test_cli_runner().invoke(args=["prepare"])  # a later start
    assert started.exit_code == 0, started.output
    out = tmp_path / "out.json"
    exported = runner.invoke(args=["teach", "export", "hostile", "-o", str(out)])
    assert exported.exit_code == 0, exported.output
    assert json.loads(out.read_text(encoding="utf-8")) == parse_set(valid_file()).to_dict()
    missing = runner.invoke(args=["teach", "export", "no-such-set"])
    assert missing.exit_code == 1 and "no puzzle set has the id 'no-such-set'" in missing.output


def test_flask_teach_commands(tmp_path: Path) -> None:
    from tutor import create_app

    # The commands migrate the database first: here one that only they have touched.
    app = create_app({"TESTING": True, "SECRET_KEY": "k",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/cmd.sqlite"})
    runner = app.test_cli_runner()
    source = tmp_path / "set.json"
    source.write_text(json.dumps(valid_file()), encoding="utf-8")
    result = runner.invoke(args=["teach", "import", str(source)])
    assert result.exit_code == 0, result.output
    exported_text = runner.invoke(args=["teach", "export", "hostile"])
    assert json.loads(exported_text.stdout) == parse_set(valid_file()).to_dict()
    source.write_bytes(broken(_set("puzzles.0.answer", {"usable": False})))
    refused = runner.invoke(args=["teach", "import", str(source)])
    assert refused.exit_code == 1
    assert "puzzle 'ok-1': field 'answer.usable'" in refused.output
    assert counts(app) == (1, 2)


REFUSALS_IN_ENGLISH = {
    "not utf-8": "the file is not UTF-8 text",
    "title a number": "must be a non-empty string",
    "wrong count": "together they must be",
    "wrong answer": "the solver says",
    "duplicate ids": "two puzzles share this id",
}


@pytest.mark.parametrize("lang", ["pt", "es"])
@pytest.mark.parametrize("name", sorted(REFUSALS_IN_ENGLISH))
def test_refusals_speak_the_teachers_language(
    owner: FlaskClient, lang: str, name: str
) -> None:
    content, expected = next((c, e) for n, c, e in HOSTILE if n == name)
    english = upload(owner, content, "bad.json").get_data(as_text=True)
    assert REFUSALS_IN_ENGLISH[name] in english
    owner.post("/language", data={"lang": lang, "next": "/teach/"})
    page = upload(owner, content, "bad.json").get_data(as_text=True)
    assert REFUSALS_IN_ENGLISH[name] not in page
    # file, puzzle ids, field names and rule ids stay as they are in every language
    codes = [t for t in expected if "'" in t or t == "bad.json" or t.startswith("R")]
    for code in codes:
        word, _, quoted = code.partition(" ")
        assert (quoted or word).replace("'", "&#39;") in page, code
