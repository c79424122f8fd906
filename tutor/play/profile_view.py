"""The learner's view of a game of another profile (issue 12), built from the engine's
observation of seat 0 alone, plus the match score, the legal actions in words and the
computer players' moves in words.

Nothing here reads the other seats' hands or the stock before the hand is over; once it is
over, ``revealed`` shows every hand as it ended (the cards are turned face up), but one
the game keeps face down (a Conquin hand thrown in).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from solver.errors import ConquianError
from solver.game.record import result_of
from solver.game.registry import game_rules
from tutor.core.cards import card_phrase
from tutor.play.profiles import HUMAN, ProfileGame

RULE_NAMES = {
    "cooncan": "Cooncan",
    "kunken": "Kunken",
    "kunken-40": "Kunken (40)",
    "kunken-104": "Kunken (104)",
    "colonel": "Colonel",
    "conquin": "Conquin",
}


def card_name(code: str) -> str:
    """A card of an action in words; a joker standing for a card says so ("*5H")."""
    if code.startswith("*") and len(code) > 1:
        return _("joker as the %(card)s", card=card_phrase(code[1:]))
    return card_phrase(code)


def cards_text(codes: list[str]) -> str:
    labels = [card_name(c) for c in codes]
    if len(labels) <= 1:
        return "".join(labels)
    return _("%(first)s and %(last)s", first=", ".join(labels[:-1]), last=labels[-1])


def seat_name(seat: int) -> str:
    if seat == HUMAN:
        return _("You")
    return _("Computer %(n)s", n=seat)


def meld_owner(owner: object, actor: int) -> str:
    if owner == HUMAN:
        return _("your meld")
    if isinstance(owner, int):
        return _("a meld of computer %(n)s", n=owner)
    return _("a meld")


def describe(action: dict[str, Any], actor: int, *, opening: bool = False) -> str:
    """What an action does, as a clause after the actor's name ("You: …").  ``opening``:
    the action follows the same player's ``turn`` of the opening card (Kunken's K6), so a
    discard of it lays that card face up to start the discard pile."""
    kind = action.get("type")
    card = action.get("card")
    cards = action.get("cards") or []
    if kind == "turn":
        return _("turns the top card of the stock")
    if kind == "draw":
        if action.get("from") == "upcard":
            return _("takes the upcard")
        return _("draws the top card of the stock")
    if kind == "take":
        if action.get("from") == "stock":
            return _("takes the top card of the stock")
        if action.get("from") in ("face_up", "center", "waste"):
            return _("takes the face-up card")
        text = _("takes the %(card)s", card=card_name(str(card))) if card else _(
            "takes the card")
        if action.get("hand_cards"):
            text = _("%(took)s with the %(cards)s", took=text,
                     cards=cards_text(action["hand_cards"]))
        if action.get("lay_off"):
            text = _("%(took)s, laying it off on the other player's meld", took=text)
        if action.get("discard"):
            text = _("%(took)s and discards the %(card)s", took=text,
                     card=card_name(action["discard"]))
        return text
    if kind == "decline":
        return _("declines the %(card)s", card=card_name(str(card)))
    if kind == "pass":
        if card:
            return _("passes the %(card)s", card=card_name(str(card)))
        return _("passes")
    if kind == "force":
        return _("forces the %(card)s on the other player", card=card_name(str(card)))
    if kind == "no_force":
        return _("does not force it")
    if kind == "meld":
        return _("lays down the %(cards)s", cards=cards_text(cards))
    if kind == "add":
        owner = action.get("owner")
        if owner == actor:
            return _("adds the %(cards)s to their own meld", cards=cards_text(cards))
        return _("lays off the %(cards)s on %(meld)s", cards=cards_text(cards),
                 meld=meld_owner(owner, actor))
    if kind == "swap":
        return _("swaps the %(card)s for the joker in %(meld)s", card=card_name(str(card)),
                 meld=meld_owner(action.get("owner"), actor))
    if kind == "take_back":
        if action.get("cards"):  # named by the review, which knows the table then
            return _("takes back their meld of the %(cards)s", cards=cards_text(action["cards"]))
        return _("takes back their meld")
    if kind == "discard":
        if opening:
            return _("lays the %(card)s face up: it starts the discard pile",
                     card=card_name(str(card)))
        return _("discards the %(card)s", card=card_name(str(card)))
    if kind == "lay_off":
        return _("lays off the %(cards)s on a meld on the table", cards=cards_text(cards))
    if kind == "challenge":
        return _("challenges: if it is accepted, the hand with fewer pips wins (H9)")
    if kind == "accept":
        return _("accepts the challenge")
    if kind == "refuse":
        return _("refuses the challenge")
    # The chips are what this action pays now (I7), not the stake it reaches.
    if kind == "play":
        if not action.get("chips"):
            return _("plays, with nothing more to pay")
        return ngettext("plays, paying %(num)s more chip", "plays, paying %(num)s more chips",
                        action["chips"])
    if kind == "raise":
        return ngettext("raises, paying %(num)s chip", "raises, paying %(num)s chips",
                        action.get("chips") or 0)
    if kind == "close":
        melds = action.get("melds") or []
        text = _("closes with %(n)s melds", n=len(melds))
        if action.get("discard"):
            text = _("%(closed)s, discarding the %(card)s", closed=text,
                     card=card_name(action["discard"]))
        return text
    return str(kind)


def opens(history: list[tuple[int, Any]], step: int, seat: int) -> bool:
    """Whether step ``step`` of ``history`` (by ``seat``) follows that seat's own ``turn``
    of the opening card (K6): what it does, it does with that card.  Melds of hand cards
    (K8) and joker swaps (K5) may come between while the card waits."""
    while step > 0 and history[step - 1][0] == seat:
        kind = history[step - 1][1].type
        if kind != "meld" and kind != "swap":
            return kind == "turn"
        step -= 1
    return False


def entry(state: Any, step: int, viewer: int = HUMAN) -> dict[str, Any]:
    """Step ``step`` of the hand ``state`` as ``viewer`` may see it: through the game's own
    observer (``GameRules.observe_action``), so that a card another player drew face down
    is never named."""
    seat, action = state.history[step]
    data = game_rules(state.deal.rules).observe_action(state, seat, action, viewer)
    what = describe(data, seat, opening=opens(state.history, step, seat))
    return {"actor": "you" if seat == viewer else "computer", "seat": seat,
            "action": data, "text": _("%(who)s: %(what)s", who=seat_name(seat), what=what)}


def hand_log(state: Any, start: int = 0, viewer: int = HUMAN) -> list[dict[str, Any]]:
    """The hand's steps from ``start`` on, each as :func:`entry` gives it."""
    return [entry(state, step, viewer) for step in range(start, len(state.history))]


