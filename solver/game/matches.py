"""The match every game of the family offers: hands dealt one after another from one seed,
the score carried between them.

Each profile's game registers how to start a match and how to read one back in its
:class:`solver.game.protocol.GameRules` (``new_match``, ``match_from_dict``); self-play, the
site and the tests start matches only through
``solver.game.registry.game_rules(profile).new_match(seed, profile, seats, options)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast

from solver.errors import ConquianError
from solver.messages import N_
from solver.rules import RuleProfile


class GameMatch(Protocol):
    """A match (Conquin: a table): hands dealt one after another from one seed, the score
    (Conquin: each seat's chips) carried between them."""

    seed: int
    rules: RuleProfile
    seats: int
    score: list[int]
    """With every recorded hand counted (Conquin: chips per seat)."""
    stake: int
    """What the next hand is worth (1 where nothing multiplies)."""
    dealer: int
    """Dealer of the next hand to deal (or of the current one once dealt)."""
    hands_played: int
    """Finished hands recorded so far."""

    @property
    def target(self) -> int | None:
        """What wins the match; ``None``: no end (Conquin)."""
        ...

    def is_over(self) -> bool: ...

    def winner(self) -> int | None: ...

    def next_hand(self) -> Any:
        """Deals hand number ``hands_played``, from ``hand_seed(seed, hands_played)``."""
        ...

    def record_result(self, state: Any) -> None:
        """Counts a finished hand."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


class NewMatch(Protocol):
    def __call__(self, seed: int, rules: RuleProfile, seats: int,
                 options: Mapping[str, Any]) -> GameMatch: ...


class MatchFromDict(Protocol):
    def __call__(self, data: Mapping[str, Any], rules: RuleProfile) -> GameMatch: ...


def no_match(seed: int, rules: RuleProfile, seats: int,
             options: Mapping[str, Any]) -> GameMatch:
    """``GameRules.new_match`` of a game that has not registered its match yet."""
    raise ConquianError(f"{rules.id} has no match registered")


def no_match_from_dict(data: Mapping[str, Any], rules: RuleProfile) -> GameMatch:
    """``GameRules.match_from_dict`` of a game that has not registered its match yet."""
    raise ConquianError(f"{rules.id} has no match registered")


def match_options(rules: RuleProfile, options: Mapping[str, Any],
                  seats: int) -> dict[str, Any]:
    """The options of a new match with the profile's defaults filled in (``rules``'
    ``match_options``); an unknown or malformed one raises ConquianError naming it."""
    known = rules.match_options
    for name in options:
        if name not in known:
            if not known:
                raise ConquianError(N_("unknown match option {option}: {game} matches take "
                                       "no options"), option=name, game=rules.name)
            raise ConquianError(N_("unknown match option {option}: {game} matches take "
                                   "{known}"), option=name, game=rules.name,
                                known=", ".join(known))
    chosen = {**known, **options}
    for name, value in chosen.items():
        if name in ("points", "pot_chip") and not isinstance(value, bool):
            raise ConquianError(N_("match option {option} must be true or false"),
                                option=name)
        if name == "target" and value is not None and not _whole(value, 1):
            raise ConquianError(N_("match option {option} must be a whole number of at "
                                   "least 1"), option=name)
        if name == "dealer" and value is not None and not (
                _whole(value, 0) and value < seats):
            raise ConquianError(N_("match option {option} must be a seat from 0 to {last}"),
                                option=name, last=seats - 1)
    return chosen


def opening(rules: RuleProfile, options: Mapping[str, Any], seats: int, dealer: int,
            first_dealer: Callable[[], int]) -> tuple[dict[str, Any], int]:
    """A match's checked options (:func:`match_options`) and its dealer: ``dealer`` when it
    is a seat already (read back), else the ``dealer`` option, else ``first_dealer()``."""
    chosen = match_options(rules, options, check_seats(rules, seats))
    if dealer < 0:
        dealer = first_dealer() if chosen["dealer"] is None else chosen["dealer"]
    return chosen, dealer


def check_seats(rules: RuleProfile, seats: int) -> int:
    """``seats`` when the profile is played by that many (R2, I2); else ConquianError."""
    if not _whole(seats, rules.min_players) or seats > rules.max_players:
        raise ConquianError(N_("{game} is played by {low} to {high} players, not {seats}"),
                            game=rules.name, low=rules.min_players, high=rules.max_players,
                            seats=seats)
    return seats


def _whole(value: object, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def stored(data: Mapping[str, Any], rules: RuleProfile) -> dict[str, Any]:
    """The fields every stored match has, checked (InvalidGameError names a bad one):
    ``seed``, ``seats``, ``score`` (one number per seat), ``stake``, ``dealer``,
    ``hands_played`` and ``options`` — each game's match takes them by these names."""
    from solver.game.errors import InvalidGameError

    if not isinstance(data, Mapping) or data.get("rules") != rules.id:
        raise InvalidGameError(N_("the stored match is not a {game} match"), game=rules.name)
    checks: dict[str, Callable[[Any], bool]] = {
        "seed": lambda v: _whole(v, 0),
        "seats": lambda v: _whole(v, rules.min_players) and v <= rules.max_players,
        "stake": lambda v: _whole(v, 1),
        "hands_played": lambda v: _whole(v, 0),
        "options": lambda v: isinstance(v, Mapping),
    }
    for name, ok in checks.items():
        field_of(data, name, ok)
    seats = data["seats"]
    score = field_of(data, "score", lambda s: isinstance(s, list) and len(s) == seats
                     and all(_whole(n, -2**62) for n in s))
    dealer = field_of(data, "dealer", lambda d: _whole(d, 0) and d < cast(int, seats))
    try:
        options = match_options(rules, data["options"], int(seats))
    except ConquianError as exc:
        raise InvalidGameError(exc.text) from None
    return {"seed": data["seed"], "seats": seats, "score": list(score),
            "stake": data["stake"], "dealer": dealer, "hands_played": data["hands_played"],
            "options": options}


def field_of(data: Mapping[str, Any], name: str, ok: Callable[[Any], bool]) -> Any:
    """The stored match's field ``name`` when ``ok`` says it is well formed; else
    InvalidGameError naming it."""
    from solver.game.errors import InvalidGameError

    value = data.get(name)
    if not ok(value):
        raise InvalidGameError(N_("the stored match's {field} is missing or malformed"),
                               field=name)
    return value


def to_stored(match: GameMatch, options: Mapping[str, Any],
              **extra: Any) -> dict[str, Any]:
    """The stored form of a match: the fields :func:`stored` reads, and ``extra``."""
    return {"rules": match.rules.id, "seed": match.seed, "seats": match.seats,
            "score": list(match.score), "stake": match.stake, "dealer": match.dealer,
            "hands_played": match.hands_played, "options": dict(options), **extra}
