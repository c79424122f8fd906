"""K8, melds from the hand while the taken card waits (issue 27, the lead's reading of seed
003: «Перед тем как сбросить карту игрок может выложить готовые комбинации с руки»).

Melds made only of hand cards may go down at any point before the discard, also while the
card taken (from the pile or the stock, or the opening card) is still to be used: with a
discard taken only when that card can still be used afterwards, with a stock card always
(it may still be discarded, K7).  Such a meld is a meld of your own for laying the taken
card off onto the opponent's melds (K10).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from solver.errors import IllegalActionError
from solver.game.deal import deal_from_seed
from solver.game.kunken import KAction, KMeld, KunkenState, kind_of, observe_kunken
from solver.game.match import hand_seed
from solver.game.record import replay, to_record
from solver.game.registry import GAMES, game_rules, players_of
from solver.players.kunken import KunkenExpert, KunkenGreedy, uses_pending
from solver.rules import RuleProfile, get_profile
from tests.game.test_meld_games import _kunken, _play, c, km


def _kunken_profiles() -> list[RuleProfile]:
    """Every profile of the registry that the Kunken engine plays."""
    return [get_profile(pid) for pid, game in GAMES.items() if game.observe is observe_kunken]


PROFILES = _kunken_profiles()
# No meld of 4D with these; KS-KH-KC is the only meld among them (cards of every pack).
HAND = "KS KH KC 2C JS QH 6S"


def _lay_off_position(profile: RuleProfile) -> KunkenState:
    """No meld of yours; the opponent's 5D-6D-7D; 4D on the pile, usable only as a lay-off."""
    state = _kunken("2H", "", profile=profile.id)
    _play(state, 0, HAND, [], [KMeld(km("5D 6D 7D"))], pile="4D")
    return state


def _meld_of(cards: str) -> KAction:
    """A meld of natural cards, as the engine names it (kinds in order)."""
    return KAction("meld", None, tuple(sorted(c(x) for x in cards.split())))


def test_the_profiles_come_from_the_registry() -> None:
    assert len(PROFILES) >= 3 and all(game_rules(p).observe is observe_kunken
                                      for p in PROFILES)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_a_discard_laid_off_after_a_hand_meld_is_takeable_and_the_play_completes(
        profile: RuleProfile) -> None:
    state = _lay_off_position(profile)
    take = KAction("take", c("4D"))
    assert take in state.legal_actions()
    state.apply_action(take)
    meld = _meld_of("KS KH KC")
    # Nothing uses 4D before a meld of yours is down: the hand meld is the only step.
    assert state.legal_actions() == [meld]
    state.apply_action(meld)
    assert state.pending == c("4D")
    lay_off = KAction("add", None, (c("4D"),), (), 1, 0)
    assert lay_off in state.legal_actions()
    state.apply_action(lay_off)
    assert state.pending is None and state.down_count(0) == 4
    assert state.melds[1][0].laid == km("4D")
    state.apply_action(KAction("discard", c("2C")))
    assert state.current_player() == 1 and state.phase in ("draw", "over")
    assert [a.type for _, a in state.history] == ["take", "meld", "add", "discard"]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_an_unused_stock_card_may_follow_a_hand_meld_and_be_discarded(
        profile: RuleProfile) -> None:
    state = _kunken("2H", "", profile=profile.id, stock_top="4D")
    _play(state, 0, HAND, [], [])
    state.apply_action(KAction("draw"))
    meld = _meld_of("KS KH KC")
    assert set(state.legal_actions()) == {meld, KAction("discard", c("4D"))}
    state.apply_action(meld)
    assert state.pending == c("4D") and state.legal_actions() == [KAction("discard", c("4D"))]
    state.apply_action(KAction("discard", c("4D")))
    assert state.pile == [c("4D")] and state.hands[0] == km("2C JS QH 6S")
    assert state.down_count(0) == 3 and state.current_player() == 1


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_a_hand_meld_that_would_strand_a_taken_discard_is_refused(profile: RuleProfile) -> None:
    """4H waits: it goes down only with 4S and 4C.  KS-KH-KC may go down first; 4C-5C-6C
    would take the 4C it needs, so it is refused (and said why)."""
    state = _kunken("2H", "", profile=profile.id)
    _play(state, 0, "4S 4C 5C 6C KS KH KC 2D", [], [], pile="4H")
    state.apply_action(KAction("take", c("4H")))
    kings = _meld_of("KS KH KC")
    clubs = _meld_of("4C 5C 6C")
    legal = state.legal_actions()
    assert kings in legal and clubs not in legal
    with pytest.raises(IllegalActionError, match="K8"):
        state.apply_action(clubs)
    state.apply_action(kings)
    assert state.pending == c("4H")
    assert _meld_of("4S 4H 4C") in \
        state.legal_actions()


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_hand_melds_may_precede_the_opening_card_laid_face_up_or_added_to_them(
        profile: RuleProfile) -> None:
    """K6 with K8: the opener lays AH-2H-3H from the hand first, then either adds the turned
    4H to it (the opening card is used: no discard, K6) or lays 4H face up."""
    for add in (True, False):
        state = _kunken("AH 2H 3H KS KH KC", "", profile=profile.id, stock_top="4H", dealer=1)
        state.apply_action(KAction("turn"))
        run = _meld_of("AH 2H 3H")
        assert run in state.legal_actions()
        state.apply_action(run)
        assert state.phase == "open" and state.current_player() == 0
        if add:
            state.apply_action(KAction("add", None, (c("4H"),), (), 0, 0))
            assert state.melds[0][0].cards == km("AH 2H 3H 4H") and state.pile == []
        else:
            state.apply_action(KAction("discard", c("4H")))
            assert state.pile == [c("4H")] and state.melds[0][0].cards == km("AH 2H 3H")
        assert state.current_player() == 1 and state.phase == "draw"
        assert state.hands[0].bit_count() == 7


