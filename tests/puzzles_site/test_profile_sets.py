"""The puzzle pages serve one set per rule profile: listed with its profile, and a puzzle of
each solved through the page, its rule ids linked to that profile's book."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from solver.puzzles.model import FLAG_KEYS
from solver.puzzles.profile_gen import PROFILE_SPECS
from solver.rules import get_profile
from tutor import create_app
from tutor.core.setup import prepare_database

LIBRARY = Path(__file__).resolve().parents[2] / "puzzles"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    path: os.PathLike[str] = tmp_path_factory.mktemp("profiles")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}/p.sqlite",
                      "PUZZLE_DIR": str(LIBRARY)})
    prepare_database(app)
    yield app


@pytest.mark.parametrize("rules", list(PROFILE_SPECS))
def test_profile_set_is_listed_and_its_first_puzzle_solves(app: Flask, rules: str) -> None:
    client = app.test_client()
    index = client.get("/puzzles/").get_data(as_text=True)
    assert f'href="/puzzles/sets/{rules}/"' in index
    page = client.get(f"/puzzles/sets/{rules}/").get_data(as_text=True)
    assert f'href="/rules/{rules}"' in page  # the set names its profile and links its book
    data = json.loads((LIBRARY / f"{rules}.json").read_text("utf-8"))
    first = data["puzzles"][0]
    url = f"/puzzles/sets/{rules}/{first['id']}"
    shown = client.get(url).get_data(as_text=True)
    suits = re.search(r'name="suits" value="([SHDC]{4})"', shown)
    assert suits is not None
    from solver.puzzles.relabel import SuitPermutation

    perm = SuitPermutation.from_str(suits[1])
    answer = first["answer"]
    if first["task"] in FLAG_KEYS:
        flag = answer[FLAG_KEYS[first["task"]]]
        form = {"answer": "yes" if flag else "no"}
    else:
        form = {"answer": "take", "cards": [perm.code(c) for c in answer["plays"][0]]}
    response = client.post(url + "/answer", data={**form, "suits": suits[1]})
    assert response.status_code == 302
    result = client.get(response.location).get_data(as_text=True)
    assert "Correct!" in result
    book = get_profile(rules).rule("deck")[0]
    assert re.search(rf'href="/rules/{rules}#{book}\d+"', result), "rule ids link the book"
