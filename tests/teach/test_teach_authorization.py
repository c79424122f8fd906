"""Every authoring route x every kind of visitor: anonymous, learner, other teacher, owner.

Anonymous visitors and learners (who never have accounts) are sent to the login page;
another teacher gets 404 for the owner's sets and classes (never a form that fails later),
and nothing of the owner's changes; the owner gets the page or the change.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from teach_helpers import WORKED, add_puzzle, class_code, join, make_class, make_set, puzzle_form

from tutor.extensions import db
from tutor.models import Assignment, Classroom, Membership, Puzzle, PuzzleSet


@dataclass
class World:
    set_id: int
    puzzle_id: int
    class_id: int
    assignment_id: int
    member_id: int


@pytest.fixture
def world(app: Flask, owner: FlaskClient) -> World:
    set_id = make_set(owner)
    puzzle_id = add_puzzle(owner, set_id)
    class_id = make_class(owner)
    owner.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    owner.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    with app.app_context():
        assignment_id = db.session.execute(db.select(Assignment.id)).scalar_one()
    return World(set_id, puzzle_id, class_id, assignment_id, 0)


@pytest.fixture
def learner(app: Flask, world: World) -> FlaskClient:
    client = app.test_client()
    assert join(client, class_code(app, world.class_id), "Lu").status_code == 302
    with app.app_context():
        world.member_id = db.session.execute(db.select(Membership.id)).scalar_one()
    return client


# (method, path template, form data, owned): owned routes are 404 for another teacher.
ROUTES = [
    ("GET", "/teach/", {}, False),
    ("GET", "/teach/sets/new", {}, False),
    ("POST", "/teach/sets/new", {"title": "T", "language": "en"}, False),
    ("GET", "/teach/import", {}, False),
    ("POST", "/teach/import", {}, False),
    ("POST", "/teach/api/check", None, False),
    ("GET", "/teach/classes/new", {}, False),
    ("POST", "/teach/classes/new", {"name": "C"}, False),
    ("GET", "/teach/sets/{s}", {}, True),
    ("POST", "/teach/sets/{s}", {"title": "Renamed", "language": "en"}, True),
    ("POST", "/teach/sets/{s}/delete", {}, True),
    ("POST", "/teach/sets/{s}/publish", {"publish": "1"}, True),
    ("GET", "/teach/sets/{s}/export", {}, True),
    ("GET", "/teach/sets/{s}/puzzles/new", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/new", "puzzle", True),
    ("GET", "/teach/sets/{s}/puzzles/{p}", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/{p}", "puzzle", True),
    ("POST", "/teach/sets/{s}/puzzles/{p}/delete", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/{p}/duplicate", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/{p}/move", {"direction": "up"}, True),
    ("GET", "/teach/sets/{s}/puzzles/{p}/preview", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/{p}/preview/hint", {}, True),
    ("POST", "/teach/sets/{s}/puzzles/{p}/preview/answer", {"answer": "take", "cards": "4H"}, True),
    ("GET", "/teach/classes/{c}", {}, True),
    ("POST", "/teach/classes/{c}/assign", {"set_id": "{s}"}, True),
    ("POST", "/teach/classes/{c}/assignments/{a}/remove", {}, True),
    ("POST", "/teach/classes/{c}/members/{m}/remove", {}, True),
    ("POST", "/teach/classes/{c}/delete", {}, True),
]
ROLES = ["anonymous", "learner", "other", "owner"]


def _request(client: FlaskClient, route: tuple, world: World):  # type: ignore[no-untyped-def]
    method, template, data, _owned = route
    ids = {
        "s": world.set_id, "p": world.puzzle_id, "c": world.class_id,
        "a": world.assignment_id, "m": world.member_id,
    }  # fmt: skip
    path = template.format(**ids)
    if method == "GET":
        return client.get(path)
    if data is None:
        return client.post(path, json={"position": WORKED, "task": "can_use"})
    if data == "puzzle":
        return client.post(path, data=puzzle_form(WORKED))
    return client.post(path, data={k: v.format(**ids) for k, v in data.items()})


def _snapshot(app: Flask) -> tuple:
    with app.app_context():
        sets = db.session.execute(
            db.select(PuzzleSet.id, PuzzleSet.title, PuzzleSet.is_published).order_by(PuzzleSet.id)
        ).all()
        puzzles = db.session.execute(
            db.select(Puzzle.id, Puzzle.position_index, Puzzle.title).order_by(Puzzle.id)
        ).all()
        classes = db.session.execute(db.select(Classroom.id, Classroom.name)).all()
        assignments = db.session.execute(db.select(Assignment.id)).all()
        members = db.session.execute(db.select(Membership.id)).all()
        return (sets, puzzles, classes, assignments, members)


@pytest.mark.parametrize("route", ROUTES, ids=[f"{r[0]} {r[1]}" for r in ROUTES])
def test_authoring_route(
    app: Flask,
    world: World,
    learner: FlaskClient,
    other: FlaskClient,
    owner: FlaskClient,
    anonymous: FlaskClient,
    route: tuple,
) -> None:
    """The visitors in turn; only the owner's visit (the last) may change anything."""
    owned = route[3]
    for role, client in (("anonymous", anonymous), ("learner", learner), ("other", other)):
        before = _snapshot(app)
        response = _request(client, route, world)
        if role == "other" and not owned:
            assert response.status_code in (200, 302, 400), (role, response.status_code)
            continue
        if role == "other":
            assert response.status_code == 404, (role, response.status_code)
        else:
            assert response.status_code == 302, (role, response.status_code)
            assert response.location.startswith("/auth/login"), (role, response.location)
        assert _snapshot(app) == before, role
    response = _request(owner, route, world)
    # 400 only where the probe sends an empty form (the import without a file).
    assert response.status_code in (200, 302, 400), response.status_code
    if response.status_code == 302:
        assert not response.location.startswith("/auth/login")


def test_another_teachers_set_never_shows_in_lists(
    app: Flask, world: World, other: FlaskClient
) -> None:
    page = other.get("/teach/").get_data(as_text=True)
    assert "Hearts" not in page and "Class 5B" not in page
    # Nor can it be assigned to the other teacher's class.
    class_id = make_class(other, "Other class")
    response = other.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(world.set_id)})
    assert response.status_code == 400
    with app.app_context():
        assert (
            db.session.execute(db.select(Assignment).filter_by(classroom_id=class_id)).first()
            is None
        )
