"""The play log of every profile in Portuguese and Spanish: card names carry their own
article (tutor.learn wording), so the sentences around them must not add another one
("descarta o o cinco de ouros" was shown in every profile's log): checked on describe.tell."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask_babel import force_locale

from tutor.play.describe import tell

ACTIONS = [
    {"type": "take", "card": "5D"},
    {"type": "take", "card": "5D", "hand_cards": ["6D", "7D"], "discard": "KS"},
    {"type": "decline", "card": "5D"},
    {"type": "pass", "card": "5D"},
    {"type": "force", "card": "5D"},
    {"type": "meld", "cards": ["5D", "6D", "*7D"]},
    {"type": "add", "cards": ["5D"], "owner": 0, "meld": 0},
    {"type": "add", "cards": ["5D"], "owner": 1, "meld": 0},
    {"type": "swap", "card": "5D", "owner": 1, "meld": 0},
    {"type": "take_back", "meld": 0, "cards": ["5D", "6D", "7D"]},
    {"type": "discard", "card": "5D"},
    {"type": "lay_off", "cards": ["5D"]},
    {"type": "close", "melds": [[], []], "discard": "5D"},
]
DOUBLED = {
    "pt": re.compile(r"\b(o|a|os|as|do|da|no|na) (o|a|os|as) "),
    "es": re.compile(r"\b(el|la|los|las|del|al) (el|la|los|las) "),
}


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_no_card_gets_two_articles(app: Flask, lang: str) -> None:
    with app.test_request_context(), force_locale(lang):
        texts = [tell(action, 0, "") for action in ACTIONS]
    for text in texts:
        assert not DOUBLED[lang].search(text), text
    # The cards are there, translated (not the English wording).
    assert all("the " not in t and "cinco" in t for t in texts), texts
