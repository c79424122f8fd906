"""The claims the play page makes at a decision, with what they are checked against.

``center_help``: "What can I do with this card?" for the player facing the center card
(the explanation, told it when the card was forced on them, R9).  ``force_help``: the
player may force the card on the opponent who declined it (R9): what forcing does.
``prompt_claims``: the verdicts the prompt of full coaching states ("it fits no meld with
your cards", "it fits their exposed melds"); the prompt chooses its words from them.
"""

from __future__ import annotations

from solver.cards import card_glyph
from solver.claims.check import Context
from solver.claims.kinds import Claim
from solver.explain import explain, explain_forcing_opponent, explain_play
from solver.game.conquian.view import Observation
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


def prompt_claims(obs: Observation) -> tuple[list[Claim], Context] | None:
    """The verdicts behind the prompt, for the player to act facing a center card (or
    deciding whether to force it on the opponent)."""
    if not obs.to_act or obs.center is None:
        return None
    center = {"center": card_glyph(obs.center)}
    mine = Position(obs.hand, obs.melds, obs.opponent_melds, obs.center,
                    "stock" if obs.center_from == "stock" else "opponent", obs.stock_count)
    claims: list[Claim] = []
    if obs.phase == "force":
        claims.append(Claim("they_fit_now", center))
    elif obs.phase == "forced":
        claims.append(Claim("forced_now", center))
    elif obs.analysis is not None:
        claims.append(Claim("can_take" if obs.analysis.usable else "cannot_take", center))
        if "force" in obs.action_types:
            claims.append(Claim("they_fit_now", center))
    return claims, Context(mine, forced=obs.phase == "forced")
