"""No input gives a 500: random JSON thrown at the contract's endpoints gets 200 or 400."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CARDS = [r + s for r in "A234567JQK" for s in "SHDC"] + ["8H", "10S", "JK", "", "4♥", "qs"]
card = st.sampled_from(CARDS) | st.text(max_size=4) | st.integers() | st.none()
card_list = st.lists(card, max_size=12) | st.text(max_size=5) | st.integers()
position = st.fixed_dictionaries(
    {},
    optional={
        "hand": card_list,
        "melds": st.lists(card_list, max_size=4) | st.text(max_size=3),
        "opponent_melds": st.lists(card_list, max_size=4) | st.none(),
        "center": card,
        "center_from": st.sampled_from(["opponent", "stock", "table", 3]),
        "stock": st.integers(-5, 50) | st.floats(allow_nan=True) | st.text(max_size=3),
    },
)
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(body=position | junk)
def test_analyze_answers_200_or_400(app: Flask, body: Any) -> None:
    response = app.test_client().post("/api/analyze", json=body)
    assert response.status_code in (200, 400)
    data = response.get_json()
    assert ("error" in data) is (response.status_code == 400)


@SETTINGS
@given(raw=st.binary(max_size=64))
def test_analyze_survives_raw_bytes(app: Flask, raw: bytes) -> None:
    response = app.test_client().post("/api/analyze", data=raw, content_type="application/json")
    assert response.status_code in (200, 400)


@SETTINGS
@given(
    action=junk
    | st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                ["turn", "take", "pass", "decline", "force", "no_force", "next_hand", "fly"]
            )
        },
        optional={
            "card": card,
            "hand_cards": card_list,
            "melds": st.lists(card_list, max_size=3),
            "discard": card,
        },
    )
)
def test_game_actions_answer_200_or_400_and_never_corrupt(app: Flask, action: Any) -> None:
    client = app.test_client()
    created = client.post("/api/games", json={"level": "easy", "seed": 3})
    game = created.get_json()["id"]
    client.environ_base["HTTP_X_GAME_TOKEN"] = created.get_json()["token"]
    before = client.get(f"/api/games/{game}").get_json()
    response = client.post(f"/api/games/{game}/actions", json=action)
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert client.get(f"/api/games/{game}").get_json() == before
    json.dumps(response.get_json())
