"""Classes: codes, joining with a nickname, assignments, the results table, privacy."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import (
    TWO_PLAYS,
    WORKED,
    add_puzzle,
    class_code,
    join,
    make_class,
    make_set,
    set_slug,
)

from tutor.classes.services import CODE_ALPHABET, CODE_LENGTH
from tutor.extensions import db
from tutor.models.classes import Membership


def test_codes_are_short_and_unambiguous(app: Flask, owner: FlaskClient) -> None:
    codes = {class_code(app, make_class(owner, f"C{i}")) for i in range(5)}
    assert len(codes) == 5
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("01OIL")


def test_join_with_code_and_nickname(app: Flask, owner: FlaskClient) -> None:
    class_id = make_class(owner)
    code = class_code(app, class_id)
    ana, ben = app.test_client(), app.test_client()
    unknown = join(ana, "ZZZZZZ", "Ana")
    assert unknown.status_code == 400
    assert "No class has this code" in unknown.get_data(as_text=True)
    # Lower case and spaces are forgiven.
    spaced = code[:3].lower() + " " + code[3:].lower()
    assert join(ana, spaced, "Ana").location == f"/classes/{code}"
    taken = join(ben, code, "ana")
    assert taken.status_code == 400
    assert "already uses this nickname" in taken.get_data(as_text=True)
    assert join(ben, code, "Ben").status_code == 302
    # Joining again renames rather than duplicates.
    assert join(ana, code, "Ana B").status_code == 302
    with app.app_context():
        names = sorted(m.nickname for m in db.session.execute(db.select(Membership)).scalars())
    assert names == ["Ana B", "Ben"]
    assert "Ana B" in ana.get("/join").get_data(as_text=True)  # "your classes"
    bad = join(app.test_client(), code, "<b>x</b>")
    assert bad.status_code == 400


def test_results_table_counts_attempts_solved_and_hints(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner, title="Homework")
    add_puzzle(owner, set_id, WORKED, title="First")
    add_puzzle(owner, set_id, TWO_PLAYS, title="Second")
    class_id = make_class(owner)
    # Only a published set can be assigned: learners open it on the puzzle pages.
    refused = owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    assert refused.status_code == 400
    assert "Only published sets can be assigned" in refused.get_data(as_text=True)
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    code, slug = class_code(app, class_id), set_slug(app, set_id)
    ana, ben, stranger = app.test_client(), app.test_client(), app.test_client()
    join(ana, code, "Ana")
    join(ben, code, "Ben")

    # The class page lists the set for its members only.
    assert f"/puzzles/sets/{slug}/" in ana.get(f"/classes/{code}").get_data(as_text=True)
    assert stranger.get(f"/classes/{code}").status_code == 404

    first, second = f"/puzzles/sets/{slug}/puzzle-1", f"/puzzles/sets/{slug}/puzzle-2"
    ana.post(first + "/answer", data={"answer": "take", "cards": ["4H"]})
    ana.post(first + "/hint")
    ana.post(first + "/hint")
    ana.post(first + "/answer", data={"answer": "take", "cards": ["4H", "5H"]})
    ben.post(second + "/answer", data={"answer": "take", "cards": ["AC"]})

    def rows() -> tuple[str, str]:
        page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
        table = page[page.index("<table") : page.index("</table>")]
        ana_row = table[table.index(">Ana<") : table.index("</tr>", table.index(">Ana<"))]
        ben_row = table[table.index(">Ben<") : table.index("</tr>", table.index(">Ben<"))]
        return ana_row, ben_row

    ana_row, ben_row = rows()
    # A miss, two hints, then right: solved after a miss, not simply solved.
    assert ana_row.count("cell-after-miss") == 1 and "solved after a miss" in ana_row
    assert "2 attempts, 2 hints" in ana_row and ana_row.count("cell-none") == 1
    # One miss and the retry still to come.
    assert ben_row.count("cell-tried") == 1 and "in progress" in ben_row
    assert "1 attempt, 0 hints" in ben_row and ben_row.count("cell-none") == 1

    # Ben climbs the ladder (two hints, then the solution): failed. Answering right at once
    # in a new round is practice until the puzzle's review is due: the cell does not change.
    for _ in range(3):
        ben.post(second + "/hint")
    ben.post(second + "/answer", data={"answer": "take", "cards": ["6S", "6D"]})
    _, ben_row = rows()
    assert "failed: solution shown" in ben_row and "cell-solved" not in ben_row
    assert "latest:" not in ben_row
    assert "2 attempts, 3 hints" in ben_row  # the ladder's steps, the solution included


def test_assignments_and_members_can_be_removed(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    add_puzzle(owner, set_id, WORKED)
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    class_id = make_class(owner)
    owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    again = owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    assert again.status_code == 400  # already assigned: not offered, not duplicated
    learner = app.test_client()
    join(learner, class_code(app, class_id), "Lu")
    with app.app_context():
        member_id = db.session.execute(db.select(Membership.id)).scalar_one()
    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assignment = page.split("/assignments/")[1].split("/")[0]
    owner.post(f"/teach/classes/{class_id}/assignments/{assignment}/remove")
    owner.post(f"/teach/classes/{class_id}/members/{member_id}/remove")
    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assert "No set assigned yet." in page and "Nobody has joined yet." in page
    # An assigned set made private again is marked, and not linked for learners.
    owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "0"})
    assert "Private: publish it" in owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assert learner.get(f"/classes/{class_code(app, class_id)}").status_code == 404
    owner.post(f"/teach/classes/{class_id}/delete")
    assert owner.get(f"/teach/classes/{class_id}").status_code == 404
