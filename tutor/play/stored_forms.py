"""Reading a stored game's parts, in the current form and in the forms stored before
issue 28 (``MatchGame`` and ``ProfileGame``: the current hand's ``state_to_dict`` plus a
``match`` section with ``seed`` and ``finished``; ``ProfileGame`` also ``rules``, ``seats``,
``stake``).  An older game's match is started from its seed with every finished hand
recorded again, so it loads as a :class:`tutor.play.games.TableGame` and the next save
writes the current form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from solver.errors import ConquianError
from solver.game.commitment import SALT_RE
from solver.game.errors import InvalidGameError
from solver.game.matches import GameMatch
from solver.game.record import state_from_dict
from solver.game.registry import GAMES, game_rules
from solver.rules import DEFAULT_PROFILE, RuleProfile, get_profile

MAX_SEED: Final = 2**63 - 1


def read_profile(value: object) -> RuleProfile:
    if not isinstance(value, str) or value not in GAMES:
        raise InvalidGameError(f"unknown rules {value!r}")
    return get_profile(value)


def read_seats(value: object, rules: RuleProfile) -> int:
    if isinstance(value, bool) or not isinstance(value, int) \
            or not rules.min_players <= value <= rules.max_players:
        raise InvalidGameError("the stored seats must be a number of players of the rules")
    return value


def read_finished(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(f, dict) for f in value):
        raise InvalidGameError("the finished hands must be a list of stored hands")
    return list(value)


def read_salt(value: object) -> str | None:
    """The current hand's deal salt (``table.deal_salt``); a game stored before deal
    commitments has none."""
    if value is None:
        return None
    if not isinstance(value, str) or not SALT_RE.fullmatch(value):
        raise InvalidGameError("table.deal_salt must be 32 lowercase hex digits")
    return value


@dataclass
class Older:
    """The parts of a game stored in an older form."""

    rules: RuleProfile
    match: GameMatch
    state: Any
    finished: list[dict[str, Any]]
    seats: int
    options: dict[str, Any]


def older_game(data: Mapping[str, Any]) -> Older:
    match = data.get("match")
    if not isinstance(match, Mapping):
        raise InvalidGameError("a stored match needs its 'match' section")
    seed = match.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidGameError("match.seed must be a whole number")
    ruleset = data.get("ruleset", DEFAULT_PROFILE.id)
    rules = read_profile(ruleset)
    if match.get("rules", ruleset) != ruleset:
        raise InvalidGameError("match.rules must be the hand's ruleset")
    seats = read_seats(match.get("seats", 2), rules)
    finished = read_finished(match.get("finished"))
    first = finished[0] if finished else data
    # Conquin's Pot chip (I11): the first hand says whether the table plays with it.
    options: dict[str, Any] = {"pot_chip": True} if first.get("pot_chip") is not None else {}
    try:
        table = game_rules(rules).new_match(seed, rules, seats, options)
        for stored in finished:
            table.next_hand()
            table.record_result(state_from_dict(stored))
    except InvalidGameError:
        raise
    except ConquianError as exc:
        raise InvalidGameError(f"match: {exc.text}") from None
    state = state_from_dict(data)
    if len(state.deal.hands) != seats:
        raise InvalidGameError("match.seats must be the number of hands dealt")
    return Older(rules, table, state, finished, seats, options)
