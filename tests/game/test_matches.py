"""The one match protocol (solver.game.matches): every profile's game starts, plays, stores
and scores its match the same way, through ``game_rules(profile).new_match``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from solver.errors import ConquianError
from solver.game.colonel.match import ColonelMatch
from solver.game.conquian.state import GameState
from solver.game.conquin.table import ConquinTable
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.match import Match, hand_points
from solver.game.matches import GameMatch
from solver.game.playing import play_match
from solver.game.record import state_to_dict, to_record
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import PROFILES, RuleProfile, get_profile

ALL = sorted(GAMES)


def _start(profile: RuleProfile, seed: int = 3, **options: Any) -> GameMatch:
    return game_rules(profile).new_match(seed, profile, profile.min_players, options)


def _players(profile: RuleProfile, seats: int) -> list[Any]:
    made = players_of(profile)
    return [made["greedy" if seat % 2 else "random"]() for seat in range(seats)]


def _with(kind: type) -> list[str]:
    """The profiles whose game plays its match with ``kind``."""
    return [p for p in ALL if isinstance(_start(get_profile(p)), kind)]


@pytest.mark.parametrize("profile_id", ALL)
def test_every_match_plays_to_its_end(profile_id: str) -> None:
    profile = get_profile(profile_id)
    match = _start(profile)
    assert match.rules == profile and match.seats == profile.min_players
    assert match.score == [0] * match.seats and match.hands_played == 0
    deals = None if match.target is not None else 6  # a table has no end (I2)
    hands = list(play_match(match, _players(profile, match.seats), random.Random(1), hands=deals))
    assert match.hands_played == len(hands) > 0
    # Each hand was dealt as its number says, from the match's seed.
    assert [h.deal.dealer for h in hands[:1]] == [_start(profile).dealer]
    if match.target is None:
        assert len(hands) == deals and not match.is_over() and match.winner() is None
        return
    assert match.is_over()
    winner = match.winner()
    assert winner is not None and match.score[winner] == max(match.score)
    assert max(match.score) >= match.target
    assert all(s < match.score[winner] for seat, s in enumerate(match.score) if seat != winner)


@pytest.mark.parametrize("profile_id", ALL)
def test_a_stored_match_goes_on_as_the_match_itself(profile_id: str) -> None:
    profile = get_profile(profile_id)
    game = game_rules(profile)
    match = _start(profile, seed=11)
    players = _players(profile, match.seats)
    for _ in play_match(match, players, random.Random(4), hands=2):
        pass
    data = json.loads(json.dumps(match.to_dict()))
    back = game.match_from_dict(data, profile)
    assert back.to_dict() == match.to_dict()
    assert (back.score, back.stake, back.dealer, back.hands_played, back.target) == (
        match.score, match.stake, match.dealer, match.hands_played, match.target)
    # The same next hand, played the same way, gives the same result and match after it.
    first, second = match.next_hand(), back.next_hand()
    assert state_to_dict(first) == state_to_dict(second)
    from solver.game.playing import play_hand

    play_hand(first, players, random.Random(9))
    play_hand(second, players, random.Random(9))
    assert to_record(first) == to_record(second)
    match.record_result(first)
    back.record_result(second)
    assert back.to_dict() == match.to_dict()
    assert (back.is_over(), back.winner()) == (match.is_over(), match.winner())


@pytest.mark.parametrize("profile_id", ALL)
def test_an_unknown_match_option_is_refused_by_name(profile_id: str) -> None:
    profile = get_profile(profile_id)
    with pytest.raises(ConquianError, match="unknown match option best_of"):
        _start(profile, best_of=5)


@pytest.mark.parametrize("profile_id", ALL)
def test_a_yes_no_option_takes_only_true_or_false(profile_id: str) -> None:
    profile = get_profile(profile_id)
    for name, default in profile.match_options.items():
        if isinstance(default, bool):
            with pytest.raises(ConquianError, match=f"{name} must be true or false"):
                _start(profile, **{name: "yes"})
            assert _start(profile, **{name: not default}).to_dict()["options"][name] is (
                not default)


@pytest.mark.parametrize("profile_id", ALL)
def test_a_malformed_stored_match_is_refused_naming_the_field(profile_id: str) -> None:
    profile = get_profile(profile_id)
    game = game_rules(profile)
    data = _start(profile).to_dict()
    with pytest.raises(InvalidGameError, match="score"):
        game.match_from_dict({**data, "score": [0]}, profile)
    with pytest.raises(InvalidGameError, match="dealer"):
        game.match_from_dict({**data, "dealer": profile.max_players}, profile)
    other = next(p for p in PROFILES.values() if game_rules(p) is not game)
    with pytest.raises(InvalidGameError, match="not a"):
        game.match_from_dict({**data, "rules": other.id}, profile)


@pytest.mark.parametrize("profile_id", ALL)
def test_the_first_dealer_may_be_chosen(profile_id: str) -> None:
    profile = get_profile(profile_id)
    last = profile.min_players - 1
    match = _start(profile, dealer=last)
    assert match.dealer == last and match.next_hand().deal.dealer == last
    with pytest.raises(ConquianError, match="dealer"):
        _start(profile, dealer=profile.max_players)


class _Hand:
    """A finished hand as a match sees it: its winner, Kunken's K12 points, Colonel's
    H11 points."""

    def __init__(self, winner: int | None, points: Any = 0) -> None:
        self.winner, self._points = winner, points

    def points(self) -> list[int]:
        return list(self._points)


@pytest.mark.parametrize("profile_id", [p for p in ALL if get_profile(p).match_stake == "double"])
def test_k13_an_exhausted_stock_doubles_the_next_hand_and_the_dealer_deals_again(
        profile_id: str) -> None:
    match = _start(get_profile(profile_id))
    dealer = match.dealer
    match.record_result(_Hand(None))
    match.record_result(_Hand(None))
    assert (match.stake, match.dealer, match.score) == (4, dealer, [0, 0])
    assert match.hands_played == 2
    match.record_result(_Hand(1 - dealer, (30, 45)))
    expected = [0, 0]
    expected[1 - dealer], expected[dealer] = 4 * 45, 4 * 30
    assert match.score == expected and match.stake == 1
    assert match.dealer == 1 - dealer  # K2: the winner deals


@pytest.mark.parametrize("profile_id", [p for p in ALL if get_profile(p).both_score])
def test_k14_equal_totals_at_the_target_play_on(profile_id: str) -> None:
    match = _start(get_profile(profile_id), target=300)
    match.record_result(_Hand(0, (310, 310)))
    assert not match.is_over() and match.winner() is None
    match.record_result(_Hand(1, (0, 5)))
    assert match.is_over() and match.winner() == 1
    with pytest.raises(ConquianError, match=get_profile(profile_id).rule_ids["match"]):
        _start(get_profile(profile_id), target=400)


@pytest.mark.parametrize("profile_id", [p for p in ALL if get_profile(p).match_stake == "carry"])
def test_c13_a_drawn_hand_carries_its_point_to_the_next_win(profile_id: str) -> None:
    match = _start(get_profile(profile_id))
    first = match.dealer
    match.record_result(_Hand(None))
    assert (match.stake, match.dealer, match.score) == (2, 1 - first, [0, 0])
    match.record_result(_Hand(0))
    assert match.score == [2, 0] and match.stake == 1
    match.record_result(_Hand(0))
    assert match.is_over() and match.winner() == 0 and match.target == 3


class _ColonelHand:
    """A finished Colonel hand: its winner and the points it scores (H10, H11)."""

    def __init__(self, winner: int | None, points: int) -> None:
        self.winner, self.points = winner, points


@pytest.mark.parametrize("profile_id", _with(ColonelMatch))
def test_h12_colonel_pips_go_to_100(profile_id: str) -> None:
    profile = get_profile(profile_id)
    match = _start(profile)
    assert match.target == profile.match_target == 100
    first = match.dealer
    for winner, points in ((0, 60), (1, 99)):
        match.record_result(_ColonelHand(winner, points))
    assert match.score == [60, 99] and not match.is_over() and match.dealer == first
    match.record_result(_ColonelHand(None, 0))  # H10: equal counts score nothing
    match.record_result(_ColonelHand(0, 40))
    assert match.score == [100, 99] and match.is_over() and match.winner() == 0
    assert match.next_hand().score == (100, 99)  # the hand knows the match score (H12)


@pytest.mark.parametrize("profile_id", _with(ConquinTable))
def test_i2_i11_a_table_conserves_chips_and_passes_the_deal(profile_id: str) -> None:
    profile = get_profile(profile_id)
    seats = profile.min_players + 2
    table = game_rules(profile).new_match(7, profile, seats, {"pot_chip": True})
    assert table.target is None and table.to_dict()["pot_holder"] == 0
    players = _players(profile, seats)
    chips = [0] * seats
    dealer = table.dealer
    for number, state in enumerate(play_match(table, players, random.Random(3), hands=8)):
        assert state.deal.dealer == (dealer + number) % seats  # I2: clockwise
        assert list(state.chips) == chips  # each deal starts from the chips so far
        chips = [c + s for c, s in zip(chips, state.settled, strict=True)]
        assert sum(state.settled) == 0 and table.score == chips  # nothing made or lost
        assert table.to_dict()["pot_holder"] == state.next_pot_holder()  # I11
    with pytest.raises(ConquianError, match="players"):
        game_rules(profile).new_match(7, profile, profile.max_players + 1, {})


def _finished_conquian(winner: int | None) -> GameState:
    """A finished conquian-40 hand: the loser keeps the ten cards dealt to it."""
    state = GameState(deal_from_seed(5, 0))
    state.winner, state.phase = winner, "over"
    return state


@pytest.mark.parametrize("profile_id", _with(Match))
def test_r12_three_won_hands_win_and_draws_count_nothing(profile_id: str) -> None:
    match = _start(get_profile(profile_id))
    assert match.target == 3
    first = match.dealer
    for winner in (0, None, 1, 0):
        match.record_result(_finished_conquian(winner))
    assert match.score == [2, 1] and match.stake == 1 and not match.is_over()
    assert match.dealer == first  # four hands: the deal alternated back (R2)
    match.record_result(_finished_conquian(0))
    assert match.is_over() and match.winner() == 0 and match.hands_played == 5


@pytest.mark.parametrize("profile_id", _with(Match))
def test_r14_a_match_to_points_scores_the_losers_pips(profile_id: str) -> None:
    match = _start(get_profile(profile_id), points=True, target=40)
    won = _finished_conquian(1)
    match.record_result(won)
    assert match.score == [0, hand_points(won)] and hand_points(won) > 0
    hand = match.next_hand()
    assert hand.score == (0, 1)  # the hand's own score stays won hands (R12)
    while not match.is_over():
        match.record_result(won)
    assert match.winner() == 1 and match.score[1] >= 40


@pytest.mark.parametrize("profile_id", ALL)
def test_selfplay_plays_every_games_match_and_refuses_what_it_does_not_take(
        profile_id: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from solver.cli import main

    profile = get_profile(profile_id)
    players = ",".join(["greedy"] * profile.min_players)
    out = tmp_path / "records.jsonl"
    if profile.match_target:
        assert main(["selfplay", "--rules", profile_id, "--matches", "1", "--seed", "2",
                     "--players", players, "--record", str(out), "--quiet"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["matches"] == 1 and summary["hands"] == len(out.read_text().splitlines())
    else:  # a table has no end: --matches is refused, --games plays one table
        with pytest.raises(SystemExit):
            main(["selfplay", "--rules", profile_id, "--matches", "1", "--players", players])
        assert "with --games" in capsys.readouterr().err
    for name in ("pot_chip", "target"):
        if name not in profile.match_options and (name == "pot_chip" or profile.match_target):
            flag = ["--pot-chip"] if name == "pot_chip" else ["--matches", "1", "--points", "50"]
            with pytest.raises(SystemExit):
                main(["selfplay", "--rules", profile_id, "--players", players, *flag])
            err = capsys.readouterr().err
            assert ("pot_chip" if name == "pot_chip" else "--points") in err
