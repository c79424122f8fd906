"""No card the learner could not see reaches them, in any profile (issue 27 item 1).

Whole hands of every profile of the game registry are played through the JSON API; after
every move the view, the hand's log, the play page and its table partial are read, and
every card they name must be one the learner has seen by then.  What the learner has seen
is worked out apart from the site's output: the hand is replayed from the server's own
record and the engine's observer of seat 0 is asked at every step (the union of those
observations: their hand, the table, the face-up cards, each as it was); once the hand is
over the hands are turned face up, so the final hands count as seen too (the stock never
does).  Before a hand ends its review does not exist; once it has ended its review shows
no other card either.
"""

from __future__ import annotations

import html as html_lib
import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.cards import card_str, parse_kind
from solver.game.record import state_from_dict
from solver.game.registry import GAMES, game_rules, players_of
from solver.review.profiles import without_drawn_card
from solver.rules import get_profile
from tests.play.helpers import random_action
from tutor.core.cards import card_phrase
from tutor.extensions import db
from tutor.models import Game
from tutor.play import review as graded_review

CODE_RE = re.compile(r'"(\*?(?:10|[A2-9JQK])[SHDC])"')
ATTR_RE = re.compile(r'data-card="(\*?(?:10|[A2-9JQK])[SHDC])"')
ARIA_RE = re.compile(r'aria-label="([^"]*)"')
GLYPH_RE = re.compile(r"(?<![\w*★])((?:10|[A2-9JQK])[♠♥♦♣])")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
KINDS = tuple(rank + suit for suit in "SHDC" for rank in RANKS)
MAX_MOVES = 400


def _names(app: Flask) -> dict[str, str]:
    """Every card's spoken name (as the log sentences and the pages say it), in English."""
    with app.test_request_context():
        return {card_phrase(code): code for code in KINDS}


def _codes(value: Any) -> set[str]:
    """The card codes anywhere in a JSON value ("*5H": a joker standing for the 5♥; a table
    card's ``stands_for`` names the card its joker stands for, seen as "*5H")."""
    text = re.sub(r'"stands_for": "([^"]+)"', r'"stands_for": "*\1"', json.dumps(value))
    return set(CODE_RE.findall(text))


def _named(text: str, names: dict[str, str]) -> set[str]:
    """The cards a text names: codes, drawn cards, glyphs ("10♥") and spoken names."""
    # A drawn card's rank and suit are read from its data-card ("*9C": a joker as the 9♣).
    text = re.sub(r'<span class="card__(?:rank|suit)"[^>]*>[^<]*</span>', "", text)
    text = html_lib.unescape(text)
    text = re.sub(r'"stands_for": "([^"]+)"', r'"stands_for": "*\1"', text)  # see _codes
    found = set(CODE_RE.findall(text)) | set(ATTR_RE.findall(text))
    found |= {card_str(parse_kind(g)) for g in GLYPH_RE.findall(text)}
    pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # "joker as the nine of hearts" names a joker, not the nine of hearts (as "*9H" does).
    text = re.sub(rf"joker as (?:the )?(?:{pattern})\b", "joker", text)
    found |= {names[m] for m in re.findall(rf"\b(?:{pattern})\b", text)}
    return found


def _stored(app: Flask, game_id: str) -> dict[str, Any]:
    with app.app_context():
        row = db.session.get(Game, game_id)
        assert row is not None
        return dict(row.state)


