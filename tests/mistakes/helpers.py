"""A hand of every profile with a deliberately bad decision the grader calls a mistake or a
blunder, at a card the learner faced: the learner (seat 0) plays like the greedy player
but once leaves a card the greedy player takes and would go out with that turn (draws
from the stock where it would take the upcard or the face-up card)."""

from __future__ import annotations

import random
import sys
from typing import Any, Final

from solver.game.record import state_to_dict
from solver.game.registry import game_rules, players_of
from solver.review.profiles import grade_profile_hand
from solver.rules import PROFILES, get_profile
from tutor.mistakes.questions import Question, question
from tutor.play.games import HUMAN, TableGame, new_game, replay_hand


def _takes(action: Any) -> bool:
    kind = getattr(action, "type", None)
    data = action.to_dict()
    return (kind == "take" and data.get("from", "face_up") != "stock") or (
        kind == "draw" and data.get("from") == "upcard")


def _leaves(action: Any) -> bool:
    data = action.to_dict()
    return data["type"] in ("pass", "decline") or (
        data["type"] in ("draw", "take") and data.get("from") == "stock") or (
        data["type"] == "draw" and "from" not in data)


def _wins_this_turn(state: Any, action: Any, greedy: Any, rng: random.Random) -> bool:
    """Taking lets seat 0 go out before its turn ends (greedy play after the take)."""
    game = game_rules(state.deal.rules) if hasattr(state.deal, "rules") else None
    after = state.clone()
    after.apply_action(action)
    while not after.is_terminal() and after.current_player() == 0 and game is not None:
        after.apply_action(greedy.choose(game.observe(after, 0), rng))
    return bool(after.is_terminal()) and after.returns()[0] > 0


def seats_of(rules: str) -> int:
    return max(2, PROFILES[rules].min_players)


HANDS: Final[dict[str, tuple[int, int]]] = {
    "conquian-40": (15, 2),
    "cooncan": (15, 2),
    "colonel": (14, 2),
    "conquin": (70, 6),
    "kunken": (21, 2),
    "kunken-40": (3, 2),
    "kunken-104": (34, 2),
}
"""Per profile, the seed and the number of seats of the first hand :func:`graded_mistake`
finds (``python -m tests.mistakes.helpers PROFILE [SEATS]`` searches again).  Conquin's
hand has six seats: with three, leaving the card that closes costs only about ten points
(the learner usually closes a turn later), and the deals never make that clear."""


def left_card_hand(rules: str, seed: int, seats: int | None = None
                   ) -> tuple[dict[str, Any], int] | None:
    """A finished hand where seat 0 once left a card the greedy player took, and that step."""
    game = game_rules(rules)
    seats = seats or seats_of(rules)
    state = game.new_match(seed, get_profile(rules), seats, {"dealer": 0}).next_hand()
    players = [players_of(rules)["greedy"]() for _ in range(seats)]
    rng = random.Random(seed)
    bad: int | None = None
    while not state.is_terminal():
        seat = state.current_player()
        action = players[seat].choose(game.observe(state, seat), rng)
        if seat == 0 and bad is None and _takes(action) and _wins_this_turn(
                state, action, players[0], random.Random(seed)):
            others = [a for a in state.legal_actions() if _leaves(a)]
            if others:
                bad = len(state.history)
                action = others[0]
        state.apply_action(action)
    return (state_to_dict(state), bad) if bad is not None else None


def graded_mistake(rules: str, seeds: range = range(60), seats: int | None = None,
                   playouts: int = 800) -> tuple[dict[str, Any], dict[str, Any], Question]:
    """A hand, its grading and the verified puzzle of its bad decision: the first of
    ``seeds`` with one."""
    for seed in seeds:
        found = left_card_hand(rules, seed, seats)
        if found is None:
            continue
        stored, step = found
        data = grade_profile_hand(stored, 0, f"{seed}:0", steps=[step], playouts=playouts)
        state = replay_hand(stored)[step][0]
        for graded in data["decisions"]:
            made = question(state, rules, graded, f"t-{seed}")
            if made is not None:
                return stored, data, made
    raise AssertionError(f"no graded mistake at a faced card in hands {seeds} of {rules}")


def known_mistake(rules: str) -> tuple[dict[str, Any], dict[str, Any], Question]:
    """The graded mistake of ``rules``'s hand in :data:`HANDS`."""
    assert rules in HANDS, f"no hand with a graded mistake is known for {rules}"
    seed, seats = HANDS[rules]
    return graded_mistake(rules, range(seed, seed + 1), seats)


def site_moves(rules: str, seed: int) -> tuple[TableGame, list[dict[str, Any]], int] | None:
    """A hand against the site's Hard computer (``new_game``) in which the learner once
    leaves a card it would go out with: the game, the learner's moves as sent to the site
    (the computer's are the site's own), and the index among them of the card left; None
    when no such card came."""
    game = new_game(rules, "hard", seed)
    greedy = players_of(rules)["greedy"]()
    look = game_rules(rules).observe
    rng = random.Random(seed)
    bad: int | None = None
    moves: list[dict[str, Any]] = []
    while not game.hand_over:
        state = game.state
        action = greedy.choose(look(state, HUMAN), rng)
        if bad is None and _takes(action) and _wins_this_turn(state, action, greedy,
                                                              random.Random(seed)):
            others = [a for a in state.legal_actions() if _leaves(a)]
            if others:
                action, bad = others[0], len(moves)
        moves.append(action.to_dict())
        game.act(moves[-1])
    return None if bad is None else (game, moves, bad)


def site_hand(rules: str, seed: int) -> TableGame | None:
    """:func:`site_moves`' game, once its hand is over."""
    found = site_moves(rules, seed)
    return None if found is None else found[0]

if __name__ == "__main__":
    # The first hand with a graded mistake: PYTHONPATH=. python -m tests.mistakes.helpers
    # PROFILE [SEATS] [SEEDS]
    profile = sys.argv[1]
    wanted = int(sys.argv[2]) if len(sys.argv) > 2 else seats_of(profile)
    for number in range(int(sys.argv[3]) if len(sys.argv) > 3 else 200):
        try:
            graded_mistake(profile, range(number, number + 1), wanted)
        except AssertionError:
            continue
        print(f'"{profile}": ({number}, {wanted}),')
        break
