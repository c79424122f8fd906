"""The puzzle store: sync of the bundled folder, import/export, refusal of bad sets."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner

from tutor import create_app
from tutor.extensions import db
from tutor.models import Attempt, Learner, Puzzle, PuzzleSet, User
from tutor.puzzles.store import PuzzleImportError, export_set, import_set, sync_bundled


def count(model: Any) -> int:
    return int(db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one())


def get_set(slug: str) -> PuzzleSet | None:
    return db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()


def write(folder: Path, name: str, data: Any) -> None:
    (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_prepare_database_loads_the_bundled_folder(app: Flask, mini: dict[str, Any]) -> None:
    with app.app_context():
        en, pt = get_set("mini"), get_set("mini-pt")
        assert en is not None and pt is not None
        assert (en.source, en.language, en.translation_of) == ("bundled", "en", None)
        assert (pt.language, pt.translation_of) == ("pt", "mini")
        assert [p.key for p in en.puzzles] == [p["id"] for p in mini["puzzles"]]
        assert en.puzzles[0].answer == {"usable": True}
        assert count(Puzzle) == 2 * len(mini["puzzles"])


def test_sync_twice_changes_nothing(app: Flask, data_dir: Path) -> None:
    with app.app_context():
        before = {p.id: (p.set_id, p.key) for p in db.session.execute(db.select(Puzzle)).scalars()}
        report = sync_bundled(data_dir)
        assert report.ok and not report.created and not report.updated
        assert len(report.unchanged) == 2
        after = {p.id: (p.set_id, p.key) for p in db.session.execute(db.select(Puzzle)).scalars()}
        assert after == before
        assert count(PuzzleSet) == 2


def test_resync_updates_in_place_and_keeps_attempts(
    app: Flask, tmp_path: Path, mini: dict[str, Any]
) -> None:
    folder = tmp_path / "lib"
    folder.mkdir()
    write(folder, "mini.json", mini)
    with app.app_context():
        row = get_set("mini")
        assert row is not None
        kept = row.puzzles[1]
        learner = Learner(token="t1")
        db.session.add(learner)
        db.session.commit()
        db.session.add(Attempt(learner_id=learner.id, puzzle_id=kept.id, correct=True))
        db.session.commit()
        kept_id = kept.id

        changed = copy.deepcopy(mini)
        changed["title"] = "Renamed"
        dropped = changed["puzzles"].pop(0)
        changed["puzzles"].append(dropped | {"id": "take-six-again"})
        write(folder, "mini.json", changed)
        report = sync_bundled(folder)
        assert report.updated and report.ok, report.lines()

        db.session.expire_all()
        row = get_set("mini")
        assert row is not None and row.title == "Renamed"
        keys = [p.key for p in row.puzzles]
        assert keys == [p["id"] for p in changed["puzzles"]]
        assert "take-six" not in keys
        assert db.session.get(Puzzle, kept_id) is not None  # same row, same id
        assert count(Attempt) == 1
        # The folder now lacks mini.pt.json: that set is unpublished, not deleted.
        pt = get_set("mini-pt")
        assert pt is not None and not pt.is_published
        assert report.unpublished == ["mini-pt"]


@pytest.mark.parametrize(
    ("break_it", "expected"),
    [
        (lambda d: d["puzzles"][2]["answer"].update(forceable=False), "'forced-king'"),
        (lambda d: d["puzzles"][3]["position"]["hand"].__setitem__(0, "9H"), "field 'position'"),
        (lambda d: d["puzzles"][4].update(task="checkmate"), "field 'task'"),
        (lambda d: d["puzzles"][1].update(hints=["only one"]), "field 'hints'"),
        (lambda d: d["puzzles"][5]["answer"].update(discards=["4H"]), "field 'answer.discards'"),
        (lambda d: d.update(ruleset="gin-rummy"), "field 'ruleset'"),
        (lambda d: d["puzzles"][0].update(id="has spaces/slash"), "field 'id'"),
        (lambda d: d.update(puzzles=[]), "field 'puzzles'"),
    ],
)
def test_a_bad_set_is_refused_whole(
    app: Flask, mini: dict[str, Any], break_it: Any, expected: str
) -> None:
    data = copy.deepcopy(mini)
    data["id"] = "fresh"
    break_it(data)
    with app.app_context():
        sets, puzzles = count(PuzzleSet), count(Puzzle)
        with pytest.raises(PuzzleImportError) as info:
            import_set(data, "bundled", filename="fresh.json")
        message = str(info.value)
        assert message.startswith("fresh.json: ")
        assert expected in message
        assert get_set("fresh") is None
        assert (count(PuzzleSet), count(Puzzle)) == (sets, puzzles)


def test_a_bad_update_leaves_the_stored_set_as_it_was(app: Flask, mini: dict[str, Any]) -> None:
    data = copy.deepcopy(mini)
    data["title"] = "Should not appear"
    data["puzzles"][-1]["answer"]["take"] = ["QS"]  # not a legal take with 6H
    with app.app_context():
        before = export_set(get_set("mini"))  # type: ignore[arg-type]
        with pytest.raises(PuzzleImportError, match="puzzle 'safe-discard'"):
            import_set(data, "bundled", filename="mini.json")
        db.session.expire_all()
        assert export_set(get_set("mini")) == before  # type: ignore[arg-type]


def test_sync_reports_bad_files_and_loads_the_good_ones(
    app: Flask, tmp_path: Path, mini: dict[str, Any]
) -> None:
    folder = tmp_path / "lib"
    folder.mkdir()
    write(folder, "mini.json", mini)
    (folder / "broken.json").write_text('{"id": "broken",\n "title": }', encoding="utf-8")
    write(folder, "twin.json", mini | {"title": "Same id"})
    with app.app_context():
        report = sync_bundled(folder)
        assert not report.ok
        assert any(
            m.startswith("broken.json: not valid JSON") and "line 2" in m for m in report.errors
        )
        assert any(m.startswith("twin.json: field 'id'") for m in report.errors)
        row = get_set("mini")
        assert row is not None and row.title == mini["title"]
        assert get_set("broken") is None


def test_sync_of_a_missing_or_empty_folder_is_an_error_not_a_crash(
    app: Flask, tmp_path: Path
) -> None:
    with app.app_context():
        report = sync_bundled(tmp_path / "nowhere")
        assert not report.ok and "no such folder" in report.errors[0]
        (tmp_path / "empty").mkdir()
        report = sync_bundled(tmp_path / "empty")
        assert not report.ok and "no puzzle set files" in report.errors[0]
        assert not report.unpublished  # the library stays published
        row = get_set("mini")
        assert row is not None and row.is_published


def test_export_then_import_is_lossless(app: Flask, tmp_path: Path, mini: dict[str, Any]) -> None:
    data = copy.deepcopy(mini)
    data["id"] = "extras"
    data["description"] = "A set with fields the contract does not name."
    data["x-source"] = {"generator": "hand", "seed": 7}
    data["puzzles"][0]["x-note"] = ["kept", 1]
    data["puzzles"][1]["position"]["x-comment"] = "kept too"
    data["puzzles"][2]["answer"]["x-why"] = "and this"
    with app.app_context():
        row = import_set(data, "bundled", filename="extras.json")
        exported = export_set(row)
        assert exported == data  # the file was canonical: nothing added, nothing lost
        json.dumps(exported)  # and it is plain JSON

    # Into another, empty database and out again: the same dict.
    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/other.sqlite",
        }
    )
    with other.app_context():
        db.create_all()
        again = export_set(import_set(exported, "bundled", filename="extras.json"))
        assert again == exported


def test_import_normalises_card_spellings(app: Flask, mini: dict[str, Any]) -> None:
    data = copy.deepcopy(mini)
    data["id"] = "spelled"
    data["puzzles"] = [data["puzzles"][3]]
    data["puzzles"][0]["position"]["center"] = "6♥"
    data["puzzles"][0]["answer"]["plays"] = [["5h", "4♥"]]
    with app.app_context():
        puzzle = import_set(data, "bundled").puzzles[0]
        assert puzzle.position["center"] == "6H"
        assert puzzle.answer == {"plays": [["4H", "5H"]]}


def test_teacher_sets_are_kept_apart(app: Flask, mini: dict[str, Any]) -> None:
    with app.app_context():
        teacher = User(email="t@example.org", display_name="T", password_hash="x")
        other = User(email="o@example.org", display_name="O", password_hash="x")
        db.session.add_all([teacher, other])
        db.session.commit()
        data = copy.deepcopy(mini) | {"id": "class-set"}
        row = import_set(data, "teacher", teacher)
        assert (row.source, row.owner_id) == ("teacher", teacher.id)
        # Re-import by the same teacher updates; by anyone else, or over a bundled id, refused.
        import_set(data | {"title": "v2"}, "teacher", teacher)
        assert row.title == "v2"
        with pytest.raises(PuzzleImportError, match="already used"):
            import_set(data, "teacher", other)
        with pytest.raises(PuzzleImportError, match="already used"):
            import_set(copy.deepcopy(mini), "teacher", teacher)
        # A teacher may keep their own id for a copy of a bundled set.
        copy_row = import_set(copy.deepcopy(mini), "teacher", teacher, slug="my-mini")
        assert copy_row.slug == "my-mini" and export_set(copy_row)["id"] == "my-mini"


def test_cli_sync_and_export(runner: FlaskCliRunner, tmp_path: Path, data_dir: Path) -> None:
    result = runner.invoke(args=["puzzles", "sync"])
    assert result.exit_code == 0, result.output
    assert "created: 0, updated: 0, unchanged: 2, refused: 0" in result.output

    bad = tmp_path / "bad"
    bad.mkdir()
    shutil.copy(data_dir / "mini.json", bad / "mini.json")
    (bad / "oops.json").write_text("[]", encoding="utf-8")
    result = runner.invoke(args=["puzzles", "sync", "--dir", str(bad)])
    assert result.exit_code == 1
    assert "refused oops.json" in result.output

    result = runner.invoke(args=["puzzles", "export", "mini"])
    assert result.exit_code == 0
    assert json.loads(result.output)["id"] == "mini"
    result = runner.invoke(args=["puzzles", "export", "nope"])
    assert result.exit_code == 2
