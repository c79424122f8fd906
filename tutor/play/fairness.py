"""The deal commitment a viewer is shown (:mod:`solver.game.commitment`, issue 29): its
hash from the deal on, and once the hand is over the parts of the deal that viewer may see.

Version 2 (every hand dealt since) reveals to each seat the dealer, its own hand, every
hand the game turns face up and the stock (unless it would give a hidden hand away), to a
spectator the dealer (and, once the host shows the class's teacher the finished hand, what
a seat sees of the other hands), and of any other part its hash alone, with why;
a hand stored with version 1 reveals its whole deal to the seats, as it did then.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from solver.game import commitment as c
from solver.game.registry import game_rules
from solver.messages import N_

WHY_HIDDEN = {
    c.THROWN_IN: N_("Hidden: this hand was thrown in face down, so only its hash is shown."),
    c.GIVES_AWAY: N_("Hidden: the stock would give away cards of a hand that stays hidden, "
                     "so only its hash is shown."),
    c.NOT_SHOWN: N_("Hidden: a spectator does not see the players' hands unless the host "
                    "shows the finished hand to the class's teacher, so only its hash is "
                    "shown."),
}


def _part_name(label: str, viewer: int | None, names: list[str]) -> str:
    if label == c.DEALER:
        return _("Dealer")
    if label == c.STOCK:
        return _("Stock")
    seat = int(label.split()[1])
    if seat == viewer:
        return _("Your hand")
    return _("%(name)s's hand", name=names[seat])


def _reveal_v2(game: Any, salt: str, viewer: int | None, names: list[str],
               granted: bool) -> dict[str, Any]:
    state = game.state
    rules = game_rules(state.deal.rules)
    shows = rules.shows_hand
    hidden = c.hidden_parts(state.deal, viewer,
                            None if shows is None else (lambda seat: shows(state, seat)),
                            sees_hands=viewer is not None or granted)
    revealed = c.reveal_v2(state.deal, salt, hidden)
    for part in revealed["parts"]:
        part["name"] = _part_name(part["label"], viewer, names)
        part["why"] = None if part["hidden"] is None else _(WHY_HIDDEN[part["hidden"]])
    return revealed


def deal_commitment(game: Any, viewer: int | None, names: list[str],
                    granted: bool = False) -> dict[str, Any] | None:
    """The current hand's commitment for ``viewer`` (a seat, or ``None``: a spectator;
    ``names``: the seats' names): ``hash``, its ``short`` form and ``version``, and once
    the hand is over (or the match resigned) its ``revealed`` parts.  Before then nothing
    but the hash leaves the server.  A spectator sees no hand unless ``granted`` (the
    teacher the host showed the finished hand).  A version-1 hand reveals its whole deal
    (``salt``, ``deal``, ``text``), to a spectator only when ``granted``.  ``None`` for a
    hand dealt without a salt (an older game)."""
    salt = getattr(game, "deal_salt", None)
    if salt is None:
        return None
    deal = game.state.deal
    version = getattr(game, "commitment_version", 1)
    digest = c.commitment_v2(deal, salt) if version == 2 else c.commitment(deal, salt)
    revealed = None
    if game.hand_over or getattr(game, "resigned", False):  # no move can follow
        if version == 2:
            revealed = _reveal_v2(game, salt, viewer, names, granted)
        elif viewer is not None or granted:
            revealed = {"version": 1, "salt": salt, "deal": c.deal_text(deal),
                        "text": c.committed_text(deal, salt)}
    return {"hash": digest, "short": digest[:12], "algorithm": "sha256",
            "version": version, "revealed": revealed}
