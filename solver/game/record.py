"""Game records (contract "Game records") and the stored-game dict, both checked by replay.

A record is one hand: ``dealer``, ``hands``, ``stock`` (top first), ``actions`` and
``result``.  Replaying it from the deal alone re-checks every action under the rules;
``no_force`` never appears in records, so after a forceable decline any action other than
``force`` means the waiver was given.  The stored-game dict (``state_to_dict``) is the same
plus the match ``score`` and explicit ``no_force`` steps, so a live hand round-trips exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solver.cards import NUM_CARDS, Card, card_str, cards_of, mask_of
from solver.errors import ConquianError, IllegalActionError
from solver.game.actions import NO_FORCE, TURN, Action
from solver.game.deal import HAND_SIZE, STOCK_SIZE, Deal
from solver.game.errors import InvalidGameError
from solver.game.state import GameState

RULESET: Final = "conquian-40"


def result_of(state: GameState) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"draw": True} if state.winner is None else {"winner": state.winner}


def _deal_dict(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "hands": [[card_str(c) for c in cards_of(h)] for h in deal.hands],
        "stock": [card_str(c) for c in deal.stock],
    }


def to_record(state: GameState) -> dict[str, Any]:
    """The contract record of a hand (normally a finished one)."""
    return {
        "ruleset": state.deal.rules.id,
        **_deal_dict(state.deal),
        "actions": [a.to_dict(p) for p, a in state.history if a.type != "no_force"],
        "result": result_of(state),
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The stored form of a live or finished hand: replayed (and so validated) on load."""
    return {
        "ruleset": state.deal.rules.id,
        **_deal_dict(state.deal),
        "score": list(state.score),
        "actions": [a.to_dict(p) for p, a in state.history],
        "result": result_of(state),
    }


def state_from_dict(data: object) -> GameState:
    """Rebuild a stored hand; :class:`InvalidGameError` says what is wrong and where."""
    if not isinstance(data, Mapping):
        raise InvalidGameError("a stored game must be a JSON object")
    if data.get("ruleset", RULESET) != RULESET:
        raise InvalidGameError(f"ruleset must be {RULESET!r}, not {data.get('ruleset')!r}")
    score = data.get("score", [0, 0])
    if (not isinstance(score, list) or len(score) != 2
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 2
                   for s in score)):
        raise InvalidGameError(
            "score must be two whole numbers from 0 to 2: the match score before this hand (R12)"
        )
    state = GameState(parse_deal(data), (score[0], score[1]))
    _replay_actions(state, data.get("actions"))
    _check_result(state, data, required=False)
    return state


_DEAL_KEYS: Final = ("dealer", "hands", "stock", "score")


def continue_state(known: GameState, known_dict: Mapping[str, Any],
                   data: Mapping[str, Any]) -> GameState | None:
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
            or any(data.get(key) != known_dict[key] for key in _DEAL_KEYS)
            or actions[: len(done)] != done):
        return None
    state = known.clone()
    _replay_actions(state, actions, start=len(done))
    _check_result(state, data, required=False)
    return state


def replay(record: object) -> GameState:
    """Replay a record from its deal alone and check its result; returns the final state."""
    if not isinstance(record, Mapping):
        raise InvalidGameError("a game record must be a JSON object")
    state = GameState(parse_deal(record))
    _replay_actions(state, record.get("actions"))
    if state.phase == "force" and state.stock_count == 0:
        state.apply_action(NO_FORCE)  # a waived force on the last card ends in a draw (R11)
    if not state.is_terminal():
        raise InvalidGameError(
            f"the record ends after {len(state.history)} actions but the hand is not over"
        )
    _check_result(state, record, required=True)
    return state


def parse_deal(data: Mapping[str, Any]) -> Deal:
    dealer = data.get("dealer")
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise InvalidGameError(f"dealer must be 0 or 1, not {dealer!r}")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != 2:
        raise InvalidGameError("hands must be a list of two hands of 10 cards (R3)")
    seen: dict[Card, str] = {}
    hands = []
    for p, raw in enumerate(hands_raw):
        cards = _card_list(raw, f"hands[{p}]", seen)
        if len(cards) != HAND_SIZE:
            raise InvalidGameError(f"hands[{p}] has {len(cards)} cards, not {HAND_SIZE} (R3)")
        hands.append(mask_of(cards))
    stock = _card_list(data.get("stock"), "stock", seen)
    if len(stock) != STOCK_SIZE:
        raise InvalidGameError(f"stock has {len(stock)} cards, not {STOCK_SIZE} (R3)")
    assert len(seen) == NUM_CARDS
    return Deal(dealer, (hands[0], hands[1]), tuple(stock))


def _card_list(raw: object, where: str, seen: dict[Card, str]) -> list[Card]:
    from solver.cards import parse_card

    if not isinstance(raw, list):
        raise InvalidGameError(f"{where} must be a list of cards")
    cards = []
    for i, item in enumerate(raw):
        try:
            card = parse_card(item)
        except ConquianError as exc:
            raise InvalidGameError(f"{where}[{i}]: {exc}") from None
        if card in seen:
            raise InvalidGameError(
                f"{card_str(card)} is dealt twice: in {seen[card]} and in {where}[{i}]"
            )
        seen[card] = f"{where}[{i}]"
        cards.append(card)
    return cards


def _replay_actions(state: GameState, actions: object, start: int = 0) -> None:
    if not isinstance(actions, list):
        raise InvalidGameError("actions must be a list")
    for i in range(start, len(actions)):
        raw = actions[i]
        where = f"actions[{i}]"
        try:
            action = Action.from_dict(raw, where)
            if state.phase == "force" and action.type not in ("force", "no_force"):
                state.apply_action(NO_FORCE)  # records leave the waiver implicit (R9)
            player = raw.get("player") if isinstance(raw, Mapping) else None
            if player != state.current_player():
                raise IllegalActionError(
                    f"{where}: player {player!r} acts, but it is player "
                    f"{state.current_player()}'s move" if not state.is_terminal()
                    else f"{where}: the hand is already over"
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
        except IllegalActionError as exc:
            message = str(exc)
            if not message.startswith(where):
                message = f"{where}: {message}"
            raise InvalidGameError(message) from None


def _check_result(state: GameState, data: Mapping[str, Any], *, required: bool) -> None:
    if "result" not in data and not required:
        return
    claimed = data.get("result")
    actual = result_of(state)
    if claimed != actual:
        raise InvalidGameError(f"result says {claimed!r}, but the actions give {actual!r}")
