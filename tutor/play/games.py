"""A match against the computer (R2, R12), as the server holds it.

The stored form is the current hand's ``state_to_dict`` (so anything that reads a stored
hand can read it) plus a ``match`` section: the seed the deals come from and the finished
hands, kept for their reviews.  Nothing here ever leaves the server: the browser gets
``tutor.play.view.game_view`` only.

The human is always player 0 and the computer player 1; the first dealer is drawn from
the seed and the deal alternates after every hand, draws included (R2).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.actions import TURN, Action
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import MATCH_TARGET, Match, hand_seed
from solver.game.observation import Observation, observe
from solver.game.record import continue_state, state_from_dict, state_to_dict
from solver.game.state import GameState
from solver.messages import N_
from solver.players import make_player
from solver.players.base import Remembering

HUMAN: Final = 0
COMPUTER: Final = 1
LEVELS: Final = {"easy": "random", "medium": "greedy", "hard": "expert"}
DEFAULT_LEVEL: Final = "medium"
MAX_SEED: Final = 2**63 - 1
NEXT_HAND: Final = "next_hand"
"""The one request that is not a game action: deal the next hand of the match."""


class PlayError(ConquianError):
    """A request the game cannot accept; the message says why (answered as 400)."""


@dataclass
class MatchGame:
    """One match: the seed of its deals, the hands already played, the current hand."""

    seed: int
    level: str
    state: GameState
    finished: list[dict[str, Any]] = field(default_factory=list)
    """The stored form of every finished hand before the current one, in order."""

    # --- queries --------------------------------------------------------------------

    @property
    def hand_index(self) -> int:
        return len(self.finished)

    @property
    def score(self) -> tuple[int, int]:
        """The match score now (the human first), counting the current hand once it is over."""
        score = list(self.state.score)
        if self.state.winner is not None:
            score[self.state.winner] += 1
        return score[HUMAN], score[COMPUTER]

    @property
    def hand_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def match_over(self) -> bool:
        return self.hand_over and max(self.score) >= MATCH_TARGET

    @property
    def match_winner(self) -> int | None:
        if not self.match_over:
            return None
        you, them = self.score
        return HUMAN if you > them else COMPUTER

    @property
    def can_deal_next(self) -> bool:
        return self.hand_over and not self.match_over

    def hand_states(self) -> list[dict[str, Any]]:
        """The stored form of every hand played so far (the current one last)."""
        return [*self.finished, state_to_dict(self.state)]

    # --- changes --------------------------------------------------------------------

    def act(self, payload: object) -> list[tuple[int, Action]]:
        """Apply the human's action (record format without ``player``) or ``next_hand``,
        then let the computer play until it is the human's turn or the hand ends.
        Returns the computer's actions.  Raises :class:`PlayError`; on error nothing
        observable has changed (the caller stores nothing)."""
        if isinstance(payload, Mapping) and payload.get("type") == NEXT_HAND:
            self.next_hand()
            return self.computer_moves()
        if self.match_over:
            raise PlayError(N_("the match is over (R12): start a new game to play again"))
        if self.hand_over:
            raise PlayError(N_("this hand is over: send {request} to deal the next one"),
                            request=f'{{"type": "{NEXT_HAND}"}}')
        try:
            self.state.apply_action(Action.from_dict(payload))
        except ConquianError as exc:
            raise PlayError(exc.text) from None
        return self.computer_moves()

    def next_hand(self) -> None:
        if self.match_over:
            raise PlayError(N_("the match is over (R12): start a new game to play again"))
        if not self.hand_over:
            raise PlayError(N_("the current hand is not over yet: finish it first"))
        score = self.score
        self.finished.append(state_to_dict(self.state))
        self.state = new_hand(self.seed, self.hand_index, score)

    def computer_moves(self) -> list[tuple[int, Action]]:
        """Let the computer act until the human is to act or the hand is over."""
        start = len(self.state.history)
        player = make_player(LEVELS[self.level])
        if isinstance(player, Remembering):
            # A new player for every request: it first relives its earlier decisions of
            # this hand, so the expert keeps what the learner's refusals told it.
            for observation, action in self.past_decisions(COMPUTER):
                player.remember(observation, action)
        while not self.state.is_terminal() and self.state.current_player() == COMPUTER:
            # A fresh generator per decision, named by the seed and the step, so a game
            # continues the same way after a restart.
            rng = random.Random(f"conquian-play:{self.seed}:{self.hand_index}:"
                                f"{len(self.state.history)}")
            self.state.apply_action(player.choose(observe(self.state, COMPUTER), rng))
        return self.state.history[start:]

    def past_decisions(self, player: int) -> Iterator[tuple[Observation, Action]]:
        """Each decision ``player`` made in the current hand: what it saw, what it did."""
        state = GameState(self.state.deal, self.state.score)
        for who, action in self.state.history:
            if who == player:
                yield observe(state, player), action
            state.apply_action(TURN if action.type == "turn" else action)

    # --- storage --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            **state_to_dict(self.state),
            "match": {"seed": self.seed, "human": HUMAN, "finished": list(self.finished)},
        }

    def continued(self, own: Mapping[str, Any], data: object) -> MatchGame | None:
        """This match played on to the stored form ``data``, replaying (and checking) only
        the moves made since; ``own`` is this match's ``to_dict()``.  ``None`` when ``data``
        is not this match later in the same hand: then ``from_dict`` replays it whole."""
        if not isinstance(data, Mapping) or data.get("match") != own["match"]:
            return None
        state = continue_state(self.state, own, data)
        return None if state is None else MatchGame(self.seed, self.level, state,
                                                    list(self.finished))

    @classmethod
    def from_dict(cls, data: object, level: str) -> MatchGame:
        """Rebuild a stored match (the current hand is replayed, so checked, on load)."""
        if not isinstance(data, Mapping):
            raise InvalidGameError("a stored match must be a JSON object")
        match = data.get("match")
        if not isinstance(match, Mapping):
            raise InvalidGameError("a stored match needs its 'match' section")
        seed = match.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidGameError("match.seed must be a whole number")
        finished = match.get("finished")
        if not isinstance(finished, list) or not all(isinstance(f, dict) for f in finished):
            raise InvalidGameError("match.finished must be a list of stored hands")
        if level not in LEVELS:
            raise InvalidGameError(f"unknown level {level!r}")
        return cls(seed, level, state_from_dict(data), list(finished))


def new_hand(seed: int, number: int, score: tuple[int, int]) -> GameState:
    """Hand ``number`` of the match with this seed: the deals and dealers of ``Match``."""
    dealer = (Match(seed).first_dealer + number) % 2
    return GameState(deal_from_seed(hand_seed(seed, number), dealer), score)


def new_match(level: object = DEFAULT_LEVEL, seed: int | None = None) -> MatchGame:
    if not isinstance(level, str) or level not in LEVELS:
        raise PlayError(N_("level must be one of {levels}, not {level}"),
                        levels=", ".join(LEVELS), level=repr(level))
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    game = MatchGame(seed, str(level), new_hand(seed, 0, (0, 0)))
    game.computer_moves()
    return game


def parse_seed(value: object) -> int | None:
    """An optional seed from a request: ``None``, or a whole number from 0 to 2**63 - 1."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise PlayError(N_("seed must be a whole number from 0 to 2**63 - 1"))
    return value


