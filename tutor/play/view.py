"""The learner's view of a match (contract "HTTP"): built from ``observe`` alone, plus the
match score, the computer's latest moves in words and the prompt (and, for the page's
table, the whole hand's log).  Every card in it is one the learner has seen face up or
holds: the computer's hand and the stock order never appear."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from solver.claims.play import center_help
from solver.game.actions import Action
from solver.game.match import MATCH_TARGET
from solver.game.observation import Observation, observe
from solver.game.registry import game_rules
from solver.game.state import GameState
from tutor.play.describe import Translate, describe, prompt, result_text, translator
from tutor.play.games import COMPUTER, HUMAN, MatchGame


def log_entries(state: GameState, start: int = 0,
                translate: Translate | None = None) -> list[dict[str, Any]]:
    """The moves of the hand ``state`` from ``start`` on as the learner reads them: who,
    what (record format) and a sentence in the page's language, each as the game's own
    observer shows it to the learner (``GameRules.observe_action``)."""
    translate = translate or translator()
    seen = game_rules(state.deal.rules).observe_action
    entries = []
    for player, action in state.history[start:]:
        data = seen(state, player, action, HUMAN)
        entries.append({"actor": "you" if player == HUMAN else "computer", "action": data,
                        "text": describe(Action.from_dict(data), player == HUMAN, translate)})
    return entries


def human_observation(game: MatchGame) -> Observation:
    return observe(game.state, HUMAN)


def match_result(game: MatchGame) -> str | None:
    if not game.match_over:
        return None
    you, them = game.score
    if game.match_winner == HUMAN:
        return gettext("You won the match %(you)s–%(them)s!", you=you, them=them)
    return gettext("The computer won the match %(them)s–%(you)s.", you=you, them=them)


def game_view(game: MatchGame, observation: Observation | None = None, *,
              with_log: bool = False) -> dict[str, Any]:
    """The view sent after every move.  ``with_log`` adds ``log``, every move of the hand so
    far, which the page's table shows; the JSON API serves it apart (``…/log``) so that a
    move's answer stays the same size all hand long."""
    obs = observation or human_observation(game)
    view = obs.to_dict()
    history = game.state.history
    # The computer's moves since the learner last acted (a whole hand's opening included).
    tail = len(history)
    while tail > 0 and history[tail - 1][0] == COMPUTER:
        tail -= 1
    last_player, last_action = history[-1] if history else (None, None)
    you, them = game.score
    position = obs.position()
    translate = translator()  # one catalog lookup for every sentence of the view
    help_: dict[str, Any] | None = None
    helped = center_help(obs)
    if helped is not None and obs.analysis is not None:
        claims, plays, _context = helped  # the claims the tests check at every decision
        help_ = {**obs.analysis.to_dict(),
                 "explanation": [c.render(translate) for c in claims],
                 "plays_explained": [[c.render(translate) for c in p] for p in plays]}
    view.update(
        {
            "score": {"you": you, "opponent": them},
            "level": game.level,
            "hand_number": game.hand_index + 1,
            "turn": "you" if obs.to_act else None,
            "prompt": prompt(obs, last_action, last_player == HUMAN, translate),
            "hand_over": game.hand_over,
            "hand_result": (result_text(game.state.winner, HUMAN, translate)
                            if game.hand_over else None),
            "match": {
                "target": MATCH_TARGET,
                "over": game.match_over,
                "winner": None if game.match_winner is None
                else ("you" if game.match_winner == HUMAN else "opponent"),
            },
            "match_result": match_result(game),
            "next_hand": game.can_deal_next,
            "position": None if position is None else position.to_dict(),
            "analysis": help_,
            "last_actions": log_entries(game.state, tail, translate),
        }
    )
    if with_log:
        view["log"] = log_entries(game.state, 0, translate)
    return view
