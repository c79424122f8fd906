"""The games the engine can play, keyed by rule profile id (see :mod:`solver.game.protocol`)."""

from __future__ import annotations

from typing import Any, Final

from solver.cards import card_str
from solver.errors import ConquianError, IllegalActionError
from solver.game.actions import NO_FORCE, TURN, Action
from solver.game.deal import Deal
from solver.game.observation import observe
from solver.game.protocol import GameRules
from solver.game.state import GameState
from solver.messages import N_
from solver.rules import RuleProfile, get_profile


def _conquian_hand(deal: Deal, score: tuple[int, ...]) -> GameState:
    return GameState(deal, (score[0], score[1]) if score else (0, 0))


def conquian_result(state: GameState) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"draw": True} if state.winner is None else {"winner": state.winner}


def _conquian_step(state: GameState, player: int | None, action: Action, where: str) -> None:
    if state.phase == "force" and action.type not in ("force", "no_force"):
        state.apply_action(NO_FORCE)  # records leave the waiver implicit (R9)
    # Replay errors are for developers and tools: English, as the command line speaks.
    if state.is_terminal():
        raise IllegalActionError(f"{where}: the hand is already over")
    if player != state.current_player():
        raise IllegalActionError(
            f"{where}: player {player!r} acts, but it is player {state.current_player()}'s move"
        )
    if action.type == "turn":
        top = state.stock_top()
        if action.card is not None and top is not None and action.card != top:
            raise IllegalActionError(
                f"{where}: turns {card_str(action.card)}, but the top stock card is "
                f"{card_str(top)}"
            )
        action = TURN
    state.apply_action(action)


def _conquian_finish(state: GameState) -> None:
    if state.phase == "force" and state.stock_count == 0:
        state.apply_action(NO_FORCE)  # a waived force on the last card ends in a draw (R11)


def _conquian_players() -> dict[str, Any]:
    from solver.players import PLAYERS

    return dict(PLAYERS)


CONQUIAN_40_GAME: Final = GameRules(
    new_hand=_conquian_hand,
    action_from_dict=Action.from_dict,
    observe=observe,
    result=conquian_result,
    replay_step=_conquian_step,
    finish=_conquian_finish,
)

GAMES: Final[dict[str, GameRules]] = {"conquian-40": CONQUIAN_40_GAME}


def _meld_games() -> dict[str, GameRules]:
    # The "meld the taken card at once" games build on conquian-40's engine (issue 12).
    from solver.game.cooncan import COONCAN_GAME
    from solver.game.kunken import kunken_game

    kunken = kunken_game()
    return {"cooncan": COONCAN_GAME, "kunken": kunken, "kunken-40": kunken, "kunken-104": kunken}


GAMES.update(_meld_games())


def game_rules(profile: RuleProfile | str) -> GameRules:
    """The game of a profile; :class:`ConquianError` when it cannot be played yet."""
    rules = get_profile(profile)
    game = GAMES.get(rules.id)
    if game is None:
        raise ConquianError(N_("games of {rules} cannot be played yet; playable: {known}"),
                            rules=rules.id, known=", ".join(GAMES))
    return game


def players_of(profile: RuleProfile | str) -> dict[str, Any]:
    """The computer players of a profile's game, by name."""
    game = game_rules(profile)
    return dict(game.players) if game.players else _conquian_players()
