"""The position of the player about to act, as the contract defines it.

``Position.from_dict`` validates everything the contract lists and rejects a bad
position as a whole, with a message that names the card, meld or count at fault.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from solver.cards import Card, CardMask, card_str, cards_of, mask_of, parse_card, union
from solver.errors import ConquianError, InvalidPositionError, Text
from solver.melds import meld_cards, meld_problem
from solver.messages import N_

CenterFrom = Literal["opponent", "stock"]
CENTER_FROM_VALUES: Final = ("opponent", "stock")
CARDS_PER_PLAYER: Final = 10
MAX_STOCK: Final = 19  # 40 cards - 2 x 10 held - the center card


@dataclass(frozen=True, slots=True)
class Position:
    """What the player to act knows: own hand and melds, the opponent's melds, the center card."""

    hand: CardMask
    melds: tuple[CardMask, ...] = ()
    opponent_melds: tuple[CardMask, ...] = ()
    center: Card = 0
    center_from: CenterFrom = "opponent"
    stock: int | None = None
    _exposed: CardMask = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_exposed", union(self.melds))

    @property
    def exposed(self) -> CardMask:
        """All of the player's exposed cards."""
        return self._exposed

    @property
    def opponent_exposed(self) -> CardMask:
        return union(self.opponent_melds)

    @classmethod
    def from_dict(cls, data: object) -> Position:
        return _parse_position(data)

    @classmethod
    def from_json(cls, text: str) -> Position:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidPositionError(
                N_("the input is not JSON: {problem} at line {line}, column {column}"),
                problem=exc.msg, line=exc.lineno, column=exc.colno,
            ) from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hand": [card_str(c) for c in cards_of(self.hand)],
            "melds": [[card_str(c) for c in meld_cards(m)] for m in self.melds],
            "opponent_melds": [[card_str(c) for c in meld_cards(m)] for m in self.opponent_melds],
            "center": card_str(self.center),
            "center_from": self.center_from,
        }
        if self.stock is not None:
            data["stock"] = self.stock
        return data


_FIELDS: Final = ("hand", "melds", "opponent_melds", "center", "center_from", "stock")


def _card_list(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise InvalidPositionError(N_("{where} must be a list of cards, not {kind}"),
                                   where=where, kind=_type_name(value))
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(parse_card(item))
        except ConquianError as exc:
            raise InvalidPositionError(N_("{where}: {problem}"), where=f"{where}[{i}]",
                                       problem=exc) from None
    return cards


def _meld_list(value: object, where: str) -> list[list[Card]]:
    if not isinstance(value, list):
        raise InvalidPositionError(
            N_("{where} must be a list of melds (each a list of cards), not {kind}"),
            where=where, kind=_type_name(value),
        )
    return [_card_list(meld, f"{where}[{i}]") for i, meld in enumerate(value)]


def _type_name(value: object) -> Text | str:
    names = {
        dict: N_("an object"),
        list: N_("a list"),
        str: N_("a string"),
        bool: N_("a boolean"),
        int: N_("a number"),
        float: N_("a number"),
        type(None): "null",
    }
    name = names.get(type(value))
    return type(value).__name__ if name is None else Text(name)


def _parse_position(data: object) -> Position:
    if not isinstance(data, Mapping):
        raise InvalidPositionError(N_("a position must be a JSON object, not {kind}"),
                                   kind=_type_name(data))
    for name in ("hand", "center"):
        if name not in data:
            raise InvalidPositionError(N_("the position has no '{name}' field"), name=name)

    hand = _card_list(data["hand"], "hand")
    melds = _meld_list(data.get("melds", []), "melds")
    opponent_melds = _meld_list(data.get("opponent_melds", []) or [], "opponent_melds")
    center_raw = data["center"]
    try:
        center = parse_card(center_raw)
    except ConquianError as exc:
        raise InvalidPositionError(N_("{where}: {problem}"), where="center",
                                   problem=exc) from None

    center_from = data.get("center_from", "opponent")
    if center_from not in CENTER_FROM_VALUES:
        raise InvalidPositionError(
            N_('center_from must be "opponent" or "stock", not {value}'),
            value=json.dumps(center_from),
        )
    stock = data.get("stock")
    if stock is not None and (
        isinstance(stock, bool) or not isinstance(stock, int) or not 0 <= stock <= MAX_STOCK
    ):
        raise InvalidPositionError(
            N_("stock must be a whole number from 0 to {most}, not {value}"),
            most=MAX_STOCK, value=json.dumps(stock),
        )

    _check_duplicates(hand, melds, opponent_melds, center)
    meld_masks = _check_melds(melds, "melds")
    opp_masks = _check_melds(opponent_melds, "opponent_melds")

    exposed = sum(len(m) for m in melds)
    if len(hand) + exposed != CARDS_PER_PLAYER:
        raise InvalidPositionError(
            N_("your hand has {hand} cards and your melds {exposed}: together they must be "
               "{total} at a decision (R13)"),
            hand=len(hand), exposed=exposed, total=CARDS_PER_PLAYER,
        )
    opp_exposed = sum(len(m) for m in opponent_melds)
    if opp_exposed > CARDS_PER_PLAYER:
        raise InvalidPositionError(
            N_("the opponent shows {exposed} cards in melds, but at most {most} can be exposed "
               "while the hand goes on (R10, R13)"),
            exposed=opp_exposed, most=CARDS_PER_PLAYER,
        )
    return Position(
        hand=mask_of(hand),
        melds=tuple(meld_masks),
        opponent_melds=tuple(opp_masks),
        center=center,
        center_from=center_from,
        stock=stock,
    )


def _check_melds(melds: Sequence[Sequence[Card]], where: str) -> list[CardMask]:
    masks = []
    for i, meld in enumerate(melds):
        problem = meld_problem(meld)
        if problem is not None:
            shown = "-".join(card_str(c) for c in meld) or "()"
            raise InvalidPositionError(N_("{where} {meld} is not a valid meld: {problem}"),
                                       where=f"{where}[{i}]", meld=shown, problem=problem)
        masks.append(mask_of(meld))
    return masks


def _check_duplicates(
    hand: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    opponent_melds: Sequence[Sequence[Card]],
    center: Card,
) -> None:
    seen: dict[Card, str] = {}

    def note(card: Card, where: str) -> None:
        if card in seen:
            raise InvalidPositionError(N_("{card} appears twice: in {first} and in {second}"),
                                       card=card_str(card), first=seen[card], second=where)
        seen[card] = where

    for card in hand:
        note(card, "hand")
    for i, meld in enumerate(melds):
        for card in meld:
            note(card, f"melds[{i}]")
    for i, meld in enumerate(opponent_melds):
        for card in meld:
            note(card, f"opponent_melds[{i}]")
    note(center, "center")
