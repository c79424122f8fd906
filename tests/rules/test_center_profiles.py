"""The center analysis of cooncan and the kunken profiles: crafted cases from the rule books
(C9–C11, K4, K10, K11) and property tests over random positions of each profile, where the
search, CP-SAT and a brute-force reference must agree."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver import cpsat, search
from solver.analysis import Analysis
from solver.cards import JOKER_BASE, card_kind, card_str, cards_of, union
from solver.errors import InvalidPositionError
from solver.melds import meld_problem
from solver.position import Position
from solver.sampling import center_position, sample_position
from tests.rules.center_brute import brute_plays, engine_keys

PROFILES = ("cooncan", "kunken-40", "kunken", "kunken-104")
FILLER = ["2C", "7C", "4D", "9D", "AS", "6S", "10C", "5H"]  # no two of them meet in a meld


def analyse(data: dict[str, Any]) -> dict[str, Any]:
    position = Position.from_dict(data)
    result = search.analyze(position).to_dict()
    assert cpsat.analyze(position).to_dict() == result
    return result


def hands(result: dict[str, Any]) -> list[list[str]]:
    return [p["hand_cards"] for p in result["plays"]]


# --- Kunken: a joker cannot stand for a card on the table (K4) ------------------------------


def test_no_joker_for_a_king_when_all_four_kings_are_down() -> None:
    kings = ["KS", "KH", "KD", "KC"]
    base = {"rules": "kunken", "hand": ["QH", "*", *FILLER], "center": "JH"}
    # The 10♥ is down too: J♥-Q♥ with a joker needs the 10♥ or the K♥, both on the table.
    blocked = analyse({**base, "opponent_melds": [kings, ["10S", "10H", "10D"]]})
    assert blocked["usable"] is False
    # With the 10♥ still unseen, the joker stands for it — never for the K♥.
    ten = analyse({**base, "opponent_melds": [kings]})
    assert [p["melds"] for p in ten["plays"] if p["hand_cards"] == ["QH", "*"]] == \
        [[["*10H", "JH", "QH"]]]
    # Without the four kings, the joker may be the K♥ as well (the same play either way).
    free = analyse({**base, "opponent_melds": [["10S", "10H", "10D"]]})
    assert [p["melds"] for p in free["plays"] if p["hand_cards"] == ["QH", "*"]] == \
        [[["JH", "QH", "*KH"]]]


def test_a_position_with_a_joker_for_a_card_on_the_table_is_rejected() -> None:
    with pytest.raises(InvalidPositionError, match=r"KH.*already on the table \(K4\)"):
        Position.from_dict({"rules": "kunken", "hand": [*FILLER, "3H", "3S"],
                            "melds": [], "center": "2H",
                            "opponent_melds": [["KS", "KH", "KD", "KC"], ["JH", "QH", "*KH"]]})


# --- Kunken lay-offs (K10) ----------------------------------------------------------------

RUN = ["8S", "9S", "10S", "JS", "QS"]


def test_only_the_player_who_laid_off_may_add_the_king() -> None:
    # Your 8♠-9♠-10♠ carries the opponent's J♠-Q♠: frozen for you, the K♠ does not fit.
    owner = analyse({"rules": "kunken", "hand": ["3H", "5D", "AC", "JH", "QD", "2S", "7H"],
                     "melds": [RUN], "opponent_laid_off": [{"meld": 0, "cards": ["JS", "QS"]}],
                     "opponent_melds": [["4C", "5C", "6C"]], "center": "KS"})
    assert owner["usable"] is False
    # The opponent, who laid off the J♠-Q♠ and has a meld of their own, may add the K♠.
    layer = analyse({"rules": "kunken", "hand": ["3H", "5D", "AC", "JH", "QD"],
                     "melds": [["4C", "5C", "6C"]], "opponent_melds": [RUN],
                     "laid_off": [{"meld": 0, "cards": ["JS", "QS"]}], "center": "KS"})
    assert [(p["hand_cards"], p["lay_off"]) for p in layer["plays"]] == \
        [([], [{"meld": 0, "cards": ["KS"]}])]
    assert layer["forceable"] is False  # kunken has no forcing


def test_no_lay_off_before_your_own_first_meld() -> None:
    base = {"rules": "kunken", "opponent_melds": [["JH", "QH", "KH"]], "center": "10H"}
    none = analyse({**base, "hand": [*FILLER, "3H", "JS"]})
    assert none["usable"] is False
    threes = ["3H", "3S", "3D"]
    with_meld = analyse({**base, "hand": FILLER[:7], "melds": [threes]})
    assert [(p["hand_cards"], p["lay_off"]) for p in with_meld["plays"]] == \
        [([], [{"meld": 0, "cards": ["10H"]}])]
    # A meld laid down in the same play counts.
    same_turn = analyse({**base, "hand": FILLER[:7] + threes})
    assert [(p["hand_cards"], p["lay_off"]) for p in same_turn["plays"]] == \
        [(["3S", "3H", "3D"], [{"meld": 0, "cards": ["10H"]}])]


def test_eleven_down_in_kunken_counts_your_laid_off_cards() -> None:
    # 3 in your melds + 2 laid off + 5 in hand; the 7♣ puts all eleven down.
    result = analyse({"rules": "kunken", "hand": ["5C", "6C", "7H", "7D", "7S"],
                      "melds": [["2C", "3C", "4C"]], "opponent_melds": [RUN],
                      "laid_off": [{"meld": 0, "cards": ["JS", "QS"]}], "center": "7C"})
    winning = [(p["hand_cards"], [w["lay_off"] for w in p["ways"]])
               for p in result["plays"] if p["wins"]]
    whole = ["7S", "7H", "7D", "5C", "6C"]
    # One entry: all in your melds, or the 7♠ laid off onto the opponent's run.
    assert winning == [(whole, [[], [{"meld": 0, "cards": ["7S"]}]])]
    assert all(not p["wins"] for p in result["plays"] if len(p["hand_cards"]) < 5)


def test_a_meld_taken_back_makes_room_for_the_center_card() -> None:
    # K9: A♠-2♠-3♠ goes back to the hand so that its 3♠ joins the 3♥ and your 3♦; the
    # A♠ and 2♠ stay in the hand.
    data = {"rules": "kunken-40", "hand": ["3D", "7C", "QD", "5H", "JS", "KC", "6S"],
            "melds": [["AS", "2S", "3S"]], "center": "3H"}
    result = analyse(data)
    assert [(p["hand_cards"], p["taken_back"], p["melds"], p["rearranged"], p["wins"])
            for p in result["plays"]] == [(["3D"], ["AS", "2S"], [["3S", "3H", "3D"]], True,
                                           False)]
    # In cooncan melds never go back to the hand (C5): the 3♥ has no use.
    assert analyse({**data, "rules": "cooncan"})["usable"] is False


def test_ten_down_is_not_a_win_but_the_eleventh_card_is() -> None:
    # All ten cards down (one laid off), the hand empty: the next card used wins (K11).
    result = analyse({"rules": "kunken-40", "hand": [],
                      "melds": [["2C", "3C", "4C"], ["5H", "6H", "7H"], ["JS", "QS", "KS"]],
                      "opponent_melds": [["AD", "2D", "3D", "4D"]],
                      "laid_off": [{"meld": 0, "cards": ["4D"]}], "center": "5C"})
    assert [p["wins"] for p in result["plays"]] == [True]


# --- Cooncan (C9, C10) --------------------------------------------------------------------


def test_cooncan_lays_off_only_the_card_the_opponent_left() -> None:
    base = {"rules": "cooncan", "hand": ["2C", "7C", "4D", "AS", "6S", "QD", "5H", "JD",
                                         "3S", "KC"],
            "opponent_melds": [["4H", "5H", "6H"]], "center": "7H"}
    base["hand"][6] = "2D"
    left = analyse(base)
    assert [(p["hand_cards"], p["lay_off"]) for p in left["plays"]] == \
        [([], [{"meld": 0, "cards": ["7H"]}])]
    # C10 (seed 001): only a card that joins the player's own melds may be forced.
    assert left["forceable"] is False
    turned = analyse({**base, "center_from": "stock"})
    assert turned["usable"] is False


def test_cooncan_frozen_meld_takes_no_card() -> None:
    # Your 4♥-5♥-6♥ carries the opponent's 7♥: you may not add the 3♥ to it (C5).
    result = analyse({"rules": "cooncan", "hand": ["2C", "7C", "4D", "AS", "6S", "QD", "JD"],
                      "melds": [["4H", "5H", "6H", "7H"]],
                      "opponent_laid_off": [{"meld": 0, "cards": ["7H"]}], "center": "3H"})
    assert result["usable"] is False


def test_bad_input_names_the_profiles_rule() -> None:
    with pytest.raises(InvalidPositionError, match=r"no jokers \(C1\)"):
        Position.from_dict({"rules": "cooncan", "hand": ["*", *FILLER[:8]], "center": "3H",
                            "melds": []})
    with pytest.raises(InvalidPositionError, match=r"8, 9 and 10 are removed \(K1\)"):
        Position.from_dict({"rules": "kunken-40", "hand": [*FILLER[:9], "8H"], "center": "3H"})


# --- properties over random positions -----------------------------------------------------


def check_invariants(position: Position, analysis: Analysis) -> None:
    table = position.rules.table
    seen = set()
    for play in analysis.plays:
        key = json.dumps([play.to_dict()["hand_cards"], play.to_dict().get("lay_off")])
        assert key not in seen, "plays are distinct"
        seen.add(key)
        assert play.hand_cards & ~position.hand == 0
        stands = dict(play.stands)
        covered = 0
        for meld in play.melds:
            assert covered & meld == 0
            covered |= meld
            assert meld_problem(cards_of(meld), table, stands) is None
        laid = sum(len(cards) for _, cards in play.lay_off or ())
        back = play.taken_back or ()
        down = covered.bit_count() + laid
        # A swapped card goes into the opponent's meld and its joker comes down instead,
        # unless kept in the hand (K5).  The card is the center card, a hand card of the
        # play, or (two packs, K9) a card of one of your melds, which the play takes back.
        hand_kinds = {card_str(card_kind(c)) for c in cards_of(play.hand_cards)}
        mine = {card_str(card_kind(c)) for c in cards_of(position.exposed)}
        for _, card, from_center in play.swaps:
            assert from_center or card in hand_kinds or (
                position.rules.take_back and card in mine), card
        assert down == position.exposed.bit_count() + 1 + play.size - len(back) \
            - play.jokers_kept
        if position.rules.take_back:
            assert play.taken_back is not None
            opener = position.hand.bit_count() + position.down_count > position.rules.hand_size
            assert opener or not (back and play.hand_cards & position.hand == position.hand) or \
                not play.wins
        else:
            assert play.taken_back is None
            assert covered & position.exposed == position.exposed, "your melds stay down"
        # K11/C11: the hand ends once eleven of your cards are down (your melds less the
        # opponent's cards on them, plus yours laid off); only the Kunken opener, holding
        # eleven (K6), can get there with a card left in hand.
        own = (covered & ~union(position.opponent_laid_off)).bit_count()
        own += union(position.laid_off).bit_count() + laid
        assert play.wins is (own >= 11)
        if position.hand.bit_count() + position.down_count == position.rules.hand_size:
            assert play.wins is (play.hand_cards == position.hand and not back
                                 and not play.jokers_kept)
        for joker, card in play.stands:
            assert joker >= JOKER_BASE and card == card_kind(card)
    if not position.rules.forcing:
        assert analysis.forceable is False


def _agree(profile: str, seed: int, count: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        position = sample_position(profile, rng)
        a, b = search.analyze(position), cpsat.analyze(position)
        check_invariants(position, a)
        assert a.to_dict() == b.to_dict(), json.dumps(position.to_dict())


@pytest.mark.parametrize("profile", PROFILES)
def test_engines_agree_on_random_positions(profile: str) -> None:
    _agree(profile, 11, 1000)


@pytest.mark.parametrize("profile", PROFILES)
def test_search_invariants_on_random_positions(profile: str) -> None:
    rng = random.Random(12)
    usable = 0
    for _ in range(3000):
        position = sample_position(profile, rng)
        analysis = search.analyze(position)
        check_invariants(position, analysis)
        usable += analysis.usable
    assert usable > 300  # the sampler makes positions worth analysing


@pytest.mark.parametrize("profile", PROFILES)
def test_engines_match_brute_force_on_small_hands(profile: str) -> None:
    from solver.rules import get_profile

    rng = random.Random(13)
    usable = 0
    count = 200 if profile == "cooncan" else 80
    for _ in range(count):
        position = center_position(get_profile(profile), rng, min_down=6)
        result = search.analyze(position).to_dict()
        expected = brute_plays(position)
        # The same plays, each taking back as few cards (and jokers) as possible.
        assert engine_keys(result) == expected, json.dumps(position.to_dict())
        usable += bool(expected)
    assert usable > count // 10
