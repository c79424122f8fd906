"""The claims the play page makes at a decision, with what they are checked against.

``center_help``: "What can I do with this card?" for the player facing the center card
(the explanation, told it when the card was forced on them, R9).  ``force_help``: the
player may force the card on the opponent who declined it (R9): what forcing does.
"""

from __future__ import annotations

from solver.claims.check import Context
from solver.claims.kinds import Claim
from solver.explain import explain, explain_forcing_opponent, explain_play
from solver.game.observation import Observation
from solver.position import Position


def center_help(obs: Observation) -> tuple[list[Claim], list[list[Claim]], Context] | None:
    """The explanation and each play's sentences, for the player to act facing the card."""
    position = obs.position()
    if position is None or obs.analysis is None:
        return None
    forced = obs.phase == "forced"
    claims = explain(obs.analysis, forced=forced)
    plays = [explain_play(obs.analysis, play) for play in obs.analysis.plays]
    return claims, plays, Context(position, forced=forced)


def force_help(obs: Observation) -> tuple[list[Claim], Context] | None:
    """What forcing the center card on the opponent would do, when the player may."""
    if obs.phase != "force" or obs.center is None or not obs.to_act:
        return None
    mine = Position(obs.hand, obs.melds, obs.opponent_melds, obs.center, "opponent",
                    obs.stock_count)
    claims = explain_forcing_opponent(mine, obs.opponent_hand_count)
    return claims, Context(mine, opponent_hand=obs.opponent_hand_count)
