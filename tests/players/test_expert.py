"""The expert's look-ahead: determinized states, greedy playouts, the opponent model, and
decisions that are blind to hidden cards, reproducible, and right where the answer is plain."""

from __future__ import annotations

import random

import pytest

from solver.cards import cards_of, parse_card
from solver.cover import core_plays
from solver.errors import ConquianError
from solver.game.conquian.actions import TURN, Action
from solver.game.conquian.state import GameState
from solver.game.conquian.view import observe
from solver.game.deal import Deal, deal_from_seed
from solver.game.determinize import DeterminizeError, determinize
from solver.game.match import hand_seed
from solver.players import make_player
from solver.players.expert import ExpertPlayer
from solver.players.opponent_model import (
    OpponentModel,
    _below,
    could_meld,
    discard_misfit,
    refusal,
    take_misfit,
)
from solver.players.rollout import greedy_action, playout, quick_playout
from tests.game.helpers import mask, mid_hand


def _states(count: int, seed: int, names: tuple[str, str] = ("greedy", "greedy")
            ) -> list[GameState]:
    """Every decision state of ``count`` hands between two players."""
    rng = random.Random(seed)
    agents = (make_player(names[0]), make_player(names[1]))
    out = []
    for i in range(count):
        state = GameState(deal_from_seed(hand_seed(seed, i), i % 2))
        while not state.is_terminal():
            out.append(state.clone())
            p = state.current_player()
            state.apply_action(agents[p].choose(observe(state, p), rng))
    return out


def _shuffle_hidden(state: GameState, player: int, rng: random.Random) -> GameState:
    """The same state with the cards ``player`` cannot see (the opponent's hand and the
    stock) dealt again at random."""
    other = state.clone()
    opp = 1 - player
    hidden = cards_of(other.hands[opp])
    hidden += list(other.deal.stock[other.stock_pos:])
    rng.shuffle(hidden)
    k = other.hands[opp].bit_count()
    hand = sum(1 << c for c in hidden[:k])
    other.hands[opp] = hand
    stock = other.deal.stock[: other.stock_pos] + tuple(hidden[k:])
    other.deal = Deal(other.deal.dealer, other.deal.hands, stock)
    return other


# --- determinize ------------------------------------------------------------------------


def test_determinized_states_look_the_same_to_the_observer() -> None:
    rng = random.Random(5)
    checked = 0
    for state in _states(6, 3):
        player = state.current_player()
        seen = observe(state, player)
        world = determinize(seen, rng)
        assert observe(world, player) == seen
        assert world.hands[player] == state.hands[player]
        assert world.hands[1 - player] | sum(1 << c for c in world.deal.stock) == seen.unseen
        checked += 1
    assert checked > 100


def test_determinize_keeps_a_given_opponent_hand() -> None:
    state = _states(1, 4)[20]
    player = state.current_player()
    seen = observe(state, player)
    world = determinize(seen, random.Random(1), state.hands[1 - player])
    assert world.hands[1 - player] == state.hands[1 - player]
    assert sorted(world.deal.stock) == sorted(state.deal.stock[state.stock_pos:])
    with pytest.raises(DeterminizeError, match="unseen"):
        determinize(seen, random.Random(1), state.hands[player])  # our own cards
    assert issubclass(DeterminizeError, ConquianError)


def test_determinize_refuses_a_finished_hand() -> None:
    state = mid_hand(hands=("7H", "AD 2S 3S 4S 5C QS KS"),
                     melds=("4H 5H 6H | KD KC KH | 2C 3C 4C", "JC JD JS"),
                     center="JH", facing=0, phase="respond")
    action = make_player("expert").choose(observe(state, 0), random.Random(0))
    state.apply_action(action)
    with pytest.raises(DeterminizeError, match="over"):
        determinize(observe(state, 0), random.Random(0))


def test_a_clone_copies_every_slot_and_shares_no_list() -> None:
    for state in _states(2, 3)[::5]:
        copy = state.clone()
        for name in GameState.__slots__:
            assert getattr(copy, name) == getattr(state, name), name
        for name in ("hands", "melds", "exposed", "history"):
            assert getattr(copy, name) is not getattr(state, name), name
        before = state.history[:]
        copy.apply_action(copy.legal_actions()[0])  # decision states: never terminal
        assert state.history == before and copy.history != before


