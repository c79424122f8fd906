"""The explanations of every profile other than conquian-40, checked claim by claim over
random positions (issue 11 item 5 with issue 10's standard): zero false claims, and a
false one fails loudly with the position and the sentence."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from solver import sampling_hand
from solver.analysis import Analysis, ClosingAnalysis, DrawAnalysis
from solver.claims import Claim, Context, false_claims
from solver.claims.profiles import explain_any, explain_center_play
from solver.position import Position
from solver.rules import CONQUIAN_40, PROFILES, get_profile
from solver.sampling import sample_position
from solver.search import analyze_any
from tests.claims.helpers import assert_all_true

POSITIONS = 1000
# From the registry, so a new profile is checked too (conquian-40 has its own tests).
CENTER = tuple(p.id for p in PROFILES.values() if p.analysis == "center" and p is not CONQUIAN_40)
HAND = tuple(p.id for p in PROFILES.values() if p.analysis != "center")


def position_of(profile: str, rng: random.Random) -> Position:
    if profile in HAND:
        return sampling_hand.random_position(profile, rng)
    return sample_position(profile, rng)


def sentences(position: Position) -> list[Claim]:
    analysis = analyze_any(position)
    out = explain_any(analysis)
    if isinstance(analysis, Analysis):
        for play in analysis.plays:
            out += explain_center_play(analysis, play)
    return out


@pytest.mark.parametrize("profile", CENTER + HAND)
def test_random_positions_say_only_true_sentences(profile: str) -> None:
    rng = random.Random(f"explain-{profile}")
    keys: set[str] = set()
    checked = 0
    for _ in range(POSITIONS):
        position = position_of(profile, rng)
        claims = sentences(position)
        keys |= {c.key for c in claims}
        checked += assert_all_true(claims, Context(position), f"under {profile}")
    assert checked >= POSITIONS
    # The positions reach the sentences that matter for the profile.
    expected = {
        "cooncan": {"take_ways", "cannot", "forceable", "not_forceable", "play_lay_off",
                    "play_wins", "win_down", "win_laid"},
        # play_wins_keep: the opener, who holds eleven (K6), wins with a card in hand.
        "kunken": {"no_forcing", "play_lay_off", "play_joker", "play_taken_back", "play_wins",
                   "win_down", "play_wins_keep"},
        "kunken-40": {"no_forcing", "play_lay_off", "play_taken_back", "play_wins"},
        "kunken-104": {"no_forcing", "play_lay_off", "play_joker", "play_taken_back"},
        "colonel": {"draw_melds", "draw_no_melds", "draw_lay_off", "draw_best", "draw_best_melds",
                    "draw_best_lay_off",
                    "draw_upcard_better", "draw_stock_better"},
        "conquin": {"closes", "closing", "closing_two", "closing_run", "closing_run_joker",
                    "no_close", "close_best"},
    }[profile]
    assert expected <= keys, expected - keys


def _cited(claims: list[Claim]) -> set[str]:
    return {rule for c in claims for rule in re.findall(r"\b[A-Z]\d+\b", c.render())}


@pytest.mark.parametrize("profile", CENTER + HAND)
def test_sentences_cite_only_the_profiles_rule_ids(profile: str) -> None:
    rules = get_profile(profile)
    own = set(rules.rule_ids.values())
    rng = random.Random(profile)
    for _ in range(100):
        position = position_of(profile, rng)
        assert _cited(sentences(position)) <= own


@pytest.mark.parametrize("profile", ("kunken", "kunken-40", "kunken-104"))
def test_no_forcing_sentence_where_nobody_forces(profile: str) -> None:
    rng = random.Random(3)
    for _ in range(200):
        for claim in sentences(sample_position(profile, rng)):
            assert "force it on you" not in claim.render()


def _first(profile: str, want: str) -> tuple[Position, Claim]:
    rng = random.Random(7)
    for _ in range(3000):
        position = position_of(profile, rng)
        for claim in sentences(position):
            if claim.key == want:
                return position, claim
    raise AssertionError(f"no {want} sentence under {profile}")


def _falsify(claim: Claim, **params: str | int) -> Claim:
    return dataclasses.replace(claim, params={**claim.params, **params})


@pytest.mark.parametrize(("profile", "key", "change"), [
    ("kunken", "take_ways", {"count": 99}),
    ("kunken", "no_forcing", {"rule": "R9"}),
    ("cooncan", "play_lay_off", {"meld": "nowhere"}),
    ("kunken", "win_down", {"down": 10}),
    ("cooncan", "win_laid", {"laid": 7}),
    ("kunken", "play_discard", {"count": 0}),
    ("colonel", "draw_best", {"deadwood": 1000}),
    ("colonel", "draw_upcard_better", {"average": "-1.0"}),
    ("conquin", "closing_two", {"melds": "nothing"}),
    ("conquin", "closing", {"multiplier": 3}),
    ("conquin", "close_best", {"count": 99}),
])
def test_the_checker_catches_a_false_sentence(profile: str, key: str,
                                              change: dict[str, str | int]) -> None:
    position, claim = _first(profile, key)
    assert not false_claims([claim], Context(position))
    wrong = false_claims([_falsify(claim, **change)], Context(position))
    assert wrong, f"{key} with {change} passed"


def test_the_checker_catches_a_sentence_about_another_position() -> None:
    # A colonel sentence about one position is judged false of another where it fails.
    rng = random.Random(11)
    a = sampling_hand.random_position("colonel", rng)
    claims = explain_any(analyze_any(a))
    caught = 0
    for _ in range(50):
        b = sampling_hand.random_position("colonel", rng)
        caught += bool(false_claims(claims, Context(b)))
    assert caught > 40


def test_explanations_follow_the_analysis_kind() -> None:
    rng = random.Random(5)
    assert isinstance(analyze_any(position_of("colonel", rng)), DrawAnalysis)
    assert isinstance(analyze_any(position_of("conquin", rng)), ClosingAnalysis)


@pytest.mark.parametrize("profile", CENTER)
def test_the_conquian_explainer_hands_other_profiles_to_theirs(profile: str) -> None:
    # Callers of solver.explain (puzzles, lessons) get the profile's checked sentences.
    from solver.explain import explain, explain_play

    rng = random.Random(profile + "!")
    for _ in range(100):
        position = sample_position(profile, rng)
        analysis = analyze_any(position)
        assert isinstance(analysis, Analysis)
        claims = explain(analysis)
        for play in analysis.plays:
            claims += explain_play(analysis, play)
        assert all(c.book == "profile" for c in claims)
        assert_all_true(claims, Context(position), f"through solver.explain under {profile}")


CPSAT_POSITIONS = 200


@pytest.mark.parametrize("profile", CENTER + HAND)
def test_sentences_hold_against_the_cpsat_engine(profile: str) -> None:
    """The same sentences judged against the other engine's analysis (OR-Tools CP-SAT),
    so the checker does not only agree with the search that built them."""
    from solver import cpsat
    from solver.claims.profiles import false_profile_claims

    rng = random.Random(f"cpsat-{profile}")
    for _ in range(CPSAT_POSITIONS):
        position = position_of(profile, rng)
        claims = sentences(position)
        wrong = false_profile_claims(claims, position, cpsat.analyze_any(position))
        assert not wrong, (position.to_dict(), [(c.render(), why) for c, why in wrong])


def test_eleven_down_in_kunken_is_explained_with_the_laid_off_cards() -> None:
    # The crafted case of issue 11: 3 in your melds, 2 laid off, 5 in hand; 7♣ wins.
    from tests.rules.test_center_profiles import RUN

    position = Position.from_dict(
        {"rules": "kunken", "hand": ["5C", "6C", "7H", "7D", "7S"],
         "melds": [["2C", "3C", "4C"]], "opponent_melds": [RUN],
         "laid_off": [{"meld": 0, "cards": ["JS", "QS"]}], "center": "7C"})
    text = [c.render() for c in sentences(position)]
    assert "Taking it with 7♠ 7♥ 7♦ 5♣ 6♣ wins the hand: 11 of your cards are down (K11)." in text
    assert "Cards of yours laid off onto your opponent's melds count among them: 2 (K10)." in text
    assert_all_true(sentences(position), Context(position), "in the crafted case")
