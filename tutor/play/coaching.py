"""How much the play page coaches, remembered per learner (``Learner.coaching``).

- ``full``: the prompt says whether the center card fits ("It fits no meld with your
  cards: decline it") and every legal take is listed ready-made;
- ``hints``: the prompt states no verdict and no take is listed: the learner ticks the cards
  to lay down; "What can I do with this card?" stays, to open on demand;
- ``none``: as ``hints``, without "What can I do with this card?".

Under ``hints`` and ``none`` the cards can be ticked whenever the learner faces a center
card, takeable or not (offering the form only when a take exists would itself be the
verdict); the server checks the chosen cards with the solver (``forms.parse_take``).
"""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.game.actions import Action
from solver.game.observation import Observation
from tutor.core.learner import current_learner
from tutor.play.describe import Translate, name

DEFAULT: Final = "full"
LEVELS: Final = {
    "full": (_l("Full coaching"),
             _l("The prompt says whether the card fits, and every legal take is listed.")),
    "hints": (_l("Hints on demand"),
              _l("You spot the melds and tick the cards yourself; “What can I do with this "
                 "card?” stays, for when you want it.")),
    "none": (_l("No coaching"),
             _l("You spot the melds and tick the cards yourself, with no help on the table.")),
}
# Phases in which the learner decides about the center card (R7-R9).
_FACING: Final = ("turned", "respond", "forced")


def level() -> str:
    """The current learner's coaching level (full for a learner not met yet)."""
    learner = current_learner(create=False)
    chosen = learner.coaching if learner is not None else DEFAULT
    return chosen if chosen in LEVELS else DEFAULT


def save(chosen: str) -> bool:
    """Remember ``chosen`` for this learner; False when it is not a level."""
    if chosen not in LEVELS:
        return False
    from tutor.extensions import db

    learner = current_learner()
    assert learner is not None
    learner.coaching = chosen
    db.session.commit()
    return True


def can_pick_cards(obs: Observation, coaching: str) -> bool:
    """Whether the hand's cards can be ticked to take the center card: with full coaching
    only when a take exists; otherwise whenever the learner faces a center card."""
    if "take" in obs.action_types:
        return True
    return (coaching != "full" and obs.to_act and obs.center is not None
            and obs.phase in _FACING)


def plain_prompt(obs: Observation, last: Action | None, last_by_you: bool,
                 _: Translate) -> str:
    """What the learner faces, with no verdict on the center card: the choices the rules
    give in this phase, whether or not the card fits (R6-R9)."""
    center = name(obs.center)
    if obs.over:
        return ""
    if not obs.to_act:
        return _("The computer is thinking.")
    if obs.phase == "turn":
        if last is None:
            return _("You open the hand: turn the top card of the stock (R6).")
        return _("Turn the top card of the stock (R7).")
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
