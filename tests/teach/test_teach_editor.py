"""The editor: live checks (the JSON endpoint), the no-JS form, puzzle order, preview, sharing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import (
    FORCE,
    TWO_PLAYS,
    WORKED,
    add_puzzle,
    make_set,
    puzzle_form,
    set_slug,
)

from tutor.extensions import db
from tutor.models import Attempt, Puzzle, PuzzleSet


def check(client: FlaskClient, position: Any, task: str = "can_use", **extra: Any) -> Any:
    response = client.post("/teach/api/check", json={"position": position, "task": task, **extra})
    assert response.status_code in (200, 400)
    return response.get_json()


BAD_POSITIONS = [
    ("duplicate card", {**WORKED, "center": "4H"}, "4H appears twice"),
    ("invalid meld", {**WORKED, "hand": WORKED["hand"][:7], "melds": [["JD", "QD", "AD"]]},
     "is not a valid meld"),
    ("wrong count", {**WORKED, "hand": WORKED["hand"][:9]}, "together they must be 10"),
    ("no center yet", {**WORKED, "center": None}, "Choose the center card."),
    ("unknown card", {**WORKED, "center": "8H"}, "8, 9 and 10 are removed"),
    ("opponent shows too many", {**WORKED, "opponent_melds": [["AS", "AH", "AD"],
     ["2S", "2H", "2C"], ["3H", "3D", "3C"], ["4S", "4D", "4C"]]}, "at most 10"),
    ("not an object", ["4H"], "must be a JSON object"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "position", "message"), BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS]
)
def test_live_check_explains_an_inconsistent_position(
    owner: FlaskClient, name: str, position: Any, message: str
) -> None:
    report = check(owner, position)
    assert report["ok"] is False
    assert report["error"]["field"] == "position"
    assert message in report["error"]["message"]


def test_live_check_computes_each_tasks_answer(owner: FlaskClient) -> None:
    assert check(owner, WORKED, "can_use")["answer"] == {"usable": True}
    assert check(owner, WORKED, "can_force")["answer"] == {"forceable": False}
    assert check(owner, FORCE, "can_force")["answer"] == {"forceable": True}
    assert check(owner, TWO_PLAYS, "find_play")["answer"] == {"plays": [["6S", "6D"], ["4H", "5H"]]}
    assert check(owner, WORKED, "win")["answer"] == {"plays": []}
    discard = check(owner, WORKED, "discard")
    assert discard["answer"]["take"] == ["4H", "5H"]
    # The opponent shows K-K-K: KD would feed it, every other card is safe (R9).
    assert "KD" not in discard["answer"]["discards"]
    assert set(discard["answer"]["discards"]) == {"3S", "6S", "QS", "2D", "7D", "AC", "JC"}


def test_narrowing_find_play_warns_about_the_plays_left_out(owner: FlaskClient) -> None:
    report = check(owner, TWO_PLAYS, "find_play", accepted=[["4H", "5H"]])
    assert report["ok"] and report["answer"] == {"plays": [["4H", "5H"]]}
    assert any("not accepted" in w and "6♠ 6♦" in w for w in report["warnings"])
    everything = check(owner, TWO_PLAYS, "find_play")
    assert not any("not accepted" in w for w in everything["warnings"])
    wrong = check(owner, TWO_PLAYS, "find_play", accepted=[["AC", "2D"]])
    assert wrong["ok"] is False and "is not a legal play" in wrong["error"]["message"]


def test_find_play_needs_a_play_and_discard_a_legal_take(owner: FlaskClient) -> None:
    cannot = {**WORKED, "center": "QH"}
    report = check(owner, cannot, "find_play")
    assert report["ok"] is False and "cannot be taken" in report["error"]["message"]
    bad_take = check(owner, WORKED, "discard", take=["AC"])
    assert bad_take["ok"] is False and "not a legal play" in bad_take["error"]["message"]


def test_trivial_puzzles_are_flagged(owner: FlaskClient) -> None:
    no_melds = check(owner, WORKED, "can_force")
    assert any("trivial" in w for w in no_melds["warnings"])
    far = {**WORKED, "center": "QD", "hand": ["AH", "2H", "3C", "4C", "6S", "7S", "JH", "5D",
                                              "4S", "3D"]}  # fmt: skip
    assert any("trivial" in w for w in check(owner, far, "can_use")["warnings"])
    assert not any("trivial" in w for w in check(owner, FORCE, "can_force")["warnings"])


def test_suggestions_come_from_the_hint_engine_in_the_sets_language(owner: FlaskClient) -> None:
    english = check(owner, WORKED, "find_play")["suggestions"]
    assert len(english["hints"]) >= 2 and english["explanation"]
    assert 1 <= english["difficulty"] <= 5
    assert "take-with-hand" in english["themes"]
    portuguese = check(owner, WORKED, "find_play", language="pt")["suggestions"]
    assert portuguese["hints"] != english["hints"]


def test_check_endpoint_refuses_malformed_bodies(owner: FlaskClient) -> None:
    assert owner.post("/teach/api/check", data="nope").status_code == 400
    assert owner.post("/teach/api/check", json=[1, 2]).status_code == 400
    bad = owner.post("/teach/api/check", json={"position": WORKED, "task": "find_play",
                                               "accepted": "4H"})  # fmt: skip
    assert bad.status_code == 400 and bad.get_json()["ok"] is False
    assert check(owner, WORKED, "guess")["error"]["message"] == "Choose a task."


# ---------------------------------------------------------------- the form without JS


def puzzles_of(app: Flask, set_id: int) -> list[Puzzle]:
    with app.app_context():
        puzzle_set = db.session.get(PuzzleSet, set_id)
        assert puzzle_set is not None
        return [
            Puzzle(**{c: getattr(p, c) for c in ("id", "key", "title", "position_index", "answer",
                                                 "hints", "explanation", "themes", "task")})
            for p in puzzle_set.puzzles
        ]  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"position": "{not json"}, "The position is not JSON"),
        ({"position": json.dumps({**WORKED, "hand": WORKED["hand"][:9]})}, "must be 10"),
        ({"hints": "only one"}, "at least 2"),
        ({"explanation": ""}, "non-empty string"),
        ({"themes": "made-up-theme"}, "made-up-theme"),
        ({"themes": "forcing-yes"}, "does not show the theme"),
        ({"accepted": "AC 2D"}, "is not a legal play"),
        ({"accepted": "4H 9H"}, "not in the 40-card deck"),
        ({"difficulty": "9"}, "Not a valid choice"),
    ],
)
def test_form_errors_are_shown_and_nothing_is_saved(
    app: Flask, owner: FlaskClient, fields: dict[str, str], message: str
) -> None:
    set_id = make_set(owner)
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(WORKED, **fields))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert message in page
    assert 'aria-invalid="true"' in page
    assert puzzles_of(app, set_id) == []


def test_check_button_without_js_reports_and_suggests(owner: FlaskClient) -> None:
    set_id = make_set(owner)
    response = owner.post(
        f"/teach/sets/{set_id}/puzzles/new",
        data=puzzle_form(TWO_PLAYS, hints="", explanation="", action="check"),
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Valid position." in page and "6♠ 6♦" in page
    assert "Look closely at 4♥ 5♥ 6♠ 6♦." in page  # the suggested first hint, filled in


def test_saved_answer_is_the_solvers_and_narrowing_is_kept(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    add_puzzle(owner, set_id, TWO_PLAYS, accepted="6S 6D", hints="One\nTwo")
    add_puzzle(owner, set_id, FORCE, "can_force", explanation="It fits 5-6-7.", hints="a\nb")
    first, second = puzzles_of(app, set_id)
    assert first.answer == {"plays": [["6S", "6D"]]}
    assert second.answer == {"forceable": True}
    assert (first.key, second.key) == ("puzzle-1", "puzzle-2")
    # Editing keeps the key and the order.
    owner.post(f"/teach/sets/{set_id}/puzzles/{first.id}",
               data=puzzle_form(TWO_PLAYS, title="Renamed", hints="One\nTwo"))  # fmt: skip
    first_again = puzzles_of(app, set_id)[0]
    assert (first_again.title, first_again.key) == ("Renamed", "puzzle-1")
    assert first_again.answer == {"plays": [["6S", "6D"], ["4H", "5H"]]}


def test_reorder_duplicate_delete(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    a = add_puzzle(owner, set_id, WORKED, title="A")
    b = add_puzzle(owner, set_id, TWO_PLAYS, title="B")
    owner.post(f"/teach/sets/{set_id}/puzzles/{b}/move", data={"direction": "up"})
    assert [p.title for p in puzzles_of(app, set_id)] == ["B", "A"]
    owner.post(f"/teach/sets/{set_id}/puzzles/{b}/duplicate")
    titles = [(p.title, p.position_index) for p in puzzles_of(app, set_id)]
    assert titles == [("B", 0), ("B (copy)", 1), ("A", 2)]
    keys = [p.key for p in puzzles_of(app, set_id)]
    assert len(set(keys)) == 3
    owner.post(f"/teach/sets/{set_id}/puzzles/{a}/delete")
    assert [(p.title, p.position_index) for p in puzzles_of(app, set_id)] == [
        ("B", 0),
        ("B (copy)", 1),
    ]
    page = owner.get(f"/teach/sets/{set_id}").get_data(as_text=True)
    assert page.index(">B</a>") < page.index(">B (copy)</a>")


# ---------------------------------------------------------------- preview, publish, share


def count_attempts(app: Flask) -> int:
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(Attempt)).scalar_one())


def test_preview_is_the_learners_page_and_records_nothing(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    puzzle_id = add_puzzle(owner, set_id, WORKED, hints="First hint\nSecond hint")
    url = f"/teach/sets/{set_id}/puzzles/{puzzle_id}/preview"
    page = owner.get(url).get_data(as_text=True)
    assert "Preview." in page and 'id="puzzle-region"' in page  # the learners' page parts
    assert 'action="' + url + '/answer"' in page and "First hint" not in page
    hinted = owner.post(url + "/hint", follow_redirects=True).get_data(as_text=True)
    assert "First hint" in hinted and "Second hint" not in hinted
    as_json = owner.post(url + "/hint", headers={"Accept": "application/json"}).get_json()
    assert as_json["step"] == 2 and "Second hint" in as_json["html"]
    right = owner.post(url + "/answer", data={"answer": "take", "cards": ["4H", "5H"]})
    assert "Correct!" in right.get_data(as_text=True)
    wrong = owner.post(url + "/answer", data={"answer": "take", "cards": ["4H"]})
    assert "Not quite" in wrong.get_data(as_text=True)
    garbled = owner.post(url + "/answer", data={"answer": "take", "cards": ["ZZ"]})
    assert garbled.status_code == 400
    assert count_attempts(app) == 0


def test_publish_and_share_on_the_puzzle_pages(
    app: Flask, owner: FlaskClient, anonymous: FlaskClient
) -> None:
    set_id = make_set(owner)
    slug = set_slug(app, set_id)
    assert owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"}).status_code == 302
    with app.app_context():
        assert db.session.get(PuzzleSet, set_id).is_published is False  # type: ignore[union-attr]
    add_puzzle(owner, set_id, WORKED)
    learners_page = f"/puzzles/sets/{slug}/"
    assert anonymous.get(learners_page).status_code == 404  # private
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    assert f"http://localhost{learners_page}" in owner.get(f"/teach/sets/{set_id}").get_data(
        as_text=True
    )
    assert anonymous.get(learners_page).status_code == 200
    answer = anonymous.post(
        f"/puzzles/sets/{slug}/puzzle-1/answer", data={"answer": "take", "cards": ["5H", "4H"]}
    )
    assert answer.status_code == 302
    assert count_attempts(app) == 1
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "0"})
    assert anonymous.get(learners_page).status_code == 404


def test_explanation_markdown_is_rendered_and_sanitized(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    puzzle_id = add_puzzle(
        owner, set_id, WORKED, explanation="Take **6H**. <script>alert(1)</script>"
    )
    page = owner.get(f"/teach/sets/{set_id}/puzzles/{puzzle_id}").get_data(as_text=True)
    assert "<strong>6H</strong>" in page
    assert "<script>alert" not in page
    with app.test_request_context():
        from flask import render_template_string

        html = render_template_string("{{ text|markdown }}", text="*a* <img src=x onerror=y>")
    assert html == "<p><em>a</em> </p>"