class Seen:
    """Every card seat 0 has seen in the current hand, from the engine alone: the union of
    its observations before and after every step of the record (and the hands turned face
    up once the hand is over).  A joker on the table counts in its own form ("*5H")."""

    def __init__(self, stored: dict[str, Any]) -> None:
        self.game = game_rules(stored.get("ruleset", "conquian-40"))
        self.state = state_from_dict({**stored, "actions": [], "result": None})
        self.steps = 0
        self.cards = _codes(self.game.observe(self.state, 0).to_dict())

    def update(self, stored: dict[str, Any]) -> set[str]:
        final = state_from_dict(stored)
        for _seat, action in final.history[self.steps:]:
            self.state.apply_action(without_drawn_card(action))
            self.cards |= _codes(self.game.observe(self.state, 0).to_dict())
        self.steps = len(final.history)
        seen = set(self.cards)
        if final.is_terminal():
            for seat in self.shown(final):
                seen |= _codes(self.game.observe(final, seat).to_dict()["hand"])
        return seen

    def shown(self, final: Any) -> list[int]:
        """The seats whose hands are turned face up at the end (not one thrown in)."""
        shows = self.game.shows_hand
        return [seat for seat in range(len(final.deal.hands))
                if seat == 0 or shows is None or shows(final, seat)]


def _choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move; a Conquin learner plays the deal and closes when it can (random
    players at a Conquin table can go on for a thousand turns)."""
    if "choices" not in view:  # conquian-40's view
        return random_action(view, rng)
    if view["next_hand"]:
        return {"type": "next_hand"}

    def action(choice: dict[str, Any]) -> dict[str, Any]:
        # A take (or close) with a discard is one choice listing its discards.
        return dict(choice["action"] or rng.choice(choice["discards"])["action"])

    for kind in ("close", "play"):
        preferred = [c for c in view["choices"]
                     if (c["action"] or c["discards"][0]["action"])["type"] == kind]
        if preferred:
            return action(rng.choice(preferred))
    return action(rng.choice(view["choices"]))


def _assert_seen(named: set[str], seen: set[str], where: str) -> None:
    shown = sorted(named - seen)
    assert not shown, f"{where}: names {shown}, which the learner has not seen"


def _check(app: Flask, client: FlaskClient, game_id: str, view: dict[str, Any],
           tracker: Seen, names: dict[str, str], where: str, pages: bool) -> set[str]:
    """The view after a move; with ``pages``, the log and the play page too (every few
    moves: they hold the whole hand so far, and the view holds the latest moves)."""
    seen = tracker.update(_stored(app, game_id))
    assert set(view["hand"]) - {"*"} <= seen  # the observer sees what the view shows of the hand
    _assert_seen(_codes(view), seen, f"{where} view")
    _assert_seen(_named(json.dumps(view, ensure_ascii=False), names) - _help_names(view, names),
                 seen, f"{where} view text")
    if not pages:
        return seen
    log = client.get(f"/api/games/{game_id}/log")
    assert log.status_code == 200
    _assert_seen(_named(log.get_data(as_text=True), names), seen, f"{where} log")
    page = client.get(f"/play/{game_id}")  # the table partial is the same template
    assert page.status_code == 200
    _assert_seen(_page_names(page.get_data(as_text=True), names), seen, f"{where} page")
    if not view["hand_over"]:
        # No review of a hand still being played.
        review = client.get(f"/play/{game_id}/hands/{view['hand_number']}/review")
        assert review.status_code == 404, where
    return seen


def _help_names(view: dict[str, Any], names: dict[str, str]) -> set[str]:
    """Cards the analysis sentences name: a card the learner would *need* ("needs the 5♥")
    says nothing about where that card is.  Codes in the help are still checked."""
    helped = {k: view.get(k) for k in ("help", "analysis")}
    return _named(json.dumps(helped, ensure_ascii=False), names) - _codes(helped)


def _page_names(html: str, names: dict[str, str]) -> set[str]:
    """The cards a page draws or names, but for the words of its "What can I do with this
    card?" panel (see :func:`_help_names`; the cards it draws are still checked)."""
    words = re.sub(r'<(details|section) class="play-help".*?</\1>', "", html, flags=re.S)
    return _named(words, names) | set(ATTR_RE.findall(html)) | set(
        CODE_RE.findall(html_lib.unescape(html)))


