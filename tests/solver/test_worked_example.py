"""The seed's worked example (seed 000, section 09) and its two counterfactuals (R8)."""

from __future__ import annotations

from solver import cpsat, search
from solver.explain import explain, explain_play
from tests.solver.helpers import names, pos

HAND = ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"]


def test_six_of_hearts_is_taken_with_four_and_five() -> None:
    position = pos(HAND, "6H", opponent_melds=[["KS", "KH", "KC"]], stock=12)
    for engine in (search.analyze, cpsat.analyze):
        analysis = engine(position)
        assert analysis.usable
        assert not analysis.forceable  # it needs hand cards, which stay private (R9)
        assert [names(p.hand_cards) for p in analysis.plays] == [["4H", "5H"]]
        play = analysis.plays[0]
        assert [names(m) for m in play.melds] == [["4H", "5H", "6H"]]
        assert not play.rearranged and not play.wins
    # After the take, Q♠ is a legal discard: it is still in hand, and the 6♥ never entered it.
    assert "QS" in names(position.hand & ~play.hand_cards)
    text = " ".join(s.render() for s in explain_play(analysis, play))
    assert "4♥-5♥-6♥" in text and "discard" in text


def test_seven_of_hearts_cannot_be_taken_to_wait_for_a_six() -> None:
    position = pos(HAND, "7H")
    analysis = search.analyze(position)
    assert not analysis.usable and analysis.plays == ()
    text = " ".join(s.render() for s in explain(analysis))
    assert "6♥" in text and "wait" in text and "(R8)" in text


def test_four_and_five_never_go_down_alone() -> None:
    # Whatever the center card, no play lays down 4♥-5♥ without it: every arrangement
    # contains the center card, and 4♥-5♥ is no meld on its own (R4, R8).
    for center in ("KH", "AS", "7C", "JD"):
        analysis = search.analyze(pos(HAND, center))
        assert analysis.plays == ()
