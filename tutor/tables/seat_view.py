"""What one seat (or a spectator) of a live table sees: built from the game's observer for
that seat alone (``observe(state, seat)`` for the position, ``observe_action(…, seat)`` for
the moves), never from the full state.  A spectator's view holds only what every seat's
observer shows alike (the public part), the cards in each hand counted and each seat's
exposed melds as that seat's own observer shows them.

Observations are seat-relative ("you" is the viewing seat), so the table-page helpers of
tutor.play (``table``, ``choices``, ``tell``), which read seat 0 as "you", read them as
they are; the seats' names and numbers come from the table.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from solver.game.registry import game_rules
from tutor.models import PlayTable
from tutor.play.card_help import card_help
from tutor.play.choices import actions_of, choices
from tutor.play.closing import closing
from tutor.play.describe import opens, translator
from tutor.play.fairness import deal_commitment
from tutor.play.games import TableGame
from tutor.play.table_view import name_center, seat_list, seat_relative
from tutor.play.table_view import table as tabled_melds
from tutor.tables import memo, reviews

PRIVATE = ("hand", "legal_actions", "takes", "analysis", "player", "to_act", "you",
           "facing_center", "pending", "plays")
"""Fields of an observation that speak of the viewing seat: never in a spectator's view."""


def seat_names(seats: list[Any], count: int) -> list[str]:
    names = []
    for index in range(count):
        row = next((s for s in seats if s.seat == index), None)
        if row is None:
            names.append(_("Free seat %(n)s", n=index + 1))
        elif row.kind == "computer" and row.learner_id is None:
            names.append(_("Computer %(n)s", n=index + 1))
        else:
            names.append(row.name or _("Player %(n)s", n=index + 1))
    return names


def _hand_counts(game: TableGame) -> list[int]:
    """Cards in each hand: a count everyone at the table can see (each seat's observer)."""
    rules = game_rules(game.rules)
    return [len(rules.observe(game.state, s).to_dict().get("hand") or [])
            for s in range(game.seats)]


def _winner(result: Any, viewer: int | None, seats: int) -> int | None:
    """The winning seat of an observation's result (seat-relative words read back)."""
    if not isinstance(result, dict):
        return None
    winner = result.get("winner")
    if winner == "you":
        return viewer
    if winner == "opponent" and viewer is not None and seats == 2:
        return 1 - viewer
    return winner if isinstance(winner, int) else None


def _log(game: TableGame, viewer: int, names: list[str], start: int) -> list[dict[str, Any]]:
    """The moves of the current hand from step ``start``, as ``viewer``'s observer shows
    them (a spectator reads them as the seat ``viewer`` would, cards it drew left out by
    the caller choosing a seat that did not act)."""
    state = game.state
    seen = game_rules(game.rules).observe_action
    told = memo.teller(translator())
    out = []
    for step in range(start, len(state.history)):
        seat, action = state.history[step]
        data = seen(state, seat, action, viewer)
        text = told(data, 0 if seat == viewer else 1 + seat, names[seat],
                    opens(state.history, step, seat))
        out.append({"step": step, "seat": seat, "action": data, "text": text})
    return out


def revealed(game: TableGame, names: list[str]) -> list[dict[str, Any]] | None:
    """Once the hand is over: each hand the game turns face up, from its own seat's
    observer (a Conquin hand thrown in stays face down: ``None``)."""
    if not game.hand_over:
        return None
    rules = game_rules(game.rules)
    return [{"seat": s, "name": names[s],
             "hand": rules.observe(game.state, s).to_dict().get("hand", [])
             if rules.shows_hand is None or rules.shows_hand(game.state, s) else None}
            for s in range(game.seats)]


def felt(game: TableGame, obs: Any, viewer: int, names: list[str], you: bool = True
         ) -> dict[str, Any]:
    """The table as the play page draws it, built by the play page's own builders
    (tutor/play/table_view.py, closing.py) from ``obs``, the observation of seat ``viewer``
    (read seat-relative, ``seat_relative``: its seat 0 is ``viewer``): the seats (name,
    mark, cards in hand, score, dealer), every meld with who laid each card, frozen melds,
    what a joker stands for, and a finished deal's closing.  ``you``: ``viewer`` is the
    one reading (a spectator reads seat 0's public part, as nobody)."""
    view = seat_relative(obs.to_dict())
    count = game.seats
    seat_of = [(viewer + k) % count for k in range(count)]  # relative seat -> table seat
    score = list(game.score)
    seats = seat_list(view, [score[s] if s < len(score) else 0 for s in seat_of])
    for entry in seats:
        entry.update(name=names[seat_of[entry["seat"]]], table_seat=seat_of[entry["seat"]],
                     you=you and entry["you"], mark=f"#{seat_of[entry['seat']] + 1}")
    melds = [{**m, "owner_name": names[seat_of[m["owner"]]]}
             for m in tabled_melds(view, game.rules)]
    over = closing(view, game.rules, int(view.get("stake") or 0),
                   bool(getattr(obs, "pot_played", False)),
                   [names[s] for s in seat_of], you) if game.hand_over else None
    return {"seats": sorted(seats, key=lambda e: int(e["table_seat"])), "table": melds,
            "closing": over}


