"""The learner's view of a game of any profile (contract "HTTP" fields, then the table
page's): built from the game's observer for seat 0 alone (``observe`` for the position,
``observe_action`` for the log), the profile's capabilities and the match's score.  Every
card in it is one the learner has seen face up or holds: the other hands and the stock
order never appear while the hand goes on.  Once it is over, ``deal_commitment``
(:mod:`tutor.play.fairness`) reveals the parts of the deal the learner may see, so they can
check them against the commitment shown from the start (issue 29).

``game`` is the site's game object (:class:`tutor.play.games.TableGame`: ``rules``,
``level``, ``coaching``, ``state``, ``score``, ``target``, ``hand_over``, ``match_over``,
``match_winner``, ``hand_index``).
"""

from __future__ import annotations

import threading
from typing import Any

from cachetools import LRUCache
from flask_babel import gettext as _gettext

from solver.claims.play import center_help
from solver.game.conquian.view import Observation
from solver.game.registry import game_rules
from solver.messages import N_
from solver.rules import RuleProfile, get_profile
from tutor.play.card_help import card_help
from tutor.play.choices import actions_of, choices
from tutor.play.closing import closing
from tutor.play.describe import Translate, opens, prompt, tell, translator
from tutor.play.fairness import deal_commitment
from tutor.play.prompts import plain_prompt
from tutor.play.table_view import (
    HUMAN,
    dealt_text,
    name_center,
    seat_count,
    seat_list,
    seat_name,
    table,
)

COACHING = ("full", "on_demand", "none")


def profile_of(game: Any) -> RuleProfile:
    return get_profile(game.rules)


def log_entries(state: Any, start: int = 0,
                translate: Translate | None = None) -> list[dict[str, Any]]:
    """The moves of the hand ``state`` from ``start`` on as the learner reads them: who,
    what (record form, as the game's observer shows it to seat 0: a card another seat drew
    face down is never named) and a sentence ("You took …", "Computer 1 drew …")."""
    translate = translate or translator()
    seen = game_rules(state.deal.rules).observe_action
    names = seat_names(len(state.deal.hands), translate)
    entries = []
    for step in range(start, len(state.history)):
        seat, action = state.history[step]
        data = seen(state, seat, action, HUMAN)
        text = tell(data, seat, names[seat], translate,
                    opening=opens(state.history, step, seat))
        entries.append({"actor": "you" if seat == HUMAN else "computer", "seat": seat,
                        "action": data, "text": text})
    return entries


def seat_names(seats: int, translate: Translate) -> list[str]:
    """Every seat's name (``seat_name``), in ``translate``'s language."""
    return [translate(N_("You")), *([translate(N_("The computer"))] if seats == 2 else
                                    [translate(N_("Computer %(n)s"), n=s)
                                     for s in range(1, seats)])]


_COMMITMENTS: LRUCache[tuple[str, int], tuple[Any, tuple[str, ...], dict[str, Any]]] = \
    LRUCache(maxsize=512)
_COMMITMENTS_LOCK = threading.Lock()  # cachetools' caches are not thread-safe on their own
"""A hand's commitment while it goes on, by its salt and version: the same hash at every
move of the hand, so hashed once per process (the deal and names are checked too)."""


def _commitment(game: Any, names: list[str]) -> dict[str, Any] | None:
    """``deal_commitment`` for the learner, worked out once per hand while it goes on."""
    salt = getattr(game, "deal_salt", None)
    if salt is None or game.hand_over or getattr(game, "resigned", False):
        return deal_commitment(game, HUMAN, names)
    key = (salt, getattr(game, "commitment_version", 1))
    deal, shown = game.state.deal, tuple(names)
    with _COMMITMENTS_LOCK:
        found = _COMMITMENTS.get(key)
    if found is None or found[0] is not deal or found[1] != shown:
        found = (deal, shown, deal_commitment(game, HUMAN, names) or {})
        with _COMMITMENTS_LOCK:
            _COMMITMENTS[key] = found
    return dict(found[2])


def human_observation(game: Any) -> Any:
    return game_rules(profile_of(game)).observe(game.state, HUMAN)


