"""The one table template (play/_table.html) rendered from a view of the agreed shape
(tutor/play/view.py's game_view): seats and the dealer, melds with each laid-off card
marked with its owner (visibly and in its accessible name), frozen melds, a joker showing
what it stands for, the hand and the center as selectable buttons, one form per choice
posting ``action`` (a take with discards as meld-then-discard), coaching, and Conquin's
closing.  Built against a hand-made view so that it checks the template alone."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template, url_for

from solver.rules import PROFILES, RuleProfile
from tests.play.conftest import make_app
from tutor.analyzer.words import center_place

ANY = "\x00any"
"""An attribute value for ``Elements.find``: the attribute is there, whatever its value."""


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each element that has an id
    or a class (enough to find things without a DOM library)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def find(self, tag: str | None = None, **wanted: str) -> list[dict[str, str]]:
        found = []
        for name, attrs in self.tags:
            if tag is not None and name != tag:
                continue
            if all(_has(attrs, k.rstrip("_").replace("_", "-"), v) for k, v in wanted.items()):
                found.append(attrs)
        return found


def _has(attrs: dict[str, str], key: str, value: str) -> bool:
    if key == "class":
        return value in attrs.get("class", "").split()
    return key in attrs and (value == ANY or attrs[key] == value)


def _seat(seat: int, name: str, cards: int, score: int, dealer: bool = False) -> dict[str, Any]:
    return {"seat": seat, "name": name, "you": seat == 0, "hand_count": cards,
            "dealer": dealer, "score": score}


def _take(card: str, hand: list[str], discard: str) -> dict[str, Any]:
    return {"type": "take", "card": card, "hand_cards": hand,
            "melds": [sorted([*hand, card])], "discard": discard}


def fake_view(**changes: Any) -> dict[str, Any]:
    take = _take("6D", ["7D", "JD"], "3S")
    view: dict[str, Any] = {
        "rules": {"id": "conquin", "name": "Conquin", "book": "I"},
        "hand": ["7D", "JD", "3S", "*", "KH"],
        "melds": [], "opponent_melds": [],
        "center": "6D", "center_from": "discard",
        "stock_count": 21, "opponent_hand_count": 9, "seen": ["2C"],
        "legal_actions": ["take", "draw"], "score": [3, -1, -1, -1],
        "hand_number": 2,
        "seats": [_seat(0, "You", 5, 3), _seat(1, "Computer 1", 9, -1, dealer=True),
                  _seat(2, "Computer 2", 8, -1), _seat(3, "Computer 3", 7, -1)],
        "table": [
            {"owner": 1, "owner_name": "Computer 1", "frozen": False, "cards": [
                {"code": "4H", "owner": 1, "stands_for": None},
                {"code": "*", "owner": 1, "stands_for": "5H"},
                {"code": "6H", "owner": 1, "stands_for": None},
                {"code": "7H", "owner": 0, "stands_for": None}]},
            {"owner": 0, "owner_name": "You", "frozen": True, "cards": [
                {"code": "QS", "owner": 0, "stands_for": None},
                {"code": "QH", "owner": 0, "stands_for": None},
                {"code": "QC", "owner": 0, "stands_for": None},
                {"code": "QD", "owner": 2, "stands_for": None}]},
        ],
        "choices": [
            {"id": 0, "label": "Take 6♦ with 7♦ J♦", "kind": "take",
             "hand_cards": ["7D", "JD"], "uses_center": True, "action": take,
             "discards": [{"card": "3S", "action": take},
                          {"card": "KH", "action": {**take, "discard": "KH"}}]},
            {"id": 1, "label": "Draw from the stock", "kind": "draw", "hand_cards": [],
             "uses_center": False, "action": {"type": "draw"}},
            {"id": 2, "label": "Lay off K♥ on Computer 1's meld", "kind": "lay_off",
             "hand_cards": ["KH"], "uses_center": False,
             "action": {"type": "add", "cards": ["KH"], "owner": 1, "meld": 0}},
        ],
        "prompt": "Take the 6♦ or draw.",
        "log": [{"actor": "computer", "text": "Computer 1 discards the 6♦."}],
        "coaching": {"level": "full", "help": ["You can take the 6♦ with 7♦ J♦ (I6)."]},
        "result": None, "closing": None,
        "match": {"score": [3, -1, -1, -1], "target": None, "over": False, "winner": None,
                  "text": "Your chips: 3"},
    }
    view.update(changes)
    return view


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    app = make_app(tmp_path / "t.sqlite")
    for name in ("resign", "new_match"):  # until the routes land (engineer tableback)
        if f"play.{name}" not in app.view_functions:
            app.add_url_rule(f"/play/<game_id>/{name}", f"play.{name}", lambda game_id: "",
                             methods=["POST"])
    return app


def render(app: Flask, view: dict[str, Any], query: str = "") -> str:
    with app.test_request_context(f"/play/g1/table{query}"):
        return render_template("play/_table.html", view=view, game_id="g1")


def route(app: Flask, endpoint: str) -> str:
    with app.test_request_context():
        return url_for(endpoint, game_id="g1")


def parse(html: str) -> Elements:
    parsed = Elements()
    parsed.feed(html)
    return parsed


def test_every_laid_off_card_is_marked_with_its_owner(app: Flask) -> None:
    view = fake_view()
    page = parse(render(app, view))
    marked = page.find("span", class_="card--laid-off")
    expected = [(c["code"], c["owner"]) for m in view["table"] for c in m["cards"]
                if c["owner"] != m["owner"]]
    assert [(m["data-card"], int(m["data-laid-by"])) for m in marked] == expected
    labels = [m["aria-label"] for m in marked]
    assert labels == ["seven of hearts, laid off by You",
                      "queen of diamonds, laid off by Computer 2"]
    # a visible mark too, inside the card: the seat's short mark
    html = render(app, view)
    assert '<span class="card__owner" aria-hidden="true">#2</span>' in html
    assert '<span class="card__owner" aria-hidden="true">You</span>' in html
    # the meld owner's own cards carry no mark
    assert not page.find("span", data_card="4H", data_laid_by=ANY)


def test_no_mark_and_no_legend_without_a_lay_off(app: Flask) -> None:
    view = fake_view()
    for meld in view["table"]:
        for c in meld["cards"]:
            c["owner"] = meld["owner"]
    html = render(app, view)
    assert "card--laid-off" not in html and "play-legend" not in html


def test_frozen_meld_joker_and_dealer(app: Flask) -> None:
    html = render(app, fake_view())
    page = parse(html)
    groups = [g["aria-label"] for g in page.find("span", class_="meld")]
    assert groups == ["meld of Computer 1", "frozen meld of You"]
    assert html.count('class="meld-frozen"') == 1
    joker = page.find("span", data_card="*")
    assert joker and joker[0]["aria-label"] == "joker as five of hearts"
    assert "★5" in html
    assert len(page.find("span", class_="play-dealer")) == 1
    assert html.index('id="seat-1-h"') < html.index("play-dealer") < html.index('id="seat-2-h"')
    assert len(page.find("section", class_="play-zone--opponent")) == 3


def test_hand_and_center_are_toggle_buttons(app: Flask) -> None:
    page = parse(render(app, fake_view()))
    picks = page.find("button", class_="play-pick")
    assert {p["data-card"] for p in picks} == {"7D", "JD", "3S", "*", "KH", "6D"}
    assert all(p["aria-pressed"] == "false" and p["aria-label"] for p in picks)
    center = [p for p in picks if "data-center" in p]
    assert center and center[0]["aria-label"] == "six of diamonds, the face-up card"


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.id)
def test_the_center_card_is_named_as_its_game_names_it(app: Flask, profile: RuleProfile
                                                       ) -> None:
    """A screen reader hears the face-up card by the name its game's analyzer and rule
    book give it (the top of the discard pile in Kunken, the upcard in Colonel...)."""
    view = fake_view(rules={"id": profile.id, "name": profile.id, "book": "X"})
    picks = parse(render(app, view)).find("button", class_="play-pick")
    center = [p for p in picks if "data-center" in p]
    with app.test_request_context():
        place = center_place(profile)
    assert center[0]["aria-label"] == f"six of diamonds, {place}"


def test_a_card_drawn_face_up_is_selectable_with_the_hand(app: Flask) -> None:
    """Kunken: a card from the stock, face up, not yet in the hand, which the choices
    count among the hand's cards (discard it, meld it)."""
    page = parse(render(app, fake_view(pending="5S", pending_from="stock", phase="play")))
    drawn = page.find("button", data_card="5S")
    assert drawn and "data-hand-card" in drawn[0] and drawn[0]["aria-pressed"] == "false"
    assert len(page.find("button", data_hand_card=ANY)) == len(fake_view()["hand"]) + 1


