"""Each game's analyzer page speaks its rule book's words (tutor/analyzer/words.py): the
face-up card by the name the book gives it (the field, the picker, the opening lines, the
placeholder, the plays with no hand card, the form's errors, the live errors), the meld
fields only where the profile's melds go down during the hand, and "forced" only where it
forces."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.rules import PROFILES, RuleProfile
from solver.rules.profile import CenterName
from tutor.core.card_words import center_label, center_place

BOOKS = Path(__file__).resolve().parents[2] / "docs" / "rules"
NAMES: tuple[CenterName, ...] = get_args(CenterName)


def _words(app: Flask, profile: RuleProfile) -> tuple[str, str]:
    """The page's English label and in-sentence name for the profile's face-up card."""
    with app.test_request_context("/analyzer/"):
        return center_label(profile), center_place(profile)


def _other_names(app: Flask, profile: RuleProfile) -> set[str]:
    """Every other profile's names for the card (the names this page must not use)."""
    own = _words(app, profile)
    return {word.lower() for other in PROFILES.values() for word in _words(app, other)
            if other.center_name != profile.center_name} - {w.lower() for w in own}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _panels(html: str) -> str:
    """The position form, the lead and the analysis panel: where the page names the card
    (the example buttons and the JSON paste box name other games on purpose)."""
    lead = re.search(r'<p class="lead" id="analyzer-lead">(.*?)</p>', html, re.S)
    form = re.search(r'<form class="position-form".*?</form>', html, re.S)
    analysis = re.search(r'<section class="panel" id="analysis".*?</section>', html, re.S)
    assert lead and form and analysis
    return " ".join(_text(m.group(0)) for m in (lead, form, analysis))


def _page(client: FlaskClient, profile: RuleProfile, **query: str) -> tuple[int, str]:
    r = client.get("/analyzer/", query_string={"rules": profile.id, **query})
    return r.status_code, r.get_data(as_text=True)


def _hand_and_meld(profile: RuleProfile) -> dict[str, str]:
    """A position for the profile: a spade run 2-3-4 down, 5♠ to take with no hand card,
    and hand cards that meld with nothing (each rank once, the suits in turn, no five) to
    make up the profile's count: a small analysis."""
    ranks = [r for r in profile.deck.rank_symbols if r != "5"]
    assert len(ranks) >= profile.hand_size - 3
    hand = [f"{r}{'HDC'[i % 3]}" for i, r in enumerate(ranks)][: profile.hand_size - 3]
    return {"hand": "".join(hand), "melds": "2S3S4S", "center": "5S"}


def test_every_center_name_reads_differently(app: Flask) -> None:
    """The words module covers every name a profile may give the card."""
    with app.test_request_context("/"):
        fake = {name: type("P", (RuleProfile,), {"center_name": name})() for name in NAMES}
        labels = {center_label(p) for p in fake.values()}
        places = {center_place(p) for p in fake.values()}
    assert len(labels) == len(places) == len(NAMES)


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_the_page_names_the_face_up_card_as_the_rule_book_does(
    app: Flask, client: FlaskClient, profile: RuleProfile
) -> None:
    label, place = _words(app, profile)
    book = (BOOKS / f"{profile.book_name}.md").read_text(encoding="utf-8").lower()
    noun = " ".join(place.split()[-2:])  # "center card", "discard pile", "the upcard", …
    assert noun in book, f"{profile}: its rule book never says {noun!r}"

    status, html = _page(client, profile)
    assert status == 200
    field = re.search(r'<label for="pos-center" id="pos-center-label">(.*?)</label>', html)
    zone = re.search(r'data-zone="center"[^>]*><span data-zone-name>(.*?)</span>', html)
    assert field and zone and field.group(1) == zone.group(1) == label
    panels = _panels(html)
    lead = re.search(r'id="analyzer-lead">(.*?)</p>', html, re.S)
    placeholder = re.search(r"data-placeholder>(.*?)</p>", html, re.S)
    assert lead and placeholder
    assert place in _text(lead.group(1)) and place in _text(placeholder.group(1))
    for other in _other_names(app, profile):
        assert other not in panels.lower(), f"{profile} says {other!r}"

    # The scripts switch to the same words when the learner picks this profile.
    table = json.loads(re.search(r'id="analyzer-i18n">(.*?)</script>', html, re.S)
                       .group(1))["profiles"][profile.id]["words"]  # type: ignore[union-attr]
    assert table["center"] == label and place in table["lead"] and place in table["placeholder"]


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_meld_fields_and_forcing_only_where_the_profile_has_them(
    client: FlaskClient, profile: RuleProfile
) -> None:
    _, html = _page(client, profile)
    meld_blocks = re.findall(r'<div [^>]*data-show="melds"[^>]*>', html)
    meld_zones = re.findall(r'<button [^>]*data-zone="(?:opponent_)?melds"[^>]*>', html)
    assert meld_blocks and len(meld_zones) == 2
    for tag in meld_blocks + meld_zones:
        assert (" hidden" in tag) == profile.melds_in_hand, tag
    lead = _text(re.search(r'id="analyzer-lead">(.*?)</p>', html, re.S).group(1))  # type: ignore[union-attr]
    assert ("your melds" in lead) == profile.melds_shown, lead
    assert ("forced" in lead) == (profile.forcing and profile.analysis == "center"), lead


@pytest.mark.parametrize(
    "profile", [p for p in PROFILES.values() if p.analysis == "center"], ids=str)
def test_a_take_with_no_hand_card_is_titled_with_the_books_name(
    app: Flask, client: FlaskClient, profile: RuleProfile
) -> None:
    _, place = _words(app, profile)
    status, html = _page(client, profile, **_hand_and_meld(profile))
    assert status == 200, _text(html)[:500]
    title = re.search(r'<h3 id="group-size-0">(.*?)</h3>', html)
    assert title is not None, f"{profile}: no play with the card alone"
    assert title.group(1).lower().startswith(place + " alone"), title.group(1)
    for other in _other_names(app, profile):
        assert other not in _panels(html).lower()


@pytest.mark.parametrize("profile", PROFILES.values(), ids=str)
def test_the_forms_errors_name_the_card_as_the_page_does(
    app: Flask, client: FlaskClient, profile: RuleProfile
) -> None:
    _, place = _words(app, profile)
    named = place[:1].upper() + place[1:]

    status, html = _page(client, profile, hand="AH", center="")
    assert status == 400 and f"Choose {place}." in html
    status, html = _page(client, profile, hand="AH", center="ZZ")
    assert status == 400 and f"{named}: &#39;ZZ&#39; is not a card" in html
    if profile.melds_shown:  # where the card came from is asked only there
        position = _hand_and_meld(profile)
        status, html = _page(client, profile, **position, **{"from": "sky"})
        assert status == 400 and f"Where {place} came from must be" in html

    live: dict[str, Any] = {"rules": profile.id, "hand": ["AH"], "center": "ZZ"}
    r = client.post("/analyzer/analysis", json=live)
    assert r.status_code == 400 and r.get_json()["error"].startswith(f"{named}: 'ZZ'")
