"""A match against the computer in any rule profile, as the server holds it (issue 28).

One class, :class:`TableGame`, plays all seven profiles through the game protocol
(``solver.game.registry.game_rules(profile)``: ``new_hand``, ``observe``, ``players``, …)
and its match protocol (``new_match``, ``match_from_dict``, :mod:`solver.game.matches`).
The learner is always seat ``HUMAN`` = 0, the computer players the other seats.

The stored form is the current hand's ``state_to_dict`` (so anything that reads a stored
hand reads it) plus a ``table`` section: the match before the current hand, the finished
hands (kept for their reviews), the level, the coaching level and the seats.  The forms of
the older ``MatchGame`` and ``ProfileGame`` (a ``match`` section) still load
(:mod:`tutor.play.stored_forms`).  Nothing here ever leaves the server: the browser gets
``tutor.play.view.game_view`` only.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.commitment import new_salt
from solver.game.errors import InvalidGameError
from solver.game.matches import GameMatch
from solver.game.record import continue_state, state_from_dict, state_to_dict
from solver.game.registry import GAMES, game_rules, players_of
from solver.messages import N_
from solver.rules import DEFAULT_PROFILE, RuleProfile, get_profile
from tutor.play.stored_forms import (
    MAX_SEED,
    older_game,
    read_finished,
    read_profile,
    read_salt,
    read_seats,
)

HUMAN: Final = 0
COMPUTER: Final = 1
"""The computer's seat in a game of two."""
LEVELS: Final = {"easy": "random", "medium": "greedy", "hard": "expert"}
DEFAULT_LEVEL: Final = "medium"
COACHING: Final = ("full", "on_demand", "none")
DEFAULT_COACHING: Final = "full"
NEXT_HAND: Final = "next_hand"
"""The one request that is not a game action: deal the next hand of the match."""
FORM: Final = 1
"""Version of the stored ``table`` section."""


class PlayError(ConquianError):
    """A request the game cannot accept; the message says why (answered as 400)."""