def revealed_hands(state: Any, viewer: int = HUMAN) -> list[dict[str, Any]]:
    """Every seat's hand once the hand is over, turned face up, but for a hand the game
    keeps face down (``GameRules.shows_hand``: thrown in, say), whose ``hand`` is ``None``."""
    rules = game_rules(state.deal.rules)
    return [{"seat": s, "name": seat_name(s),
             "hand": rules.observe(state, s).to_dict().get("hand", [])
             if s == viewer or rules.shows_hand is None or rules.shows_hand(state, s)
             else None}
            for s in range(len(state.deal.hands))]


def hand_result(game: ProfileGame, result: dict[str, Any] | None) -> str | None:
    """The banner of a finished hand, from the engine's result (``winner``: a seat)."""
    if result is None:
        return None
    winner = result.get("winner")
    if winner is None:
        return _("The hand is a draw: the stock ran out.")
    if winner == HUMAN:
        return _("You won the hand!")
    if game.seats == 2:
        return _("The computer won the hand.")
    return _("Computer %(n)s won the hand.", n=winner)


def hand_points(game: ProfileGame, result: dict[str, Any] | None) -> str | None:
    """What the finished hand scores toward the match (K12, K13, H8-H10, C13)."""
    if result is None or result.get("winner") is None:
        return None
    points = result.get("points")
    if game.kind == "kunken" and isinstance(points, dict):  # the learner's observation
        points = [points["you"], points["opponent"]]
    if game.kind == "kunken" and isinstance(points, list):
        return _("This hand scores %(you)s for you and %(them)s for the computer, times "
                 "%(stake)s.", you=points[HUMAN], them=points[1 - HUMAN], stake=game.stake)
    if game.kind == "colonel" and isinstance(points, int):
        return ngettext("The winner scores %(num)s point.", "The winner scores %(num)s points.",
                        points)
    if game.kind == "cooncan":
        return ngettext("The winner scores %(num)s point.", "The winner scores %(num)s points.",
                        game.stake)
    return None