@pytest.mark.parametrize("seed", [0, 1, 2026])
def test_the_walks_draws_are_randranges_number_for_number(seed: int) -> None:
    # _below stands in for randrange in compiled code; the games must not change.
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 7, 8, 9, 16, 17, 28, 31, 32, 33, 1000] * 50:
        assert _below(ours, n) == theirs.randrange(n)
    assert ours.random() == theirs.random()


# --- playouts ---------------------------------------------------------------------------


def test_playout_policy_is_the_greedy_player() -> None:
    greedy = make_player("greedy")
    states = _states(8, 6, ("expert", "random"))
    assert len(states) > 200
    for state in states:
        p = state.current_player()
        assert greedy_action(state) == greedy.choose(observe(state, p), random.Random(0))


@pytest.mark.parametrize("careful", [False, True])
def test_playouts_end_the_hand_and_score_it(careful: bool) -> None:
    for state in _states(2, 8)[::7]:
        p = state.current_player()
        copy = state.clone()
        result = playout(copy, p, careful)
        assert copy.is_terminal()
        assert result == copy.returns()[p]


@pytest.mark.parametrize("careful", [False, True])
def test_quick_playouts_play_like_the_full_ones(careful: bool) -> None:
    # Same greedy moves on bare masks: the same result after the same number of actions,
    # and the state given is left as it was.
    states = _states(4, 6, ("expert", "random")) + _states(4, 9)
    assert len(states) > 300
    for state in states:
        p = state.current_player()
        before = str(state), len(state.history)
        copy = state.clone()
        result = playout(copy, p, careful)
        assert quick_playout(state, p, careful) == (result, len(copy.history) - before[1])
        assert (str(state), len(state.history)) == before


def test_careful_playout_keeps_a_card_that_feeds_the_opponent() -> None:
    # Player 0 takes 6H with 4H 5H; QC is its least connected card but fits the
    # opponent's queens alone, so the careful discard is 7S instead.
    state = mid_hand(hands=("4H 5H QC 7S", "AD 2S 3S 4S 5C 7C KS"),
                     melds=("JD JS JH | KD KS KH", "QS QH QD"),
                     center="6H", facing=0, phase="respond")
    assert greedy_action(state).discard == parse_card("QC")
    assert greedy_action(state, careful=0).discard == parse_card("7S")


# --- the opponent model -----------------------------------------------------------------


def test_a_card_that_fits_the_exposed_melds_alone_teaches_nothing() -> None:
    assert refusal(parse_card("7H"), mask("4H 5H 6H")) is None
    r = refusal(parse_card("7H"), mask("KD KC KH"))
    assert r is not None
    assert could_meld(mask("7S 7D AC"), r)
    assert could_meld(mask("5H 6H"), r)
    assert not could_meld(mask("7S 5H QD"), r)


def test_a_refused_card_may_be_meldable_only_by_rearranging_the_melds() -> None:
    # 4S 4C 4D breaks the clubs run, which 7C from the hand then completes: no hand card
    # is near 4S itself, yet the hand could have taken it (R8).
    exposed = mask("4C 5C 6C 4D 5D 6D 7D")
    r = refusal(parse_card("4S"), exposed)
    assert r is not None
    assert could_meld(mask("7C KH"), r)
    assert not could_meld(mask("KH QH"), r)


def test_could_meld_agrees_with_the_meld_search() -> None:
    """The quick test in front of the search never changes its answer, on the melds of real
    hands and random hands from the cards left."""
    rng = random.Random(11)
    checked = meldable = 0
    for state in _states(40, 5):
        for exposed in state.exposed:
            if not exposed:
                continue
            rest = [c for c in range(40) if not exposed >> c & 1]
            for _ in range(6):
                card = rng.choice(rest)
                r = refusal(card, exposed)
                if r is None:
                    continue
                others = [c for c in rest if c != card]
                hand = sum(1 << c for c in rng.sample(others, rng.randint(1, 9)))
                expected = bool(core_plays(exposed | 1 << card, hand, card))
                assert could_meld(hand, r) == expected
                checked += 1
                meldable += expected
    assert checked > 2000 and 0 < meldable < checked


