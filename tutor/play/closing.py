"""A finished Conquin deal shown to the learner: the closer's melds and the payment worked
out line by line (I10: the pot, the multiplier, what each player still in pays; I11: the
Pot chip), from the observation of seat 0 alone (the antes and bets each seat paid are
public)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from solver.rules import RuleProfile
from tutor.play.table_view import HUMAN
from tutor.play.table_view import seat_name as named


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def nets(view: Mapping[str, Any], stake: int) -> list[int]:
    """What each seat wins or loses in the deal, worked out as the payment lines say: every
    seat loses what it put in; the closer takes the pot, and each other seat still in pays
    it the stake again (multiplier − 1) times."""
    result = view.get("result") or {}
    players = view["players"]
    winner = result.get("winner")
    out = [-int(p["paid"]) for p in players]
    if winner is None:  # nobody stayed in: the antes go back
        return [0] * len(players)
    extra = (int(result.get("multiplier") or 1) - 1) * stake
    for p in players:
        if p["seat"] != winner and p["in"]:
            out[p["seat"]] -= extra
            out[winner] += extra
    out[winner] += int(view["pot"])
    return out


def closing(view: Mapping[str, Any], rules: RuleProfile, stake: int, pot_played: bool,
            names: Sequence[str] | None = None, you: bool = True) -> dict[str, Any] | None:
    """``{"melds", "payment", "net"}`` once a deal with a pot is over (``stake``: the
    chips at stake in it, I7); ``None`` otherwise.  ``names``: each seat's name by the
    observation's (seat-relative) seat, a live table's; ``you``: seat 0 reads the lines
    (a spectator does not)."""
    result = view.get("result")
    players = view.get("players")
    if not result or not players or "pot" not in view:
        return None
    seats = len(players)

    def seat_name(seat: int, seats: int) -> str:
        return names[seat] if names is not None else named(seat, seats)

    winner = result.get("winner")
    melds = sorted((list(m) for m in result.get("melds") or []), key=len, reverse=True)
    pay, bets = rules.rule("score"), rules.rule("betting")
    lines = [_("The pot holds %(pot)s chips: the antes and bets of this deal (%(antes)s, "
               "%(betting)s).", pot=view["pot"], antes=rules.rule("antes"), betting=bets)]
    net = nets(view, stake)
    if winner is None:
        if result.get("end") == "limit":
            lines.append(_("Nobody closed in %(turns)s turns, so the deal ends with no "
                           "closer: every player takes back what they put in (%(rule)s).",
                           turns=result.get("turns"), rule=rules.rule("stock_out")))
        else:
            lines.append(_("Nobody played on: the antes go back."))
        return {"melds": [], "payment": lines, "net": net}
    who = seat_name(winner, seats)
    multiplier = int(result.get("multiplier") or 1)
    extra = (multiplier - 1) * stake
    if result.get("end") != "close":
        lines.append(_("%(who)s is the only player left in and takes the pot.", who=who))
    elif multiplier > 1:
        lines.append(
            _("You closed for ×%(m)s: each player still in pays you %(extra)s more chips "
               "(%(stake)s × %(more)s) (%(rule)s).", m=multiplier, extra=extra,
               stake=stake, more=multiplier - 1, rule=pay) if winner == HUMAN and you else
             _("%(who)s closed for ×%(m)s: each player still in pays %(extra)s more chips "
               "(%(stake)s × %(more)s) (%(rule)s).", who=who, m=multiplier, extra=extra,
               stake=stake, more=multiplier - 1, rule=pay))
    else:
        lines.append(_("You closed for ×1: nobody pays more than the pot (%(rule)s).",
                       rule=pay) if winner == HUMAN and you else
                     _("%(who)s closed for ×1: nobody pays more than the pot (%(rule)s).",
                       who=who, rule=pay))
    for p in players:
        seat = p["seat"]
        name = seat_name(seat, seats)
        if seat == winner:
            lines.append(_("%(who)s: the pot %(pot)s + %(extra)s from the others − %(paid)s "
                           "put in = %(net)s", who=name, pot=view["pot"],
                           extra=net[seat] - int(view["pot"]) + int(p["paid"]),
                           paid=p["paid"], net=signed(net[seat])))
        elif p["in"]:
            lines.append(_("%(who)s: %(paid)s put in + %(extra)s more = %(net)s", who=name,
                           paid=p["paid"], extra=extra, net=signed(net[seat])))
        else:
            lines.append(_("%(who)s passed: %(paid)s put in, nothing more = %(net)s",
                           who=name, paid=p["paid"], net=signed(net[seat])))
    if pot_played:
        lines.append(_("%(who)s takes the Pot chip (%(rule)s).", who=who,
                       rule=rules.rule("pot")))
    return {"melds": melds, "payment": lines, "net": net}