def match_result(game: ProfileGame) -> str | None:
    if not game.match_over:
        return None
    if game.match_winner == HUMAN:
        return _("You won the match!")
    return _("The computer won the match.")


def _uses(card: str, action: dict[str, Any]) -> bool:
    """Whether ``action`` plays the hand card ``card`` (as itself or as a joker)."""
    def same(code: object) -> bool:
        return isinstance(code, str) and (code == card or (card == "*" and
                                                            code.startswith("*")))
    if same(action.get("card")) or same(action.get("discard")):
        return True
    groups = [action.get("cards") or [], action.get("hand_cards") or []]
    groups += action.get("melds") or []
    return any(same(c) for group in groups for c in group)


def analysis_position(game: ProfileGame, view: dict[str, Any]) -> dict[str, Any] | None:
    """The learner's position for the analyzer (contract "position JSON"), built from the
    view alone, when the learner faces a card the profile's analysis reads: the center card
    (cooncan, Kunken: the discard or the stock card turned up), the upcard (colonel: draw
    it?), the face-up card (conquin: does it let you close?).  ``None`` otherwise."""
    if not game.to_act() or not view.get("hand"):
        return None
    kinds = {c["action"]["type"] for c in view["choices"]}
    base: dict[str, Any] = {"rules": game.rules, "hand": list(view["hand"])}
    if game.kind == "cooncan":
        if view.get("center") is None or not kinds & {"take", "decline", "pass"}:
            return None
        melds = own_melds(view)
        theirs = [_meld_cards(m) for m in view.get("opponent_melds") or []]
        return {**base, "melds": melds, "opponent_melds": theirs,
                "center": view["center"], "center_from": view.get("center_from") or "opponent",
                "stock": view.get("stock_count", 0),
                **_laid_off_fields(_placed(view.get("laid_off") or [], theirs),
                                   _placed(view.get("opponent_laid_off") or [], melds))}
    if game.kind == "kunken":
        center, source = view.get("pending"), "stock"
        if center is None:
            center, source = view.get("center"), view.get("center_from") or "opponent"
            if "take" not in kinds:
                return None
        if center is None:
            return None
        mine = view.get("melds") or []
        theirs = view.get("opponent_melds") or []
        # A meld's "laid_off" are the other player's cards on it (K10).
        return {**base, "melds": [_meld_cards(m) for m in mine],
                "opponent_melds": [_meld_cards(m) for m in theirs],
                "center": center, "center_from": source, "stock": view.get("stock_count", 0),
                **_laid_off_fields(_on_melds(theirs), _on_melds(mine))}
    if game.kind == "colonel":
        if "draw" not in kinds or not view.get("upcard"):
            return None
        melds = view.get("melds") or []
        theirs = view.get("opponent_melds") or []
        # "down" and "opponent_down" say whose each card on the table is (H13).
        return {**base, "melds": melds, "opponent_melds": theirs,
                "center": view["upcard"], "center_from": "opponent",
                "stock": view.get("stock_count", 0),
                **_laid_off_fields(_owned_by(view.get("down") or [], theirs),
                                   _owned_by(view.get("opponent_down") or [], melds))}
    if game.kind == "conquin":
        if "take" not in kinds or not view.get("center"):
            return None
        return {**base, "center": view["center"], "players": game.seats}
    return None


