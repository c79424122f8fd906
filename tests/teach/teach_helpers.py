"""Positions and helpers shared by the authoring tests (they act through the site itself)."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tutor.extensions import db
from tutor.models import Classroom, PuzzleSet

# The worked example of RULES.md: 6H taken with 4H-5H.
WORKED = {
    "hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
    "melds": [],
    "opponent_melds": [["KS", "KH", "KC"]],
    "center": "6H",
    "center_from": "opponent",
}
# Two plays for 6H: with 4H-5H, or with 6S-6D (a set).
TWO_PLAYS = {
    "hand": ["4H", "5H", "6S", "6D", "AC", "2D", "3S", "KD", "JC", "7C"],
    "melds": [],
    "opponent_melds": [],
    "center": "6H",
}
# Forcing: 4C fits the exposed run 5C-6C-7C with no hand card.
FORCE = {
    "hand": ["AH", "2S", "QD", "KH", "JS", "3D", "4S"],
    "melds": [["5C", "6C", "7C"]],
    "opponent_melds": [["QS", "QH", "QC"]],
    "center": "4C",
    "center_from": "stock",
}


PASSWORD = "correct horse"


def signup(client: FlaskClient, email: str, name: str = "Teacher") -> None:
    """Sign up (which never logs in: it must not tell whether the address was new), then
    log in."""
    response = client.post(
        "/auth/signup",
        data={
            "display_name": name,
            "email": email,
            "password": PASSWORD,
            "confirm": PASSWORD,
        },
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    login(client, email)


def login(client: FlaskClient, email: str, password: str = PASSWORD,
          remember: bool = False) -> None:
    data = {"email": email, "password": password}
    if remember:
        data["remember"] = "y"
    response = client.post("/auth/login", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)


def puzzle_form(
    position: dict[str, Any], task: str = "find_play", /, **fields: str
) -> dict[str, str]:
    data = {
        "title": "A puzzle",
        "task": task,
        "position": json.dumps(position),
        "hints": "Look at the hearts.\nThe 4 and 5 are yours.",
        "explanation": "Take **6H** with 4H-5H.",
        "themes": "",
        "difficulty": "2",
        "action": "save",
    }
    data.update(fields)
    return data


def make_set(client: FlaskClient, title: str = "Hearts", **fields: str) -> int:
    response = client.post("/teach/sets/new", data={"title": title, "language": "en", **fields})
    assert response.status_code == 302, response.get_data(as_text=True)
    match = re.search(r"/teach/sets/(\d+)/", response.location)
    assert match
    return int(match.group(1))


def add_puzzle(
    client: FlaskClient,
    set_id: int,
    position: dict[str, Any] | None = None,
    task: str = "find_play",
    **fields: str,
) -> int:
    response = client.post(
        f"/teach/sets/{set_id}/puzzles/new", data=puzzle_form(position or WORKED, task, **fields)
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    match = re.search(r"/puzzles/(\d+)$", response.location)
    assert match
    return int(match.group(1))


def make_class(client: FlaskClient, name: str = "Class 5B") -> int:
    response = client.post("/teach/classes/new", data={"name": name})
    assert response.status_code == 302
    match = re.search(r"/teach/classes/(\d+)$", response.location)
    assert match
    return int(match.group(1))


def class_code(app: Flask, class_id: int) -> str:
    with app.app_context():
        classroom = db.session.get(Classroom, class_id)
        assert classroom is not None
        return classroom.code


def set_slug(app: Flask, set_id: int) -> str:
    with app.app_context():
        puzzle_set = db.session.get(PuzzleSet, set_id)
        assert puzzle_set is not None
        return puzzle_set.slug


def join(client: FlaskClient, code: str, nickname: str) -> Any:
    return client.post("/join", data={"code": code, "nickname": nickname})
