"""The editor's Check and Save run the claim checker a teacher's import runs (issue 27
item 11): a false hint or explanation is refused, naming the field and the sentence, and
nothing is saved; a true one, or one the checker cannot read (as an import), passes."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import WORKED, add_puzzle, make_set, puzzle_form, set_slug

from solver import sampling_hand
from solver.analysis import Analysis
from solver.explain import explain
from solver.position import Position
from solver.rules import PROFILES
from solver.sampling import sample_position
from solver.search import analyze_any
from tutor.extensions import db
from tutor.models import Puzzle
from tutor.teach.solving import editor_builds, tasks_of

FALSE_HINT = "You cannot take 6♥ now: it does not fit a meld with your cards (R8)."
TRUE_HINT = "You can take 6♥ now (R8)."


def hints_of(app: Flask, set_id: int) -> list[list[str]]:
    with app.app_context():
        rows = db.session.execute(
            db.select(Puzzle).filter_by(set_id=set_id).order_by(Puzzle.position_index)
        ).scalars()
        return [list(p.hints) for p in rows]


def live(client: FlaskClient, position: Any, hints: list[str], task: str = "can_use") -> Any:
    response = client.post("/teach/api/check", json={
        "position": position, "task": task, "hints": hints, "explanation": ""})
    assert response.status_code == 200
    return response.get_json()


def test_the_live_check_refuses_the_issues_false_hint(owner: FlaskClient) -> None:
    report = live(owner, WORKED, ["Look at the hearts.", FALSE_HINT])
    assert report["ok"] is False
    assert report["error"]["field"] == "hints"
    assert "hint 2" in report["error"]["message"] and FALSE_HINT in report["error"]["message"]
    assert report["answer"] == {"usable": True}  # the position itself is fine
    assert live(owner, WORKED, ["Look at the hearts.", TRUE_HINT])["ok"] is True


def test_the_check_button_refuses_the_false_hint(owner: FlaskClient) -> None:
    set_id = make_set(owner)
    page = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        WORKED, "can_use", hints=f"{FALSE_HINT}\nLook at the hearts.", action="check",
    )).get_data(as_text=True)
    assert "class=\"report-bad\"" in page
    assert "hint 1 says" in page and "which is false" in page
    assert "You cannot take 6♥ now" in page
    good = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        WORKED, "can_use", hints=f"{TRUE_HINT}\nLook at the hearts.", action="check",
    )).get_data(as_text=True)
    assert "class=\"report-bad\"" not in good and "class=\"report-ok\"" in good


def test_save_refuses_the_false_hint_and_leaves_the_set_unchanged(
    app: Flask, owner: FlaskClient
) -> None:
    set_id = make_set(owner)
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        WORKED, "can_use", hints=f"Look at the hearts.\n{FALSE_HINT}"))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "hint 2 says" in page and "You cannot take 6♥ now" in page
    assert hints_of(app, set_id) == []
    # An existing puzzle edited with the false hint keeps its saved hints.
    puzzle_id = add_puzzle(owner, set_id, WORKED, "can_use",
                           hints=f"{TRUE_HINT}\nLook at the hearts.")
    before = hints_of(app, set_id)
    assert before == [[TRUE_HINT, "Look at the hearts."]]
    response = owner.post(f"/teach/sets/{set_id}/puzzles/{puzzle_id}", data=puzzle_form(
        WORKED, "can_use", hints=f"{FALSE_HINT}\nLook at the hearts."))
    assert response.status_code == 400
    assert hints_of(app, set_id) == before


def test_a_false_explanation_is_refused_by_save(app: Flask, owner: FlaskClient) -> None:
    set_id = make_set(owner)
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        WORKED, "can_use", hints="Look at the hearts.\nAnd the fives.",
        explanation=FALSE_HINT))
    assert response.status_code == 400
    assert "the explanation says" in response.get_data(as_text=True)
    assert hints_of(app, set_id) == []


def test_sentences_the_checker_cannot_read_pass_as_in_an_import(
    app: Flask, owner: FlaskClient
) -> None:
    set_id = make_set(owner)
    add_puzzle(owner, set_id, WORKED, "can_use", hints="Look at the hearts.\nCount them.")
    assert hints_of(app, set_id) == [["Look at the hearts.", "Count them."]]


def test_an_import_and_the_editor_refuse_the_same_sentence(
    app: Flask, owner: FlaskClient
) -> None:
    data = {"id": "same", "title": "Same", "language": "en", "author": "T", "puzzles": [{
        "id": "p1", "title": "P", "position": WORKED, "task": "can_use",
        "answer": {"usable": True}, "themes": [], "difficulty": 1,
        "hints": ["Look at the hearts.", FALSE_HINT], "explanation": "Take it."}]}
    response = owner.post("/teach/import", data={
        "file": (io.BytesIO(json.dumps(data).encode()), "same.json")},
        content_type="multipart/form-data")
    assert response.status_code == 400
    assert "You cannot take 6♥ now" in response.get_data(as_text=True)


def _usable_and_not(profile: str) -> tuple[Position, Position]:
    """Two positions of ``profile`` with the same center card, one where it can be taken
    and one where it cannot."""
    rng = random.Random(f"editor-{profile}")
    seen: dict[tuple[int, bool], Position] = {}
    for _ in range(600):
        position = sample_position(profile, rng)
        analysis = analyze_any(position)
        assert isinstance(analysis, Analysis)
        seen.setdefault((position.center, analysis.usable), position)
        if (position.center, not analysis.usable) in seen:
            return seen[position.center, True], seen[position.center, False]
    raise AssertionError(f"no pair of positions under {profile}")


def _first_sentence(position: Position) -> str:
    return explain(analyze_any(position))[0].render()  # type: ignore[arg-type]


ROOT = Path(__file__).parents[2]
BUILT = sorted(p for p, rules in PROFILES.items() if editor_builds(rules))
# The games whose puzzles ask about the center card (the others: draw and closing tasks).
CENTER = [p for p in BUILT if "can_use" in tasks_of(PROFILES[p])]


def test_the_editor_builds_more_than_one_game() -> None:
    assert "conquian-40" in BUILT and len(BUILT) > 1


@pytest.mark.parametrize("profile", CENTER)
def test_every_profile_the_editor_builds_refuses_another_positions_verdict(
    app: Flask, owner: FlaskClient, profile: str
) -> None:
    usable, not_usable = _usable_and_not(profile)
    true_sentence, false_sentence = _first_sentence(usable), _first_sentence(not_usable)
    position = usable.to_dict()
    assert live(owner, position, ["Look.", true_sentence])["ok"] is True
    report = live(owner, position, ["Look.", false_sentence])
    assert report["ok"] is False and false_sentence in report["error"]["message"]
    set_id = make_set(owner, f"Set {profile}")
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        position, "can_use", hints=f"Look.\n{false_sentence}", explanation="Look again."))
    assert response.status_code == 400
    assert hints_of(app, set_id) == []
    add_puzzle(owner, set_id, position, "can_use", hints=f"Look.\n{true_sentence}",
               explanation="Look again.")
    assert hints_of(app, set_id) == [["Look.", true_sentence]]


@pytest.mark.parametrize("profile", BUILT)
def test_a_task_the_game_does_not_ask_is_refused_in_words(
    app: Flask, owner: FlaskClient, profile: str
) -> None:
    # Once a server error (a 40-card hint engine reading a 52-card position); now every
    # game is built, and a task of another kind of analysis is refused naming the field.
    rng = random.Random(profile)
    rules = PROFILES[profile]
    position = (sample_position(profile, rng) if rules.analysis == "center"
                else sampling_hand.random_position(profile, rng)).to_dict()
    wrong = "can_use" if "can_use" not in tasks_of(rules) else "close"
    report = live(owner, position, ["Look.", "Look again."], wrong)
    assert report["ok"] is False and report["error"]["field"] == "task"
    assert ", ".join(tasks_of(rules)) in report["error"]["message"]
    set_id = make_set(owner, f"Set {profile}", ruleset=profile)
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new",
                          data=puzzle_form(position, wrong, explanation="Look again."))
    assert response.status_code == 400
    assert ", ".join(tasks_of(rules)) in response.get_data(as_text=True)
    assert hints_of(app, set_id) == []


def test_suggested_sentences_pass_the_check_in_each_game_the_editor_builds(
    owner: FlaskClient
) -> None:
    # The editor's own suggestions come from each game's hint engine (citing its book).
    for profile in CENTER:
        rng = random.Random(f"suggest-{profile}")
        for _ in range(15):
            position = sample_position(profile, rng).to_dict()
            for task in ("can_use", "find_play"):
                report = live(owner, position, [], task)
                if not report.get("suggestions"):
                    continue
                again = owner.post("/teach/api/check", json={
                    "position": position, "task": task,
                    "hints": report["suggestions"]["hints"],
                    "explanation": report["suggestions"]["explanation"]}).get_json()
                assert again["ok"], (profile, task, position, again["error"])
                prefix = PROFILES[profile].rule("take")[0]
                cited = " ".join(report["suggestions"]["hints"])
                assert all(i.startswith(prefix) for i in re.findall(r"\(([A-Z]\d+)", cited))


@pytest.mark.parametrize("profile", [p for p in BUILT if p not in CENTER])
def test_suggested_sentences_pass_the_check_in_the_draw_and_closing_games(
    owner: FlaskClient, profile: str
) -> None:
    """Colonel's draw and Conquin's closing puzzles: the suggestions of the game's own
    hint engine (citing its book) pass the claim checker, for a yes and a no answer."""
    (task,) = tasks_of(PROFILES[profile])
    bundled = json.loads((ROOT / "puzzles" / f"{profile}.json").read_text())["puzzles"]
    answers: set[bool] = set()
    for puzzle in bundled:
        (flag,) = puzzle["answer"].values()
        if flag in answers:
            continue
        answers.add(flag)
        report = live(owner, puzzle["position"], [], task)
        assert report["answer"] == puzzle["answer"], report
        suggested = report["suggestions"]
        assert len(suggested["hints"]) >= 2 and suggested["explanation"]
        again = owner.post("/teach/api/check", json={
            "position": puzzle["position"], "task": task, "hints": suggested["hints"],
            "explanation": suggested["explanation"]}).get_json()
        assert again["ok"], (profile, puzzle["position"], again["error"])
    assert answers == {True, False}


def test_a_set_plays_the_game_of_its_puzzles_and_exports_what_imports(
    app: Flask, owner: FlaskClient
) -> None:
    """An editor set of Cooncan puzzles once exported "ruleset": "conquian-40", which its
    own import then refused."""
    set_id = make_set(owner)
    position = {"rules": "cooncan", "hand": ["5H", "6H"],
                "melds": [["AS", "AH", "AD"], ["7D", "JD", "QD", "KD"]],
                "opponent_melds": [["2C", "3C", "4C", "5C"]],
                "laid_off": [{"meld": 0, "cards": ["5C"]}],
                "center": "7H", "center_from": "opponent"}
    add_puzzle(owner, set_id, position, "can_use", hints="Look.\nLook again.",
               explanation="Look once more.")
    exported = owner.get(f"/teach/sets/{set_id}/export").get_json()
    assert exported["ruleset"] == "cooncan"
    response = owner.post("/teach/import", data={
        "file": (io.BytesIO(json.dumps(exported).encode()), "mine.json")},
        content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)
    # A position naming no game is read as the set's (Cooncan); one naming another is refused.
    mixed = owner.post(f"/teach/sets/{set_id}/puzzles/new",
                       data=puzzle_form({"rules": "conquian-40", **WORKED}, "can_use",
                                        explanation="Look."))
    assert mixed.status_code == 400
    assert "are all of one game" in mixed.get_data(as_text=True)
    assert len(hints_of(app, set_id)) == 1


def test_a_false_hint_in_the_sets_language_is_refused(app: Flask, owner: FlaskClient) -> None:
    from solver.cli.catalogs import translator
    from solver.messages import MESSAGES

    translate = translator("pt")
    assert translate is not None
    false = translate(MESSAGES["cannot_take"]).format(center="6♥")
    assert false != MESSAGES["cannot_take"].format(center="6♥")  # the catalog has it
    set_id = make_set(owner, "Copas", language="pt")
    response = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        WORKED, "can_use", hints=f"Olhe as copas.\n{false}"))
    assert response.status_code == 400 and false in response.get_data(as_text=True)
    assert hints_of(app, set_id) == []


def test_a_set_whose_saved_hints_are_false_is_not_shared(
    app: Flask, owner: FlaskClient, anonymous: FlaskClient
) -> None:
    """A hint saved before the editor checked hints stays away from learners."""
    set_id = make_set(owner)
    add_puzzle(owner, set_id, WORKED, "can_use", hints=f"{TRUE_HINT}\nLook at the hearts.")
    with app.app_context():  # as a row saved by the old editor
        row = db.session.execute(db.select(Puzzle).filter_by(set_id=set_id)).scalar_one()
        row.hints = [FALSE_HINT, "Look at the hearts."]
        db.session.commit()
    response = owner.post(f"/teach/sets/{set_id}/publish", data={"visibility": "public"},
                          follow_redirects=True)
    assert "The set is not shared" in response.get_data(as_text=True)
    assert "You cannot take 6♥ now" in response.get_data(as_text=True)
    slug = set_slug(app, set_id)
    assert anonymous.get(f"/puzzles/sets/{slug}/").status_code == 404
