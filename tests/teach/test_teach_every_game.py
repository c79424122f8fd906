"""Teachers for every game: for each registered profile a set is written with the editor's
own requests (the live check, then the form's save), exported and imported again,
assigned to a class, solved by a learner, and its result read by the teacher."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import class_code, join, make_class, make_set, puzzle_form, set_slug

from solver.rules import PROFILES
from tutor.extensions import db
from tutor.models import PuzzleSet
from tutor.teach.solving import buildable_profiles, tasks_of

ROOT = Path(__file__).parents[2]


def example(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "docs" / "examples" / f"{game}.json").read_text())
    data.pop("rules", None)
    return data


def editor_page(owner: FlaskClient, set_id: int) -> str:
    return owner.get(f"/teach/sets/{set_id}/puzzles/new").get_data(as_text=True)


def attribute(page: str, name: str, element_id: str) -> Any:
    """The JSON of a data attribute of the element with ``element_id``."""
    tag = re.search(rf'<[^>]*id="{element_id}"[^>]*>', page, re.S)
    assert tag, element_id
    value = re.search(rf'{name}="([^"]*)"', tag.group(0))
    assert value, (element_id, name)
    return json.loads(value.group(1).replace("&#34;", '"').replace("&amp;", "&"))


def learner_answer(puzzle: dict[str, Any]) -> dict[str, Any]:
    """The learner's form fields for the puzzle's right answer."""
    answer = puzzle["answer"]
    if "plays" in answer:
        return {"answer": "take", "cards": answer["plays"][0]} if answer["plays"] \
            else {"answer": "none"}
    if "take" in answer:
        return {"answer": "take", "cards": answer["take"], "discard": answer["discards"][0]}
    (flag,) = answer.values()
    return {"answer": "yes" if flag else "no"}


def test_the_editor_builds_every_registered_game() -> None:
    assert buildable_profiles() == list(PROFILES)


@pytest.mark.parametrize("game", list(PROFILES))
def test_a_teacher_writes_a_set_of_every_game_and_reads_a_learners_result(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    profile = PROFILES[game]
    set_id = make_set(owner, title=f"Homework {game}", ruleset=game)
    page = editor_page(owner, set_id)
    # The picker shows the game's pack; the tasks are the game's; its fields only.
    deck = attribute(page, "data-deck", "editor-picker")
    assert (deck["packs"], deck["jokers"], len(deck["ranks"])) == (
        profile.deck.packs, profile.deck.jokers, len(profile.deck.rank_symbols))
    offered = re.findall(r'name="task"[^>]*value="([^"]+)"', page)
    assert tuple(offered) == tasks_of(profile)
    assert ('id="pos-laid"' in page) == (profile.lay_off != "none")
    assert ('id="players-count"' in page) == (not profile.players_fixed)
    assert ('id="stock-count"' in page) == profile.melds_shown

    # The live check the page sends as cards are clicked.
    task = tasks_of(profile)[0]
    body = {"position": example(game), "task": task, "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert report["ok"], report
    assert report["position"].get("rules", "conquian-40") == game
    suggested = report["suggestions"]
    assert len(suggested["hints"]) >= 2 and suggested["explanation"]

    # The form's save, with the suggested sentences.
    saved = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        example(game), task, hints="\n".join(suggested["hints"]),
        explanation=suggested["explanation"]))
    assert saved.status_code == 302, saved.get_data(as_text=True)

    # Export, then import the file again: the same game, positions and answers.
    exported = owner.get(f"/teach/sets/{set_id}/export").get_json()
    assert exported["ruleset"] == game
    (puzzle,) = exported["puzzles"]
    assert puzzle["answer"] == report["answer"]
    copy = {**exported, "id": f"copy-{game}", "title": f"Copy {game}"}
    imported = owner.post("/teach/import", data={
        "file": (io.BytesIO(json.dumps(copy).encode()), "copy.json")},
        content_type="multipart/form-data")
    assert imported.status_code == 302, imported.get_data(as_text=True)
    copy_id = int(re.search(r"/teach/sets/(\d+)", imported.location).group(1))  # type: ignore[union-attr]
    again = owner.get(f"/teach/sets/{copy_id}/export").get_json()
    assert again["ruleset"] == game and again["puzzles"] == exported["puzzles"]

    # Assigned to a class, solved by a learner, seen by the teacher.
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    class_id = make_class(owner)
    assigned = owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    assert assigned.status_code == 302, assigned.get_data(as_text=True)
    learner = app.test_client()
    join(learner, class_code(app, class_id), "Ana")
    url = f"/puzzles/sets/{set_slug(app, set_id)}/{puzzle['id']}/answer"
    answered = learner.post(url, data=learner_answer(puzzle))
    assert answered.status_code in (200, 302), answered.get_data(as_text=True)
    results = owner.get(f"/teach/classes/{class_id}").get_data(as_text=True)
    table = results[results.index("<table"): results.index("</table>")]
    row = table[table.index(">Ana<"): table.index("</tr>", table.index(">Ana<"))]
    assert "cell-solved" in row and "1 attempt, 0 hints" in row
    with app.app_context():
        row_set = db.session.get(PuzzleSet, set_id)
        assert row_set is not None and row_set.ruleset == game


def test_two_copies_and_a_joker_are_accepted_plays(owner: FlaskClient) -> None:
    """Two packs: the hand's two 8♣ and its joker are told apart, as the contract writes
    them (the same code twice, a joker as "*")."""
    game = next(p.id for p in PROFILES.values() if p.deck.packs == 2 and p.melds_shown)
    set_id = make_set(owner, ruleset=game)
    position = {"hand": ["9S", "2H", "4D", "8C", "8C", "*"],
                "melds": [["QS", "QH", "QD", "QC"]], "opponent_melds": [], "center": "6C",
                "center_from": "stock"}
    body = {"position": position, "task": "find_play", "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert report["ok"], report
    plays = report["answer"]["plays"]
    assert plays and all(p.count("8C") <= 2 for p in plays)
    chosen = plays[0]
    report = owner.post(f"/teach/api/check?set={set_id}",
                        json={**body, "accepted": [chosen]}).get_json()
    assert report["ok"] and report["answer"]["plays"] == [chosen], report
    # A third 8♣ is not in the hand: refused in words naming the play.
    bad = owner.post(f"/teach/api/check?set={set_id}",
                     json={**body, "accepted": [["8C", "8C", "8C"]]}).get_json()
    assert not bad["ok"] and bad["error"]["field"] == "accepted"
    assert "line 1" in bad["error"]["message"] and "8C" in bad["error"]["message"]


@pytest.mark.parametrize("game", [g for g, p in PROFILES.items() if not p.melds_shown])
def test_a_game_without_shown_melds_refuses_melds_and_center_tasks(
    owner: FlaskClient, game: str
) -> None:
    set_id = make_set(owner, ruleset=game)
    position = {**example(game), "melds": [["4S", "5S", "6S"]]}
    report = owner.post(f"/teach/api/check?set={set_id}",
                        json={"position": position, "task": tasks_of(PROFILES[game])[0]}
                        ).get_json()
    assert not report["ok"] and report["error"]["field"] == "position"
    wrong = owner.post(f"/teach/api/check?set={set_id}",
                       json={"position": example(game), "task": "can_use"}).get_json()
    assert not wrong["ok"] and wrong["error"]["field"] == "task"
    assert ", ".join(tasks_of(PROFILES[game])) in wrong["error"]["message"]


@pytest.mark.parametrize("game", [g for g, p in PROFILES.items()
                                  if p.lay_off != "none" and p.deck.jokers])
def test_lay_offs_and_a_joker_in_a_meld_are_checked_and_saved(
    app: Flask, owner: FlaskClient, game: str
) -> None:
    """Melds with owners: the opponent's card laid off on your meld, and a joker in your
    meld standing for a card, as the editor's lay-off fields and joker form write them."""
    set_id = make_set(owner, ruleset=game)
    position = {"hand": ["AH", "2H"], "melds": [["3S", "3H", "3D", "3C"],
                                                ["4S", "5S", "*6S", "7S", "8S", "9S"]],
                "opponent_melds": [], "center": "AC", "center_from": "stock",
                "opponent_laid_off": [{"meld": 0, "cards": ["3H"]}]}
    body = {"position": position, "task": "find_play", "language": "en"}
    report = owner.post(f"/teach/api/check?set={set_id}", json=body).get_json()
    assert report["ok"], report
    assert report["position"]["opponent_laid_off"] == [{"meld": 0, "cards": ["3H"]}]
    assert "*6S" in report["position"]["melds"][1]
    saved = owner.post(f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(
        position, "find_play", hints="\n".join(report["suggestions"]["hints"]),
        explanation=report["suggestions"]["explanation"]))
    assert saved.status_code == 302, saved.get_data(as_text=True)
    (puzzle,) = owner.get(f"/teach/sets/{set_id}/export").get_json()["puzzles"]
    assert puzzle["position"]["opponent_laid_off"] == [{"meld": 0, "cards": ["3H"]}]
    # A lay-off naming a meld that is not there is refused in words, at the position.
    bad = {**position, "opponent_laid_off": [{"meld": 5, "cards": ["3H"]}]}
    refused = owner.post(f"/teach/api/check?set={set_id}",
                         json={**body, "position": bad}).get_json()
    assert not refused["ok"] and refused["error"]["field"] == "position"
