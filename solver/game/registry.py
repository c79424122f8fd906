"""The games the engine can play, keyed by rule profile id (see :mod:`solver.game.protocol`)."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import ConquianError
from solver.game.colonel import COLONEL_GAME
from solver.game.conquian.game import CONQUIAN_40_GAME
from solver.game.conquin import CONQUIN_GAME
from solver.game.cooncan import COONCAN_GAME
from solver.game.kunken import kunken_game
from solver.game.protocol import AnyGame
from solver.messages import N_
from solver.rules import RuleProfile, get_profile

_KUNKEN: Final = kunken_game()

GAMES: Final[dict[str, AnyGame]] = {
    "conquian-40": CONQUIAN_40_GAME,
    # The "meld the taken card at once" games build on conquian-40's engine (issue 12).
    "cooncan": COONCAN_GAME,
    "kunken": _KUNKEN, "kunken-40": _KUNKEN, "kunken-104": _KUNKEN,
    "colonel": COLONEL_GAME,
    "conquin": CONQUIN_GAME,
}


def game_rules(profile: RuleProfile | str) -> AnyGame:
    """The game of a profile; :class:`ConquianError` when it cannot be played yet."""
    rules = get_profile(profile)
    game = GAMES.get(rules.id)
    if game is None:
        raise ConquianError(N_("games of {rules} cannot be played yet; playable: {known}"),
                            rules=rules.id, known=", ".join(GAMES))
    return game


def players_of(profile: RuleProfile | str) -> dict[str, Any]:
    """The computer players of a profile's game, by name."""
    return dict(game_rules(profile).players)
