"""The learner's legal actions as choices: a short imperative label each ("Take 6♦ with
7♦ J♦", "Discard 3♠", "Lay off 5♥ on your meld 4♥ 5♥ 6♥"), the hand cards it plays and
whether it uses the center card, so the page can offer the one that matches the cards the
learner selects.  An action that also names a discard (a take, a close) is grouped: one
choice for the meld, carrying its ``discards``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from solver.claims.glyphs import string_text
from solver.rules import RuleProfile
from tutor.play.speech import gettext as _
from tutor.play.speech import ngettext
from tutor.play.table_view import HUMAN, meld_text, table

KINDS = {"add": "meld", "no_force": "force", "accept": "challenge", "refuse": "challenge",
         "play": "bet", "raise": "bet", "call": "bet", "take_back": "take_back"}


def glyphs(codes: Sequence[str]) -> str:
    return " ".join(string_text(c) for c in codes)


def hand_code(code: str) -> str:
    """The hand's code of a card an action plays: a joker is "*" in the hand."""
    return "*" if code.startswith("*") else code


def _meld_at(table: Sequence[Mapping[str, Any]], owner: object, index: object
             ) -> Mapping[str, Any] | None:
    """Meld ``index`` of seat ``owner`` (or of the whole table when ``owner`` is None)."""
    if not isinstance(index, int):
        return None
    melds = [m for m in table if owner is None or m["owner"] == owner]
    return melds[index] if 0 <= index < len(melds) else None


def _whose(meld: Mapping[str, Any] | None, seats: int,
           names: Sequence[str] | None = None) -> str:
    if meld is None:
        return _("a meld")
    cards = glyphs(meld_text(meld))
    if meld["owner"] == HUMAN:
        return _("your meld %(cards)s", cards=cards)
    if names and 0 <= meld["owner"] < len(names):  # a table: the seat's player by name
        return _("%(name)s's meld %(cards)s", name=names[meld["owner"]], cards=cards)
    if seats == 2:
        return _("the computer's meld %(cards)s", cards=cards)
    return _("computer %(n)s's meld %(cards)s", n=meld["owner"], cards=cards)


def label(action: Mapping[str, Any], view: Mapping[str, Any],
          table: Sequence[Mapping[str, Any]], opening: bool = False,
          names: Sequence[str] | None = None) -> str:
    """The action in the imperative, as short as it can say which action it is
    (``opening``: a discard lays the opening card face up, K6).  ``names``: at a table,
    the players' names from its seat list, the viewer's first and the others' in the
    observation's order (seat-relative); without them the opponent is the computer."""
    kind = action.get("type")
    card = action.get("card")
    shown = string_text(str(card)) if card else ""
    cards = glyphs(action.get("cards") or [])
    seats = len(view.get("players") or []) or 2
    if kind == "turn":
        return _("Turn the top card of the stock")
    if kind == "draw" or (kind == "take" and action.get("from") == "stock"):
        if action.get("from") == "upcard":
            return _("Take %(card)s from the discards", card=string_text(view["upcard"]))
        return _("Draw from the stock")
    if kind == "take":
        if not card:  # the face-up card (Conquin)
            return _("Take %(card)s", card=string_text(str(view.get("center"))))
        if "melds" not in action:  # the card goes into play step by step (Kunken)
            return _("Take %(card)s", card=shown)
        hand = action.get("hand_cards") or []
        if action.get("lay_off"):
            text = _("Take %(card)s and lay it off", card=shown)
        elif hand:
            text = _("Take %(card)s with %(cards)s", card=shown, cards=glyphs(hand))
        else:
            text = _("Take %(card)s onto your melds", card=shown)
        if action.get("discard") is None:
            return _("%(take)s and win", take=text)
        return text
    if kind == "discard":
        if opening:
            return _("Lay %(card)s face up: it starts the discard pile", card=shown)
        return _("Discard %(card)s", card=shown)
    if kind == "decline":
        return _("Decline %(card)s", card=shown)
    if kind == "pass":
        if card:
            return _("Pass %(card)s", card=shown)
        return _("Pass: drop out of this deal")
    if kind == "force":
        if names and len(names) > 1:
            return _("Force %(card)s on %(name)s", card=shown, name=names[1])
        return _("Force %(card)s on the computer", card=shown)
    if kind == "no_force":
        return _("Do not force it")
    if kind == "meld":
        return _("Meld %(cards)s", cards=cards)
    if kind in ("add", "lay_off"):
        owner = action.get("owner")
        meld = _meld_at(table, owner, action.get("meld"))
        if meld is not None and meld["owner"] == HUMAN:
            return _("Add %(cards)s to %(meld)s", cards=cards,
                     meld=_whose(meld, seats, names))
        return _("Lay off %(cards)s on %(meld)s", cards=cards,
                 meld=_whose(meld, seats, names))
    if kind == "swap":
        meld = _meld_at(table, action.get("owner"), action.get("meld"))
        return _("Swap %(card)s for the joker in %(meld)s", card=shown,
                 meld=_whose(meld, seats, names))
    if kind == "take_back":
        meld = _meld_at(table, action.get("owner"), action.get("meld"))
        return _("Take back %(meld)s", meld=_whose(meld, seats, names))
    if kind == "challenge":
        return _("Challenge: fewer pips wins")
    if kind == "accept":
        return _("Accept the challenge")
    if kind == "refuse":
        return _("Refuse the challenge")
    chips = action.get("chips") or 0
    if kind == "play":
        if not chips:
            return _("Play")
        return ngettext("Play: pay %(num)s more chip", "Play: pay %(num)s more chips", chips)
    if kind == "raise":
        return ngettext("Raise: pay %(num)s chip", "Raise: pay %(num)s chips", chips)
    if kind == "call":
        return ngettext("Call: pay %(num)s chip", "Call: pay %(num)s chips", chips)
    if kind == "close":
        return _("Close: %(melds)s", melds=" / ".join(glyphs(m) for m in action["melds"]))
    return str(kind)


