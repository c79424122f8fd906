"""Explanations under every profile on ``conquian analyze``, ``/api/analyze`` and the analyzer
page: present for every profile, each sentence the rendering of a checked claim, citing only
the profile's own rule ids (linked on the page), in en/pt/es."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from solver.analysis import Analysis
from solver.claims import Context
from solver.claims.profiles import explain_any, explain_center_play
from solver.position import Position
from solver.rules import PROFILES
from solver.search import analyze_any
from tests.claims.helpers import assert_all_true
from tests.cli.test_analyze_cli import run
from tutor.analyzer.codec import position_query

DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"
EXAMPLES = {p.stem: json.loads(p.read_text()) for p in DOCS.glob("*.json")}
OTHERS = sorted(pid for pid in EXAMPLES if pid != "conquian-40")
CITED = re.compile(r"\(([A-Z]\d+)\)")


def _claims(pid: str) -> tuple[Position, list[str], list[list[str]]]:
    """The example's claims, checked, and their English renderings."""
    position = Position.from_dict(EXAMPLES[pid])
    analysis = analyze_any(position)
    claims = explain_any(analysis)
    assert_all_true(claims, Context(position), f"in the {pid} example")
    plays: list[list[str]] = []
    if isinstance(analysis, Analysis):
        for play in analysis.plays:
            about = explain_center_play(analysis, play)
            assert_all_true(about, Context(position), f"about a {pid} play")
            plays.append([c.render() for c in about])
    return position, [c.render() for c in claims], plays


@pytest.mark.parametrize("pid", OTHERS)
def test_cli_explains_every_profile_with_checked_sentences(pid: str) -> None:
    _, sentences, plays = _claims(pid)
    result = run("analyze", str(DOCS / f"{pid}.json"))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["explanation"] == sentences and sentences
    assert data.get("plays_explained", []) == plays
    own = set(PROFILES[pid].rule_ids.values())
    cited = {c for s in sentences for c in CITED.findall(s)}
    assert cited and cited <= own


@pytest.mark.parametrize("pid", OTHERS)
def test_api_explains_every_profile_in_every_language(client: FlaskClient, pid: str) -> None:
    _, english, _ = _claims(pid)
    own = set(PROFILES[pid].rule_ids.values())
    seen = {}
    for lang in ("en", "pt", "es"):
        r = client.post("/api/analyze", json=EXAMPLES[pid], headers={"Accept-Language": lang})
        assert r.status_code == 200
        sentences = r.get_json()["explanation"]
        assert len(sentences) == len(english)
        assert {c for s in sentences for c in CITED.findall(s)} <= own
        seen[lang] = sentences
    assert seen["en"] == english
    # Every sentence is translated (card glyphs and ids read the same, the words do not).
    for lang in ("pt", "es"):
        assert all(a != b for a, b in zip(seen[lang], english, strict=True)), seen[lang]


def test_kunken_never_speaks_of_forcing_you() -> None:
    for pid in ("kunken", "kunken-40", "kunken-104"):
        _, sentences, plays = _claims(pid)
        text = " ".join(sentences + [s for p in plays for s in p])
        assert "force it on you" not in text and "(R" not in text


@pytest.mark.parametrize("pid", OTHERS)
def test_page_shows_the_explanation_with_linked_rule_ids(client: FlaskClient, pid: str) -> None:
    position, sentences, _ = _claims(pid)
    r = client.get("/analyzer/?" + urlencode(position_query(position)))
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    first = CITED.findall(sentences[0])[0]
    assert f'/rules/{pid}#{first}"' in html, first
    # The sentence's words are on the page (the id inside it is now a link).
    words = sentences[0].split(" (")[0]
    assert words.replace("'", "&#39;") in html


def test_page_explains_in_portuguese(client: FlaskClient) -> None:
    position = Position.from_dict(EXAMPLES["conquin"])
    r = client.get("/analyzer/?" + urlencode(position_query(position)),
                   headers={"Accept-Language": "pt"})
    html = r.get_data(as_text=True)
    assert "deixa você fechar agora" in html and "/rules/conquin#I9" in html
