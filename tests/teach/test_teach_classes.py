"""Classes: codes, joining with a nickname, assignments, the results table, privacy."""

from __future__ import annotations

import csv
import io
import re

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
    signup,
)

from tutor.classes.services import CODE_ALPHABET, CODE_LENGTH
from tutor.extensions import db
from tutor.models import PuzzleSet
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
    # A private set cannot be assigned: learners open sets on the puzzle pages.
    refused = owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    assert refused.status_code == 400
    assert "make a set unlisted or public" in refused.get_data(as_text=True)
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
    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assert "Private: make it unlisted or public" in page
    assert learner.get(f"/classes/{class_code(app, class_id)}").status_code == 404
    owner.post(f"/teach/classes/{class_id}/delete")
    assert owner.get(f"/teach/classes/{class_id}").status_code == 404


def _bundled(app: Flask) -> None:
    """The site's own library, as scripts/run loads it."""
    from tutor.puzzles.store import sync_bundled

    with app.app_context():
        sync_bundled(app.config["PUZZLE_DIR"])


def test_a_bundled_set_can_be_assigned_and_its_results_read(
    app: Flask, owner: FlaskClient
) -> None:
    _bundled(app)
    class_id = make_class(owner)
    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    assert '<optgroup label="The site&#39;s puzzle sets">' in page
    assert "Taking the center card (English)" in page
    assert "Tomar la carta del centro (Español)" in page
    with app.app_context():
        taking = db.session.execute(
            db.select(PuzzleSet).filter_by(slug="taking")
        ).scalar_one()
        taking_id, titles = taking.id, [p.title for p in taking.puzzles]
    assert owner.post(f"/teach/classes/{class_id}/assign",
                      data={"set_id": str(taking_id)}).status_code == 302
    code = class_code(app, class_id)
    ana = app.test_client()
    join(ana, code, "=cmd|' /C calc'!A0")  # a nickname a spreadsheet would run
    assert "/puzzles/sets/taking/" in ana.get(f"/classes/{code}").get_data(as_text=True)
    ana.post("/puzzles/sets/taking/tk-1/answer", data={"answer": "take", "cards": ["4H", "5H"]})
    ana.post("/puzzles/sets/taking/tk-2/answer", data={"answer": "yes"})  # 7♥: a miss

    page = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    # The results table is headed by the puzzles' titles, not by numbers in tooltips.
    head = page[page.index("<thead>"): page.index("</thead>")]
    assert "<abbr" not in head
    shown = re.findall(r'class="results__puzzle"[^>]*>([^<]+)<', head)
    assert [t.replace("&#39;", "'") for t in shown] == titles

    # Per theme: tk-1 is "take-with-hand" (solved), tk-2 "cannot-keep" (tried, not solved).
    themes = page[page.index("Results by theme"):]
    themes = themes[: themes.index("</table>")]
    assert "Taking with hand cards" in themes and "No taking to wait" in themes
    assert "1 solved, 1 tried of " in themes and "0 solved, 1 tried of " in themes

    csv_response = owner.get(f"/teach/classes/{class_id}/results.csv")
    assert csv_response.status_code == 200 and csv_response.mimetype == "text/csv"
    assert "attachment" in csv_response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(csv_response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["learner", "set", "puzzle_id", "puzzle", "themes", "attempts", "solved",
                       "hints", "outcome", "latest"]
    by_puzzle = {row[2]: row for row in rows[1:]}
    assert len(by_puzzle) == len(titles)
    assert by_puzzle["tk-1"][3] == "The worked example" and by_puzzle["tk-1"][5:7] == ["1", "yes"]
    assert by_puzzle["tk-2"][5:7] == ["1", "no"] and by_puzzle["tk-3"][5:7] == ["0", "no"]
    assert by_puzzle["tk-1"][8] == "clean" and by_puzzle["tk-3"][8] == ""
    assert by_puzzle["tk-1"][0] == "'=cmd|' /C calc'!A0"  # never a formula
    # Another teacher gets no file of this class.
    other = app.test_client()
    signup(other, "else@example.org")
    assert other.get(f"/teach/classes/{class_id}/results.csv").status_code == 404


def test_unlisted_and_public_are_separate_choices(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner, title="Homework", description="Read **this** first.")
    add_puzzle(owner, set_id, WORKED)
    slug = set_slug(app, set_id)
    visitor = app.test_client()

    owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "unlisted"})
    page = owner.get(f"/teach/sets/{set_id}").get_data(as_text=True)
    assert "The set is unlisted: anyone with its link can solve it" in page
    assert 'value="unlisted" aria-describedby="visibility-unlisted-help" checked' in page
    assert visitor.get(f"/puzzles/sets/{slug}/").status_code == 200  # the link opens it
    assert "Homework" not in visitor.get("/puzzles/").get_data(as_text=True)  # not listed

    owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "public"})
    listing = visitor.get("/puzzles/").get_data(as_text=True)
    assert "Homework" in listing
    # The description's Markdown is rendered (and cleaned), not shown as raw asterisks.
    assert "Read <strong>this</strong> first." in listing and "**" not in listing
    set_page = visitor.get(f"/puzzles/sets/{slug}/").get_data(as_text=True)
    assert "Read <strong>this</strong> first." in set_page

    owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "private"})
    assert visitor.get(f"/puzzles/sets/{slug}/").status_code == 404
    bad = owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "everyone"},
                     follow_redirects=True)
    assert "Choose private, unlisted or public." in bad.get_data(as_text=True)


def test_set_descriptions_are_cleaned(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner, title="Tricky",
                      description='<script>alert(1)</script>[x](javascript:alert(1)) *ok*')
    add_puzzle(owner, set_id, WORKED)
    owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "public"})
    page = app.test_client().get("/puzzles/").get_data(as_text=True)
    assert "<em>ok</em>" in page
    assert "<script>alert" not in page and "javascript:" not in page