@dataclass
class TableGame:
    """One match (Conquin: one table) against the computer, in any profile."""

    rules: RuleProfile
    level: str
    coaching: str
    match: GameMatch
    """The match before the current hand counts."""
    state: Any
    """The current hand (the game's hand state)."""
    finished: list[dict[str, Any]] = field(default_factory=list)
    """The stored form of every finished hand before the current one, in order."""
    seats: int = 2
    resigned: bool = False
    """The learner resigned: the match is over, lost."""
    options: dict[str, Any] = field(default_factory=dict)
    """The match options it was started with (a new match like it takes them again)."""
    deal_salt: str | None = None
    """The salt of the current hand's deal commitment (:mod:`solver.game.commitment`),
    kept on the server until the hand is over; ``None`` for a hand dealt before
    commitments existed, which shows none."""
    seeded: bool = False
    """Started from a seed a test server was asked for: its salts come from that seed too,
    so the same seed gives the same game, commitments included."""
    commitment_version: int = 2
    """The version of the current hand's commitment: 2 (each part on its own), or 1 for
    a hand stored before version 2 (its whole deal in one hash), still shown as it was."""

    # --- queries --------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def hand_index(self) -> int:
        return len(self.finished)

    @property
    def hand_over(self) -> bool:
        return bool(self.state.is_terminal())

    @property
    def stake(self) -> int:
        """What the current hand is worth (1 where nothing multiplies)."""
        return self.match.stake

    def after(self) -> GameMatch:
        """The match with the current hand counted once it is over (a copy: ``match`` stays
        the match before the hand)."""
        if not self.hand_over:
            return self.match
        counted = self._own_match()
        counted.record_result(self.state)
        return counted

    def _own_match(self) -> GameMatch:
        """A copy of ``match`` (through its stored form) that may be changed."""
        return game_rules(self.rules).match_from_dict(self.match.to_dict(), self.rules)

    @property
    def score(self) -> list[int]:
        """The match score (Conquin: the chips), counting the current hand once it is over."""
        return list(self.after().score)

    @property
    def target(self) -> int | None:
        return self.match.target

    @property
    def match_over(self) -> bool:
        return self.resigned or (self.hand_over and self.after().is_over())

    @property
    def match_winner(self) -> int | None:
        if self.resigned:  # a loss: the computer player ahead wins
            score = self.score
            return max(range(1, self.seats), key=lambda s: (score[s], -s))
        return self.after().winner() if self.match_over else None

    @property
    def can_deal_next(self) -> bool:
        return self.hand_over and not self.match_over

    def observation(self, seat: int = HUMAN) -> Any:
        return game_rules(self.rules).observe(self.state, seat)

    def to_act(self) -> bool:
        return not self.hand_over and not self.resigned and self.state.current_player() == HUMAN

    def legal(self) -> list[Any]:
        """The learner's legal actions now (none when it is not their move)."""
        return list(self.state.legal_actions()) if self.to_act() else []

    def hand_states(self) -> list[dict[str, Any]]:
        """The stored form of every hand played so far (the current one last)."""
        return [*self.finished, state_to_dict(self.state)]

    # --- changes --------------------------------------------------------------------

    def act(self, payload: object) -> list[tuple[int, Any]]:
        """Apply the learner's action (record format without ``player``) or ``next_hand``,
        then let the computer players act until it is the learner's move or the hand ends.
        Returns the computer's actions.  Raises :class:`PlayError`; on error nothing
        observable has changed (the caller stores nothing)."""
        if isinstance(payload, Mapping) and payload.get("type") == NEXT_HAND:
            self.next_hand()
            return self.computer_moves()
        self._playing()
        if self.hand_over:
            raise PlayError(N_("this hand is over: send {request} to deal the next one"),
                            request=f'{{"type": "{NEXT_HAND}"}}')
        if not self.to_act():
            raise PlayError(N_("it is not your move"))
        if isinstance(payload, Mapping) and "player" in payload:
            raise PlayError(N_("an action is sent without 'player': you always play seat 0"))
        game = game_rules(self.rules)
        try:
            # The engine checks the action before it changes anything.
            self.state.apply_action(game.action_from_dict(payload, "action"))
        except ConquianError as exc:
            raise PlayError(exc.text) from None
        return self.computer_moves()

    def _playing(self) -> None:
        if self.resigned:
            raise PlayError(N_("you resigned this match: start a new game to play again"))
        if self.match_over:
            raise PlayError(N_("the match is over: start a new game to play again"))

    def next_hand(self) -> None:
        self._playing()
        if not self.hand_over:
            raise PlayError(N_("the current hand is not over yet: finish it first"))
        self.match = self._own_match()  # a copy may share it (``copy``): changed on its own
        self.match.record_result(self.state)
        self.finished.append(state_to_dict(self.state))
        self.state = self.match.next_hand()
        self.deal_salt = self.new_salt()
        self.commitment_version = 2

    def new_salt(self) -> str:
        """The salt of the current hand's deal: random, but for a seeded game (whoever
        chose the seed knows the deal already)."""
        if self.seeded:
            text = f"conquian-deal-salt:{self.rules.id}:{self.seed}:{self.hand_index}"
            return hashlib.sha256(text.encode()).hexdigest()[:32]
        return new_salt()

    def resign(self) -> None:
        """End the match now, lost (the learner's choice; the hand stays as it was)."""
        self._playing()
        self.resigned = True

    def computer_moves(self) -> list[tuple[int, Any]]:
        """Let the computer players act until the learner is to act or the hand is over."""
        start = len(self.state.history)
        game = game_rules(self.rules)
        made = players_of(self.rules)[LEVELS[self.level]]
        players: dict[int, Any] = {}
        while not self.state.is_terminal() and self.state.current_player() != HUMAN:
            seat = self.state.current_player()
            if seat not in players:
                # A new player for every request: it first relives its earlier decisions of
                # this hand, so the expert keeps what the learner's refusals told it.
                players[seat] = made()
                if hasattr(players[seat], "remember"):
                    for observation, action in self.past_decisions(seat):
                        players[seat].remember(observation, action)
            # A fresh generator per decision, named by the seed and the step, so a game
            # continues the same way after a restart.
            rng = random.Random(f"conquian-play:{self.rules.id}:{self.seed}:"
                                f"{self.hand_index}:{len(self.state.history)}")
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
            game.replay_step(replayed, who, action, "history")

    # --- storage --------------------------------------------------------------------

    def copy(self) -> TableGame:
        """An independent game.  The match is shared, not copied: it changes only when the
        next hand is dealt, and ``next_hand`` first gives the game its own (copying it
        through its stored form on every move cost more than the rest of the copy)."""
        return TableGame(self.rules, self.level, self.coaching, self.match,
                         self.state.clone(), list(self.finished), self.seats, self.resigned,
                         dict(self.options), self.deal_salt, self.seeded,
                         self.commitment_version)

    def table_dict(self) -> dict[str, Any]:
        return {"form": FORM, "rules": self.rules.id, "match": self.match.to_dict(),
                "finished": list(self.finished), "level": self.level,
                "coaching": self.coaching, "seats": self.seats, "resigned": self.resigned,
                "options": dict(self.options),
                **({} if self.deal_salt is None else {"deal_salt": self.deal_salt}),
                **({"seeded": True} if self.seeded else {}),
                **({"deal_commitment": 2} if self.commitment_version == 2 else {})}

    def to_dict(self) -> dict[str, Any]:
        return {**state_to_dict(self.state), "table": self.table_dict()}

    def continued(self, own: Mapping[str, Any], data: object) -> TableGame | None:
        """This match played on to the stored form ``data``, replaying (and checking) only
        the moves made since; ``own`` is this match's ``to_dict()``.  ``None`` when ``data``
        is not this match later in the same hand: then ``game_from_dict`` replays it whole."""
        if not isinstance(data, Mapping) or data.get("table") != own.get("table"):
            return None
        state = continue_state(self.state, own, data)
        if state is None:
            return None
        game = self.copy()
        game.state = state
        return game

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], level: str | None = None) -> TableGame:
        """A game stored by ``to_dict`` (the current hand is replayed, so checked)."""
        table = data.get("table")
        if not isinstance(table, Mapping) or table.get("form") != FORM:
            raise InvalidGameError("a stored game needs its 'table' section (form 1)")
        rules = read_profile(table.get("rules"))
        if data.get("ruleset", DEFAULT_PROFILE.id) != rules.id:
            raise InvalidGameError("table.rules must be the hand's ruleset")
        seats = read_seats(table.get("seats"), rules)
        finished = read_finished(table.get("finished"))
        coaching = table.get("coaching")
        if coaching not in COACHING:
            raise InvalidGameError(f"unknown coaching level {coaching!r}")
        level = level if level is not None else table.get("level")
        if not isinstance(level, str) or level not in LEVELS:
            raise InvalidGameError(f"unknown level {level!r}")
        resigned = table.get("resigned", False)
        if not isinstance(resigned, bool):
            raise InvalidGameError("table.resigned must be true or false")
        options = table.get("options", {})
        if not isinstance(options, dict):
            raise InvalidGameError("table.options must be a JSON object")
        stored_match = table.get("match")
        if not isinstance(stored_match, Mapping):
            raise InvalidGameError("table.match must be a stored match")
        try:
            match = game_rules(rules).match_from_dict(stored_match, rules)
        except (ConquianError, ValueError, TypeError, KeyError) as exc:
            raise InvalidGameError(f"table.match: {exc}") from None
        state = state_from_dict(data)
        if len(state.deal.hands) != seats or match.seats != seats:
            raise InvalidGameError("table.seats must be the number of hands dealt")
        return cls(rules, level, str(coaching), match, state, finished, seats, resigned,
                   dict(options), read_salt(table.get("deal_salt")),
                   table.get("seeded") is True,
                   2 if table.get("deal_commitment") == 2 else 1)