def _analysis_text(game: ProfileGame, position: dict[str, Any]) -> list[str]:
    """The analysis of the learner's position in sentences (empty when the profile's
    analysis cannot answer it): the solver's own explanations for the center kinds, and
    for colonel and conquin sentences read off the analysis's fields."""
    from solver.position import Position
    from tutor.api.analyze import analysis_response

    try:
        data = analysis_response(Position.from_dict(position))
    except (ConquianError, ValueError):
        return []  # no analysis of this position: the legal moves below say what is possible
    except Exception:  # an analysis bug must not cost the learner the game page
        from flask import current_app

        current_app.logger.exception("analysis of a %s position failed: %s", game.rules,
                                     position)
        return []
    if "explanation" in data:
        return [str(line) for line in data["explanation"]]
    card = card_name(str(position.get("center")))
    if data.get("kind") == "draw":
        lines = []
        if not data.get("melds") and data.get("discard"):
            lines.append(_("If you draw the %(card)s, it makes no meld yet: your best discard "
                           "is then the %(discard)s, leaving %(n)s pips in your hand.",
                           card=card, discard=card_name(data["discard"]), n=data["deadwood"]))
        elif data.get("melds") and data.get("discard"):
            lines.append(_("If you draw the %(card)s, your best play melds %(melds)s and "
                           "discards the %(discard)s, leaving %(n)s pips in your hand.",
                           card=card, melds=_melds_text(data["melds"]),
                           discard=card_name(data["discard"]), n=data["deadwood"]))
        if data.get("goes_out"):
            lines.append(_("With the %(card)s you can go out.", card=card))
        if data.get("upcard_better") is True:
            lines.append(_("That leaves fewer pips than a card from the stock would on average "
                           "(%(avg)s).", avg=data.get("stock_average")))
        elif data.get("upcard_better") is False:
            lines.append(_("A card from the stock leaves fewer pips on average (%(avg)s).",
                           avg=data.get("stock_average")))
        return lines
    if data.get("kind") == "closing":
        if data.get("closes") and data.get("closing"):
            best = data["closing"][0]
            return [_("With the %(card)s you can close: %(melds)s, discarding the %(discard)s "
                      "(×%(n)s).", card=card, melds=_melds_text(best["melds"]),
                      discard=card_name(best["discard"]), n=best["multiplier"])]
        return [_("The %(card)s does not let you close yet.", card=card)]
    return []


def _melds_text(melds: list[list[str]]) -> str:
    return "; ".join(cards_text(m) for m in melds)


def card_help(game: ProfileGame, view: dict[str, Any]) -> dict[str, Any]:
    """"What can I do with this card?": the analysis where the profile has one for this
    position, and for every hand card the learner's legal moves that play it (true
    statements: each is a legal move now)."""
    position = analysis_position(game, view)
    analysis = [] if position is None else _analysis_text(game, position)
    answers = []
    for card in dict.fromkeys(view.get("hand", [])):
        uses = [c["text"] for c in view["choices"] if _uses(card, c["action"])]
        answers.append({"card": card, "name": card_name(card), "uses": uses})
    return {"analysis": analysis, "cards": answers}


def profile_view(game: ProfileGame, *, with_log: bool = False) -> dict[str, Any]:
    """The view sent after every move (contract "HTTP" fields where the game has them)."""
    obs = game.observation()
    view = obs.to_dict()
    # An observation's own stake is the chips at stake in the deal (Conquin, I7); the view's
    # "stake" is the match's multiplier, so the chips keep a name of their own.
    chips_at_stake = view.pop("stake", None)
    state = game.state
    history = state.history
    tail = len(history)
    while tail > 0 and history[tail - 1][0] != HUMAN:
        tail -= 1
    choices = []
    # Right after the learner's own turn of the opening card, a discard lays it face up (K6).
    opening = opens([*history, (HUMAN, None)], len(history), HUMAN)
    for action in game.legal():
        data = action.to_dict()
        choices.append({"action": data, "text": describe(data, HUMAN, opening=opening)})
    score = game.score
    result = view.get("result")
    seats = game.seats
    # The contract's two-player fields, where the engine's view names them otherwise.
    if game.kind == "colonel":
        view.setdefault("melds", [t["meld"] for t in view.get("table", [])
                                  if t.get("owner") == "you"])
        view.setdefault("opponent_melds", [t["meld"] for t in view.get("table", [])
                                           if t.get("owner") != "you"])
        view.setdefault("center", view.get("upcard"))
        view.setdefault("center_from", None if view.get("upcard") is None else "waste")
    if game.kind == "conquin":
        view.setdefault("opponent_hand_count", sum(
            p["hand_count"] for p in view.get("players", []) if not p.get("you")))
    view.setdefault("seen", [])
    view.setdefault("center_from", None)
    view.update({
        "rules": game.rules,
        "rules_name": RULE_NAMES.get(game.rules, game.rules),
        "seats": seats,
        "level": game.level,
        "hand_number": game.hand_index + 1,
        "turn": "you" if game.to_act() else None,
        "choices": choices,
        "hand_over": game.hand_over,
        # The engine's result names seats, as the stored record and the review read it;
        # the observation's says "you"/"opponent" (issue 27 item 7).
        "hand_result": hand_result(game, result_of(state)),
        "hand_points": hand_points(game, result) if game.hand_over else None,
        "match_score": {"you": score[HUMAN], "opponents": score[1:]},
        "stake": game.stake,
        "chips_at_stake": chips_at_stake,
        "match": {
            "target": game.target,
            "over": game.match_over,
            "winner": None if game.match_winner is None
            else ("you" if game.match_winner == HUMAN else "opponent"),
        },
        "match_result": match_result(game),
        "next_hand": game.can_deal_next,
        "last_actions": hand_log(state, tail),
        "prompt": (_("Your move: choose one of the actions below.") if game.to_act()
                   else ""),
        "revealed": None,
    })
    if seats == 2:
        view["score"] = {"you": score[HUMAN], "opponent": score[1]}
    else:
        view["score"] = {"you": score[HUMAN], "opponents": score[1:]}
    if game.kind == "conquin":
        view["chips"] = [{"seat": s, "name": seat_name(s), "chips": c}
                         for s, c in enumerate(score)]
    if game.hand_over:
        # The hand is over: the hands are turned face up (the stock stays unseen).
        view["revealed"] = revealed_hands(state)
    view["help"] = card_help(game, view) if game.to_act() else None
    if with_log:
        view["log"] = hand_log(state)
    return view