def test_a_hand_meld_reaching_eleven_while_a_discard_waits_is_refused() -> None:
    """Eleven down would end the hand with the taken discard never used (K7, K11)."""
    state = _kunken("2H", "")
    laid = KMeld(km("5D 6D 7D 8D 9D 10D 4D 3D"), laid=km("3D 4D 5D 6D 7D 8D 9D 10D"))
    _play(state, 0, HAND, [], [laid], pile="JD")
    assert state.down_count(0) == 8
    state.hands[0] = km("KS KH KC 2C")
    state.invalidate()
    assert not any(a.type == "take" for a in state.legal_actions())
    # One card fewer down, the same meld leaves the hand going on: JD may be taken.
    seven = KMeld(km("5D 6D 7D 8D 9D 10D 4D"), laid=km("4D 5D 6D 7D 8D 9D 10D"))
    state.melds[1] = [seven]
    state.invalidate()
    assert KAction("take", c("JD")) in state.legal_actions()


@pytest.mark.parametrize("player", [KunkenGreedy, KunkenExpert])
@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_greedy_and_expert_take_through_a_hand_meld_and_finish_the_turn(
        profile: RuleProfile, player: type) -> None:
    state = _lay_off_position(profile)
    chooser = player()
    rng = random.Random(0)
    while state.current_player() == 0:
        state.apply_action(chooser.choose(observe_kunken(state, 0), rng))
    kinds = [a.type for _, a in state.history]
    assert kinds[0] == "take" and kinds[-1] == "discard" and "meld" in kinds
    assert state.melds[1][0].laid == km("4D")