def _ungraded(stored: dict[str, Any], seed: int, number: int) -> dict[str, Any]:
    """A review with no graded decision: this test reads what else the review page shows
    (the log, the hands), and grading every hand would take minutes."""
    return {"version": graded_review.PROFILE_VERSION, "profile": stored["ruleset"],
            "result": None, "decisions": []}


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_every_card_shown_is_one_the_learner_has_seen(app: Flask, client: FlaskClient,
                                                      rules: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graded_review, "grade_stored_profile_hand", _ungraded)
    names = _names(app)
    table = get_profile(rules).max_players > 2  # Conquin: the learner and three computers
    extra = {"opponents": 3} if table else {}
    # Easy players at a table seldom close; hard ones pass (throw their hands in) more.
    games = [("medium", 1), ("hard", 1)] if table else [("easy", 1), ("easy", 2)]
    checked = thrown = 0
    for level, seed in games:
        response = client.post("/api/games",
                               json={"rules": rules, "seed": seed, "level": level, **extra})
        assert response.status_code == 200, response.get_json()
        game_id, view = response.get_json()["id"], response.get_json()["view"]
        rng = random.Random(f"{rules}:{seed}")
        tracker = Seen(_stored(app, game_id))
        moves = 0
        while True:
            where = f"{rules} seed {seed} move {moves}"
            seen = _check(app, client, game_id, view, tracker, names, where,
                          moves % 3 == 0 or view["hand_over"])
            checked += 1
            if view["hand_over"]:
                break
            answer = client.post(f"/api/games/{game_id}/actions", json=_choose(view, rng))
            assert answer.status_code == 200, answer.get_json()
            view = answer.get_json()
            moves += 1
            assert moves < MAX_MOVES, f"{where}: the hand does not end"
        final = state_from_dict(_stored(app, game_id))
        if "revealed" in view:  # a hand thrown in stays face down
            shown = tracker.shown(final)
            assert [r["seat"] for r in view["revealed"] if r["hand"] is not None] == shown
            thrown += len(view["revealed"]) - len(shown)
        # The finished hand's review: the hands are face up now, the stock still is not.
        review = client.get(f"/play/{game_id}/hands/{view['hand_number']}/review")
        assert review.status_code == 200
        _assert_seen(_page_names(review.get_data(as_text=True), names), seen,
                     f"{rules} seed {seed} review")
    assert checked > 10
    if game_rules(rules).shows_hand is not None:
        assert thrown, "nobody threw a hand in: that check never ran"


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_the_action_observer_shows_no_card_its_viewer_has_not_seen(rules: str) -> None:
    """``GameRules.observe_action`` itself, for every seat and every step of random hands,
    at every moment of the hand (a step's card may show later, as Kunken's stock card does
    once used): it names only cards the viewer's own observations have shown by then; and
    the actor sees their own step whole."""
    game = game_rules(rules)
    seats = 4 if get_profile(rules).max_players > 2 else 2
    hidden = 0
    for seed in range(3):
        state = game.new_match(seed, get_profile(rules), seats, {}).next_hand()
        players = [players_of(rules)["greedy"]() for _ in range(seats)]
        rng = random.Random(seed)
        seen = [_codes(game.observe(state, v).to_dict()) for v in range(seats)]
        while not state.is_terminal() and len(state.history) < 150:
            seat = state.current_player()
            state.apply_action(players[seat].choose(game.observe(state, seat), rng))
            for viewer in range(seats):
                seen[viewer] |= _codes(game.observe(state, viewer).to_dict())
                for actor, action in state.history:
                    shown = game.observe_action(state, actor, action, viewer)
                    if actor == viewer:
                        assert shown == action.to_dict()
                    named = _codes(shown) - {"*"}
                    assert named <= seen[viewer], (rules, seed, viewer, action, named)
                    hidden += shown != action.to_dict()
    # The games whose players draw face down do hide those draws from the others.
    assert hidden > 0 or rules not in ("colonel", "conquin")