# --- starting a game ------------------------------------------------------------------------


def known_rules() -> tuple[str, ...]:
    """Every profile a game can be started in (the default first)."""
    return (DEFAULT_PROFILE.id, *(r for r in GAMES if r != DEFAULT_PROFILE.id))


def default_seats(rules: RuleProfile) -> int:
    """The seats a game of ``rules`` takes when the learner does not choose: two where two
    may play, else the fewest the rules allow."""
    return max(2, rules.min_players)


def _rules_of(value: object) -> RuleProfile:
    if value is None or value == "":
        return DEFAULT_PROFILE
    if isinstance(value, RuleProfile):
        value = value.id
    if not isinstance(value, str) or value not in GAMES:
        raise PlayError(N_("rules must be one of {known}, not {rules}"),
                        known=", ".join(known_rules()), rules=repr(value))
    return get_profile(value)


def parse_opponents(rules: RuleProfile, opponents: object) -> int:
    """The seats of a new game: the learner and ``opponents`` computer players, within the
    profile's numbers of players (its default when ``None``)."""
    if opponents is None or opponents == "":
        return default_seats(rules)
    if isinstance(opponents, str) and opponents.strip().isdigit():
        opponents = int(opponents)
    lo, hi = rules.min_players - 1, rules.max_players - 1
    if lo == hi:
        if opponents != lo:
            raise PlayError(N_("{rules} is played by {players}: it takes no other number of "
                               "opponents"), rules=rules.name, players=rules.max_players)
        return rules.max_players
    if isinstance(opponents, bool) or not isinstance(opponents, int) \
            or not lo <= opponents <= hi:
        raise PlayError(N_("opponents must be a whole number from {lo} to {hi}"), lo=lo, hi=hi)
    return opponents + 1