def match_result(game: Any, seats: int, translate: Translate | None = None) -> str | None:
    if not game.match_over:
        return None
    gettext = translate or _gettext
    score = list(game.score)
    if seats == 2:
        you, them = score[HUMAN], score[1]
        if game.match_winner == HUMAN:
            return gettext("You won the match %(you)s–%(them)s!", you=you, them=them)
        return gettext("The computer won the match %(them)s–%(you)s.", you=you, them=them)
    if game.match_winner == HUMAN:
        return gettext("You won the match!")
    return gettext("%(who)s won the match.", who=seat_name(game.match_winner, seats))


def hand_result(view: dict[str, Any], seats: int,
                translate: Translate | None = None) -> str | None:
    """The banner of a finished hand, from the observation's result."""
    result = view.get("result")
    if not result:
        return None
    gettext = translate or _gettext
    winner = result.get("winner")
    if winner == "you":
        winner = HUMAN
    elif winner == "opponent":
        winner = 1
    if winner is None:
        # I12's turn limit: the chips go back (a stored result has no view: its chips)
        if result.get("end") == "limit" and ("pot" in view or "chips" in result):
            return gettext("Nobody closed in %(turns)s turns: every player takes back "
                           "what they put in.", turns=result.get("turns"))
        if result.get("end") == "limit":  # K13's turn limit
            return gettext("Nobody went out in %(turns)s turns: the hand is a draw.",
                           turns=result.get("turns"))
        if "pot" in view:
            return gettext("Nobody played on: the antes go back.")
        return gettext("The hand is a draw: the stock ran out.")
    if winner == HUMAN:
        return gettext("You won the hand!")
    if seats == 2:
        return gettext("The computer won the hand.")
    return gettext("Computer %(n)s won the hand.", n=winner)


def revealed_hands(state: Any, seats: int) -> list[dict[str, Any]]:
    """Every seat's hand once the hand is over, turned face up (each seat's own observer
    says what it holds), but for one the game keeps face down (``GameRules.shows_hand``: a
    Conquin hand thrown in), whose ``hand`` is ``None``."""
    rules = game_rules(state.deal.rules)
    return [{"seat": s, "name": seat_name(s, seats),
             "hand": rules.observe(state, s).to_dict().get("hand", [])
             if s == HUMAN or rules.shows_hand is None or rules.shows_hand(state, s)
             else None}
            for s in range(seats)]


def _score(game: Any, seats: int) -> dict[str, Any]:
    score = list(game.score)
    if seats == 2:
        return {"you": score[HUMAN], "opponent": score[1]}
    return {"you": score[HUMAN], "opponents": score[1:]}


def _target(game: Any, rules: RuleProfile) -> int | None:
    target = getattr(game, "target", None)
    if target is None and not hasattr(game, "target"):
        target = rules.match_target or None
    return target


def _match(game: Any, rules: RuleProfile, seats: int, translate: Translate,
           result: str | None) -> dict[str, Any]:
    target = _target(game, rules)
    over = bool(game.match_over)
    gettext = translate
    if over:
        text = result
    elif target:
        text = gettext("The first to %(target)s wins the match.", target=target)
    else:
        text = gettext("No end: the chips carry from deal to deal.")
    return {"score": list(game.score), "target": target, "over": over,
            "winner": None if game.match_winner is None
            else ("you" if game.match_winner == HUMAN else "opponent"),
            "winner_seat": game.match_winner, "text": text}


def _contract_fields(view: dict[str, Any], tabled: list[dict[str, Any]], seats: int) -> None:
    """The contract's two-player fields, where a game's observation names them otherwise."""
    if "melds" not in view:
        view["melds"] = [[c["code"] for c in m["cards"]] for m in tabled if m["owner"] == HUMAN]
        view["opponent_melds"] = [[c["code"] for c in m["cards"]]
                                  for m in tabled if m["owner"] != HUMAN]
    name_center(view)
    view.setdefault("seen", [])
    if "opponent_hand_count" not in view:
        view["opponent_hand_count"] = sum(p["hand_count"] for p in view.get("players") or []
                                          if not p.get("you"))


GENERIC_PROMPT = N_("Your move: choose one of the actions below.")
"""Said where every move is listed as a button: without JavaScript (play.js then lists
only the moves the selected cards make, and asks for cards: ``prompt_lists``)."""


