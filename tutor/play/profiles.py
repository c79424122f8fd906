"""Games of the other rule profiles against the computer (issue 12): cooncan, the Kunken
profiles, colonel and conquin, as the server holds them.

``conquian-40`` keeps :class:`tutor.play.games.MatchGame`; this module is the same idea for
every other game of :data:`solver.game.registry.GAMES`, through the engines' common
interface only (``new_hand``, ``observe``, ``legal_actions``, ``apply_action``).  The
stored form is the current hand's ``state_to_dict`` (which carries ``ruleset``) plus a
``match`` section, so a game reloads from the database after a restart.

The learner always sits at seat 0, the computer players at the other seats.  Matches:
Cooncan to 3 points and Kunken to 500 (``MeldMatch``, C13, K12-K14), Colonel to 100 (H12);
a Conquin table plays deal after deal with the chips carried over (I2), as long as the
learner wants.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.colonel.match import MATCH_TARGET as COLONEL_TARGET
from solver.game.colonel.match import first_dealer as colonel_first_dealer
from solver.game.conquin.table import first_dealer as conquin_first_dealer
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import hand_seed
from solver.game.meld_match import MeldMatch
from solver.game.record import continue_state, state_from_dict, state_to_dict
from solver.game.registry import GAMES, game_rules, players_of
from solver.messages import N_
from solver.rules import get_profile

HUMAN: Final = 0
PROFILES: Final = tuple(r for r in GAMES if r != "conquian-40")
"""The profiles this module plays (conquian-40 is ``MatchGame``'s)."""
MEMORY_LIMIT: Final = 400
CONQUIN_OPPONENTS: Final = (2, 9)
"""Conquin seats three to ten players (I2): the learner and 2 to 9 computer players."""
DEFAULT_CONQUIN_OPPONENTS: Final = 3


def _play_error(message: Any, **params: object) -> Exception:
    from tutor.play.games import PlayError

    return PlayError(message, **params)


def _meld_match(rules: str, seed: int, number: int, state: Any, stake: int) -> MeldMatch:
    """The match as it stood before ``state`` (hand ``number``)."""
    match = MeldMatch(seed, get_profile(rules), 0, list(state.score), stake, state.deal.dealer)
    match.hands = [None] * (number + 1)
    return match


@dataclass
class ProfileGame:
    """One match (or Conquin table) of a profile other than conquian-40."""

    seed: int
    level: str
    rules: str
    seats: int
    state: Any
    finished: list[dict[str, Any]] = field(default_factory=list)
    stake: int = 1
    """Cooncan and Kunken: what the current hand is worth (C13, K13)."""

    # --- queries --------------------------------------------------------------------

    @property
    def hand_index(self) -> int:
        return len(self.finished)

    @property
    def kind(self) -> str:
        if self.rules in ("cooncan", "colonel", "conquin"):
            return self.rules
        return "kunken"

    @property
    def hand_over(self) -> bool:
        return bool(self.state.is_terminal())

    def after(self) -> tuple[list[int], int, int | None]:
        """The score (Conquin: the chips) once the current hand counts, the next stake and
        the next dealer (``None``: by the usual rotation)."""
        state = self.state
        score = list(state.score)
        if not self.hand_over:
            return score, self.stake, None
        if self.kind in ("cooncan", "kunken"):
            match = _meld_match(self.rules, self.seed, self.hand_index, state, self.stake)
            match.record_result(state)
            return list(match.score), match.stake, match.dealer
        if self.kind == "colonel":
            if state.winner is not None:
                score[state.winner] += state.points
            return score, 1, None
        return [c + s for c, s in zip(score, state.settled, strict=True)], 1, None

    @property
    def score(self) -> list[int]:
        return self.after()[0]

    @property
    def target(self) -> int | None:
        if self.kind == "cooncan":
            return 3
        if self.kind == "kunken":
            return MeldMatch(self.seed, get_profile(self.rules)).target
        if self.kind == "colonel":
            return COLONEL_TARGET
        return None  # a Conquin table has no end: the learner leaves when they like

    @property
    def match_over(self) -> bool:
        if not self.hand_over or self.kind == "conquin":
            return False
        score, stake, dealer = self.after()
        if self.kind == "colonel":
            return max(score) >= COLONEL_TARGET
        match = MeldMatch(self.seed, get_profile(self.rules), 0, score, stake,
                          0 if dealer is None else dealer)
        return match.is_over

    @property
    def match_winner(self) -> int | None:
        if not self.match_over:
            return None
        score = self.score
        return HUMAN if score[HUMAN] > max(score[1:]) else 1

    @property
    def can_deal_next(self) -> bool:
        return self.hand_over and not self.match_over

    def observation(self, seat: int = HUMAN) -> Any:
        return game_rules(self.rules).observe(self.state, seat)

    def to_act(self) -> bool:
        return not self.hand_over and self.state.current_player() == HUMAN

    def legal(self) -> list[Any]:
        """The learner's legal actions now (none when it is not their move)."""
        return list(self.state.legal_actions()) if self.to_act() else []

    # --- changes --------------------------------------------------------------------

    def act(self, payload: object) -> list[tuple[int, Any]]:
        """Apply the learner's action (record format without ``player``) or ``next_hand``,
        then let the computer players act until it is the learner's move or the hand ends."""
        from tutor.play.games import NEXT_HAND

        if isinstance(payload, Mapping) and payload.get("type") == NEXT_HAND:
            self.next_hand()
            return self.computer_moves()
        if self.match_over:
            raise _play_error(N_("the match is over: start a new game to play again"))
        if self.hand_over:
            raise _play_error(N_("this hand is over: send {request} to deal the next one"),
                              request=f'{{"type": "{NEXT_HAND}"}}')
        if not self.to_act():
            raise _play_error(N_("it is not your move"))
        if isinstance(payload, Mapping) and "player" in payload:
            raise _play_error(N_("an action is sent without 'player': you always play seat 0"))
        try:
            action = game_rules(self.rules).action_from_dict(payload, "action")
            self.state.apply_action(action)
        except ConquianError as exc:
            raise _play_error(exc.text) from None
        return self.computer_moves()

    def next_hand(self) -> None:
        if self.match_over:
            raise _play_error(N_("the match is over: start a new game to play again"))
        if not self.hand_over:
            raise _play_error(N_("the current hand is not over yet: finish it first"))
        score, stake, dealer = self.after()
        pot_holder = self.state.next_pot_holder() if self.kind == "conquin" else None
        self.finished.append(state_to_dict(self.state))
        self.stake = stake
        self.state = new_hand(self.rules, self.seed, self.hand_index, self.seats, score,
                              dealer, pot_holder)

    def computer_moves(self) -> list[tuple[int, Any]]:
        """Let the computer players act until the learner is to act or the hand is over."""
        start = len(self.state.history)
        game = game_rules(self.rules)
        made = players_of(self.rules)[_LEVELS[self.level]]
        players: dict[int, Any] = {}
        while not self.state.is_terminal() and self.state.current_player() != HUMAN:
            seat = self.state.current_player()
            if seat not in players:
                players[seat] = made()
                if hasattr(players[seat], "remember"):
                    for observation, action in self.past_decisions(seat):
                        players[seat].remember(observation, action)
            # A fresh generator per decision, named by the seed and the step, so a game
            # continues the same way after a restart.
            rng = random.Random(f"conquian-play:{self.rules}:{self.seed}:{self.hand_index}:"
                                f"{len(self.state.history)}")
            self.state.apply_action(players[seat].choose(game.observe(self.state, seat), rng))
        return self.state.history[start:]

    def past_decisions(self, seat: int) -> Iterator[tuple[Any, Any]]:
        """Each decision ``seat`` made in the current hand: what it saw, what it did."""
        game = game_rules(self.rules)
        replayed = state_from_dict({**state_to_dict(self.state), "actions": [],
                                    "result": None})
        for who, action in self.state.history:
            if who == seat:
                yield game.observe(replayed, seat), action
            replayed.apply_action(action)

    # --- storage --------------------------------------------------------------------

    def copy(self) -> ProfileGame:
        return ProfileGame(self.seed, self.level, self.rules, self.seats, self.state.clone(),
                           list(self.finished), self.stake)

    def to_dict(self) -> dict[str, Any]:
        return {
            **state_to_dict(self.state),
            "match": {"seed": self.seed, "human": HUMAN, "rules": self.rules,
                      "seats": self.seats, "stake": self.stake,
                      "finished": list(self.finished)},
        }

    def hand_states(self) -> list[dict[str, Any]]:
        return [*self.finished, state_to_dict(self.state)]

    def continued(self, own: Mapping[str, Any], data: object) -> ProfileGame | None:
        if not isinstance(data, Mapping) or data.get("match") != own["match"]:
            return None
        state = continue_state(self.state, own, data)
        return None if state is None else ProfileGame(
            self.seed, self.level, self.rules, self.seats, state, list(self.finished),
            self.stake)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], level: str) -> ProfileGame:
        from tutor.play.games import LEVELS, MAX_SEED

        match = data.get("match")
        if not isinstance(match, Mapping):
            raise InvalidGameError("a stored match needs its 'match' section")
        seed, rules, seats, stake = (match.get(k) for k in ("seed", "rules", "seats", "stake"))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidGameError("match.seed must be a whole number")
        if rules not in PROFILES or rules != data.get("ruleset"):
            raise InvalidGameError("match.rules must be the hand's ruleset")
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 10:
            raise InvalidGameError("match.seats must be a number of players")
        if isinstance(stake, bool) or not isinstance(stake, int) or stake < 1:
            raise InvalidGameError("match.stake must be a positive whole number")
        finished = match.get("finished")
        if not isinstance(finished, list) or not all(isinstance(f, dict) for f in finished):
            raise InvalidGameError("match.finished must be a list of stored hands")
        if level not in LEVELS:
            raise InvalidGameError(f"unknown level {level!r}")
        state = state_from_dict(data)
        if len(state.deal.hands) != seats:
            raise InvalidGameError("match.seats must be the number of hands dealt")
        return cls(seed, level, str(rules), seats, state, list(finished), stake)