OPTION_RULES: Final = {"pot_chip": "pot"}
"""Each match option the site offers (of a profile's ``match_options``), and the topic of
the rule that describes it (the Pot chip, I11)."""


def match_options(rules: RuleProfile) -> tuple[str, ...]:
    """The match options the site offers for a game of ``rules``."""
    return tuple(name for name in OPTION_RULES if name in rules.match_options)


def parse_options(rules: RuleProfile, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The match options a request asks for, as booleans (a form sends "on"); an option
    the profile does not offer is refused, naming the profiles that do."""
    parsed: dict[str, Any] = {}
    for name, value in (options or {}).items():
        if value in (None, "", "0", "false", "off", False):
            continue
        if value in ("1", "true", "on"):
            value = True
        if not isinstance(value, bool):
            raise PlayError(N_("{option} must be true or false"), option=name)
        if name not in match_options(rules):
            topic = OPTION_RULES.get(name, name)
            having = [get_profile(p) for p in GAMES if name in get_profile(p).match_options]
            raise PlayError(N_("{rules} is not played with {option}: only {having} is ({rule})"),
                            rules=rules.name, option=name,
                            having=", ".join(p.name for p in having),
                            rule=", ".join(p.rule(topic) for p in having))
        parsed[name] = value
    return parsed


def new_game(rules: object = None, level: object = DEFAULT_LEVEL,
             seed: int | None = None, opponents: object = None,
             options: Mapping[str, Any] | None = None,
             coaching: object = DEFAULT_COACHING) -> TableGame:
    """A new match in the profile ``rules`` (the default profile when ``None``); an unknown
    profile, level, number of opponents or option is refused with what is allowed."""
    profile = _rules_of(rules)
    if not isinstance(level, str) or level not in LEVELS:
        raise PlayError(N_("level must be one of {levels}, not {level}"),
                        levels=", ".join(LEVELS), level=repr(level))
    if coaching not in COACHING:
        coaching = DEFAULT_COACHING
    seats = parse_opponents(profile, opponents)
    seeded = seed is not None
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    chosen = parse_options(profile, options)
    try:
        match = game_rules(profile).new_match(seed, profile, seats, chosen)
    except PlayError:
        raise
    except ConquianError as exc:
        raise PlayError(exc.text) from None
    state = match.next_hand()
    game = TableGame(profile, level, str(coaching), match, state, [], seats, False, chosen,
                     seeded=seeded)
    game.deal_salt = game.new_salt()
    game.computer_moves()
    return game


def new_match(level: object = DEFAULT_LEVEL, seed: int | None = None) -> TableGame:
    """A new match in the default profile (kept for the tests and tools that call it)."""
    return new_game(None, level, seed)


def game_from_dict(data: object, level: str | None = None) -> TableGame:
    """A stored game of any profile, in the current form or an older one."""
    if not isinstance(data, Mapping):
        raise InvalidGameError("a stored game must be a JSON object")
    if "table" in data:
        return TableGame.from_dict(data, level)
    level = level if level is not None else DEFAULT_LEVEL
    if level not in LEVELS:
        raise InvalidGameError(f"unknown level {level!r}")
    older = older_game(data)
    return TableGame(older.rules, level, DEFAULT_COACHING, older.match, older.state,
                     older.finished, older.seats, False, older.options)


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


def replay_hand(stored: Mapping[str, Any]) -> list[tuple[Any, int, Any]]:
    """Each step of a stored hand: the state before it, who acted, and the action as played.

    ``stored`` is a ``state_to_dict`` (validated here by a full replay first)."""
    final = state_from_dict(stored)
    game = game_rules(final.deal.rules)
    state = state_from_dict({**stored, "actions": [], "result": None})
    steps = []
    for player, action in final.history:
        steps.append((state.clone(), player, action))
        game.replay_step(state, player, action, "history")
    return steps
