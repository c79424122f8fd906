"""A card that is the object of a verb is named in its object form: Russian puts it in the
accusative ("сбросил двойку червей", never "сбросил двойка червей"), Italian keeps its
article ("ha scartato il sette di cuori"), in every log line of every game and in the
conquian-40 prompts. The forms come from the catalog (``card_object``), so the test reads
what the lead's merged translations give."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask_babel import force_locale

from solver.cards import card_str
from solver.game.deal import deal_from_seed
from solver.game.registry import GAMES, game_rules
from solver.rules import get_profile
from tutor.core.cards import card_object, card_phrase
from tutor.play.describe import prompt, translator
from tutor.play.view import log_entries

# The object form of a feminine rank and of an animate masculine one (the brief's table):
# each differs from the plain form, and the plain form is not part of it.
RUSSIAN_OBJECTS = {"2H": ("двойка червей", "двойку червей"), "KS": ("король пик", "короля пик"),
                   "QD": ("дама бубен", "даму бубен"), "JC": ("валет треф", "валета треф")}


def _played(game_id: str, seed: int, steps: int = 60) -> Any:
    """A hand of ``game_id`` played by random legal actions for at most ``steps`` moves."""
    rules = get_profile(game_id)
    seats = rules.min_players
    state = game_rules(rules).new_hand(deal_from_seed(seed, 0, rules, seats), ())
    rng = random.Random(seed)
    for _ in range(steps):
        actions = state.legal_actions()
        if not actions or state.is_terminal():
            break
        state.apply_action(rng.choice(actions))
    return state


def _object_cards(entry: dict[str, Any]) -> list[str]:
    """The cards a log line names as a verb's object: its card and its discard (the cards
    "with" a take and of a meld taken back follow a preposition)."""
    action = entry["action"]
    named = [action.get("card"), action.get("discard")]
    if action.get("type") in ("meld", "lay_off", "add"):
        named += list(action.get("cards") or [])
    return [str(c).lstrip("*") for c in named if c and str(c).lstrip("*")]


def test_the_russian_catalog_gives_the_object_forms(app: Flask) -> None:
    with app.test_request_context(), force_locale("ru"):
        for code, (plain, as_object) in RUSSIAN_OBJECTS.items():
            assert card_phrase(code) == plain
            assert card_object(code) == as_object


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("lang", ["ru", "it"])
def test_every_log_line_names_a_verbs_card_in_its_object_form(app: Flask, game_id: str,
                                                                lang: str) -> None:
    checked = differing = 0
    for seed in (3, 11):
        state = _played(game_id, seed)
        with app.test_request_context():
            with force_locale("en"):  # the cards each line names (not "drew from the stock")
                named = [[c for c in _object_cards(e) if card_phrase(c) in e["text"]]
                         for e in log_entries(state, translate=translator())]
            with force_locale(lang):
                entries = log_entries(state, translate=translator())
                for entry, codes in zip(entries, named, strict=True):
                    for code in codes:
                        plain, as_object = card_phrase(code), card_object(code)
                        assert as_object in entry["text"], (entry["text"], as_object)
                        checked += 1
                        if plain != as_object:
                            differing += 1
                            assert plain not in entry["text"], (entry["text"], plain)
                        if lang == "it":  # "ha scartato il sette di cuori": with its article
                            assert as_object.startswith(("il ", "la ", "l'", "lo ")), as_object
    assert checked, "the hands named no card"
    if lang == "ru":
        assert differing, "no card whose object form differs was named"


@pytest.mark.parametrize("game_id", [g for g in sorted(GAMES) if get_profile(g).plain_center])
def test_the_center_prompt_names_the_center_card_as_an_object(app: Flask, game_id: str) -> None:
    """Every prompt of the plain center game in Russian, wherever a center card waits."""
    from solver.game.conquian.view import observe

    differing = 0
    for seed in range(6):
        state = _played(game_id, seed, steps=0)
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_terminal():
                break
            obs = observe(state, 0)
            if obs.to_act and obs.center is not None:
                center = card_str(obs.center)
                last = state.history[-1][1] if state.history else None
                by_you = bool(state.history) and state.history[-1][0] == 0
                with app.test_request_context(), force_locale("ru"):
                    text = prompt(obs, last, by_you, translator())
                    plain, as_object = card_phrase(center), card_object(center)
                if plain != as_object:
                    assert as_object in text and plain not in text, text
                    differing += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert differing, "no prompt named a card whose object form differs"
