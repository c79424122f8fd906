"""Every malformed body gets a 4xx with ``{"error": ...}``, never a 500: bodies nested too
deep, too large (with a length or chunked), chunked, of the wrong type, or not JSON, on every
endpoint that reads JSON.  The same over a real gunicorn server: tests/serving/."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.core.jsonprovider import MAX_DEPTH, nesting_exceeds

# What a server that decodes chunked bodies (gunicorn) hands over: no length, a stream that
# ends by itself.
CHUNKED = {"wsgi.input_terminated": True, "CONTENT_LENGTH": "",
           "HTTP_TRANSFER_ENCODING": "chunked"}
TEACHER = {"email": "bodies@example.org", "password": "wombat-lantern-42"}


def nested(depth: int, kind: str = "list") -> str:
    """A JSON document ``depth`` levels deep: [[[…]]] or {"a":{"a":…}}."""
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


@pytest.fixture
def teacher(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.post("/auth/signup", data={"display_name": "T", "email": TEACHER["email"],
                                      "password": TEACHER["password"],
                                      "confirm": TEACHER["password"]})
    client.post("/auth/login", data=TEACHER)
    assert client.get("/teach/").status_code == 200
    return client


def _game(client: FlaskClient) -> str:
    """A new game, which ``client`` may then play (its token goes with every request)."""
    created = client.post("/api/games", json={"level": "easy"})
    assert created.status_code == 200, created.get_data(as_text=True)
    client.environ_base["HTTP_X_GAME_TOKEN"] = created.get_json()["token"]
    return str(created.get_json()["id"])


# Each JSON endpoint: (path for a client that may use it, the client to use).
Endpoint = Callable[[FlaskClient, FlaskClient], tuple[str, FlaskClient]]
ENDPOINTS: dict[str, Endpoint] = {
    "analyze": lambda anon, teacher: ("/api/analyze", anon),
    "new game": lambda anon, teacher: ("/api/games", anon),
    "game action": lambda anon, teacher: (f"/api/games/{_game(anon)}/actions", anon),
    "teacher's check": lambda anon, teacher: ("/teach/api/check", teacher),
    "lesson answer": lambda anon, teacher: ("/learn/melds/1", anon),
}


def _is_refusal(response: Any, *codes: int) -> None:
    assert response.status_code in codes, (response.status_code, response.get_data()[:300])
    body = response.get_json()
    assert isinstance(body, dict) and body.get("error"), response.get_data()[:300]


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_025, 5_000, 100_000])
@pytest.mark.parametrize("kind", ["list", "object"])
def test_deep_json_is_a_400_everywhere(app: Flask, teacher: FlaskClient, name: str,
                                       depth: int, kind: str) -> None:
    path, client = ENDPOINTS[name](app.test_client(), teacher)
    response = client.post(path, data=nested(depth, kind), content_type="application/json")
    _is_refusal(response, 400)


@pytest.mark.parametrize("name", ["analyze", "new game", "game action"])
def test_the_depth_refusal_says_what_is_wrong(app: Flask, teacher: FlaskClient,
                                              name: str) -> None:
    path, client = ENDPOINTS[name](app.test_client(), teacher)
    response = client.post(path, data=nested(1_025), content_type="application/json")
    assert f"nested more than {MAX_DEPTH} levels" in response.get_json()["error"]


@pytest.mark.parametrize("depth", [2, 10, MAX_DEPTH])
def test_nesting_within_the_limit_is_read_as_json(app: Flask, depth: int) -> None:
    """A document at the limit is parsed and judged on its content (a wrong position)."""
    response = app.test_client().post("/api/analyze", data=nested(depth),
                                      content_type="application/json")
    _is_refusal(response, 400)
    assert "nested" not in response.get_json()["error"]


def test_nesting_check() -> None:
    assert not nesting_exceeds(json.loads(nested(MAX_DEPTH)))
    assert nesting_exceeds(json.loads(nested(MAX_DEPTH + 1)))
    assert not nesting_exceeds(json.loads(nested(MAX_DEPTH, "object")))
    assert nesting_exceeds({"a": [1, {"b": json.loads(nested(MAX_DEPTH - 2))}]})
    assert not nesting_exceeds({"a": [1, {"b": json.loads(nested(MAX_DEPTH - 3))}]})


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("chunked", [False, True], ids=["with length", "chunked"])
def test_an_oversized_body_is_a_413_however_sent(app: Flask, teacher: FlaskClient, name: str,
                                                 chunked: bool) -> None:
    path, client = ENDPOINTS[name](app.test_client(), teacher)
    body = b'{"hand": "' + b"x" * app.config["MAX_CONTENT_LENGTH"] + b'"}'
    if chunked:
        response = client.post(path, input_stream=io.BytesIO(body),
                               content_type="application/json",
                               environ_overrides=CHUNKED)
    else:
        response = client.post(path, data=body, content_type="application/json")
    _is_refusal(response, 413)


def test_a_chunked_body_within_the_limit_is_read(app: Flask) -> None:
    body = json.dumps({"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
                       "melds": [], "center": "6H"}).encode()
    response = app.test_client().post(
        "/api/analyze", input_stream=io.BytesIO(body), content_type="application/json",
        environ_overrides=CHUNKED)
    assert response.status_code == 200
    assert response.get_json()["usable"] is True


@pytest.mark.parametrize("name", ["analyze", "new game", "game action"])
@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (b"{", "application/json"),
        (b"\xff\xfe\x00", "application/json"),
        (b'{"hand": NaN}', "application/json"),
        (b"hand=4H", "application/x-www-form-urlencoded"),
        (b'{"level": "easy"}', "text/plain"),
        (b"", "text/plain"),
    ],
)
def test_malformed_bodies_are_400(app: Flask, teacher: FlaskClient, name: str, data: bytes,
                                  content_type: str) -> None:
    path, client = ENDPOINTS[name](app.test_client(), teacher)
    response = client.post(path, data=data, content_type=content_type)
    _is_refusal(response, 400)


deep_junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner,
                                                                   max_size=2),
    max_leaves=200,
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(body=deep_junk, wrap=st.integers(0, 80))
def test_junk_of_any_depth_is_200_or_400(app: Flask, body: Any, wrap: int) -> None:
    """Random documents, some wrapped in up to 80 more levels, on the analysis endpoint."""
    for _ in range(wrap):
        body = [body]
    response = app.test_client().post("/api/analyze", data=json.dumps(body),
                                      content_type="application/json")
    assert response.status_code in (200, 400)
    assert ("error" in response.get_json()) is (response.status_code == 400)
