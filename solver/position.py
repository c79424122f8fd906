"""The position of the player about to act, as the contract defines it, under any profile.

``Position.from_dict`` validates everything the contract lists and rejects a bad position
as a whole, with a message that names the card, meld or count at fault and the rule of the
position's profile that it breaks.  With two packs the same card may appear twice (its
second appearance is the second copy); a joker is ``"*"`` in a hand and ``"*5H"`` (the card
it stands for) in a meld.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from solver.cards import (
    JOKER_BASE,
    NATURALS,
    Card,
    CardMask,
    card_kind,
    card_str,
    cards_of,
    mask_of,
    parse_kind,
    union,
)
from solver.errors import ConquianError, InvalidPositionError, Text
from solver.melds import meld_cards, meld_problem
from solver.messages import N_
from solver.rules import CONQUIAN_40, RuleProfile, get_profile

CenterFrom = Literal["opponent", "stock"]
CENTER_FROM_VALUES: Final = ("opponent", "stock")
CARDS_PER_PLAYER: Final = 10

JokerMap = tuple[tuple[Card, Card], ...]
"""(joker, the natural card it stands for) for every joker lying in a meld."""


@dataclass(frozen=True, slots=True)
class Position:
    """What the player to act knows: own hand and melds, the opponent's melds, the center card."""

    hand: CardMask
    melds: tuple[CardMask, ...] = ()
    opponent_melds: tuple[CardMask, ...] = ()
    center: Card = 0
    center_from: CenterFrom = "opponent"
    stock: int | None = None
    rules: RuleProfile = CONQUIAN_40
    jokers: JokerMap = ()
    laid_off: tuple[CardMask, ...] = ()
    """Per opponent meld (same index): your cards lying off on it (frozen, yours)."""
    opponent_laid_off: tuple[CardMask, ...] = ()
    """Per meld of yours (same index): the opponent's cards lying off on it."""
    players: int | None = None
    _exposed: CardMask = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_exposed", union(self.melds))

    @property
    def exposed(self) -> CardMask:
        """All the cards of the player's melds (with any the opponent laid off on them)."""
        return self._exposed

    @property
    def opponent_exposed(self) -> CardMask:
        return union(self.opponent_melds)

    @property
    def stands_for(self) -> dict[Card, Card]:
        return dict(self.jokers)

    @property
    def down_count(self) -> int:
        """Your cards down: your melds without the opponent's laid-off cards, plus yours."""
        theirs = union(self.opponent_laid_off).bit_count()
        return self._exposed.bit_count() - theirs + union(self.laid_off).bit_count()

    @classmethod
    def from_dict(cls, data: object, rules: RuleProfile | str | None = None) -> Position:
        """Read a contract position; ``rules`` is the profile when the position names none
        (a puzzle set's ``ruleset``), else conquian-40."""
        return _Parser(data, rules).position()

    @classmethod
    def from_json(cls, text: str, rules: RuleProfile | str | None = None) -> Position:
        return cls.from_dict(json_of(text), rules)

    def meld_list(self, meld: CardMask, only: CardMask = -1) -> list[str]:
        """A meld as contract card strings in display order (jokers as ``*5H``); with
        ``only``, just those of its cards."""
        stands = self.stands_for
        return [f"*{card_str(stands[c])}" if c in stands else card_str(c)
                for c in meld_cards(meld, self.rules.table, stands) if only >> c & 1]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.rules is not CONQUIAN_40:
            data["rules"] = self.rules.id
        data["hand"] = [card_str(c) for c in cards_of(self.hand)]
        if self.rules.melds_shown:
            data["melds"] = [self.meld_list(m) for m in self.melds]
            data["opponent_melds"] = [self.meld_list(m) for m in self.opponent_melds]
        data["center"] = card_str(self.center)
        data["center_from"] = self.center_from
        if self.stock is not None:
            data["stock"] = self.stock
        for name, lists, melds in (("laid_off", self.laid_off, self.opponent_melds),
                                   ("opponent_laid_off", self.opponent_laid_off, self.melds)):
            entries = [{"meld": i, "cards": self.meld_list(melds[i], mask)}
                       for i, mask in enumerate(lists) if mask]
            if entries:
                data[name] = entries
        if self.players is not None:
            data["players"] = self.players
        return data


def json_type_name(value: object) -> Text | str:
    """What a JSON value is, in words an error message can show ("a list", "null")."""
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