def _prompt(view: dict[str, Any], obs: Any, plain: bool, last: Any, by_you: bool,
            translate: Translate, verdict: bool = True) -> str:
    if plain:  # the plain center game's walk-through; its verdict only under full coaching
        return (prompt if verdict else plain_prompt)(obs, last, by_you, translate)
    if view.get("hand_over") or view.get("result"):
        return ""
    if view.get("to_act"):
        return translate(GENERIC_PROMPT)
    return translate(N_("The computer is thinking."))


def game_view(game: Any, *, with_log: bool = False, help_requested: bool = False
              ) -> dict[str, Any]:
    """The view sent after every move, for every profile.  ``with_log`` adds ``log``, every
    move of the hand so far, which the page's table shows; the JSON API serves it apart
    (``…/log``) so that a move's answer stays the same size all hand long.
    ``help_requested``: the learner asked "What can I do with this card?" (coaching
    "on_demand" answers only then; "full" always, "none" never)."""
    rules = profile_of(game)
    obs = human_observation(game)
    view = obs.to_dict()
    chips_at_stake = view.pop("stake", None)  # Conquin's chips in the deal, not the match's
    seats = seat_count(view)
    state = game.state
    history = state.history
    tail = len(history)  # the other seats' moves since the learner last acted
    while tail > 0 and history[tail - 1][0] != HUMAN:
        tail -= 1
    last_player, last_action = history[-1] if history else (None, None)
    translate = translator()  # one catalog lookup for every sentence of the view
    tabled = table(view, rules)
    _contract_fields(view, tabled, seats)
    legal = actions_of(obs)
    kinds = {a["type"] for a in legal}
    level = getattr(game, "coaching", "full")
    sentences, _position, _claims = card_help(view, rules, kinds, tabled, seats, translate)
    help_ = None
    if level == "full" or (level == "on_demand" and help_requested):
        help_ = sentences or None
    legacy_analysis = None
    plain = rules.plain_center and isinstance(obs, Observation)
    if plain:
        helped = center_help(obs)  # conquian-40's contract "analysis" field, as before
        if helped is not None and obs.analysis is not None:
            claims, plays, _context = helped
            legacy_analysis = {**obs.analysis.to_dict(),
                               "explanation": [c.render(translate) for c in claims],
                               "plays_explained": [[c.render(translate) for c in p]
                                                   for p in plays]}
    hand_over = bool(game.hand_over)
    shown_name = translate(getattr(rules, "display_name", rules.name))
    names = seat_names(seats, translate)
    banner = hand_result(view, seats, translate) if hand_over else None
    result = match_result(game, seats, translate)
    view.update({
        "score": _score(game, seats),
        "level": game.level,
        "hand_number": game.hand_index + 1,
        "turn": "you" if view.get("to_act") else None,
        "prompt": _prompt(view, obs, plain, last_action, last_player == HUMAN, translate,
                          verdict=help_ is not None or level == "full"),
        "prompt_lists": not plain and bool(view.get("to_act")) and not hand_over,
        "hand_over": hand_over,
        "hand_result": banner,
        "result_text": banner,
        "next_hand": hand_over and not game.match_over,
        "rules": {"id": rules.id, "name": shown_name, "book": rules.book},
        "rules_name": shown_name,
        "seats": seat_list(view, list(game.score)),
        "dealt": dealt_text(view),
        "table": tabled,
        "choices": choices(legal, view, tabled,
                           opening=opens([*history, (HUMAN, None)], len(history), HUMAN)),
        "coaching": {"level": level, "help": help_, "available": bool(sentences)},
        "closing": closing(view, rules, int(chips_at_stake or 0),
                           bool(getattr(obs, "pot_played", False)))
        if hand_over else None,
        "chips_at_stake": chips_at_stake,
        "stake": getattr(game, "stake", 1),  # what the match multiplies this hand by
        "match_score": {"you": list(game.score)[HUMAN], "opponents": list(game.score)[1:]},
        "match_result": result,
        "revealed": revealed_hands(state, seats) if hand_over else None,
        "last_actions": log_entries(state, tail, translate),
        "deal_commitment": _commitment(game, names),
    })
    view["match"] = _match(game, rules, seats, translate, result)
    if help_ is not None:
        view["help"] = {"analysis": help_}  # the panel's words, named apart from the table
    if plain:
        view["position"] = None if obs.position() is None else obs.position().to_dict()
        view["analysis"] = legacy_analysis
    if with_log:
        view["log"] = log_entries(state, 0, translate)
    return view