def test_each_choice_posts_its_action(app: Flask) -> None:
    view = fake_view()
    page = parse(render(app, view))
    items = page.find("li", class_="play-choice")
    assert [json.loads(i["data-hand"]) for i in items] == [c["hand_cards"]
                                                           for c in view["choices"]]
    assert [i["data-center"] for i in items] == ["true", "false", "false"]
    posted = [json.loads(f["value"]) for f in page.find("input", name="action")]
    assert posted == [view["choices"][1]["action"], view["choices"][2]["action"]]
    # the take is two steps: a button for the meld, then one submit button per discard
    step = page.find("button", class_="play-step")
    assert step and step[0]["aria-controls"] == "discards-0"
    discards = page.find("button", name="action")
    assert [json.loads(d["value"]) for d in discards] == [
        d["action"] for d in view["choices"][0]["discards"]]
    assert [d["aria-label"] for d in discards] == ["Discard the three of spades",
                                                   "Discard the king of hearts"]
    forms = page.find("form", method="post")
    assert all(f["action"] == route(app, "play.act") for f in forms[:3])


@pytest.mark.parametrize("level", ["full", "on_demand", "none"])
def test_coaching_levels(app: Flask, level: str) -> None:
    """The builder answers the help only when the level gives it (on demand: once asked);
    the page shows what it gets, and on demand the button that asks."""
    help_ = None if level == "none" else ["You can take it (I6)."]
    view = fake_view(coaching={"level": level, "help": help_, "available": True})
    html = render(app, view)
    page = parse(html)
    toggle = page.find("button", id="help-toggle")
    body = page.find("ul", id="help")
    if level == "none":
        assert not toggle and not body and "What can I do" not in html
    elif level == "full":
        assert not toggle and body and "You can take it" in html
        assert 'href="/rules/conquin#I6"' in html  # the rule id links to its rule
    else:
        assert toggle and body
        before = parse(render(app, fake_view(coaching={"level": level, "help": None,
                                                       "available": True})))
        assert before.find("button", id="help-toggle") and not before.find("ul", id="help")
        ask = before.find("input", name="help")
        assert ask and ask[0]["value"] == "1"


