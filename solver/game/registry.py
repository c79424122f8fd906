"""The games the engine can play, keyed by rule profile id (see :mod:`solver.game.protocol`):
the one table of them, built from the registration each game package makes
(:mod:`solver.game.registration`)."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import ConquianError
from solver.game.colonel import COLONEL_REGISTRATION
from solver.game.conquian.game import CONQUIAN_40_REGISTRATION
from solver.game.conquin import CONQUIN_REGISTRATION
from solver.game.cooncan import COONCAN_REGISTRATION
from solver.game.kunken import KUNKEN_REGISTRATION
from solver.game.protocol import AnyGame
from solver.game.registration import Registration
from solver.messages import N_
from solver.rules import RuleProfile, get_profile


def _by_profile(*registrations: Registration[Any, Any, Any]) -> dict[str, AnyGame]:
    """Each registered game under the ids of its profiles, in this order; a profile that
    two games claim, or one the rules do not know, is a programming error caught here."""
    games: dict[str, AnyGame] = {}
    for registration in registrations:
        for profile in registration.profiles:
            if profile in games:
                raise ValueError(f"{profile} is registered twice")
            games[get_profile(profile).id] = registration.game
    return games


GAMES: Final[dict[str, AnyGame]] = _by_profile(
    CONQUIAN_40_REGISTRATION,
    # The "meld the taken card at once" games build on conquian-40's engine (issue 12).
    COONCAN_REGISTRATION, KUNKEN_REGISTRATION,
    COLONEL_REGISTRATION, CONQUIN_REGISTRATION,
)


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
