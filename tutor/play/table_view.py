"""The table as the learner sees it, read off the observation of seat 0 alone: the seats
(who dealt, cards in hand, score), every meld with whose each card is, frozen melds and
what a joker stands for.

Observations of the games differ in shape (a meld as a list of codes, as a dict with its
laid-off cards, or the whole table with owners); these functions read each shape, never
the profile's id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from solver.rules import RuleProfile
from tutor.play.speech import gettext as _

HUMAN = 0


def seat_name(seat: int, seats: int) -> str:
    """"You", "The computer" (one opponent) or "Computer 2"."""
    if seat == HUMAN:
        return _("You")
    if seats == 2:
        return _("The computer")
    return _("Computer %(n)s", n=seat)


def seat_count(view: Mapping[str, Any]) -> int:
    players = view.get("players")
    return len(players) if isinstance(players, list) and players else 2


def seat_relative(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """``view`` with its seats counted from the viewer, as these functions read them (seat
    0 is "you").  An observation that lists ``players`` by their table seats (Conquin's)
    is turned round so that the viewer's entry comes first, and its result's winner and
    chips with it; any other view is returned as it is."""
    players = view.get("players")
    if not isinstance(players, list) or not players:
        return view
    me = next((p["seat"] for p in players if p.get("you")), HUMAN)
    if me == HUMAN:
        return view
    n = len(players)
    turned = dict(view)
    turned["players"] = [{**players[(me + k) % n], "seat": k} for k in range(n)]
    result = view.get("result")
    if isinstance(result, Mapping):
        result = dict(result)
        if isinstance(result.get("winner"), int):
            result["winner"] = (result["winner"] - me) % n
        chips = result.get("chips")
        if isinstance(chips, list) and len(chips) == n:
            result["chips"] = [chips[(me + k) % n] for k in range(n)]
        turned["result"] = result
    return turned


def dealer_of(view: Mapping[str, Any]) -> int:
    """The seat that dealt this hand (public: everyone saw the deal)."""
    players = view.get("players")
    if isinstance(players, list) and players:
        return next((p["seat"] for p in players if p.get("dealer")), 0)
    return HUMAN if view.get("dealer") else 1


def seat_list(view: Mapping[str, Any], score: Sequence[int]) -> list[dict[str, Any]]:
    """Every seat: its name, whether it is the learner, its cards in hand, whether it
    dealt and its match score (Conquin: its chips)."""
    seats = seat_count(view)
    dealer = dealer_of(view)
    counts: dict[int, int] = {HUMAN: len(view.get("hand") or [])}
    players = view.get("players")
    if isinstance(players, list) and players:
        counts.update({p["seat"]: p["hand_count"] for p in players if p["seat"] != HUMAN})
    else:
        counts[1] = int(view.get("opponent_hand_count") or 0)
    out = []
    for seat in range(seats):
        entry: dict[str, Any] = {
            "seat": seat, "name": seat_name(seat, seats), "you": seat == HUMAN,
            "hand_count": counts.get(seat, 0), "dealer": seat == dealer,
            "score": score[seat] if seat < len(score) else 0}
        if isinstance(players, list) and players:
            entry["still_in"] = bool(players[seat].get("in"))
            entry["pot_chip"] = bool(players[seat].get("pot_chip"))
        out.append(entry)
    return out


def dealt_text(view: Mapping[str, Any]) -> str:
    dealer = dealer_of(view)
    if dealer == HUMAN:
        return _("You dealt.")
    if seat_count(view) == 2:
        return _("The computer dealt.")
    return _("Computer %(n)s dealt.", n=dealer)


def name_center(view: dict[str, Any]) -> None:
    """Give ``center`` to a game whose observation calls its face-up card otherwise (Colonel's
    upcard, the top of its discard pile), so the play page and the live table both draw it."""
    if "center" not in view:
        view["center"] = view.get("upcard")
        view["center_from"] = None if view.get("upcard") is None else "waste"
    view.setdefault("center_from", None)


def card_entry(code: str, owner: int) -> dict[str, Any]:
    """One card of a meld; a joker ("*5H") says what it stands for."""
    stands = code[1:] if code.startswith("*") and len(code) > 1 else None
    return {"code": code, "owner": owner, "stands_for": stands}


def _meld(owner: int, codes: Sequence[str], theirs: Counter[str], other: int,
          freezes: bool, seats: int) -> dict[str, Any]:
    """A meld of ``owner`` whose cards in ``theirs`` (a multiset, used up here) belong to
    seat ``other``; such a meld is frozen where the profile freezes it."""
    cards = []
    for code in codes:
        if theirs[code] > 0:
            theirs[code] -= 1
            cards.append(card_entry(code, other))
        else:
            cards.append(card_entry(code, owner))
    laid_on = any(c["owner"] != owner for c in cards)
    return {"owner": owner, "owner_name": seat_name(owner, seats),
            "frozen": freezes and laid_on, "cards": cards}


def _codes(meld: Any) -> list[str]:
    if isinstance(meld, Mapping):
        return list(meld.get("cards") or meld.get("meld") or [])
    return list(meld)


def table(view: Mapping[str, Any], rules: RuleProfile) -> list[dict[str, Any]]:
    """Every meld on the table, the learner's first, each card with the seat who laid it."""
    freezes = rules.lay_off_freezes
    seats = seat_count(view)
    if isinstance(view.get("table"), list):  # the whole table in the order it went down
        mine, theirs = Counter(view.get("down") or []), Counter(view.get("opponent_down") or [])
        out = []
        for entry in view["table"]:
            owner = HUMAN if entry.get("owner") == "you" else 1
            cards = []
            for code in _codes(entry):
                laid_by = HUMAN if mine[code] > 0 else 1 if theirs[code] > 0 else owner
                (mine if laid_by == HUMAN else theirs)[code] -= 1
                cards.append(card_entry(code, laid_by))
            laid_on = any(c["owner"] != owner for c in cards)
            out.append({"owner": owner, "owner_name": seat_name(owner, seats),
                        "frozen": freezes and laid_on, "cards": cards})
        return out  # in the order the melds went down: a lay-off names its meld by it
    own, other = view.get("melds") or [], view.get("opponent_melds") or []
    melds: list[dict[str, Any]] = []
    for owner, group, laid_key in ((HUMAN, own, "opponent_laid_off"),
                                   (1, other, "laid_off")):
        layer = 1 - owner
        pooled = Counter(view.get(laid_key) or [])  # one list for all melds of a side
        for meld in group:
            on_this = Counter(meld.get("laid_off") or []) if isinstance(meld, Mapping) \
                else pooled
            melds.append(_meld(owner, _codes(meld), on_this, layer, freezes, seats))
    result = view.get("result")
    if isinstance(result, Mapping) and result.get("end") == "close" \
            and isinstance(result.get("winner"), int):
        # A close shows the closer's melds from the hand (Conquin): on the table now.
        closer = result["winner"]
        melds.extend(_meld(closer, _codes(m), Counter(), closer, freezes, seats)
                     for m in result.get("melds") or [])
    return melds


def meld_text(meld: Mapping[str, Any]) -> list[str]:
    """The codes of a table meld (for labels: "4♥ 5♥ 6♥")."""
    return [c["code"] for c in meld["cards"]]