def test_conquin_closing_and_hand_over(app: Flask) -> None:
    closing = {"melds": [["4H", "5H", "6H"], ["KS", "KH", "KD"]],
               "payment": ["Computer 1 pays 2 chips (I10).", "You receive 6 chips (I10)."]}
    view = fake_view(choices=[], result="You closed and won the deal.", closing=closing)
    html = render(app, view)
    page = parse(html)
    groups = page.find("span", class_="meld", aria_label="closing meld")
    assert len(groups) == 2
    assert "Computer 1 pays 2 chips" in html and 'href="/rules/conquin#I10"' in html
    assert "You closed and won the deal." in html
    assert "Review this hand" in html and "Deal the next hand" in html
    next_hand = [json.loads(f["value"]) for f in page.find("input", name="action")]
    assert next_hand == [{"type": "next_hand"}]


def test_result_words_beside_the_observation_result(app: Flask) -> None:
    view = fake_view(choices=[], result={"winner": 1}, result_text="Computer 1 won the hand.",
                     hand_over=True)
    html = render(app, view)
    assert "Computer 1 won the hand." in html and "{&#39;winner&#39;" not in html
    assert "Deal the next hand" in html


def test_match_over_offers_a_new_match(app: Flask) -> None:
    view = fake_view(choices=[], result="You won the hand.",
                     match={"score": [3, 1], "target": 3, "over": True, "winner": 0,
                            "text": "You won the match 3–1!"})
    html = render(app, view)
    assert "Deal the next hand" not in html and "Resign" not in html
    assert "Start a new match" in html and "You won the match 3–1!" in html
    forms = [f["action"] for f in parse(html).find("form", method="post")]
    assert forms == [route(app, "play.new_match")]


def test_resign_and_new_match_during_a_match(app: Flask) -> None:
    forms = [f["action"] for f in parse(render(app, fake_view())).find("form", method="post")]
    assert forms[-2:] == [route(app, "play.resign"), route(app, "play.new_match")]