def _laid_off_fields(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]
                     ) -> dict[str, Any]:
    """The position's ``laid_off`` (the learner's cards on the opponent's melds) and
    ``opponent_laid_off`` (theirs on the learner's), left out when empty: they decide whose
    cards down are whose (C14, K15)."""
    fields: dict[str, Any] = {}
    if mine:
        fields["laid_off"] = mine
    if theirs:
        fields["opponent_laid_off"] = theirs
    return fields


def _placed(cards: list[str], melds: list[list[str]]) -> list[dict[str, Any]]:
    """Laid-off cards given as one list (cooncan's view), each put with the meld holding it."""
    out: dict[int, list[str]] = {}
    for card in cards:
        index = next((i for i, meld in enumerate(melds) if card in meld), None)
        if index is not None:
            out.setdefault(index, []).append(card)
    return [{"meld": i, "cards": c} for i, c in sorted(out.items())]


def _owned_by(cards: list[str], melds: list[list[str]]) -> list[dict[str, Any]]:
    """The cards of ``melds`` that belong to the other player (colonel's view)."""
    owned = set(cards)
    return [{"meld": i, "cards": [c for c in meld if c in owned]}
            for i, meld in enumerate(melds) if any(c in owned for c in meld)]


def _on_melds(melds: list[Any]) -> list[dict[str, Any]]:
    """Laid-off cards given on each meld (Kunken's view), a joker as "*": as the position
    names it, by what it stands for in that meld ("*5H")."""
    out = []
    for index, meld in enumerate(melds):
        laid = list(meld.get("laid_off") or []) if isinstance(meld, dict) else []
        if not laid:
            continue
        jokers = [c for c in _meld_cards(meld) if c.startswith("*")]
        named = []
        for card in laid:
            if card == "*":
                card = jokers.pop(0) if jokers else card
            elif card.startswith("*") and card in jokers:
                jokers.remove(card)
            named.append(card)
        out.append({"meld": index, "cards": named})
    return out


def _meld_cards(meld: Any) -> list[str]:
    if isinstance(meld, dict):
        return list(meld.get("cards") or meld.get("meld") or [])
    return list(meld)


def table_seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The other seats as the page draws them, from the view alone (public facts only)."""
    if view.get("players"):  # Conquin: every seat at the table
        return [{"seat": p["seat"], "name": seat_name(p["seat"]),
                 "hand_count": p["hand_count"], "still_in": p.get("in"),
                 "paid": p.get("paid"), "chips": p.get("chips"), "dealer": p.get("dealer"),
                 "pot_chip": p.get("pot_chip"), "melds": []}
                for p in view["players"] if not p.get("you")]
    return [{"seat": 1, "name": _("The computer"),
             "hand_count": view.get("opponent_hand_count"), "still_in": None,
             "paid": None, "chips": None, "dealer": not view.get("dealer"),
             "pot_chip": None,
             "melds": [_meld_cards(m) for m in view.get("opponent_melds") or []]}]


def own_melds(view: dict[str, Any]) -> list[list[str]]:
    return [_meld_cards(m) for m in view.get("melds") or []]
