"""Kunken names the right winner (issue 27 item 7): a player reaching exactly 11 down with
a final lay-off while the other has 10 down and an empty hand.  The engine's result, the
banner of the view and of the page, the log, the stored record, the match score and the
review must all name the same player.

The hands are dealt so that the scripted moves reach that position, in every Kunken
profile of the registry; the learner's moves go through the JSON API and the computer
(``medium``: the greedy player) answers as on the site.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.cards import mask_of
from solver.game.deal import Deal
from solver.game.kunken import KunkenState, kunken_game
from solver.game.record import result_of, state_from_dict
from solver.game.registry import GAMES, game_rules
from solver.rules import RuleProfile, get_profile
from tutor.play import store

HUMAN, COMPUTER = 0, 1
OPENING = "6C"  # turned by the learner at the opening (K6) and discarded: no use to anyone


def _kunken_profiles() -> list[RuleProfile]:
    """Every profile the Kunken engine plays, from the game registry."""
    engine = kunken_game().new_hand
    return [get_profile(p) for p in GAMES if game_rules(p).new_hand is engine]


# (learner's hand, computer's hand, the stock after the opening card, the learner's moves
# after the opening, the seat that ends with 11 down and the card it lays off)
SCRIPTS: dict[int, tuple[str, str, str, list[dict[str, Any]]]] = {
    # The computer draws 4S, lays down AS-4S, KKK, QQQ and discards 7D: 10 down and an
    # empty hand.  The learner draws 7H, melds 4H-7H, JJJ, 222 and lays 5S off on AS-4S.
    HUMAN: ("4H 5H 6H JC JD JS 2C 2D 2H 5S", "AS 2S 3S KH KD KC QH QD QC 7D", "4S 7H",
            [{"type": "draw"}, {"type": "meld", "cards": ["4H", "5H", "6H", "7H"]},
             {"type": "meld", "cards": ["JC", "JD", "JS"]},
             {"type": "meld", "cards": ["2C", "2D", "2H"]},
             {"type": "add", "cards": ["5S"], "owner": 1, "meld": 0}]),
    # The computer draws 6S and throws it; the learner draws 3H, melds 3H-6H, JJJ, 222 and
    # discards 5D: 10 down and an empty hand.  The computer draws 4S, lays down AS-4S,
    # KKK, QQQ and lays 7H off on the learner's 3H-6H.
    COMPUTER: ("4H 5H 6H JC JD JS 2C 2D 2H 5D", "AS 2S 3S KH KD KC QH QD QC 7H", "6S 3H 4S",
               [{"type": "draw"}, {"type": "meld", "cards": ["3H", "4H", "5H", "6H"]},
                {"type": "meld", "cards": ["JC", "JD", "JS"]},
                {"type": "meld", "cards": ["2C", "2D", "2H"]},
                {"type": "discard", "card": "5D"}]),
}


def _deal(rules: RuleProfile, mine: str, theirs: str, stock_top: str) -> Deal:
    parse = rules.deck.parse
    hands = ([parse(t) for t in mine.split()], [parse(t) for t in theirs.split()])
    top = [parse(t) for t in [OPENING, *stock_top.split()]]
    used = mask_of([*hands[0], *hands[1], *top])
    rest = [c for c in rules.deck.cards if not used >> c & 1]
    return Deal(COMPUTER, (mask_of(hands[0]), mask_of(hands[1])), tuple(top + rest), rules)


def _act(client: FlaskClient, game_id: str, action: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/games/{game_id}/actions", json=action)
    assert response.status_code == 200, (action, response.get_json())
    return dict(response.get_json())


def _start(app: Flask, client: FlaskClient, rules: RuleProfile, winner: int) -> str:
    """A game whose first hand is the scripted deal (the learner opens: the computer deals)."""
    response = client.post("/api/games", json={"rules": rules.id, "seed": 3,
                                                "level": "medium"})
    assert response.status_code == 200, response.get_json()
    game_id = str(response.get_json()["id"])
    mine, theirs, stock, _ = SCRIPTS[winner]
    with app.app_context():
        loaded = store.load(game_id)
        assert loaded is not None
        loaded.game.state = KunkenState(_deal(rules, mine, theirs, stock), (0, 0))
        store.save(loaded, loaded.game)
    return game_id


@pytest.mark.parametrize("winner", [HUMAN, COMPUTER], ids=["learner", "computer"])
@pytest.mark.parametrize("rules", _kunken_profiles(), ids=lambda p: p.id)
def test_eleven_down_with_a_final_lay_off_names_one_winner_everywhere(
        app: Flask, client: FlaskClient, rules: RuleProfile, winner: int) -> None:
    game_id = _start(app, client, rules, winner)
    _act(client, game_id, {"type": "turn"})
    _act(client, game_id, {"type": "discard", "card": OPENING})
    view: dict[str, Any] = {}
    for action in SCRIPTS[winner][3]:
        view = _act(client, game_id, action)
    assert view["hand_over"]

    # The engine: the winner has exactly 11 down, the last step a lay-off on the other's
    # meld, and the other had 10 down with an empty hand.
    with app.app_context():
        loaded = store.load(game_id)
        assert loaded is not None
        state = loaded.game.state
        stored = loaded.game.to_dict()
    loser = 1 - winner
    seat, last = state.history[-1]
    assert (seat, last.type, last.owner) == (winner, "add", loser)
    assert state.winner == winner and state.down_count(winner) == 11
    assert state.down_count(loser) == 10 and state.hands[loser] == 0
    result = result_of(state)
    assert result is not None and result["winner"] == winner

    # The record as stored replays to the same result.
    assert stored["result"] == result
    record = {k: v for k, v in stored.items() if k != "match"}
    assert result_of(state_from_dict(record)) == result

    # The view: its result, its banner and the match score.
    you_won = winner == HUMAN
    banner = "You won the hand!" if you_won else "The computer won the hand."
    other = "The computer won the hand." if you_won else "You won the hand!"
    assert view["result"]["winner"] == ("you" if you_won else "opponent")
    assert view["hand_result"] == banner
    points = result["points"]
    assert view["match_score"] == {"you": points[HUMAN] * view["stake"],
                                   "opponents": [points[COMPUTER] * view["stake"]]}

    # The log: the last move is the winner's lay-off.
    log = client.get(f"/api/games/{game_id}/log").get_json()["log"]
    assert log[-1]["seat"] == winner and log[-1]["action"]["type"] == "add"

    # The page's banner and the review's outcome.
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert banner in page and other not in page
    review = client.get(f"/play/{game_id}/hands/1/review")
    assert review.status_code == 200
    text = review.get_data(as_text=True)
    assert banner in text and other not in text
