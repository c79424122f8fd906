"""Actions of the game, as the contract's game records write them.

An action is a small frozen value.  ``to_dict``/``from_dict`` use the record format
(``type``, ``card``, ``hand_cards``, ``melds``, ``discard``; ``player`` only in records).
``no_force`` is the opponent's explicit waiver after a forceable decline (R9): a real
action of the live game that records never contain (a replayer infers it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from solver.cards import Card, CardMask, card_str, cards_of, mask_of, parse_card
from solver.errors import ConquianError, IllegalActionError
from solver.melds import meld_cards, sort_melds
from solver.messages import N_
from solver.position import json_type_name

ActionType = Literal["turn", "pass", "take", "decline", "force", "no_force"]
ACTION_TYPES: Final = ("turn", "pass", "take", "decline", "force", "no_force")
RECORD_TYPES: Final = ("turn", "pass", "take", "decline", "force")


def actions_of(kinds: Iterable[str], center: Card | None,
               takes: Callable[[], Iterable[Action]],
               make: type[Action]) -> list[Action]:
    """Every action open (a state's or a view's ``legal_actions``): each take ``takes()``
    gives, and one ``make(kind)`` per other kind, on the center card but for ``turn`` (the
    stock is face down) and ``no_force``."""
    actions: list[Action] = []
    for kind in kinds:
        if kind == "take":
            actions.extend(takes())
        elif kind in ("turn", "no_force"):
            actions.append(make(kind))  # type: ignore[arg-type]
        else:
            actions.append(make(kind, center))  # type: ignore[arg-type]
    return actions


def record_head(player: int | None, kind: str) -> dict[str, Any]:
    """The fields every record action starts with: ``player`` (in records only) and
    ``type``."""
    return {"type": kind} if player is None else {"player": player, "type": kind}


def record_fields(data: object, where: str,
                  kinds: Sequence[str]) -> tuple[Mapping[str, Any], Any]:
    """A record action's fields and its ``type``, one of ``kinds`` (where the games' own
    action readers start, each taking the type as its own kind); else IllegalActionError
    naming ``where``."""
    if not isinstance(data, Mapping):
        raise IllegalActionError(N_("{where} must be a JSON object, not {kind}"),
                                 where=where, kind=type(data).__name__)
    kind = data.get("type")
    if kind not in kinds:
        raise IllegalActionError(N_("{where}.type must be one of {kinds}, not {kind}"),
                                 where=where, kinds=", ".join(kinds), kind=repr(kind))
    return data, kind


@dataclass(frozen=True, slots=True)
class Action:
    """One step of play.  ``card`` is the card acted on (``None`` for a live ``turn``:
    the stock is face down; records fill it in)."""

    type: ActionType
    card: Card | None = None
    hand_cards: CardMask = 0
    melds: tuple[CardMask, ...] = ()
    discard: Card | None = None

    def __str__(self) -> str:
        if self.type != "take":
            return self.type if self.card is None else f"{self.type} {card_str(self.card)}"
        shown = " ".join("-".join(card_str(c) for c in meld_cards(m)) for m in self.melds)
        end = "wins" if self.discard is None else f"discard {card_str(self.discard)}"
        card = "?" if self.card is None else card_str(self.card)
        return f"take {card} [{shown}] {end}"

    @property
    def wins(self) -> bool:
        return self.type == "take" and self.discard is None

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data = record_head(player, self.type)
        if self.card is not None:
            data["card"] = card_str(self.card)
        if self.type == "take":
            data["hand_cards"] = [card_str(c) for c in cards_of(self.hand_cards)]
            data["melds"] = [[card_str(c) for c in meld_cards(m)] for m in self.melds]
            data["discard"] = None if self.discard is None else card_str(self.discard)
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> Action:
        """Parse an action (record format; ``player`` is ignored here).  Raises
        :class:`IllegalActionError` naming the bad field."""
        if not isinstance(data, Mapping):
            raise IllegalActionError(N_("{where} must be a JSON object, not {kind}"),
                                     where=where, kind=json_type_name(data))
        kind = data.get("type")
        if kind not in ACTION_TYPES:
            raise IllegalActionError(N_("{where}.type must be one of {kinds}, not {kind}"),
                                     where=where, kinds=", ".join(ACTION_TYPES),
                                     kind=repr(kind) if isinstance(kind, str)
                                     else json_type_name(kind))
        card = _card(data.get("card"), f"{where}.card", optional=True)
        if kind != "take":
            extra = [k for k in ("hand_cards", "melds", "discard") if data.get(k) not in (None, [])]
            if extra:
                raise IllegalActionError(N_("{where}: a {kind} has no {fields}"), where=where,
                                         kind=kind, fields=", ".join(extra))
            return cls(kind, card)
        if card is None:
            raise IllegalActionError(N_("{where}: a take names the center card it takes"),
                                     where=where)
        hand_cards = _cards(data.get("hand_cards", []), f"{where}.hand_cards")
        raw_melds = data.get("melds")
        if not isinstance(raw_melds, list) or not raw_melds:
            raise IllegalActionError(
                N_("{where}.melds must be the taker's whole arrangement, a non-empty list of "
                   "melds"), where=where,
            )
        melds = [mask_of(_cards(m, f"{where}.melds[{i}]", as_list=True))
                 for i, m in enumerate(raw_melds)]
        discard = _card(data.get("discard"), f"{where}.discard", optional=True)
        return cls("take", card, mask_of(hand_cards), tuple(sort_melds(melds)), discard)


def _card(value: object, where: str, *, optional: bool = False) -> Card | None:
    if value is None and optional:
        return None
    try:
        return parse_card(value)
    except ConquianError as exc:
        raise IllegalActionError(N_("{where}: {problem}"), where=where, problem=exc) from None


def _cards(value: object, where: str, *, as_list: bool = False) -> list[Card]:
    if not isinstance(value, list):
        raise IllegalActionError(N_("{where} must be a list of cards"), where=where)
    cards: list[Card] = []
    for i, item in enumerate(value):
        card = _card(item, f"{where}[{i}]")
        assert card is not None
        if card in cards:
            raise IllegalActionError(N_("{where}: {card} appears twice"), where=where,
                                     card=card_str(card))
        cards.append(card)
    return cards


def take(card: Card, hand_cards: CardMask, melds: tuple[CardMask, ...], discard: Card | None
         ) -> Action:
    return Action("take", card, hand_cards, tuple(sort_melds(melds)), discard)


TURN: Final = Action("turn")
NO_FORCE: Final = Action("no_force")
