"""Security headers on every response (pages, static files, the JSON API, errors), a CSP
that allows no inline script, and pages that need none.  tests/browser/conftest.py also
fails any browser test in which Chromium reports a CSP violation."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor.core.headers import CSP

PATHS = [
    "/", "/learn/", "/learn/melds/1", "/puzzles/", "/analyzer/", "/play/", "/progress/",
    "/auth/login", "/auth/signup", "/teach/", "/classes/join",
    "/static/css/site.css", "/static/js/site.js",
    "/healthz", "/api/games/" + "0" * 32, "/no/such/page",
]


def _check(response: object, path: str) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    assert headers.get("Content-Security-Policy") == CSP, path
    assert headers.get("X-Content-Type-Options") == "nosniff", path
    assert headers.get("X-Frame-Options") == "DENY", path
    assert headers.get("Referrer-Policy") == "same-origin", path


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_headers(client: FlaskClient, path: str) -> None:
    _check(client.get(path), path)


def test_posts_and_errors_carry_them_too(app: Flask, client: FlaskClient) -> None:
    _check(client.post("/api/analyze", data="{", content_type="application/json"), "400")
    _check(client.post("/api/analyze", data=b"x" * (app.config["MAX_CONTENT_LENGTH"] + 1),
                       content_type="application/json"), "413")
    _check(client.post("/api/games", json={"level": "easy"}), "/api/games")


def test_the_500_page_carries_them(tmp_path: object) -> None:
    from tutor import create_app

    app = create_app({"SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": "sqlite://"})

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    _check(response, "500")


def test_the_policy_allows_no_inline_script_and_no_framing() -> None:
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in CSP and "data:" not in directives["script-src"]


def test_hsts_only_over_https(client: FlaskClient) -> None:
    assert "Strict-Transport-Security" not in client.get("/").headers
    secure = client.get("/", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_hsts_behind_a_trusted_proxy(tmp_path: object) -> None:
    from tutor import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "k", "TRUSTED_PROXIES": 1,
                      "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    proxied = app.test_client().get("/healthz", headers={"X-Forwarded-Proto": "https",
                                                         "X-Forwarded-For": "203.0.113.9"})
    assert "Strict-Transport-Security" in proxied.headers
    # Without a trusted proxy the same header from a client means nothing.
    direct = create_app({"TESTING": True, "SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    plain = direct.test_client().get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in plain.headers


class InlineCode(HTMLParser):
    """Anything a CSP without 'unsafe-inline' would block: scripts without src (other than
    JSON data blocks), event-handler attributes, style attributes and elements,
    javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script" and not values.get("src") and values.get("type") != "application/json":
            self.found.append(f"<script> without src: {attrs}")
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag} {name}=")
            if name == "style":
                self.found.append(f"{tag} style=")
            if value and re.match(r"\s*javascript:", value, re.I):
                self.found.append(f"{tag} {name}=javascript:")


def _inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def test_the_checker_sees_inline_code() -> None:
    assert _inline_code('<script>alert(1)</script><a onclick="x">y</a><p style="x">') == [
        "<script> without src: []", "a onclick=", "p style="]
    assert _inline_code('<script type="application/json">{}</script>'
                        '<script src="/static/js/a.js"></script>') == []


def test_pages_hold_no_inline_script_or_style(app: Flask, client: FlaskClient) -> None:
    pages = [p for p in PATHS if not p.startswith(("/static", "/api", "/healthz"))]
    for path in pages:
        response = app.test_client().get(path)
        assert response.status_code in (200, 302, 404), path
        assert _inline_code(response.get_data(as_text=True)) == [], path
    client.post("/auth/signup", data={"display_name": "T", "email": "h@example.org",
                                      "password": "wombat lantern", "confirm": "wombat lantern"})
    client.post("/auth/login", data={"email": "h@example.org", "password": "wombat lantern"})
    game = client.post("/play/", data={"level": "easy"}).location.split("#")[0]
    for path in [game, "/teach/", "/teach/sets/new", "/teach/classes/new", "/progress/",
                 "/analyzer/?center=6H", "/learn/worked-example/1"]:
        response = client.get(path)
        assert response.status_code in (200, 400), path  # a refused form renders too
        assert _inline_code(response.get_data(as_text=True)) == [], path
