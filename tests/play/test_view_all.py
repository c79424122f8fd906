"""The one table view (``tutor.play.view.game_view``) for every registered game (issue 28
item 4): whole hands are played from seat 0 through the view's own choices, and after every
move the view is checked against the engine — the contract fields, the choices (exactly the
legal actions, each once; short imperative labels naming the action's own cards), whose
each card on the table is, frozen melds, jokers, the dealer, the coaching sentences (true
claims citing the profile's own rules), Conquin's payment lines against the engine's
settled chips, and no card the learner has not seen.

The game is a small stand-in for the site's ``TableGame`` (iface28 §2): a hand of the
registered game, the computer seats playing at random.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask_babel import Babel

from solver.cards import parse_kind
from solver.claims import Context, false_claims
from solver.game.deal import deal_from_seed
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import RuleProfile, get_profile
from tutor.play.card_help import card_help
from tutor.play.view import game_view

CONTRACT = ("hand", "melds", "opponent_melds", "center", "center_from", "stock_count",
            "opponent_hand_count", "seen", "legal_actions", "score")
EXTRA = ("rules", "seats", "table", "choices", "prompt", "coaching", "result", "closing",
         "match")
VERBS = {"Take", "Discard", "Draw", "Turn", "Decline", "Pass", "Pass:", "Force", "Do", "Meld",
         "Add", "Lay", "Swap", "Challenge:", "Accept", "Refuse", "Play", "Play:", "Raise:",
         "Call:", "Close:"}
GLYPH = re.compile(r"(★?)((?:10|[A2-9JQK])[♠♥♦♣])|\U0001F0CF")
CODE = re.compile(r'"(\*?(?:10|[A2-9JQK])[SHDC])"')
PROFILES = sorted(GAMES)


@pytest.fixture(scope="module")
def app() -> Flask:
    app = Flask(__name__)
    Babel(app)
    return app


@dataclass
class Table:
    """The site's game object as the view reads it (iface28 §2), for one hand."""

    rules: RuleProfile
    state: Any
    seats: int
    coaching: str = "full"
    level: str = "easy"
    hand_index: int = 0
    match_over: bool = False
    match_winner: int | None = None
    target: int | None = None
    rng: random.Random = field(default_factory=random.Random)

    @property
    def hand_over(self) -> bool:
        return bool(self.state.is_terminal())

    @property
    def score(self) -> list[int]:
        return [0] * self.seats

    def computers(self) -> None:
        """The other seats play as the site's "medium" computer (greedy) does."""
        game = game_rules(self.rules)
        player = players_of(self.rules)["greedy"]()
        while not self.state.is_terminal() and self.state.current_player() != 0:
            seat = self.state.current_player()
            self.state.apply_action(player.choose(game.observe(self.state, seat), self.rng))


def table_game(rules_id: str, seed: int, coaching: str = "full") -> Table:
    rules = get_profile(rules_id)
    seats = 4 if rules.max_players > 2 else 2
    deal = deal_from_seed(seed, seed % seats, rules, seats)
    state = game_rules(rules).new_hand(deal, (0,) * seats)
    game = Table(rules, state, seats, coaching, rng=random.Random(seed))
    game.computers()
    return game


def codes(value: Any) -> set[str]:
    # A joker's stands_for is the card it stands for, seen as the joker ("*5H").
    text = re.sub(r'"stands_for": "([^"]+)"', r'"stands_for": "*\1"', json.dumps(value))
    return set(CODE.findall(text))


