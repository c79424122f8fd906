"""The games the engine can play, keyed by rule profile id (see :mod:`solver.game.protocol`)."""

from __future__ import annotations

from typing import Any, Final

from solver.errors import ConquianError
from solver.game.actions import Action
from solver.game.colonel import COLONEL_GAME
from solver.game.conquin import CONQUIN_GAME
from solver.game.cooncan import COONCAN_GAME
from solver.game.deal import Deal
from solver.game.kunken import kunken_game
from solver.game.match import conquian_match, conquian_match_from_dict
from solver.game.observation import Observation, observe
from solver.game.protocol import AnyGame, GameRules, every_card_shown
from solver.game.replaying import finish_hand, hand_result, replay_step
from solver.game.state import GameState
from solver.messages import N_
from solver.players import PLAYERS
from solver.rules import RuleProfile, get_profile


def _conquian_hand(deal: Deal, score: tuple[int, ...]) -> GameState:
    return GameState(deal, (score[0], score[1]) if score else (0, 0))


CONQUIAN_40_GAME: Final[GameRules[GameState, Action, Observation]] = GameRules(
    new_hand=_conquian_hand,
    new_match=conquian_match, match_from_dict=conquian_match_from_dict,
    action_from_dict=Action.from_dict,
    observe=observe,
    result=hand_result,
    replay_step=replay_step,
    observe_action=every_card_shown,
    players=PLAYERS,
    finish=finish_hand,
)

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