_LEVELS: Final = {"easy": "random", "medium": "greedy", "hard": "expert"}


def new_hand(rules: str, seed: int, number: int, seats: int, score: list[int],
             dealer: int | None, pot_holder: int | None = None) -> Any:
    """Hand ``number`` of a match: the deals and dealers of the profile's own match code
    (``MeldMatch``, ``colonel.match``, ``conquin.table``)."""
    profile = get_profile(rules)
    if dealer is None:
        if profile.id == "colonel":
            dealer = (colonel_first_dealer(seed) + number) % 2
        elif profile.id == "conquin":
            dealer = (conquin_first_dealer(seed, seats) + number) % seats
        else:
            dealer = MeldMatch(seed, profile).dealer
    if profile.id == "conquin":
        from solver.game.conquin.state import ConquinState

        deal = deal_from_seed(hand_seed(seed, number), dealer, profile, seats)
        return ConquinState(deal, tuple(score), pot_holder)
    deal = deal_from_seed(hand_seed(seed, number), dealer, profile)
    return game_rules(profile).new_hand(deal, tuple(score))


def new_profile_game(rules: str, level: str, seed: int | None = None,
                     opponents: object = None, pot_chip: object = False) -> ProfileGame:
    """A new match; Conquin takes the number of computer ``opponents`` and ``pot_chip``:
    play with the Pot chip (I11), which the learner holds first (the rule book leaves who
    holds it first to the table)."""
    from tutor.play.games import MAX_SEED

    if pot_chip in (None, "", "0", "false", "off"):
        pot_chip = False
    if pot_chip in ("1", "true", "on"):
        pot_chip = True
    if not isinstance(pot_chip, bool):
        raise _play_error(N_("pot_chip must be true or false"))
    if pot_chip and rules != "conquin":
        raise _play_error(N_("only conquin is played with the Pot chip (I11)"))

    if rules == "conquin":
        if opponents is None or opponents == "":
            opponents = DEFAULT_CONQUIN_OPPONENTS
        if isinstance(opponents, str) and opponents.strip().isdigit():
            opponents = int(opponents)
        lo, hi = CONQUIN_OPPONENTS
        if isinstance(opponents, bool) or not isinstance(opponents, int) \
                or not lo <= opponents <= hi:
            raise _play_error(N_("opponents must be a whole number from {lo} to {hi} (I2)"),
                              lo=lo, hi=hi)
        seats = opponents + 1
    elif opponents is not None and opponents != "" and opponents != 1:
        raise _play_error(N_("{rules} is played by two: only conquin takes opponents"),
                          rules=rules)
    else:
        seats = 2
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    game = ProfileGame(seed, level, rules, seats,
                       new_hand(rules, seed, 0, seats, [0] * seats, None,
                                HUMAN if pot_chip else None))
    game.computer_moves()
    return game
