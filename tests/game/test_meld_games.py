"""The "meld the taken card at once" games of issue 12: cooncan (C*) and kunken* (K*).

Rule tests build positions by hand; the self-play tests replay thousands of records.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver.cards import JOKER_BASE, card_str, cards_of, iter_cards, make_card, mask_of
from solver.errors import IllegalActionError
from solver.game.cooncan import COONCAN, CooncanAction, CooncanState
from solver.game.deal import Deal, deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.kunken import KAction, KMeld, KunkenState, pips
from solver.game.match import hand_points, hand_seed
from solver.game.playing import play_hand
from solver.game.record import replay, state_from_dict, state_to_dict, to_record
from solver.game.registry import game_rules, players_of
from solver.rules import get_profile
from tests.game.helpers import mask

KUNKEN = get_profile("kunken")
PROFILES = ("cooncan", "kunken", "kunken-40", "kunken-104")


def c(text: str) -> int:
    return KUNKEN.deck.parse(text)


def km(text: str) -> int:
    return mask_of(c(t) for t in text.split())


# --- cooncan ---------------------------------------------------------------------------


def _cooncan(hand0: str, hand1: str, melds0: tuple[str, ...] = (), melds1: tuple[str, ...] = (),
             stock_top: str = "") -> CooncanState:
    deck = list(COONCAN.deck.cards)
    used = mask(" ".join([hand0, hand1, *melds0, *melds1, stock_top]))
    spare = [x for x in deck if not used >> x & 1]
    stock = [*cards_of(mask(stock_top)), *spare]
    h = [mask(hand0), mask(hand1)]
    state = CooncanState(Deal(0, (h[0], h[1]), tuple(stock[:20]), COONCAN))
    state.melds = [tuple(mask(m) for m in melds0), tuple(mask(m) for m in melds1)]
    state.exposed = [mask(" ".join(melds0)) if melds0 else 0,
                     mask(" ".join(melds1)) if melds1 else 0]
    state.opening = 0
    return state


def _facing(state: CooncanState, player: int, card: str, turned_by: int | None) -> None:
    state.center = mask(card).bit_length() - 1
    state.facing = player
    state.turned_by = turned_by
    state.phase = "turned" if turned_by == player else "respond"
    state.center_from_stock = turned_by == player
    state._analysis = None


def test_c6_opening_dealer_turns_non_dealer_then_dealer_may_take() -> None:
    state = CooncanState(deal_from_seed(5, 0, COONCAN))
    assert state.current_player() == 0 and state.legal_actions() == [CooncanAction("turn")]
    state.apply_action(CooncanAction("turn"))
    first = state.center
    assert state.current_player() == 1 and "decline" in state.action_types()
    state.apply_action(CooncanAction("decline", first))
    assert state.current_player() == 0 and state.center == first
    assert "pass" not in state.action_types()  # the dealer may only take or decline it
    state.apply_action(CooncanAction("decline", first))
    assert state.current_player() == 1 and state.phase == "turn" and state.center is None


def test_c9_lay_off_onto_opponents_meld_counts_for_the_layer_and_freezes_the_meld() -> None:
    state = _cooncan("2C 3C KS KD QS JD 2D 3S AS 7D", "AD AC 5C 6C", melds1=("4H 5H 6H",
                                                                          "KC QC JC"))
    _facing(state, 0, "7H", turned_by=None)
    lay = [a for a in state.legal_actions() if getattr(a, "lay_off", None) is not None]
    assert lay and all(a.hand_cards == 0 for a in lay)
    action = next(a for a in lay if a.discard == mask("KS").bit_length() - 1)
    before = state.down_count(0)
    state.apply_action(action)
    assert mask("4H 5H 6H 7H") in state.melds[1]
    assert state.down_count(0) == before + 1 and state.laid[0] == mask("7H")
    # C5: the run carrying 7H is frozen for its owner: the 3H they turn would extend it,
    # but nothing else of theirs takes it, so it cannot be taken at all.
    _facing(state, 1, "3H", turned_by=1)
    assert not any(a.type == "take" for a in state.legal_actions())


def test_c9_a_card_you_turned_yourself_cannot_be_laid_off() -> None:
    state = _cooncan("2C 3C KS KD QS JD 2D 3S AS 7D", "AD AH", melds1=("4H 5H 6H",))
    _facing(state, 0, "7H", turned_by=0)
    assert not any(getattr(a, "lay_off", None) is not None for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="C9"):
        state._take(CooncanAction("take", state.center, 0, (), mask("KS").bit_length() - 1, 0))


def test_c10_a_card_that_only_lies_off_onto_the_opponents_melds_is_not_forced() -> None:
    # Seed 001: only a card that "can legally be added to one of their existing melds".
    assert not COONCAN.force_onto_opponent
    state = _cooncan("2C 3C KS KD QS JD 2D 3S AS 7D", "AD AH", melds1=("4H 5H 6H",))
    _facing(state, 0, "7H", turned_by=None)
    assert state.analysis() is not None and not state.analysis().forceable
    state.apply_action(CooncanAction("decline", state.center))
    assert state.phase != "force"
    assert all(a.type != "force" for a in state.legal_actions())


def test_c10_a_forced_card_goes_into_the_forced_players_own_melds() -> None:
    state = _cooncan("2C 3C KS KD QS JD 2D", "AD AH", melds0=("7S 7D 7C",),
                     melds1=("4H 5H 6H",))
    _facing(state, 0, "7H", turned_by=None)
    state.apply_action(CooncanAction("decline", state.center))
    assert state.phase == "force" and state.current_player() == 1
    state.apply_action(CooncanAction("force", state.center))
    assert state.phase == "forced" and state.current_player() == 0
    takes = [a for a in state.legal_actions() if a.type == "take"]
    assert takes and all(getattr(a, "lay_off", None) is None for a in takes)
    with pytest.raises(IllegalActionError, match="C10"):
        king = mask("KS").bit_length() - 1
        state.apply_action(CooncanAction("take", state.center, 0, (), king, 0))


def test_c11_a_lay_off_with_an_empty_hand_is_the_eleventh_card_and_wins() -> None:
    state = _cooncan("", "AD AH", melds0=("2C 3C 4C 5C", "KS KD KH", "QS QD QH"),
                     melds1=("4H 5H 6H",))
    _facing(state, 0, "7H", turned_by=None)
    wins = [a for a in state.legal_actions() if a.discard is None]
    assert wins and getattr(wins[0], "lay_off", None) == 0
    state.apply_action(wins[0])
    assert state.is_terminal() and state.winner == 0 and state.down_count(0) == 11


def test_cooncan_record_with_a_lay_off_replays_and_a_wrong_meld_index_is_refused() -> None:
    game = game_rules("cooncan")
    players = [game.players["expert"](), game.players["greedy"]()]
    for seed in range(300):
        state = play_hand(CooncanState(deal_from_seed(seed, seed % 2, COONCAN)), players,
                          random.Random(seed))
        record = json.loads(json.dumps(to_record(state)))
        laid = [i for i, a in enumerate(record["actions"]) if "lay_off" in a]
        if laid:
            break
    else:
        pytest.fail("no lay-off in 300 hands")
    assert replay(record).winner == state.winner
    bad = json.loads(json.dumps(record))
    bad["actions"][laid[0]]["lay_off"][0]["meld"] = 9
    with pytest.raises(InvalidGameError, match=f"actions\\[{laid[0]}\\]"):
        replay(bad)


# --- kunken ----------------------------------------------------------------------------


def _kunken(hand0: str, hand1: str, *, profile: str = "kunken", stock_top: str = "",
            dealer: int = 0) -> KunkenState:
    rules = get_profile(profile)
    h0, h1 = km(hand0), km(hand1)
    used = h0 | h1 | km(stock_top)
    top = [c(t) for t in stock_top.split()]
    spare = [x for x in rules.deck.cards if not used >> x & 1]
    while h0.bit_count() < 10:
        h0 |= 1 << spare.pop()
    while h1.bit_count() < 10:
        h1 |= 1 << spare.pop()
    stock = tuple(top + spare)
    return KunkenState(Deal(dealer, (h0, h1), stock, rules))


def _play(state: KunkenState, player: int, hand: str, melds: list[KMeld],
          opp: list[KMeld], pile: str = "") -> None:
    state.hands[player] = km(hand)
    state.melds[player] = melds
    state.melds[1 - player] = opp
    state.pile = [c(t) for t in pile.split()]
    state.phase = "draw"
    state.to_play = player
    state.invalidate()


def test_k6_opening_the_dealers_opponent_turns_and_discards_nothing_from_hand() -> None:
    state = _kunken("5H 6H", "", stock_top="KC", dealer=1)
    assert state.current_player() == 0 and state.legal_actions() == [KAction("turn")]
    state.apply_action(KAction("turn"))
    hand = state.hands[0]
    assert KAction("discard", c("KC")) in state.legal_actions()
    state.apply_action(KAction("discard", c("KC")))
    assert state.hands[0] == hand and state.pile == [c("KC")]
    assert state.current_player() == 1 and state.phase == "draw"


def test_k7_the_discard_is_taken_only_to_use_it_and_a_stock_card_may_be_discarded() -> None:
    state = _kunken("2C", "")
    _play(state, 0, "5H 6H 9S 2C 3D 4S JD QS KD 8C", [], [], pile="7H")
    assert KAction("take", c("7H")) in state.legal_actions()
    _play(state, 0, "5H 2S 9S 2C 3D 4S JD QS KD 8C", [], [], pile="10C")
    assert not any(a.type == "take" for a in state.legal_actions())
    state.apply_action(KAction("draw"))
    drawn = state.pending
    assert drawn is not None
    assert KAction("discard", drawn % 52 if drawn < JOKER_BASE else JOKER_BASE) in \
        state.legal_actions()
    # Nothing else may happen before the drawn card is used or thrown: no hand discard.
    assert all(a.type in ("meld", "add", "discard") for a in state.legal_actions())


def test_k4_a_joker_cannot_stand_for_a_card_already_on_the_table() -> None:
    state = _kunken("2C", "")
    kings = KMeld(km("KS KH KD KC"))
    _play(state, 0, "JH QH * 2S 3D 4S 9D 8S 6C 5D", [], [kings])
    state.phase, state.pending = "play", None
    melds = [a for a in state.legal_actions() if a.type == "meld"]
    assert KAction("meld", None, (c("JH"), c("QH")), (c("10H"),)) in melds
    assert not any(c("KH") in a.jokers for a in melds)


def test_k5_joker_swap_takes_the_joker_into_the_hand() -> None:
    state = _kunken("2C", "")
    joker = JOKER_BASE
    run = KMeld(km("5H 6H") | 1 << joker, ((joker, c("7H")),))
    _play(state, 0, "7H 2S 3D 4S 9D 8S 6C 5D JC", [KMeld(km("2H 3H 4H"))], [run])
    state.phase = "play"
    swap = KAction("swap", c("7H"), owner=1, meld=0)
    assert swap in state.legal_actions()
    state.apply_action(swap)
    assert state.hands[0] >> joker & 1 and not state.hands[0] >> c("7H") & 1
    assert state.melds[1][0].cards == km("5H 6H 7H") and state.melds[1][0].stands == ()
    assert state.down_count(0) == 3 and state.down_count(1) == 3


def test_k10_lay_off_needs_an_own_meld_and_freezes_the_opponents_meld() -> None:
    state = _kunken("2C", "")
    theirs = [KMeld(km("8S 9S 10S"))]
    _play(state, 0, "JS QS 2D 3C 5H 7D 9H KD AC 4C", [], theirs)
    state.phase = "play"
    assert not any(a.type == "add" and a.owner == 1 for a in state.legal_actions())
    _play(state, 0, "JS QS 2D 3C 5H 7D 9H", [KMeld(km("2H 3H 4H"))], theirs)
    state.phase = "play"
    state.apply_action(KAction("add", None, (c("JS"),), (), 1, 0))
    state.apply_action(KAction("add", None, (c("QS"),), (), 1, 0))
    assert state.melds[1][0].laid == km("JS QS") and state.down_count(0) == 5
    # Player 1 may neither extend (KS), take back nor swap in the frozen meld.
    _play(state, 1, "KS 7S 2S 5C 6D 8D 9C", state.melds[1], state.melds[0])
    state.phase = "play"
    acts = state.legal_actions()
    assert not any(a.type in ("add", "take_back") and a.owner == 1 for a in acts)


def test_k11_ten_down_and_an_empty_hand_play_on_until_one_more_card_goes_down() -> None:
    state = _kunken("2C", "", stock_top="5H")
    mine = [KMeld(km("AS 2S 3S 4S")), KMeld(km("KH KD KC")), KMeld(km("QH QD QC"))]
    _play(state, 0, "", mine, [KMeld(km("9C 10C JC"))])
    assert state.down_count(0) == 10 and not state.is_terminal()
    state.apply_action(KAction("draw"))
    state.apply_action(KAction("discard", c("5H")))  # it fits nowhere: play goes on
    assert not state.is_terminal()
    state.pile = [c("5S")]
    state.to_play, state.phase = 0, "draw"
    state.invalidate()
    state.apply_action(KAction("take", c("5S")))
    state.apply_action(KAction("add", None, (c("5S"),), (), 0, 0))
    assert state.is_terminal() and state.winner == 0 and state.down_count(0) == 11


def test_k12_points_melded_plus_hand_minus_and_a_joker_in_hand_costs_20() -> None:
    state = _kunken("2C", "")
    joker = JOKER_BASE
    _play(state, 0, "KD 3C", [KMeld(km("5H 6H") | 1 << joker, ((joker, c("7H")),))], [])
    state.hands[1] = 1 << (JOKER_BASE + 1) | km("AD")
    points = state.points()
    assert points[0] == 5 + 6 + 7 - 10 - 3
    assert points[1] == -20 - 1
    assert [pips(c(t)) for t in ("AS", "10S", "JS", "KS")] == [1, 10, 10, 10]


def test_kunken_records_refuse_a_wrong_card() -> None:
    game = game_rules("kunken")
    state = play_hand(KunkenState(deal_from_seed(3, 0, KUNKEN)),
                      [game.players["greedy"](), game.players["greedy"]()], random.Random(3))
    record = json.loads(json.dumps(to_record(state)))
    assert replay(record).winner == state.winner
    i = next(i for i, a in enumerate(record["actions"]) if a["type"] == "discard")
    bad = json.loads(json.dumps(record))
    bad["actions"][i]["card"] = "*" if record["actions"][i]["card"] != "*" else "AS"
    with pytest.raises(InvalidGameError, match=f"actions\\[{i}\\]"):
        replay(bad)


# --- every profile -----------------------------------------------------------------------


def _conserved(state: Any) -> None:
    rules = state.deal.rules
    if isinstance(state, KunkenState):
        parts = [*state.hands, *(m.cards for side in state.melds for m in side),
                 mask_of(state.pile)]
        if state.pending is not None:
            parts.append(1 << state.pending)
        stock = state.deal.stock[state.stock_pos:]
    else:
        parts = [*state.hands, state.exposed[0], state.exposed[1], state.waste]
        if state.center is not None:
            parts.append(1 << state.center)
        stock = state.deal.stock[state.stock_pos:]
    parts.append(mask_of(stock))
    total = 0
    for part in parts:
        assert not total & part, "a card is in two places"
        total |= part
    assert total == rules.deck.mask


@pytest.mark.parametrize("profile", PROFILES)
def test_two_thousand_self_played_hands_replay_legally(profile: str) -> None:
    rules = get_profile(profile)
    game = game_rules(rules)
    known = players_of(rules)
    pairs = [("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")]
    rng = random.Random(profile)
    for i in range(2000):
        a, b = pairs[i % 3]
        deal = deal_from_seed(hand_seed(12, i), i % 2, rules)
        state = play_hand(game.new_hand(deal, ()), [known[a](), known[b]()], rng)
        _conserved(state)
        record = json.loads(json.dumps(to_record(state)))
        assert record["ruleset"] == profile
        again = replay(record)
        assert game.result(again) == record["result"]


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}  # "*4C" is a joker standing for 4C, not the 4C itself
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("profile", ["cooncan", "kunken", "kunken-40"])
def test_views_never_show_the_opponents_hand_or_the_stock(profile: str) -> None:
    rules = get_profile(profile)
    game = game_rules(rules)
    known = players_of(rules)
    for seed in range(30):
        state = game.new_hand(deal_from_seed(seed, seed % 2, rules), ())
        rng = random.Random(seed)
        players = [known["greedy"](), known["random"]()]
        while not state.is_terminal():
            for viewer in (0, 1):
                view = game.observe(state, viewer).to_dict()
                shown = _strings(view)
                hidden = {card_str(x) for x in iter_cards(state.hands[1 - viewer])
                          if x < JOKER_BASE}
                stock = state.deal.stock[state.stock_pos:]
                hidden |= {card_str(x) for x in stock if x < JOKER_BASE}
                assert not shown & hidden, (viewer, shown & hidden)
            player = state.current_player()
            state.apply_action(players[player].choose(game.observe(state, player), rng))


@pytest.mark.parametrize("profile", PROFILES)
def test_stored_hand_round_trips_mid_hand(profile: str) -> None:
    rules = get_profile(profile)
    game = game_rules(rules)
    known = players_of(rules)
    state = game.new_hand(deal_from_seed(7, 1, rules), (1, 2))
    rng = random.Random(7)
    players = [known["greedy"](), known["greedy"]()]
    for _ in range(15):
        player = state.current_player()
        state.apply_action(players[player].choose(game.observe(state, player), rng))
    data = json.loads(json.dumps(state_to_dict(state)))
    again = state_from_dict(data)
    # With two packs a stored deal names cards, not copies: the first copy dealt is copy 0.
    assert state_to_dict(state_from_dict(state_to_dict(again))) == state_to_dict(again)
    if rules.deck.packs == 1:
        assert state_to_dict(again) == data
    assert again.legal_actions() == state.legal_actions()
    data["actions"][3]["type"] = "nonsense"
    with pytest.raises(InvalidGameError, match="actions\\[3\\]"):
        state_from_dict(data)


def test_conquian_40_points_match_scores_the_losers_pips() -> None:
    from solver.game.conquian.state import GameState

    state = GameState(deal_from_seed(1, 0))
    state.winner, state.phase = 0, "over"
    state.hands[1] = mask("AS 7H KD")
    assert hand_points(state) == 15 + 7 + 10
    state.winner = None
    assert hand_points(state) == 0
    assert make_card(0, 0) == mask("AS").bit_length() - 1


def test_cooncan_refusals_cite_the_cooncan_rule_book() -> None:
    state = _cooncan("2C 3C KS KD QS JD 2D 3S AS 7D", "AD AC 5C 6C", melds1=("4H 5H 6H",))
    _facing(state, 0, "JC", turned_by=None)
    with pytest.raises(IllegalActionError, match=r"C8, C9"):
        state.apply_action(CooncanAction("take", state.center, 0, (mask("JC JD"),), 0))
    _facing(state, 0, "7H", turned_by=None)
    with pytest.raises(IllegalActionError, match=r"\(C9\)"):
        state.apply_action(CooncanAction("take", state.center, mask("2C"), (), 0, 0))


class _Hand:
    """A finished hand as a match sees it: who won and the K12 points."""

    def __init__(self, winner: int | None, points: tuple[int, int] = (0, 0)) -> None:
        self.winner, self._points = winner, list(points)

    def points(self) -> list[int]:
        return self._points


def test_c13_a_drawn_cooncan_hand_carries_its_point_to_the_next_win() -> None:
    from solver.game.meld_match import MeldMatch

    match = MeldMatch(1, COONCAN)
    first = match.dealer
    match.record_result(_Hand(None))
    assert match.dealer == 1 - first and match.score == [0, 0]
    match.record_result(_Hand(1))
    assert match.score == [0, 2] and match.stake == 1
    match.record_result(_Hand(1))
    assert match.is_over() and match.winner() == 1


def test_k13_k14_kunken_doubles_after_an_exhausted_stock_and_the_winner_deals() -> None:
    from solver.game.meld_match import MeldMatch

    match = MeldMatch(1, KUNKEN, 300)
    dealer = match.dealer
    match.record_result(_Hand(None))
    match.record_result(_Hand(None))
    assert match.dealer == dealer and match.stake == 4 and match.score == [0, 0]
    match.record_result(_Hand(1, (-30, 40)))
    assert match.score == [-120, 160] and match.stake == 1 and match.dealer == 1
    assert not match.is_over()
    match.record_result(_Hand(0, (200, -10)))
    assert match.score == [80, 150] and not match.is_over()
    match.record_result(_Hand(1, (5, 150)))
    assert match.is_over() and match.winner() == 1
    with pytest.raises(ValueError, match="K14"):
        MeldMatch(1, KUNKEN, 400)


@pytest.mark.parametrize("profile", PROFILES)
def test_selfplay_matches_and_replay_from_the_command_line(profile: str, tmp_path: Any) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "records.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "solver", "selfplay", "--rules", profile, "--matches", "2",
         "--players", "greedy,random", "--seed", "4", "--quiet", "--record", str(out)],
        capture_output=True, text=True, cwd=root, check=True)
    summary = json.loads(run.stdout)
    assert summary["rules"] == profile and summary["matches"] == 2
    check = subprocess.run([sys.executable, "-m", "solver", "replay", str(out)],
                           capture_output=True, text=True, cwd=root)
    assert check.returncode == 0, check.stdout
    assert json.loads(check.stdout)["valid"] == summary["hands"]


@pytest.mark.parametrize("profile", PROFILES)
def test_c14_k15_hand_plus_cards_down_make_ten_at_every_turn(profile: str) -> None:
    rules = get_profile(profile)
    game = game_rules(rules)
    known = players_of(rules)
    rng = random.Random(profile)
    checked = 0
    for i in range(150):
        state = game.new_hand(deal_from_seed(hand_seed(15, i), i % 2, rules), ())
        players = [known["random" if i % 2 else "greedy"](), known["greedy"]()]
        while not state.is_terminal():
            player = state.current_player()
            if isinstance(state, KunkenState):
                if state.phase in ("open", "draw"):
                    # K6: an opening card used at once (its turn ends without laying it
                    # face up) costs its player no discard: they hold one card more from
                    # then on.  Hand melds may go down first (K8).
                    first = state.history[0][0] if state.history else None
                    ends = next((a for p, a in state.history[1:]
                                 if p != first or a.type == "discard"), None)
                    opened = first if ends is not None and ends.type != "discard" else None
                    extra = 1 if opened == player else 0
                    total = state.hands[player].bit_count() + state.down_count(player)
                    assert total == 10 + extra
                    checked += 1
            else:
                assert state.hands[player].bit_count() + state.down_count(player) == 10
                checked += 1
            state.apply_action(players[player].choose(game.observe(state, player), rng))
    assert checked > 1000


def test_conquian_40_matches_to_points_end_when_a_player_reaches_the_total() -> None:
    from solver.game.match import Match
    from solver.players import make_player

    players = (make_player("greedy"), make_player("random"))
    match = Match(9, options={"points": True, "target": 60})
    totals = [0, 0]
    while not match.is_over():
        # the generator of each hand as before: named by its number + 1
        state = play_hand(match.next_hand(), players, random.Random(match.hands_played + 1))
        match.record_result(state)
        if state.winner is not None:
            totals[state.winner] += hand_points(state)
        assert state.score[0] <= 2 and state.score[1] <= 2  # the hand's R12 score stays valid
    assert match.score == totals and max(totals) >= 60
    assert match.winner() == totals.index(max(totals))
    assert max(totals) - hand_points(state) < 60  # the last hand reached the total


def test_cooncan_center_from_is_each_players_own_view_after_a_pass() -> None:
    # Issue 10 item 7 for cooncan: after you turn a card and pass it, your view says you
    # turned it from the stock; your opponent, now facing it, sees a card you left.
    from solver.game.cooncan import observe_cooncan

    passes = 0
    for seed in range(40):
        state = CooncanState(deal_from_seed(seed, seed % 2, COONCAN))
        rng = random.Random(seed)
        while not state.is_terminal() and passes < 20:
            actions = state.legal_actions()
            action = rng.choice(actions)
            passer = state.current_player()
            state.apply_action(action)
            if action.type == "pass" and not state.is_terminal():
                passes += 1
                assert observe_cooncan(state, passer).center_from == "stock"
                assert observe_cooncan(state, 1 - passer).center_from == "opponent"
    assert passes >= 5
