"""The kinds of mistake: each predicate holds for its kind of move pair and not for the
others, and every kind links, in every profile, to a page that exists (its lesson, or the
rule in the game's book) citing a rule of that game."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from solver.rules import PROFILES, get_profile
from tutor.mistakes.kinds import KINDS, LABELS, TOPICS, kind_of
from tutor.mistakes.progress import teaching

TAKE: dict[str, Any] = {"type": "take", "card": "6D", "hand_cards": ["6H", "6C"],
                        "discard": "KS"}
EXAMPLES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "missed_take": ({"type": "pass", "card": "6D"}, TAKE),
    "wrong_take": ({**TAKE, "hand_cards": ["4D", "5D"]}, TAKE),
    "wrong_discard": ({**TAKE, "discard": "QS"}, TAKE),
    "needless_take": (TAKE, {"type": "decline", "card": "6D"}),
    "missed_force": ({"type": "no_force", "card": None},
                     {"type": "force", "card": "JC", "hand_cards": None}),
    "lay_off_missed": ({"type": "discard", "card": "3S"},
                       {"type": "lay_off", "cards": ["3S"], "meld": 0}),
    "missed_meld": ({"type": "discard", "card": "2S"},
                    {"type": "meld", "cards": ["2S", "2H", "2C"]}),
    "add_to_meld": ({"type": "discard", "card": "4S"},
                    {"type": "add", "cards": ["*"], "owner": 0, "meld": 0}),
    "missed_close": ({"type": "discard", "card": "AS"}, {"type": "close", "discard": "QS"}),
    "wrong_draw": ({"type": "draw", "from": "stock"}, {"type": "draw", "from": "upcard"}),
    "other": ({"type": "swap", "card": "*"}, {"type": "take_back", "meld": 0}),
}


def test_every_kind_has_an_example_a_label_and_topics() -> None:
    assert set(EXAMPLES) == {name for name, _ in KINDS} == set(LABELS) == set(TOPICS)


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_the_first_predicate_that_holds_names_the_kind(kind: str) -> None:
    you, best = EXAMPLES[kind]
    assert kind_of(you, best) == kind


def test_taking_from_the_stock_instead_of_the_face_up_card_is_a_wrong_draw() -> None:
    # Conquin's take names where the card comes from, not the hand cards.
    assert kind_of({"type": "take", "from": "stock"},
                   {"type": "take", "from": "face_up"}) == "wrong_draw"
    assert kind_of({"type": "take", "from": "face_up"},
                   {"type": "take", "from": "stock"}) == "wrong_draw"


@pytest.mark.parametrize("kind", [k for k in EXAMPLES if k != "other"])
def test_a_predicate_holds_for_no_other_kinds_example(kind: str) -> None:
    holds = dict(KINDS)[kind]
    assert [k for k, (you, best) in EXAMPLES.items() if holds(you, best)] == [kind]


@pytest.mark.parametrize("rules", list(PROFILES))
def test_every_kind_links_to_a_page_that_teaches_its_rule(app: Flask, rules: str) -> None:
    client = app.test_client()
    profile = get_profile(rules)
    with app.test_request_context():
        taught = {kind: teaching(kind, rules) for kind in LABELS}
    for kind, found in taught.items():
        if found is None:  # a kind the game cannot have (no lay-offs in conquian-40)
            assert not set(TOPICS[kind]) & set(profile.rule_ids), kind
            continue
        assert found.rule in profile.rule_ids.values()
        assert client.get(found.url.split("#")[0]).status_code == 200
        if found.lesson is None:
            assert found.url.endswith(f"/rules/{rules}#{found.rule}")