def record(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def legal(game: Table) -> list[str]:
    obs = game_rules(game.rules).observe(game.state, 0)
    return sorted(record(a.to_dict()) for a in obs.legal_actions()) if obs.to_act else []


def offered(view: dict[str, Any]) -> list[str]:
    out = []
    for choice in view["choices"]:
        if choice["action"] is not None:
            out.append(record(choice["action"]))
        out += [record(d["action"]) for d in choice.get("discards") or []]
    return sorted(out)


def glyph_codes(text: str) -> list[str]:
    """The cards a label names, as codes ("★5♥" → "*5H": a joker standing for the 5♥)."""
    out = []
    for match in GLYPH.finditer(text):
        joker, glyph = match.groups()
        if glyph is None:  # a joker in the hand: "*" there
            out.append("*")
            continue
        out.append("*" * len(joker) + glyph[:-1] + "SHDC"["♠♥♦♣".index(glyph[-1])])
    return out


def check_label(choice: dict[str, Any], view: dict[str, Any]) -> None:
    label = choice["label"]
    action = choice["action"] or choice["discards"][0]["action"]
    assert label.split()[0] in VERBS, label
    assert label == label.strip() and "\n" not in label
    named = glyph_codes(label)
    kind = action["type"]
    if choice["kind"] == "take":
        assert len(label) <= 40, label
    if kind == "take" and "hand_cards" in action:
        assert named == [action["card"], *action["hand_cards"]], label
    elif kind in ("discard", "decline") or (kind == "pass" and action.get("card")):
        assert named == [action["card"]], label
    elif kind == "meld":
        assert named == action["cards"], label
    elif kind in ("add", "lay_off", "swap", "take_back"):
        # The cards played, then the target meld named by its cards on the table.
        played = action["cards"] if "cards" in action else [action["card"]] if kind == "swap" \
            else []
        assert named[:len(played)] == played, label
        target = named[len(played):]
        melds = [m for m in view["table"] if action.get("owner") in (None, m["owner"])]
        meld = melds[action["meld"]]
        assert target == [c["code"] for c in meld["cards"]], label
        mine = meld["owner"] == 0
        assert ("your meld" in label) == mine, label
    elif kind == "close":
        assert named == [c for m in action["melds"] for c in m], label
    for discard in choice.get("discards") or []:
        assert glyph_codes(discard["label"]) == [discard["card"]]


def check_table(view: dict[str, Any], game: Table) -> None:
    rules = game.rules
    for meld in view["table"]:
        crossed = any(c["owner"] != meld["owner"] for c in meld["cards"])
        assert meld["frozen"] == (rules.lay_off_freezes and crossed)
        for card in meld["cards"]:
            assert card["stands_for"] == (card["code"][1:] if card["code"].startswith("*")
                                          else None)
    # Frozen melds of the learner take no more cards, moves or take-backs (C5, K10).
    mine = [m for m in view["table"] if m["owner"] == 0]
    for choice in view["choices"]:
        action = choice["action"] or {}
        if action.get("owner") == 0 and isinstance(action.get("meld"), int) \
                and action["type"] in ("add", "take_back"):
            assert not mine[action["meld"]]["frozen"], choice["label"]


def laid_off(game: Table) -> list[tuple[int, str]]:
    """Every card laid off onto another seat's meld in the hand, by whom (from the record)."""
    out = []
    rules = game_rules(game.rules)
    for seat, action in game.state.history:
        data = rules.observe_action(game.state, seat, action, 0)
        if data["type"] == "take" and data.get("lay_off"):
            out += [(seat, c) for lay in data["lay_off"] for c in lay["cards"]]
        elif data["type"] == "lay_off" or (data["type"] == "add"
                                           and data.get("owner") != seat):
            out += [(seat, c) for c in data["cards"]]
    return out


def check_ownership(view: dict[str, Any], game: Table) -> int:
    """Every card laid off on another seat's meld is marked as its layer's; returns how
    many such cards the table shows."""
    crossed = [(c["owner"], c["code"]) for m in view["table"] for c in m["cards"]
               if c["owner"] != m["owner"]]
    laid = laid_off(game)
    own_meld_adds = 0
    for seat, code in laid:
        hit = [m for m in view["table"] for c in m["cards"]
               if c["code"] == code and c["owner"] == seat]
        assert hit, f"{code} laid by seat {seat} is not marked as theirs"
        own_meld_adds += all(m["owner"] == seat for m in hit)
    # Colonel's lay-offs may go on the layer's own melds: those are not crossed.
    assert len(crossed) == len(laid) - own_meld_adds
    return len(crossed)


def check_log(view: dict[str, Any]) -> None:
    """The log speaks to the learner ("You took …") and of the others by name ("Computer 1
    drew from the stock."), never naming a card another seat drew face down."""
    names = {s["seat"]: s["name"] for s in view["seats"]}
    for entry in view["log"]:
        text, action, seat = entry["text"], entry["action"], entry["seat"]
        assert text.startswith(names[seat] + " "), text
        assert not text.startswith("You: ") and text.endswith("."), text
        drew = (action["type"] == "draw" and action.get("from") != "upcard") or (
            action["type"] == "take" and action.get("from") == "stock")
        if drew and seat != 0:
            assert text == f"{names[seat]} drew from the stock.", text
        if action["type"] == "add" and action.get("owner") == 0 and seat != 0:
            assert text.endswith("on your meld."), text


def check_dealer(view: dict[str, Any], game: Table) -> None:
    dealers = [s["seat"] for s in view["seats"] if s["dealer"]]
    assert dealers == [game.state.deal.dealer]
    assert (view["dealt"] == "You dealt.") == (game.state.deal.dealer == 0)
    assert [s["seat"] for s in view["seats"]] == list(range(game.seats))


def check_help(view: dict[str, Any], game: Table, app: Flask) -> bool:
    """The help sentences are true claims citing the profile's own rules (checked on a
    few positions per hand: the checker re-derives every sentence); ``True`` if checked."""
    if not view["coaching"]["available"]:
        assert view["coaching"]["help"] is None
        return False
    obs_view = game_rules(game.rules).observe(game.state, 0).to_dict()
    kinds = {json.loads(a)["type"] for a in legal(game)}
    sentences, position, claims = card_help(obs_view | {"hand_over": False}, game.rules,
                                            kinds, view["table"], game.seats)
    assert view["coaching"]["help"] == (sentences or None)
    assert position is not None
    assert not false_claims(claims, Context(position, forced=view.get("phase") == "forced"))
    own = set(game.rules.rule_ids.values())
    for sentence in sentences:
        cited = set(re.findall(r"\b[A-Z]\d+\b", sentence))
        assert cited <= own, sentence
    return True


def check_closing(view: dict[str, Any], game: Table) -> bool:
    """Conquin: the payment lines agree with the engine's settled chips."""
    result = game_rules(game.rules).result(game.state)
    if view["closing"] is None:
        return False
    assert result is not None
    chips = result["chips"]
    assert view["closing"]["net"] == chips
    names = {s["seat"]: s["name"] for s in view["seats"]}
    for seat, net in enumerate(chips):
        signed = f"+{net}" if net > 0 else f"−{-net}" if net < 0 else "0"
        assert any(line.startswith(names[seat]) and line.endswith(f"= {signed}")
                   for line in view["closing"]["payment"]), (seat, view["closing"])
    if result.get("multiplier", 1) > 1:
        assert any(f"×{result['multiplier']}" in line and "I10" in line
                   for line in view["closing"]["payment"])
    if result.get("end") == "close":
        shown = sorted(c for m in view["closing"]["melds"] for c in m)
        close = next(a for _s, a in reversed(game.state.history) if a.type == "close")
        assert shown == sorted(c for m in close.to_dict()["melds"] for c in m)
        assert [len(m) for m in view["closing"]["melds"]] == sorted(
            (len(m) for m in view["closing"]["melds"]), reverse=True)
    return result.get("end") == "close"


def play(game: Table, app: Flask, seen: set[str]) -> Iterator[dict[str, Any]]:
    """Each view of the hand, seat 0 choosing at random among the view's choices."""
    rules = game_rules(game.rules)
    for _step in range(3000):
        for seat, action in game.state.history:
            seen |= codes(rules.observe_action(game.state, seat, action, 0))
        seen |= codes(rules.observe(game.state, 0).to_dict())
        if game.hand_over:
            shows = rules.shows_hand
            for seat in range(game.seats):
                if shows is None or shows(game.state, seat):
                    seen |= codes(rules.observe(game.state, seat).to_dict()["hand"])
        with app.test_request_context():
            view = game_view(game, with_log=True)
        yield view
        if game.hand_over:
            return
        choices = view["choices"]
        preferred = [c for c in choices if c["kind"] in ("close", "lay_off", "take", "meld")]
        choice = game.rng.choice(preferred if preferred and game.rng.random() < 0.7
                                 else choices)
        action = choice["action"] or game.rng.choice(choice["discards"])["action"]
        game.state.apply_action(rules.action_from_dict(action, "action"))
        game.computers()
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("rules_id", PROFILES)
def test_every_view_of_whole_hands(rules_id: str, app: Flask) -> None:
    rules = get_profile(rules_id)
    crossed = jokers = closes = 0
    for seed in range(3):
        game = table_game(rules_id, seed)
        seen: set[str] = set()
        helped = 0
        for view in play(game, app, seen):
            for name in (*CONTRACT, *EXTRA):
                assert name in view, name
            assert view["rules"]["book"] and view["rules"]["id"] == rules.id
            assert offered(view) == legal(game)
            for choice in view["choices"]:
                check_label(choice, view)
            check_table(view, game)
            crossed = max(crossed, check_ownership(view, game))
            jokers += sum(1 for m in view["table"] for c in m["cards"] if c["stands_for"])
            check_dealer(view, game)
            if helped < 3:
                helped += check_help(view, game, app)
            else:
                assert bool(view["coaching"]["help"]) == view["coaching"]["available"]
            assert not codes(view) - seen, sorted(codes(view) - seen)
            check_log(view)
            assert [s["score"] for s in view["seats"]] == game.score
        closes += check_closing(view, game)
    if rules.lays_off:
        assert crossed, "no lay-off met: the ownership marks were never checked"
    if rules.has_jokers and rules.melds_shown:
        assert jokers, "no joker met on the table"
    if rules.analysis == "closing":
        assert closes, "no closing met"


@pytest.mark.parametrize("rules_id", PROFILES)
@pytest.mark.parametrize("coaching", ["full", "on_demand", "none"])
def test_coaching_levels(rules_id: str, coaching: str, app: Flask) -> None:
    """"What can I do with this card?": always with full coaching, only when asked with
    on-demand coaching, never without; the same sentences whenever given."""
    for seed in range(6):
        game = table_game(rules_id, seed, coaching)
        for view in play(game, app, set()):
            available = view["coaching"]["available"]
            with app.test_request_context():
                asked = game_view(game, help_requested=True)["coaching"]["help"]
            if coaching == "none":
                assert view["coaching"]["help"] is None and asked is None
            elif coaching == "on_demand":
                assert view["coaching"]["help"] is None
                assert bool(asked) == available
            else:
                assert bool(view["coaching"]["help"]) == available
            if available:
                return
    pytest.fail("the learner never faced a card the analysis reads")


@pytest.mark.parametrize("rules_id", PROFILES)
def test_take_with_discard_is_one_choice(rules_id: str, app: Flask) -> None:
    """A take (or close) with a discard is offered once, its discards listed under it: no
    choice's action carries a discard, and every discard is one of the learner's cards."""
    for seed in range(4):
        game = table_game(rules_id, seed)
        for view in play(game, app, set()):
            for choice in view["choices"]:
                assert choice["action"] is None or not choice["action"].get("discard")
                for discard in choice.get("discards") or []:
                    assert discard["card"] in view["hand"] or discard["card"].startswith("*")
                    assert discard["card"] not in choice["hand_cards"]


def test_glyphs_read_back() -> None:
    assert glyph_codes("Take 10♦ with ★9♦ J♦") == ["10D", "*9D", "JD"]
    assert parse_kind("10D") == parse_kind(glyph_codes("10♦")[0])
