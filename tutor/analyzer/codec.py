"""Positions in the URL: short, readable query parameters, so an analysis can be shared.

``?hand=4H5HQS&melds=4S5S6S.KHKDKC&opp=KSKHKC&center=6H&from=opponent&stock=12``

Other profiles add ``rules=colonel``, ``players=4`` and the cards laid off on a meld,
``laid=1:8H9H.2:QS`` (yours, on the opponent's melds 1 and 2) and ``opplaid=...`` (the
opponent's, on yours); a joker is ``*`` in a hand and ``*5H`` (the card it stands for) in a
meld.  Only the fields the profile has are read: a conquin position is its hand, its center
card and the number of players.

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

from solver.errors import ConquianError
from solver.position import Position
from solver.rules import DEFAULT_PROFILE, PROFILES, RuleProfile, get_profile
from tutor.core.card_words import center_label, choose_center
from tutor.core.errors import error_text

FIELDS: Final = (
    "hand", "melds", "opp", "center", "from", "stock", "rules", "players", "laid", "opplaid",
)
# The form's labels for its fields (tutor/templates/analyzer/index.html), for errors; the
# center card's is the profile's own (tutor.core.card_words.center_label).
FIELD_LABELS: Final = {
    "hand": _l("Your hand"),
    "melds": _l("Your melds"),
    "opp": _l("Your opponent's melds"),
    "from": _l("Where it came from"),
    "stock": _l("Cards in the stock"),
    "rules": _l("Rules"),
    "players": _l("Players"),
    "laid": _l("Your lay-offs"),
    "opplaid": _l("Your opponent's lay-offs"),
}
MAX_FIELD: Final = 400  # characters: a full position needs far fewer

_NATURAL: Final = r"(?:10|[0-9AJQKTajqkt])[SHDCshdc♠♥♦♣]"
# In a meld a joker names the card it stands for (*5H); in a hand it is a bare *.
_CARD_RUN: Final = re.compile(rf"(?:\*?{_NATURAL}|\*)+")
_CARD: Final = re.compile(rf"\*?{_NATURAL}|\*")
_HAND_RUN: Final = re.compile(rf"(?:{_NATURAL}|\*)+")
_HAND_CARD: Final = re.compile(rf"{_NATURAL}|\*")
_LAID: Final = re.compile(r"\s*(\d{1,2})\s*:(.*)", re.S)
_CARD_SEPARATORS: Final = re.compile(r"[\s,\-]+")
_MELD_SEPARATORS: Final = re.compile(r"[;|/.\n\r]+")


def split_cards(text: str, *, in_meld: bool = False) -> list[str]:
    """``"4H 5h,6♥"`` or ``"4H5H6H"`` → ``["4H", "5h", "6♥"]``; anything else is kept as a
    token so the solver can name it in its error message.  In a meld ``*5H`` is one card
    (a joker standing for 5H); in a hand ``*5H`` is a joker and 5H."""
    run, card = (_CARD_RUN, _CARD) if in_meld else (_HAND_RUN, _HAND_CARD)
    out: list[str] = []
    for token in _CARD_SEPARATORS.split(text.strip()):
        if not token:
            continue
        if len(token) > 1 and token != "10" and run.fullmatch(token):
            out.extend(card.findall(token))
        else:
            out.append(token)
    return out


def split_melds(text: str) -> list[list[str]]:
    return [cards for part in _MELD_SEPARATORS.split(text)
            if (cards := split_cards(part, in_meld=True))]


def split_laid_off(text: str, name: str) -> list[dict[str, Any]]:
    """``"1: 8H 9H; 2: QS"`` → ``[{"meld": 0, "cards": ["8H", "9H"]}, {"meld": 1, ...}]``
    (the form numbers melds from 1, the position from 0)."""
    out: list[dict[str, Any]] = []
    for part in _MELD_SEPARATORS.split(text):
        if not part.strip():
            continue
        match = _LAID.fullmatch(part)
        if match is None or int(match[1]) < 1:
            raise QueryError(_(
                "“%(field)s”: give the number of the meld, a colon and the cards, "
                "for example 1: 8H 9H.", field=FIELD_LABELS[name]))
        out.append({"meld": int(match[1]) - 1, "cards": split_cards(match[2], in_meld=True)})
    return out


def _laid_off_text(entries: list[dict[str, Any]], compact: bool) -> str:
    join = "" if compact else " "
    return (".".join if compact else "; ".join)(
        f"{e['meld'] + 1}:{'' if compact else ' '}{join.join(e['cards'])}" for e in entries
    )


class QueryError(ValueError):
    """A query parameter too long or otherwise unusable before the solver sees it."""


def has_position(args: Mapping[str, str]) -> bool:
    return "hand" in args or "center" in args


def profile_of(args: Mapping[str, str]) -> RuleProfile:
    """The profile the query names (conquian-40 when none); an unknown one is a
    :class:`QueryError` that lists the known profiles."""
    name = args.get("rules", "") or DEFAULT_PROFILE.id
    try:
        return get_profile(name)
    except ConquianError as exc:
        raise QueryError(error_text(exc)) from None


def position_data(args: Mapping[str, str]) -> dict[str, Any]:
    """The contract's position JSON from the query parameters (not yet validated); only
    the fields the profile has are read."""
    for name in FIELDS:
        if len(args.get(name, "")) > MAX_FIELD:
            label = center_label(profile_of(args)) if name == "center" else FIELD_LABELS[name]
            raise QueryError(_("“%(field)s” is too long.", field=label))
    profile = profile_of(args)
    data: dict[str, Any] = {"hand": split_cards(args.get("hand", ""))}
    if profile is not DEFAULT_PROFILE:
        data = {"rules": profile.id, **data}
    if profile.melds_shown:
        data["melds"] = split_melds(args.get("melds", ""))
        data["opponent_melds"] = split_melds(args.get("opp", ""))
    center = split_cards(args.get("center", ""))
    if len(center) > 1:
        raise QueryError(_("%(field)s: give exactly one card.", field=center_label(profile)))
    if not center:
        raise QueryError(choose_center(profile))
    data["center"] = center[0]
    if profile.melds_shown:
        data["center_from"] = args.get("from", "opponent") or "opponent"
        stock = args.get("stock", "").strip()
        if stock:
            data["stock"] = int(stock) if stock.isdigit() else stock
    if profile.lay_off != "none":
        for name, key in (("laid", "laid_off"), ("opplaid", "opponent_laid_off")):
            entries = split_laid_off(args.get(name, ""), name)
            if entries:
                data[key] = entries
    players = args.get("players", "").strip()
    if players and not profile.players_fixed:
        data["players"] = int(players) if players.isdigit() else players
    return data


def position_query(position: Position) -> dict[str, str]:
    """The canonical, compact query parameters of a position."""
    data = position.to_dict()
    query: dict[str, str] = {}
    if position.rules is not DEFAULT_PROFILE:
        query["rules"] = position.rules.id
    query["hand"] = "".join(data["hand"])
    query["melds"] = ".".join("".join(m) for m in data.get("melds", []))
    query["opp"] = ".".join("".join(m) for m in data.get("opponent_melds", []))
    query["center"] = data["center"]
    if position.rules.melds_shown:
        query["from"] = position.center_from
    if position.stock is not None:
        query["stock"] = str(position.stock)
    query["laid"] = _laid_off_text(data.get("laid_off", []), compact=True)
    query["opplaid"] = _laid_off_text(data.get("opponent_laid_off", []), compact=True)
    if position.players is not None:
        query["players"] = str(position.players)
    return {k: v for k, v in query.items() if v or k == "hand"}


def form_values(args: Mapping[str, str]) -> dict[str, str]:
    """What the form fields show: the query as typed, cards spaced out for reading."""

    def spaced(text: str) -> str:
        return " ".join(split_cards(text))

    def spaced_melds(text: str) -> str:
        return "; ".join(" ".join(m) for m in split_melds(text))

    def spaced_laid(text: str, name: str) -> str:
        try:
            return _laid_off_text(split_laid_off(text, name), compact=False)
        except QueryError:
            return text

    rules = args.get("rules", "")
    return {
        "rules": rules if rules in PROFILES else DEFAULT_PROFILE.id,
        "hand": spaced(args.get("hand", ""))[:MAX_FIELD],
        "melds": spaced_melds(args.get("melds", ""))[:MAX_FIELD],
        "opp": spaced_melds(args.get("opp", ""))[:MAX_FIELD],
        "center": spaced(args.get("center", ""))[:MAX_FIELD],
        "from": "stock" if args.get("from") == "stock" else "opponent",
        "stock": args.get("stock", "")[:MAX_FIELD],
        "players": args.get("players", "")[:MAX_FIELD],
        "laid": spaced_laid(args.get("laid", ""), "laid")[:MAX_FIELD],
        "opplaid": spaced_laid(args.get("opplaid", ""), "opplaid")[:MAX_FIELD],
    }