def json_of(text: str) -> Any:
    """The JSON value of a position's text; InvalidPositionError where it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(
            N_("the input is not JSON: {problem} at line {line}, column {column}"),
            problem=exc.msg, line=exc.lineno, column=exc.colno,
        ) from None


class _Parser:
    """One position's validation, in the order the contract lists the checks."""

    def __init__(self, data: object, rules: RuleProfile | str | None) -> None:
        if not isinstance(data, Mapping):
            raise InvalidPositionError(N_("a position must be a JSON object, not {kind}"),
                                       kind=json_type_name(data))
        self.data = data
        self.profile = self._profile(rules)
        self.copies: dict[Card, list[str]] = {}
        self.duplicate: InvalidPositionError | None = None
        """The first repeated card; raised after the fields are read, as the contract orders
        the checks (unknown cards first, then repeats, then melds and counts)."""
        self.next_joker = JOKER_BASE
        self.jokers: list[tuple[Card, Card]] = []

    def _profile(self, default: RuleProfile | str | None) -> RuleProfile:
        named = self.data.get("rules")
        try:
            if named is None:
                return CONQUIAN_40 if default is None else get_profile(default)
            profile = get_profile(named)
        except ConquianError as exc:
            raise InvalidPositionError(N_("{where}: {problem}"), where="rules",
                                       problem=exc) from None
        if default is not None and get_profile(default) is not profile:
            raise InvalidPositionError(
                N_("the position says rules {named}, but it belongs to {expected}"),
                named=repr(profile.id), expected=repr(get_profile(default).id),
            )
        return profile

    # --- cards ------------------------------------------------------------------------------

    def _token(self, item: object, where: str, *, in_meld: bool, place: str = "") -> Card:
        """One card string: a new physical card (the next copy), or a joker.  ``place`` names
        where it lies for a repeated-card message ("hand", "melds[0]")."""
        place = place or where
        deck = self.profile.deck
        stands: Card | None = None
        try:
            if in_meld and isinstance(item, str) and item.strip().startswith("*") \
                    and len(item.strip()) > 1:
                if not deck.jokers:  # the same words as a bare "*" in a joker-less game
                    raise InvalidPositionError(
                        N_("{text} is a joker, and this game has no jokers ({rule})"),
                        text=repr(item.strip()), rule=deck.rule,
                    )
                stands = deck.parse(item.strip()[1:])
                if stands >= JOKER_BASE:
                    raise InvalidPositionError(N_("a joker stands for a natural card, not {text}"),
                                               text=repr(item))
            else:
                kind = deck.parse(item)
        except ConquianError as exc:
            raise InvalidPositionError(N_("{where}: {problem}"), where=where,
                                       problem=exc) from None
        if stands is not None:
            joker = self._joker(where)
            self.jokers.append((joker, stands))
            return joker
        if kind >= JOKER_BASE:
            if in_meld:
                raise InvalidPositionError(
                    N_("{where}: say which card the joker stands for, e.g. *5H ({rule})"),
                    where=where, rule=self.profile.rule("jokers"),
                )
            return self._joker(where)
        places = self.copies.setdefault(kind, [])
        places.append(place)
        if len(places) > deck.packs and self.duplicate is None:
            if deck.packs == 1:
                self.duplicate = InvalidPositionError(
                    N_("{card} appears twice: in {first} and in {second}"),
                    card=card_str(kind), first=places[0], second=place)
            else:
                self.duplicate = InvalidPositionError(
                    N_("{card} appears {count} times ({places}), but the {packs} packs hold only "
                       "{packs} of each card ({rule})"),
                    card=card_str(kind), count=len(places), places=", ".join(places),
                    packs=deck.packs, rule=deck.rule,
                )
        return kind + min(len(places) - 1, deck.packs - 1) * NATURALS

    def _joker(self, where: str) -> Card:
        deck = self.profile.deck
        if self.next_joker >= JOKER_BASE + deck.jokers:
            raise InvalidPositionError(
                N_("{where}: there are only {count} jokers in this game ({rule})"),
                where=where, count=deck.jokers, rule=deck.rule,
            )
        self.next_joker += 1
        return self.next_joker - 1

    def _card_list(self, value: object, where: str, *, in_meld: bool = False) -> list[Card]:
        if not isinstance(value, list):
            raise InvalidPositionError(N_("{where} must be a list of cards, not {kind}"),
                                       where=where, kind=json_type_name(value))
        return [self._token(item, f"{where}[{i}]", in_meld=in_meld, place=where)
                for i, item in enumerate(value)]

    def _meld_list(self, value: object, where: str) -> list[list[Card]]:
        if not isinstance(value, list):
            raise InvalidPositionError(
                N_("{where} must be a list of melds (each a list of cards), not {kind}"),
                where=where, kind=json_type_name(value),
            )
        return [self._card_list(meld, f"{where}[{i}]", in_meld=True)
                for i, meld in enumerate(value)]

    # --- the position -----------------------------------------------------------------------

    def position(self) -> Position:
        data, profile = self.data, self.profile
        for name in ("hand", "center"):
            if name not in data:
                raise InvalidPositionError(N_("the position has no '{name}' field"), name=name)
        if not profile.melds_shown:
            for name in ("melds", "opponent_melds", "laid_off", "opponent_laid_off"):
                if data.get(name):
                    raise InvalidPositionError(
                        N_("{where}: in {rules} nobody shows melds before closing ({rule})"),
                        where=name, rules=profile.id, rule=profile.rule("close"),
                    )
        hand = self._card_list(data["hand"], "hand")
        melds = self._meld_list(data.get("melds", []) or [], "melds")
        opponent_melds = self._meld_list(data.get("opponent_melds", []) or [], "opponent_melds")
        center = self._token(data["center"], "center", in_meld=False)
        center_from = self._center_from()
        players = self._players()
        stock = self._stock(players)
        if self.duplicate is not None:
            raise self.duplicate

        stands = dict(self.jokers)
        meld_masks = self._check_melds(melds, "melds", stands)
        opp_masks = self._check_melds(opponent_melds, "opponent_melds", stands)
        laid_off = self._laid_off("laid_off", opponent_melds)
        opponent_laid_off = self._laid_off("opponent_laid_off", melds)
        if profile.jokers_limited_by_table:
            self._check_table_jokers(meld_masks + opp_masks, stands)

        position = Position(
            hand=mask_of(hand),
            melds=tuple(meld_masks),
            opponent_melds=tuple(opp_masks),
            center=center,
            center_from=center_from,
            stock=stock,
            rules=profile,
            jokers=tuple(sorted(self.jokers)),
            laid_off=laid_off,
            opponent_laid_off=opponent_laid_off,
            players=players,
        )
        self._check_counts(position, len(hand))
        return position

    def _center_from(self) -> CenterFrom:
        center_from = self.data.get("center_from", "opponent")
        if center_from not in CENTER_FROM_VALUES:
            raise InvalidPositionError(
                N_('center_from must be "opponent" or "stock", not {value}'),
                value=json.dumps(center_from),
            )
        return "stock" if center_from == "stock" else "opponent"

    def _players(self) -> int | None:
        profile = self.profile
        players = self.data.get("players")
        if players is None:
            return None
        if isinstance(players, bool) or not isinstance(players, int) \
                or not profile.min_players <= players <= profile.max_players:
            if profile.players_fixed:
                raise InvalidPositionError(
                    N_("players must be {count} in {rules}, not {value} ({rule})"),
                    count=profile.min_players, rules=profile.id, value=json.dumps(players),
                    rule=profile.rule("players"),
                )
            raise InvalidPositionError(
                N_("players must be a whole number from {least} to {most} in {rules}, "
                   "not {value} ({rule})"),
                least=profile.min_players, most=profile.max_players, rules=profile.id,
                value=json.dumps(players), rule=profile.rule("players"),
            )
        return players

    def _stock(self, players: int | None) -> int | None:
        profile = self.profile
        stock: object = self.data.get("stock")
        seated = players if players is not None else profile.min_players
        most = profile.deck.size - seated * profile.hand_size - 1
        if stock is not None and (
            isinstance(stock, bool) or not isinstance(stock, int) or not 0 <= stock <= most
        ):
            raise InvalidPositionError(
                N_("stock must be a whole number from 0 to {most}, not {value}"),
                most=most, value=json.dumps(stock),
            )
        return stock if stock is None else int(stock)

    def _check_melds(
        self, melds: Sequence[Sequence[Card]], where: str, stands: Mapping[Card, Card]
    ) -> list[CardMask]:
        masks = []
        table = self.profile.table
        for i, meld in enumerate(melds):
            problem = meld_problem(meld, table, stands)
            if problem is not None:
                shown = "-".join(f"*{card_str(stands[c])}" if c in stands else card_str(c)
                                 for c in meld) or "()"
                raise InvalidPositionError(N_("{where} {meld} is not a valid meld: {problem}"),
                                           where=f"{where}[{i}]", meld=shown, problem=problem)
            masks.append(mask_of(meld))
        return masks

    def _laid_off(self, name: str, melds: Sequence[Sequence[Card]]) -> tuple[CardMask, ...]:
        raw = self.data.get(name)
        if raw is None or raw == []:
            return ()
        profile = self.profile
        if profile.lay_off == "none":
            raise InvalidPositionError(
                N_("{where}: nobody adds cards to the other player's melds in {rules} ({rule})"),
                where=name, rules=profile.id, rule=profile.rule("own_melds"),
            )
        if not isinstance(raw, list):
            raise InvalidPositionError(N_("{where} must be a list, not {kind}"), where=name,
                                       kind=json_type_name(raw))
        result = [0] * len(melds)
        for n, entry in enumerate(raw):
            where = f"{name}[{n}]"
            if not isinstance(entry, Mapping) or set(entry) != {"meld", "cards"}:
                raise InvalidPositionError(
                    N_('{where} must be an object {{"meld": index, "cards": [...]}}'),
                    where=where,
                )
            index = entry["meld"]
            if isinstance(index, bool) or not isinstance(index, int) \
                    or not 0 <= index < len(melds):
                raise InvalidPositionError(
                    N_("{where}.meld must be the index of a meld (0 to {last}), not {value}"),
                    where=where, last=len(melds) - 1, value=json.dumps(index),
                )
            meld = list(melds[index])
            result[index] |= self._pick(entry["cards"], meld, f"{where}.cards", result[index])
            if result[index] == mask_of(meld):
                raise InvalidPositionError(
                    N_("{where}: a meld cannot consist only of laid-off cards ({rule})"),
                    where=where, rule=profile.rule("lay_off"),
                )
        return tuple(result)

    def _pick(self, value: object, meld: list[Card], where: str, taken: CardMask) -> CardMask:
        """The cards of ``meld`` that ``value`` names (each a card already in that meld)."""
        if not isinstance(value, list) or not value:
            raise InvalidPositionError(N_("{where} must be a non-empty list of cards"),
                                       where=where)
        stands = dict(self.jokers)
        picked = taken
        for i, item in enumerate(value):
            text = item.strip() if isinstance(item, str) else item
            match = None
            for card in meld:
                if picked >> card & 1:
                    continue
                shown = f"*{card_str(stands[card])}" if card in stands else card_str(card)
                try:
                    same = shown == text or (
                        card not in stands and isinstance(text, str) and not text.startswith("*")
                        and card_kind(card) == parse_kind(text))
                except ConquianError:
                    same = False
                if same:
                    match = card
                    break
            if match is None:
                raise InvalidPositionError(N_("{where}: {card} is not a card of that meld"),
                                           where=f"{where}[{i}]", card=json.dumps(item))
            picked |= 1 << match
        return picked & ~taken

    def _check_table_jokers(self, melds: Sequence[CardMask], stands: Mapping[Card, Card]) -> None:
        on_table = union(melds)
        packs = self.profile.deck.packs
        for joker, card in sorted(stands.items()):
            naturals = sum(on_table >> (card_kind(card) + NATURALS * c) & 1 for c in range(packs))
            also = sum(1 for j, k in stands.items() if k == card and j != joker)
            if naturals + also + 1 > packs:
                raise InvalidPositionError(
                    N_("a joker stands for {card}, but {card} is already on the table ({rule})"),
                    card=card_str(card), rule=self.profile.rule("jokers"),
                )

    def _check_counts(self, position: Position, hand: int) -> None:
        profile = self.profile
        size = profile.hand_size
        down = position.down_count
        # K6: whoever melded the opening card holds one card more.
        most = size + 1 if profile.opening_extra else size
        if not size <= hand + down <= most:
            if not profile.melds_shown:
                raise InvalidPositionError(
                    N_("cards in your hand: {hand}; your hand must hold {total} at a decision "
                       "({rule})"),
                    hand=hand, total=size, rule=profile.rule("count"),
                )
            if most > size:
                raise InvalidPositionError(
                    N_("cards in your hand: {hand}, in your melds: {exposed}; together they must "
                       "be {total}, or {more} after melding the opening card, at a decision "
                       "({rule}, {opening_rule})"),
                    hand=hand, exposed=down, total=size, more=most, rule=profile.rule("count"),
                    opening_rule=profile.rule("opening"),
                )
            raise InvalidPositionError(
                N_("cards in your hand: {hand}, in your melds: {exposed}; together they must be "
                   "{total} at a decision ({rule})"),
                hand=hand, exposed=down, total=size, rule=profile.rule("count"),
            )
        theirs = (position.opponent_exposed.bit_count() - union(position.laid_off).bit_count()
                  + union(position.opponent_laid_off).bit_count())
        if theirs > size:  # eleven down ends the hand, opener or not
            raise InvalidPositionError(
                N_("the opponent shows {exposed} cards in melds, but at most {most} can be exposed "
                   "while the hand goes on ({win_rule}, {rule})"),
                exposed=theirs, most=size, win_rule=profile.rule("win") or profile.rule("out"),
                rule=profile.rule("count"),
            )
