"""Game records (contract "Game records") and the stored-game dict, both checked by replay.

A record is one hand: ``ruleset``, ``dealer``, ``hands``, ``stock`` (top first),
``actions`` and ``result``.  Replaying it from the deal alone re-checks every action under
the rules of its ruleset (:mod:`solver.game.registry`); in conquian-40, ``no_force`` never
appears in records, so after a forceable decline any action other than ``force`` means the
waiver was given.  The stored-game dict (``state_to_dict``) is the same plus the match
``score`` and every step explicit, so a live hand round-trips exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solver.cards import Card, card_str, cards_of
from solver.errors import ConquianError, IllegalActionError
from solver.game.deal import Deal, stock_size
from solver.game.errors import InvalidGameError
from solver.game.protocol import AnyGame
from solver.game.registry import game_rules
from solver.rules import CONQUIAN_40, RuleProfile, get_profile

RULESET: Final = "conquian-40"


def result_of(state: Any) -> dict[str, Any] | None:
    """How a hand ended, as its record says it (``None`` while it goes on)."""
    return game_rules(state.deal.rules).result(state)


def _deal_dict(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "hands": [[card_str(c) for c in cards_of(h)] for h in deal.hands],
        "stock": [card_str(c) for c in deal.stock],
    }


def _fields(state: Any) -> dict[str, Any]:
    game = game_rules(state.deal.rules)
    return {} if game.fields is None else game.fields(state)


def to_record(state: Any) -> dict[str, Any]:
    """The contract record of a hand (normally a finished one)."""
    return {
        "ruleset": state.deal.rules.id,
        **_deal_dict(state.deal),
        **_fields(state),
        "actions": [a.to_dict(p) for p, a in state.history if a.type != "no_force"],
        "result": result_of(state),
    }


def state_to_dict(state: Any) -> dict[str, Any]:
    """The stored form of a live or finished hand: replayed (and so validated) on load."""
    return {
        "ruleset": state.deal.rules.id,
        **_deal_dict(state.deal),
        **_fields(state),
        "score": list(state.score),
        "actions": [a.to_dict(p) for p, a in state.history],
        "result": result_of(state),
    }


def _rules_of(data: Mapping[str, Any]) -> tuple[RuleProfile, AnyGame]:
    try:
        rules = get_profile(data.get("ruleset", RULESET))
        return rules, game_rules(rules)
    except ConquianError as exc:
        raise InvalidGameError(f"ruleset: {exc}") from None


def _score(data: Mapping[str, Any], rules: RuleProfile, players: int) -> tuple[int, ...]:
    score = data.get("score", [0] * players)
    if rules is CONQUIAN_40:
        if (not isinstance(score, list) or len(score) != 2
                or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 2
                       for s in score)):
            raise InvalidGameError(
                "score must be two whole numbers from 0 to 2: the match score before this hand "
                "(R12)"
            )
    elif (not isinstance(score, list) or len(score) != players
          or any(isinstance(s, bool) or not isinstance(s, int) for s in score)):
        raise InvalidGameError(f"score must be a list of {players} whole numbers")
    return tuple(score)


def state_from_dict(data: object) -> Any:
    """Rebuild a stored hand; :class:`InvalidGameError` says what is wrong and where."""
    if not isinstance(data, Mapping):
        raise InvalidGameError("a stored game must be a JSON object")
    rules, game = _rules_of(data)
    deal = parse_deal(data, rules)
    state = game.new_hand(deal, _score(data, rules, deal.players))
    if game.set_fields is not None:
        game.set_fields(state, data)
    _replay_actions(state, game, data.get("actions"))
    _check_result(state, game, data, required=False)
    return state


_DEAL_KEYS: Final = ("dealer", "hands", "stock", "score", "pot_chip")


def continue_state(known: Any, known_dict: Mapping[str, Any],
                   data: Mapping[str, Any]) -> Any | None:
    """``known`` played on to the stored hand ``data``, replaying only the later moves.

    ``known_dict`` is ``state_to_dict(known)``.  When ``data`` holds the same deal and
    score and begins with exactly ``known``'s moves, the answer is a copy of ``known`` with
    the remaining moves applied, each still checked under the rules: a server that caches
    a hand need not replay it from the deal after every move.  Anything else (another hand,
    a different past) answers ``None``, and the caller replays ``data`` whole."""
    actions = data.get("actions")
    done = known_dict["actions"]
    if (not isinstance(actions, list) or len(actions) < len(done)
            or data.get("ruleset", RULESET) != known_dict["ruleset"]
            or any(data.get(key) != known_dict.get(key) for key in _DEAL_KEYS)
            or actions[: len(done)] != done):
        return None
    game = game_rules(known.deal.rules)
    state = known.clone()
    _replay_actions(state, game, actions, start=len(done))
    _check_result(state, game, data, required=False)
    return state


def replay(record: object) -> Any:
    """Replay a record from its deal alone and check its result; returns the final state."""
    if not isinstance(record, Mapping):
        raise InvalidGameError("a game record must be a JSON object")
    rules, game = _rules_of(record)
    deal = parse_deal(record, rules)
    state = game.new_hand(deal, ())
    if game.set_fields is not None:
        game.set_fields(state, record)
    _replay_actions(state, game, record.get("actions"))
    if game.finish is not None and not state.is_terminal():
        game.finish(state)
    if not state.is_terminal():
        raise InvalidGameError(
            f"the record ends after {len(state.history)} actions but the hand is not over"
        )
    _check_result(state, game, record, required=True)
    return state


def parse_deal(data: Mapping[str, Any], rules: RuleProfile = CONQUIAN_40) -> Deal:
    """The deal of a record: ``dealer``, ``hands`` and ``stock``, checked card by card."""
    hands_raw = data.get("hands")
    lo, hi = rules.min_players, rules.max_players
    if not isinstance(hands_raw, list) or not lo <= len(hands_raw) <= hi:
        if lo == hi == 2:
            raise InvalidGameError(
                f"hands must be a list of two hands of {rules.hand_size} cards "
                f"({rules.rule('deal')})"
            )
        raise InvalidGameError(
            f"hands must be a list of {lo} to {hi} hands of {rules.hand_size} cards "
            f"({rules.rule('deal')})"
        )
    players = len(hands_raw)
    dealer = data.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        choices = "0 or 1" if players == 2 else f"a seat from 0 to {players - 1}"
        raise InvalidGameError(f"dealer must be {choices}, not {dealer!r}")
    counts: dict[Card, list[str]] = {}
    hands = []
    for p, raw in enumerate(hands_raw):
        cards = _card_list(raw, f"hands[{p}]", counts, rules)
        if len(cards) != rules.hand_size:
            raise InvalidGameError(
                f"hands[{p}] has {len(cards)} cards, not {rules.hand_size} ({rules.rule('deal')})"
            )
        hands.append(_mask(cards))
    stock = _card_list(data.get("stock"), "stock", counts, rules)
    expected = stock_size(rules, players)
    if len(stock) != expected:
        raise InvalidGameError(
            f"stock has {len(stock)} cards, not {expected} ({rules.rule('deal')})"
        )
    return Deal(dealer, tuple(hands), tuple(stock), rules)


def _mask(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _card_list(raw: object, where: str, counts: dict[Card, list[str]],
               rules: RuleProfile) -> list[Card]:
    """Cards of a deal; a card dealt a second time is its second copy (two packs)."""
    if not isinstance(raw, list):
        raise InvalidGameError(f"{where} must be a list of cards")
    deck = rules.deck
    cards = []
    for i, item in enumerate(raw):
        try:
            kind = deck.parse(item)
        except ConquianError as exc:
            raise InvalidGameError(f"{where}[{i}]: {exc}") from None
        places = counts.setdefault(kind, [])
        places.append(f"{where}[{i}]")
        most = deck.jokers if kind >= 104 else deck.packs
        if len(places) > most:
            if most == 1:
                raise InvalidGameError(
                    f"{card_str(kind)} is dealt twice: in {places[0]} and in {places[-1]}"
                )
            raise InvalidGameError(
                f"{card_str(kind)} is dealt {len(places)} times ({', '.join(places)}), but "
                f"the deck holds {most} ({deck.rule})"
            )
        copy = len(places) - 1
        cards.append(kind + copy if kind >= 104 else kind + 52 * copy)
    return cards


def _replay_actions(state: Any, game: AnyGame, actions: object, start: int = 0) -> None:
    if not isinstance(actions, list):
        raise InvalidGameError("actions must be a list")
    for i in range(start, len(actions)):
        raw = actions[i]
        where = f"actions[{i}]"
        try:
            action = game.action_from_dict(raw, where)
            player = raw.get("player") if isinstance(raw, Mapping) else None
            game.replay_step(state, player, action, where)
        except IllegalActionError as exc:
            message = str(exc)
            if not message.startswith(where):
                message = f"{where}: {message}"
            raise InvalidGameError(message) from None


def _check_result(state: Any, game: AnyGame, data: Mapping[str, Any], *,
                  required: bool) -> None:
    if "result" not in data and not required:
        return
    claimed = data.get("result")
    actual = game.result(state)
    if claimed != actual:
        raise InvalidGameError(f"result says {claimed!r}, but the actions give {actual!r}")
