"""How much the play page coaches, in every profile: kept with each game
(``TableGame.coaching``) and remembered per learner for their next match
(``Learner.coaching``, which stores ``on_demand`` as ``hints``: its column holds 8 letters).

- ``full``: the prompt says whether the center card fits ("It fits no meld with your
  cards: decline it") and every legal take is listed ready-made;
- ``on_demand``: the prompt states no verdict and no take is listed: the learner ticks the
  cards to lay down; "What can I do with this card?" stays, to open on demand;
- ``none``: as ``on_demand``, without "What can I do with this card?".

The view (``tutor.play.view.game_view``) reads the game's level; this module names the
levels and remembers the learner's choice.
"""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from tutor.core.learner import current_learner

DEFAULT: Final = "full"
LEVELS: Final = {
    "full": (_l("Full coaching"),
             _l("The prompt says whether the card fits, and every legal take is listed.")),
    "on_demand": (_l("Hints on demand"),
                  _l("You spot the melds and tick the cards yourself; “What can I do with this "
                     "card?” stays, for when you want it.")),
    "none": (_l("No coaching"),
             _l("You spot the melds and tick the cards yourself, with no help on the table.")),
}
_STORED: Final = {"on_demand": "hints"}
"""Levels whose name in ``Learner.coaching`` differs (the column holds 8 letters)."""


def parse(chosen: object) -> str | None:
    """The level a request names (``hints``, the stored name, too); ``None``: no level."""
    for key, stored in _STORED.items():
        if chosen == stored:
            return key
    return chosen if isinstance(chosen, str) and chosen in LEVELS else None


def level() -> str:
    """The current learner's coaching level (full for a learner not met yet)."""
    learner = current_learner(create=False)
    return parse(learner.coaching if learner is not None else DEFAULT) or DEFAULT


def save(chosen: str) -> bool:
    """Remember ``chosen`` for this learner; False when it is not a level."""
    level = parse(chosen)
    if level is None:
        return False
    from tutor.extensions import db

    learner = current_learner()
    assert learner is not None
    learner.coaching = _STORED.get(level, level)
    db.session.commit()
    return True