def suggested(action: Mapping[str, Any], view: Mapping[str, Any], rules: RuleProfile) -> str:
    """A move the player did not make (a review's best move compared) in the imperative, as
    the table would have offered it in the position ``view`` shows: "Lay down 2♦ 2♣ 2♠",
    never told as if made ("You laid down …")."""
    return label(action, view, table(view, rules))


def hand_cards(action: Mapping[str, Any]) -> list[str]:
    """The hand cards an action plays (its discard apart)."""
    kind = action.get("type")
    if kind == "take":
        return list(action.get("hand_cards") or [])
    if kind in ("meld", "add", "lay_off"):
        return [hand_code(c) for c in action.get("cards") or []]
    if kind == "swap" and action.get("card"):
        return [hand_code(str(action["card"]))]
    if kind in ("discard",):
        return [hand_code(str(action["card"]))]
    if kind == "close":
        return [hand_code(c) for meld in action.get("melds") or [] for c in meld]
    return []


def uses_center(action: Mapping[str, Any], view: Mapping[str, Any]) -> bool:
    kind = action.get("type")
    if kind == "take":
        return action.get("from") != "stock"
    if kind == "draw":
        return action.get("from") == "upcard"
    center = view.get("center")
    return kind in ("decline", "force") or (kind == "pass" and center is not None
                                            and action.get("card") == center)


def kind_of(action: Mapping[str, Any], table: Sequence[Mapping[str, Any]]) -> str:
    kind = str(action.get("type"))
    if kind == "take" and action.get("from") == "stock":
        return "draw"
    if kind == "draw" and action.get("from") == "upcard":
        return "take"
    if kind == "add":
        meld = _meld_at(table, action.get("owner"), action.get("meld"))
        return "meld" if meld is not None and meld["owner"] == HUMAN else "lay_off"
    return KINDS.get(kind, kind)


def choices(actions: Sequence[Mapping[str, Any]], view: Mapping[str, Any],
            table: Sequence[Mapping[str, Any]], *, opening: bool = False,
            names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """One choice per legal action, but for actions differing only in their discard:
    those are one choice whose ``discards`` list each discard with its whole action
    (``names``: the players' names at a table, as :func:`label` reads them)."""
    out: list[dict[str, Any]] = []
    grouped: dict[str, dict[str, Any]] = {}
    for data in actions:
        discard = data.get("discard")
        if discard is not None:
            key = json.dumps({k: v for k, v in data.items() if k != "discard"}, sort_keys=True)
            group = grouped.get(key)
            if group is None:
                base = {**data, "discard": None}
                group = grouped[key] = _choice(len(out), base, view, table, names=names)
                group["action"] = None  # only a discard completes it
                group["discards"] = []
                out.append(group)
            group["discards"].append({"card": discard, "label": _("Discard %(card)s",
                                                                   card=string_text(discard)),
                                      "action": dict(data)})
            continue
        out.append(_choice(len(out), data, view, table, opening, names))
    for choice in out:
        if choice.get("action") is None and choice.get("discards"):
            # A take still to be completed by a discard is not a winning take.
            choice["label"] = choice["text"] = label(choice["discards"][0]["action"], view,
                                                     table, names=names)
    return out


def _choice(index: int, data: Mapping[str, Any], view: Mapping[str, Any],
            table: Sequence[Mapping[str, Any]], opening: bool = False,
            names: Sequence[str] | None = None) -> dict[str, Any]:
    text = label(data, view, table, opening, names)
    return {"id": index, "label": text, "text": text, "kind": kind_of(data, table),
            "hand_cards": hand_cards(data), "uses_center": uses_center(data, view),
            "action": dict(data), "discards": None}


def actions_of(observation: Any) -> list[dict[str, Any]]:
    """The legal actions of the observed seat, in record form (empty when not to act)."""
    if not getattr(observation, "to_act", False):
        return []
    return [a.to_dict() for a in observation.legal_actions()]
