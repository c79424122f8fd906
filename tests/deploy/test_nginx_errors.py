"""The errors nginx answers by itself (a body over its limit, no app server answering, a
missing static file) carry the app's security headers, and under /api/ the app's JSON
error shape ``{"error": ...}`` (tutor/core/errors.py) instead of nginx's HTML page."""

from __future__ import annotations

import json
from email.message import Message

import pytest

from tests.deploy.clients import Browser
from tests.deploy.conftest import Stack
from tutor.core.headers import HEADERS

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

TOO_LARGE = b"[" + b"0," * (1024 * 1024 + 10) + b"0]"  # over 2 MB, nginx's and the app's limit
HSTS = "max-age=31536000"  # the app's HSTS_SECONDS in production (tutor/config.py)


def assert_security_headers(headers: Message) -> None:
    for name, value in [*HEADERS, ("Strict-Transport-Security", HSTS)]:
        assert headers.get_all(name) == [value], (name, headers.get_all(name))


def assert_json_error(status: int, headers: Message, body: bytes, expected: int) -> str:
    assert status == expected, (status, body[:200])
    assert headers.get("Content-Type") == "application/json", body[:200]
    answer = json.loads(body)
    assert set(answer) == {"error"} and answer["error"], answer
    assert_security_headers(headers)
    return str(answer["error"])


def assert_error_page(status: int, headers: Message, body: bytes, expected: int) -> None:
    assert status == expected, (status, body[:200])
    assert headers.get("Content-Type", "").startswith("text/html")
    assert b"nginx" not in body and b'<html lang="en">' in body, body[:300]
    assert_security_headers(headers)


def test_a_body_too_large_is_refused_in_json_under_api(stack: Stack) -> None:
    client = Browser(stack)
    status, headers, body = client.send("POST", "/api/games", TOO_LARGE,
                                        {"Content-Type": "application/json"})
    message = assert_json_error(status, headers, body, 413)
    assert "2048 KB" in message
    # A page path gets a page, with the same headers.
    status, headers, body = client.send("POST", "/play/", TOO_LARGE,
                                        {"Content-Type": "application/x-www-form-urlencoded"})
    assert_error_page(status, headers, body, 413)


def test_a_missing_static_file_is_a_page_with_the_headers(stack: Stack) -> None:
    status, headers, body = Browser(stack).send("GET", "/static/no-such-file.css")
    assert_error_page(status, headers, body, 404)


def test_no_app_server_answering_is_a_502_with_the_headers(stack: Stack) -> None:
    for index in list(stack.apps):
        stack.kill_app(index)
    try:
        client = Browser(stack)
        status, headers, body = client.send("GET", "/api/games/" + "0" * 32)
        assert_json_error(status, headers, body, 502)
        status, headers, body = client.send("GET", "/")
        assert_error_page(status, headers, body, 502)
    finally:
        for index in range(stack.app_count):
            stack.start_app(index)
        stack.wait_in_rotation()  # the tests after this one need both
