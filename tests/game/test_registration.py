"""Games register themselves (:mod:`solver.game.registration`): each package names its
profiles and gives its own parts; the registry lists every known profile once, and a
two-seat hand starts from the score a record gives, or 0-0."""

from __future__ import annotations

import pytest

from solver.game.conquian.state import GameState
from solver.game.deal import deal_from_seed
from solver.game.registration import Registration, two_seats
from solver.game.registry import GAMES, _by_profile
from solver.rules import get_profile


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_registered_profile_is_a_known_one(rules: str) -> None:
    assert get_profile(rules).id == rules


def test_a_profile_registered_twice_is_refused() -> None:
    game = GAMES["conquian-40"]
    with pytest.raises(ValueError, match="registered twice"):
        _by_profile(Registration(("conquian-40",), game), Registration(("conquian-40",), game))


def test_a_two_seat_hand_starts_from_the_score_or_from_nothing() -> None:
    deal = deal_from_seed(1, 0, get_profile("conquian-40"), 2)
    hand = two_seats(GameState)
    assert hand(deal, (2, 1)).score == (2, 1)
    assert hand(deal, ()).score == (0, 0)
