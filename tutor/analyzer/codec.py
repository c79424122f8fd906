"""Positions in the URL: short, readable query parameters, so an analysis can be shared.

``?hand=4H5HQS&melds=4S5S6S.KHKDKC&opp=KSKHKC&center=6H&from=opponent&stock=12``

Cards are the contract's two-character codes. Input is forgiving: cards may also be
separated by spaces, commas or hyphens, written in lower case or with suit symbols,
and melds may be separated by ``;``, ``|``, ``/``, ``.`` or new lines. Validation is
the solver's (``Position.from_dict``); this module only splits the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from solver.cards import card_str, cards_of
from solver.melds import meld_cards
from solver.position import Position

FIELDS: Final = ("hand", "melds", "opp", "center", "from", "stock")
# The form's labels for its fields (tutor/templates/analyzer/index.html), for errors.
FIELD_LABELS: Final = {
    "hand": _l("Your hand"),
    "melds": _l("Your melds"),
    "opp": _l("Your opponent's melds"),
    "center": _l("Center card"),
    "from": _l("Where it came from"),
    "stock": _l("Cards in the stock"),
}
MAX_FIELD: Final = 400  # characters: a full position needs far fewer

_CARD_RUN: Final = re.compile(r"(?:(?:10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣])+")
_CARD: Final = re.compile(r"(?:10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣]")
_CARD_SEPARATORS: Final = re.compile(r"[\s,\-]+")
_MELD_SEPARATORS: Final = re.compile(r"[;|/.\n\r]+")


def split_cards(text: str) -> list[str]:
    """``"4H 5h,6♥"`` or ``"4H5H6H"`` → ``["4H", "5h", "6♥"]``; anything else is kept as a
    token so the solver can name it in its error message."""
    out: list[str] = []
    for token in _CARD_SEPARATORS.split(text.strip()):
        if not token:
            continue
        if len(token) > 2 and _CARD_RUN.fullmatch(token):
            out.extend(_CARD.findall(token))
        else:
            out.append(token)
    return out


def split_melds(text: str) -> list[list[str]]:
    return [cards for part in _MELD_SEPARATORS.split(text) if (cards := split_cards(part))]


class QueryError(ValueError):
    """A query parameter too long or otherwise unusable before the solver sees it."""


def has_position(args: Mapping[str, str]) -> bool:
    return "hand" in args or "center" in args


def position_data(args: Mapping[str, str]) -> dict[str, Any]:
    """The contract's position JSON from the query parameters (not yet validated)."""
    for name in FIELDS:
        if len(args.get(name, "")) > MAX_FIELD:
            raise QueryError(_("“%(field)s” is too long.", field=FIELD_LABELS[name]))
    data: dict[str, Any] = {
        "hand": split_cards(args.get("hand", "")),
        "melds": split_melds(args.get("melds", "")),
        "opponent_melds": split_melds(args.get("opp", "")),
    }
    center = split_cards(args.get("center", ""))
    if len(center) > 1:
        raise QueryError(_("Center card: give exactly one card."))
    if not center:
        raise QueryError(_("Choose the center card."))
    data["center"] = center[0]
    data["center_from"] = args.get("from", "opponent") or "opponent"
    stock = args.get("stock", "").strip()
    if stock:
        data["stock"] = int(stock) if stock.isdigit() else stock
    return data


def position_query(position: Position) -> dict[str, str]:
    """The canonical, compact query parameters of a position."""
    query = {
        "hand": "".join(card_str(c) for c in cards_of(position.hand)),
        "melds": ".".join("".join(card_str(c) for c in meld_cards(m)) for m in position.melds),
        "opp": ".".join(
            "".join(card_str(c) for c in meld_cards(m)) for m in position.opponent_melds
        ),
        "center": card_str(position.center),
        "from": position.center_from,
    }
    if position.stock is not None:
        query["stock"] = str(position.stock)
    return {k: v for k, v in query.items() if v or k == "hand"}


def form_values(args: Mapping[str, str]) -> dict[str, str]:
    """What the form fields show: the query as typed, cards spaced out for reading."""

    def spaced(text: str) -> str:
        return " ".join(split_cards(text))

    def spaced_melds(text: str) -> str:
        return "; ".join(" ".join(m) for m in split_melds(text))

    return {
        "hand": spaced(args.get("hand", ""))[:MAX_FIELD],
        "melds": spaced_melds(args.get("melds", ""))[:MAX_FIELD],
        "opp": spaced_melds(args.get("opp", ""))[:MAX_FIELD],
        "center": spaced(args.get("center", ""))[:MAX_FIELD],
        "from": "stock" if args.get("from") == "stock" else "opponent",
        "stock": args.get("stock", "")[:MAX_FIELD],
    }