def seat_view(game: TableGame, seat: int, names: list[str], since: int = 0,
              coaching: bool = False, help_requested: bool = False,
              play_table: PlayTable | None = None) -> dict[str, Any]:
    """The view of the player at ``seat``; ``since``: the first step of the hand whose
    move the caller has not seen (the log of what changed); ``play_table``: the table, for
    the link to the seat's review once the hand is over."""
    rules = game_rules(game.rules)
    obs = rules.observe(game.state, seat)
    view = obs.to_dict()
    view.pop("analysis", None)  # the coaching panel says what it may, on request
    table = tabled_melds(view, game.rules)
    legal = actions_of(obs) if view.get("to_act") else []
    history = game.state.history
    view["choices"] = choices(legal, view, table,
                              opening=opens([*history, (seat, None)], len(history), seat),
                              names=[names[(seat + k) % game.seats]  # seat-relative
                                     for k in range(game.seats)])
    view["table"] = table
    if coaching and help_requested and not game.hand_over:
        sentences, _position, _claims = card_help(view, game.rules,
                                                  {a["type"] for a in legal}, table,
                                                  game.seats, translator())
        view["help"] = sentences
    view["felt"] = felt(game, obs, seat, names)
    view["review_url"] = (None if play_table is None
                          else reviews.review_link(play_table, game, seat))
    return _common(game, view, seat, names, since)


def spectator_view(game: TableGame, names: list[str], since: int = 0,
                   granted: bool = False) -> dict[str, Any]:
    """What a spectator may see: the fields every seat's observer shows alike, the hand
    counts, and each seat's exposed melds from its own observer.  ``granted``: the viewer
    is the class's teacher and the host granted the hand on the table, which is over: the
    hands as they ended, and the deal's parts a seat sees of the others' hands.  Once the
    hand is over every spectator gets the deal's public part (``deal_commitment``: the
    dealer, every other part by its hash alone)."""
    rules = game_rules(game.rules)
    observed = [rules.observe(game.state, s) for s in range(game.seats)]
    views = [o.to_dict() for o in observed]
    public = {key: value for key, value in views[0].items()
              if key not in PRIVATE and all(_same(v.get(key), value) for v in views[1:])}
    public["melds_by_seat"] = [
        [m for m in tabled_melds(seat_relative(v), game.rules) if m["owner"] == 0]
        for v in views]
    public["choices"] = []
    # Seat 0's table, melds and closing: public (laid face up), read as nobody's.
    public["felt"] = felt(game, observed[0], 0, names, you=False)
    # A step as the seats that did not make it see it (a draw from the stock shows its
    # card to the drawer alone); left out should they see it differently.
    seen = rules.observe_action
    told = memo.teller(translator())
    state = game.state
    public_log = []
    for step in range(since, len(state.history)):
        seat, action = state.history[step]
        shown = [seen(state, seat, action, viewer) for viewer in range(game.seats)
                 if viewer != seat]
        if all(_same(other, shown[0]) for other in shown[1:]):
            public_log.append({"step": step, "seat": seat, "action": shown[0],
                               "text": told(shown[0], 1 + seat, names[seat],
                                            opens(state.history, step, seat))})
    view = _common(game, public, None, names, since)
    view["log"] = public_log
    if granted and game.hand_over:  # the finished hand only, never a hand in play
        view["revealed"] = revealed(game, names)
        view["deal_commitment"] = deal_commitment(game, None, names, granted=True)
    view["granted"] = bool(granted and game.hand_over)
    return view


def _same(a: Any, b: Any) -> bool:
    """Equal once each seat's own markers ("you") are left out."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = (set(a) | set(b)) - {"you"}
        return all(_same(a.get(k), b.get(k)) for k in keys)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _common(game: TableGame, view: dict[str, Any], seat: int | None, names: list[str],
            since: int) -> dict[str, Any]:
    counts = _hand_counts(game)
    score = game.score
    turn = None if game.hand_over else game.state.current_player()
    winner = _winner(view.get("result"), seat, game.seats) if game.hand_over else None
    name_center(view)
    view.update({
        "rules": {"id": game.rules.id, "name": _(game.rules.display_name)},
        "you": seat,
        "seats": [{"seat": s, "name": names[s], "you": s == seat, "hand_count": counts[s],
                   "score": score[s] if s < len(score) else 0, "to_act": s == turn}
                  for s in range(game.seats)],
        "turn": turn,
        "hand_number": game.hand_index + 1,
        "hand_over": game.hand_over,
        "hand_winner": winner,
        "match_over": game.match_over,
        "match_winner": game.match_winner,
        "target": game.target,
        # A spectator sees no hand, not even turned up at the end (a teacher may later be
        # granted them).
        "revealed": None if seat is None else revealed(game, names),
        # The hash from the deal on, for every seat and spectators; once the hand is over
        # the parts of the deal the viewer may see (a version-1 deal: to the seats only).
        "deal_commitment": deal_commitment(game, seat, names),
    })
    if "log" not in view and seat is not None:
        view["log"] = _log(game, seat, names, since)
    return view