def test_the_play_page_offers_the_hand_meld_while_the_discard_waits(tmp_path: Path) -> None:
    from tests.play.conftest import make_app
    from tutor.extensions import db
    from tutor.play.games import HUMAN, new_game
    from tutor.play.view import game_view

    app = make_app(tmp_path / "play.sqlite")
    with app.app_context():
        db.create_all()
    state = _lay_off_position(get_profile("kunken"))
    assert state.to_play == HUMAN
    game = new_game(state.deal.rules, "medium", 1)
    game.state = state
    with app.test_request_context("/"):
        state.apply_action(KAction("take", c("4D")))
        view = game_view(game)
    choices = view["choices"]
    assert [ch["action"] for ch in choices] == [a.to_dict() for a in state.legal_actions()]
    assert [ch["action"]["type"] for ch in choices] == ["meld"]
    assert choices[0]["kind"] == "meld" and choices[0]["label"], choices[0]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_random_play_lays_hand_melds_while_a_card_waits_and_the_records_replay(
        profile: RuleProfile) -> None:
    game = game_rules(profile)
    known = players_of(profile)
    seen = {"discard": 0, "stock": 0, "opening": 0, "take only through a hand meld": 0}
    for i in range(80):
        state = game.new_hand(deal_from_seed(hand_seed(8, i), i % 2, profile), ())
        rng = random.Random(i)
        other = ("greedy", "expert", "random")[i % 3]
        players = [known["random"](), known[other]()]
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, str(state)  # a take never strands the turn
            p = state.current_player()
            if (state.phase == "draw" and state.pile and not state.melds[p]
                    and KAction("take", kind_of(state.pile[-1])) in legal):
                trial = state.clone()
                trial.apply_action(KAction("take", kind_of(state.pile[-1])))
                if all(a.type == "meld" and not uses_pending(a, trial.pending)
                       for a in trial.legal_actions()):
                    seen["take only through a hand meld"] += 1
            action = players[p].choose(game.observe(state, p), rng)
            if (action.type == "meld" and state.pending is not None
                    and not uses_pending(action, state.pending)):
                assert state.pending_from is not None
                seen["opening" if state.phase == "open" else state.pending_from] += 1
            state.apply_action(action)
        record = json.loads(json.dumps(to_record(state)))
        assert game.result(replay(record)) == record["result"]
    assert all(seen.values()), seen


@pytest.mark.parametrize("profile", [p for p in PROFILES if p.deck.jokers], ids=lambda p: p.id)
def test_the_view_names_the_laid_off_joker_so_positions_say_which_joker_is_frozen(
        profile: RuleProfile) -> None:
    """Of the two jokers in 3H-4H-*5H-6H-*7H, the *7H was laid off by player 0 (frozen,
    K10) and the *5H is the owner's: the view must say which, or a position built from it
    (the play page's help, the engine-analysis cross-test) freezes the wrong one."""
    from solver.cards import JOKER_BASE

    state = _kunken("2H", "", profile=profile.id)
    run = KMeld(km("3H 4H 6H") | 3 << JOKER_BASE,
                ((JOKER_BASE, c("5H")), (JOKER_BASE + 1, c("7H"))), laid=1 << JOKER_BASE + 1)
    _play(state, 0, "5H 9C JD", [KMeld(km("KS KH KC"))], [run])
    state.phase = "play"  # the card taken is used: the discard is still to come
    state.invalidate()
    assert KAction("swap", c("5H"), owner=1, meld=0) in state.legal_actions()
    view = observe_kunken(state, 0).to_dict()
    assert view["opponent_melds"][0]["laid_off"] == ["*7H"]
    assert observe_kunken(state, 1).to_dict()["melds"][0]["laid_off"] == ["*7H"]


@pytest.mark.parametrize("profile", [p for p in PROFILES if p.deck.jokers], ids=lambda p: p.id)
def test_a_taken_joker_may_stand_for_a_card_of_the_hand(profile: RuleProfile) -> None:
    """6D-7D-8D-9D in the hand, 5D and 10D on the table: the joker on the pile fits no run
    end (K4), but it may go down standing for a card of the hand, which stays there (the
    analysis's *6D-7D-8D-9D with 6D taken back)."""
    from solver.cards import JOKER_BASE

    state = _kunken("2H", "", profile=profile.id)
    _play(state, 0, "6D 7D 8D 9D 2C", [], [KMeld(km("5S 5H 5D")), KMeld(km("10S 10H 10D"))])
    state.pile = [JOKER_BASE]
    state.invalidate()
    take = KAction("take", JOKER_BASE)
    assert take in state.legal_actions()
    state.apply_action(take)
    meld = KAction("meld", None, tuple(sorted(c(x) for x in ["7D", "8D", "9D"])), (c("6D"),))
    assert meld in state.legal_actions()
    state.apply_action(meld)
    assert state.pending is None and state.hands[0] == km("6D 2C")
    assert state.melds[0][0].stands == ((JOKER_BASE, c("6D")),)
    # The 6D may later take the joker's place (K5).
    assert KAction("swap", c("6D"), owner=0, meld=0) in state.legal_actions()
