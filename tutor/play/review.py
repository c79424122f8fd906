"""The review of a finished hand: for each of the learner's decisions, what they did, what
the expert player would have done from the same observation, and the analysis of the
center card with its explanation.

Only the learner's own observations are used (the expert sees what the learner saw), so a
review shows no card the learner did not see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext

from solver.analysis import Analysis
from solver.cards import card_str, cards_of
from solver.explain import explain, explain_play
from solver.game.actions import Action
from solver.game.observation import Observation, observe
from solver.melds import meld_cards
from solver.players import make_player
from tutor.play.describe import advise, describe
from tutor.play.games import HUMAN, replay_hand


@dataclass(frozen=True)
class Decision:
    number: int
    observation: Observation
    you: Action
    expert: Action
    analysis: Analysis | None

    @property
    def agrees(self) -> bool:
        """Same kind of action; for a take, the same cards laid and the same discard
        (the arrangement of the melds may differ)."""
        a, b = self.you, self.expert
        if a.type != b.type:
            return False
        if a.type != "take":
            return True
        return a.hand_cards == b.hand_cards and a.discard == b.discard

    def texts(self) -> dict[str, Any]:
        """The sentences of this decision, rendered now (in the page's language)."""
        analysis = self.analysis
        explanation: list[str] = []
        plays: list[dict[str, Any]] = []
        if analysis is not None:
            explanation = [s.render(gettext) for s in explain(analysis)]
            for play in analysis.plays:
                plays.append({**play.to_dict(),
                              "text": [s.render(gettext) for s in explain_play(analysis, play)]})
        obs = self.observation
        position = obs.position()
        return {
            "hand": [card_str(c) for c in cards_of(obs.hand)],
            "melds": [[card_str(c) for c in meld_cards(m)] for m in obs.melds],
            "opponent_melds": [[card_str(c) for c in meld_cards(m)] for m in obs.opponent_melds],
            "center": None if obs.center is None else card_str(obs.center),
            "center_from": obs.center_from,
            "phase": obs.phase,
            "position": None if position is None else position.to_dict(),
            "you": describe(self.you, True),
            "expert": advise(self.expert),
            "explanation": explanation,
            "plays": plays,
        }


def is_choice(observation: Observation) -> bool:
    """A decision needs two legal actions at least: a turn (R6, R7), a pass or decline of a
    card that fits nothing, or a forced take with one way to take it, are no choice."""
    return len(observation.legal_actions()) > 1


def review_hand(stored: Mapping[str, Any], seed: int, number: int) -> list[Decision]:
    """Every real decision of the learner in a stored hand (``state_to_dict``)."""
    expert = make_player("expert")
    decisions: list[Decision] = []
    for state, player, action in replay_hand(stored):
        if player != HUMAN:
            continue
        obs = observe(state, HUMAN)
        if not is_choice(obs):
            continue
        rng = random.Random(f"conquian-review:{seed}:{number}:{len(state.history)}")
        suggestion = expert.choose(obs, rng)
        decisions.append(Decision(len(decisions) + 1, obs, action, suggestion, obs.analysis))
    return decisions
