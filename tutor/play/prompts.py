"""The prompt of the plain center game (conquian-40) below full coaching: the choices the
rules give in this phase, with no verdict on whether the center card fits (that is for the
learner to find, or for "What can I do with this card?")."""

from __future__ import annotations

from solver.game.conquian.actions import Action
from solver.game.conquian.view import Observation
from tutor.play.describe import Translate, common_prompt, name


def plain_prompt(obs: Observation, last: Action | None, last_by_you: bool,
                 _: Translate) -> str:
    """What the learner faces, with no verdict on the center card: the choices the rules
    give in this phase, whether or not the card fits (R6-R9)."""
    center = name(obs.center, as_object=True)
    common = common_prompt(obs, last, _)
    if common is not None:
        return common
    # "If it melds": true whether or not it does, and the learner finds out which.
    if obs.phase == "turned":
        return _("You turned the %(card)s. Take it if it melds with your cards, or pass it to "
                 "the computer (R7, R8).", card=center)
    if obs.phase == "force":
        return _("The computer declined the %(card)s. Force them to take it? (R9)",
                 card=center)
    if obs.phase == "forced":
        return _("The computer forced the %(card)s on you: you must take it (R9).", card=center)
    passed = last is not None and last.type == "pass" and not last_by_you
    if passed:
        lead = _("The computer passed the %(card)s.", card=center)
    else:
        lead = _("The computer discarded the %(card)s.", card=center)
    if "force" in obs.action_types:
        return lead + " " + _("Take it if it melds with your cards, decline it, or force it on "
                              "the computer (R7, R8, R9).")
    return lead + " " + _("Take it if it melds with your cards, or decline it (R7, R8).")