def test_refusals_are_read_from_successive_observations() -> None:
    # Player 0 discards QC to the opponent, who declines it, turns 2S (the stock's top
    # card) and passes it: two cards their hand could not meld (R7).
    state = mid_hand(hands=("4H 5H QC 2D", "AD 4D 6D QD 5C 7C KS"),
                     melds=("JC JD JS | KD KC KH", "AH AS AC"),
                     center="6H", facing=0, phase="respond")
    model = OpponentModel()
    model.observe(observe(state, 0))
    take = next(a for a in observe(state, 0).take_actions() if a.discard == parse_card("QC"))
    model.chose(take)
    state.apply_action(take)
    assert state.action_types() == ("decline",)
    state.apply_action(Action("decline", parse_card("QC")))
    state.apply_action(TURN)
    assert state.center == parse_card("2S") and state.action_types() == ("pass",)
    state.apply_action(Action("pass", parse_card("2S")))
    model.observe(observe(state, 0))
    assert [r.card for r in model.refusals] == [parse_card("QC"), parse_card("2S")]
    # The same observation again teaches nothing new.
    model.observe(observe(state, 0))
    assert len(model.refusals) == 2
    # A new hand wipes them.
    model.observe(observe(GameState(deal_from_seed(1, 0)), 1))
    assert model.refusals == []


def test_sampled_hands_avoid_melding_refused_cards() -> None:
    model = OpponentModel()
    seven = refusal(parse_card("7H"), 0)
    assert seven is not None
    model.refusals.append(seven)
    pool = cards_of(mask("7S 7D 7C 6H JH 5H AS 2D 3C QC KS KD"))
    rng = random.Random(3)
    hands = [model.sample_hand(pool, 5, rng) for _ in range(200)]
    bad = sum(could_meld(h, model.refusals[0]) for h in hands)
    uniform = sum(could_meld(sum(1 << c for c in rng.sample(pool, 5)), model.refusals[0])
                  for _ in range(200))
    assert bad * 3 < uniform


# --- decisions --------------------------------------------------------------------------


def test_expert_is_blind_to_the_hidden_cards() -> None:
    """Dealing the opponent's hand and the stock again (same counts) never changes the
    expert's choice: it sees only its observation."""
    rng = random.Random(11)
    compared = 0
    for state in _states(4, 12)[::9]:
        player = state.current_player()
        if state.hands[1 - player] == 0 or state.stock_count == 0:
            continue
        other = _shuffle_hidden(state, player, rng)
        a = ExpertPlayer().choose(observe(state, player), random.Random(4))
        b = ExpertPlayer().choose(observe(other, player), random.Random(4))
        assert a == b
        compared += 1
    assert compared >= 8


def test_expert_is_reproducible_for_a_seed() -> None:
    for state in _states(2, 13)[::6]:
        p = state.current_player()
        a = ExpertPlayer().choose(observe(state, p), random.Random(21))
        b = ExpertPlayer().choose(observe(state, p), random.Random(21))
        assert a == b


@pytest.mark.parametrize(
    ("hands", "melds", "center", "keep", "must_take"),
    [
        # After 6H with 4H 5H, QC would extend the opponent's queens for free (R9).
        (("4H 5H QC 7S", "AD 2S 3S 4S 5C 7C KS"),
         ("JC JD JS | KD KC KH", "QS QH QD"), "6H", "QC", True),
        # The opponent has an empty hand: 4C would be their eleventh card (R10).
        (("4H 5H 4C 7S", ""),
         ("JC JD JS | KD KC KH", "AC 2C 3C | QS QH QD | 4D 5D 6D 7D"), "6H", "4C", False),
        # The pair of sevens is one card from a set; the loose cards go first.
        (("4H 5H 7S 7D KC AS 2D", "AD 2S 3S 4S QS QC KS"),
         ("JC JD JS", "2C 3C 4C"), "6H", "7S 7D", True),
    ],
)
def test_expert_keeps_the_card_that_matters(
    hands: tuple[str, str], melds: tuple[str, str], center: str, keep: str, must_take: bool
) -> None:
    """``keep`` is never discarded; ``must_take``: taking the center card is plainly right
    (otherwise declining is a fair answer too)."""
    state = mid_hand(hands=hands, melds=melds, center=center, facing=0, phase="respond")
    for seed in range(3):
        action = ExpertPlayer().choose(observe(state, 0), random.Random(seed))
        assert action.type == "take" or not must_take
        assert action.discard is None or not mask(keep) >> action.discard & 1