def requested_seed(value: object, allowed: bool) -> int | None:
    """The seed a request asks for (``parse_seed``), accepted only where ``allowed`` (a test
    server): a seed fixes the deal, so whoever chose it could work out the computer's hand
    and the stock."""
    if value is None or value == "":
        return None
    if not allowed:
        raise PlayError(N_("seed is accepted only by a test server: here every deal is random"))
    return parse_seed(value)


def replay_hand(stored: Mapping[str, Any]) -> list[tuple[GameState, int, Action]]:
    """Each step of a stored hand: the state before it, who acted, and the action as played.

    ``stored`` is a ``state_to_dict`` (validated here by a full replay first)."""
    final = state_from_dict(stored)
    state = GameState(final.deal, final.score)
    steps = []
    for player, action in final.history:
        steps.append((state.clone(), player, action))
        state.apply_action(TURN if action.type == "turn" else action)
    return steps


DEFAULT_RULES: Final = "conquian-40"


def known_rules() -> tuple[str, ...]:
    """Every profile a game can be started in."""
    from tutor.play.profiles import PROFILES

    return (DEFAULT_RULES, *PROFILES)


def new_game(rules: object = DEFAULT_RULES, level: object = DEFAULT_LEVEL,
             seed: int | None = None, opponents: object = None,
             pot_chip: object = False) -> Any:
    """A new match in the profile ``rules`` (``MatchGame`` for conquian-40, else a
    ``ProfileGame``); an unknown profile is refused with the list of known ones."""
    from tutor.play.profiles import new_profile_game

    if rules is None or rules == "":
        rules = DEFAULT_RULES
    if not isinstance(rules, str) or rules not in known_rules():
        raise PlayError(N_("rules must be one of {known}, not {rules}"),
                        known=", ".join(known_rules()), rules=repr(rules))
    if rules == DEFAULT_RULES:
        if opponents not in (None, "", 1):
            raise PlayError(N_("{rules} is played by two: only conquin takes opponents"),
                            rules=rules)
        if pot_chip not in (None, False, ""):
            raise PlayError(N_("only conquin is played with the Pot chip (I11)"))
        return new_match(level, seed)
    if not isinstance(level, str) or level not in LEVELS:
        raise PlayError(N_("level must be one of {levels}, not {level}"),
                        levels=", ".join(LEVELS), level=repr(level))
    return new_profile_game(rules, level, seed, opponents, pot_chip)


def game_from_dict(data: object, level: str) -> Any:
    """A stored game of any profile (``ruleset`` of the stored hand decides)."""
    from tutor.play.profiles import ProfileGame

    if isinstance(data, Mapping) and data.get("ruleset", DEFAULT_RULES) != DEFAULT_RULES:
        return ProfileGame.from_dict(data, level)
    return MatchGame.from_dict(data, level)


def is_profile_game(game: object) -> bool:
    from tutor.play.profiles import ProfileGame

    return isinstance(game, ProfileGame)
