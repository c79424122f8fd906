"""Authored text is escaped (titles, hints, names) or sanitized (Markdown) wherever it shows:
a script in any authored field stays inert on every page."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from teach_helpers import (
    WORKED,
    add_puzzle,
    class_code,
    join,
    login,
    make_class,
    make_set,
    puzzle_form,
    set_slug,
)

from tutor.teach.markdown import render_markdown

PAYLOADS = [
    '<script>alert("xss")</script>',
    '"><img src=x onerror=alert(1)>',
    "<svg onload=alert(1)>",
    "javascript:alert(1)",
]


class ActiveContent(HTMLParser):
    """Collects what a browser would run: inline scripts, event handlers, foreign tags,
    javascript: links. Escaped text is just text and is not collected."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("img", "svg", "iframe", "object", "embed"):
            self.found.append(f"<{tag}>")
        if tag == "script":
            self._in_script = not any(name == "src" for name, _ in attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag} {name}=")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"{tag} {name}={value}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and "alert" in data:
            self.found.append("inline script")


def assert_inert(html: str, where: str) -> None:
    parser = ActiveContent()
    parser.feed(html)
    assert not parser.found, f"active content on {where}: {parser.found}"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_in_every_authored_field_stays_inert(
    app: Flask, anonymous: FlaskClient, payload: str
) -> None:
    teacher = app.test_client()
    teacher.post(
        "/auth/signup",
        data={"display_name": payload[:80], "email": "x@example.org",
              "password": "wombat lantern", "confirm": "wombat lantern"},
    )  # fmt: skip
    login(teacher, "x@example.org", "wombat lantern")
    set_id = make_set(teacher, title=payload, description=payload)
    puzzle_id = add_puzzle(
        teacher,
        set_id,
        WORKED,
        title=payload,
        hints=f"{payload}\nsecond {payload}",
        explanation=f"Why: {payload}\n\n[link]({payload})",
    )
    # A theme is checked against the known ones: the refusal names it, escaped.
    refused = teacher.post(
        f"/teach/sets/{set_id}/puzzles/{puzzle_id}", data=puzzle_form(WORKED, themes=payload)
    )
    assert refused.status_code == 400
    assert_inert(refused.get_data(as_text=True), "theme refusal")
    teacher.post(f"/teach/sets/{set_id}/publish", data={"publish": "1"})
    class_id = make_class(teacher, name=payload)
    teacher.post(f"/teach/classes/{class_id}/assign", data={"set_id": str(set_id)})
    code = class_code(app, class_id)
    assert join(anonymous, code, payload[:40].replace("<", "(").replace(">", ")")).status_code in (
        302,
        400,
    )
    slug = set_slug(app, set_id)
    learner_url = f"/puzzles/sets/{slug}/puzzle-1"
    anonymous.post(learner_url + "/hint")
    anonymous.post(learner_url + "/hint")
    with_hints = anonymous.get(learner_url)
    assert "second" in with_hints.get_data(as_text=True)  # both hints are on the page
    answered = anonymous.post(
        learner_url + "/answer", data={"answer": "take", "cards": ["4H", "5H"]}
    )
    assert answered.status_code == 302

    pages = {
        "dashboard": teacher.get("/teach/"),
        "set": teacher.get(f"/teach/sets/{set_id}"),
        "editor": teacher.get(f"/teach/sets/{set_id}/puzzles/{puzzle_id}"),
        "preview-hint": teacher.post(
            f"/teach/sets/{set_id}/puzzles/{puzzle_id}/preview/hint", follow_redirects=True
        ),
        "preview-answer": teacher.post(
            f"/teach/sets/{set_id}/puzzles/{puzzle_id}/preview/answer",
            data={"answer": "take", "cards": ["4H", "5H"]},
        ),
        "class": teacher.get(f"/teach/classes/{class_id}"),
        "learner-set": anonymous.get(f"/puzzles/sets/{slug}/"),
        "learner-puzzle-hints": with_hints,
        "learner-result": anonymous.get(answered.location),
        "learner-class": anonymous.get(f"/classes/{code}"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        assert_inert(response.get_data(as_text=True), name)
    # The text itself is still there, escaped, where it is plain text.
    if payload.startswith("<script"):
        assert "&lt;script&gt;alert" in pages["set"].get_data(as_text=True)
        assert "&lt;script&gt;alert" in pages["preview-hint"].get_data(as_text=True)  # the hint


def test_markdown_keeps_formatting_and_drops_active_content() -> None:
    html = str(
        render_markdown(
            "**bold** <b onclick=x>b</b> [ok](https://example.org) [bad](javascript:alert(1))\n\n"
            "<iframe src=//evil></iframe><style>*{}</style>\n\n- one\n- two"
        )
    )
    assert "<strong>bold</strong>" in html and "<li>one</li>" in html
    assert 'href="https://example.org"' in html
    for bad in ("onclick", "javascript:", "<iframe", "<style"):
        assert bad not in html


@pytest.mark.parametrize("payload", PAYLOADS[:3])
def test_the_detector_sees_a_live_payload(payload: str) -> None:
    with pytest.raises(AssertionError):
        assert_inert(f"<p>{payload}</p>", "raw")
    assert_inert(f"<p>{escape(payload)}</p>", "escaped")