@pytest.mark.parametrize(
    ("hands", "melds", "center"),
    [
        (("", "AD 2S 3S 4S 5C QS KS 6C 7C JS"),
         ("4H 5H 6H 7H | KD KC KH | 2C 3C 4C", ""), "3H"),
        (("", "AD 2S 3S 4S QS JS 2D"),
         ("4H 5H 6H | KD KC KS | 2C 3C 4C 5C", "5S 6S 7S"), "7H"),
    ],
)
def test_expert_never_forces_an_empty_hand(
    hands: tuple[str, str], melds: tuple[str, str], center: str
) -> None:  # R9, R10: the forced take would be the eleventh card
    state = mid_hand(hands=hands, melds=melds, center=center, facing=0, phase="force")
    for seed in range(3):
        assert ExpertPlayer().choose(observe(state, 1), random.Random(seed)).type == "no_force"


def test_expert_never_forces_a_card_that_wins_for_every_possible_hand() -> None:
    # The stock is out, so the two unseen cards are the opponent's hand: QH and KS, which
    # with the forced 3H make 11 exposed cards (R9, R10).
    state = mid_hand(hands=("QH KS", "AD 2S 3S 4S QS JS 2D"),
                     melds=("4H 5H 6H 7H JH | KD KC KH", "5D 6D 7D"),
                     center="3H", facing=0, phase="force", stock_left=0)
    assert observe(state, 1).unseen == mask("QH KS")
    for seed in range(3):
        assert ExpertPlayer().choose(observe(state, 1), random.Random(seed)).type == "no_force"


def test_a_plain_player_discards_are_read_exactly() -> None:
    """Against greedy, whose discard is always its least connected card, whose take lays
    the most hand cards and who takes whatever it can, the true hand of the opponent never
    misfits a discard, a take or a refusal the model reads.  The hands then are rebuilt
    from the hand now and the cards that left it since (R8); when greedy took a card it
    turned, the true way the cards left is one of the ways the model tries."""
    rng = random.Random(8)
    checked = takes = turned = refusals = 0
    for number in range(16):
        state = GameState(deal_from_seed(hand_seed(8, number), number % 2))
        model = OpponentModel()
        agents = (make_player("random"), make_player("greedy"))
        after: dict[int, int] = {}  # greedy's discard -> its hand right after that take
        while not state.is_terminal():
            p = state.current_player()
            observation = observe(state, p)
            hand = state.hands[1]
            if p == 0:
                model.observe(observation)
                for d, laters in model._readable():
                    assert after[d.card] & ~hand in laters
                    assert not discard_misfit(after[d.card], d)
                    assert not take_misfit(after[d.card], d)
                    checked += 1
                    takes += d.taken is not None
                    turned += len(laters) > 1
                for r, laters in model._refusals_then():
                    assert any(not could_meld(hand | later, r) for later in laters)
                    refusals += any(bool(later) for later in laters)
            action = agents[p].choose(observation, rng)
            if p == 0:
                model.chose(action)
            state.apply_action(action)
            if p == 1 and action.type == "take" and action.discard is not None:
                after[action.discard] = state.hands[1]
    assert checked >= 40 and takes >= 10 and turned >= 10 and refusals >= 10


def test_sampled_hands_fit_the_discards_better_than_chance() -> None:
    rng = random.Random(9)
    for number in range(20):
        state = GameState(deal_from_seed(hand_seed(9, number), number % 2))
        model = OpponentModel()
        agents = (make_player("random"), make_player("greedy"))
        while not state.is_terminal():
            p = state.current_player()
            observation = observe(state, p)
            if p == 0:
                model.observe(observation)
                readable = model._readable()
                k = observation.opponent_hand_count
                pool = cards_of(observation.unseen)
                if len(readable) >= 2 and k >= 3:
                    def misfits(hand: int, readable: list = readable) -> int:
                        return sum(all(discard_misfit(hand | later, d) for later in laters)
                                   for d, laters in readable)
                    sampled = sum(misfits(model.sample_hand(pool, k, rng)) for _ in range(60))
                    uniform = sum(misfits(sum(1 << c for c in rng.sample(pool, k)))
                                  for _ in range(60))
                    assert sampled < uniform
                    return
            action = agents[p].choose(observation, rng)
            if p == 0:
                model.chose(action)
            state.apply_action(action)
    raise AssertionError("no position with two readable discards")
