"""The center card melded at once (conquian-40): every play, with legal rearrangement (R5, R8, R9).

A play is a set S of hand cards such that the exposed cards, the center card and S
can be partitioned into valid melds.  We enumerate the partitions' melds that touch
the exposed cards or the center card (``core_plays``), then add any melds made of
hand cards alone laid down in the same action (``packings``, R8).
"""

from __future__ import annotations

from solver.analysis import Analysis, Play, play_order
from solver.cover import core_plays, first_cover, packings
from solver.position import Position


def analyze(position: Position) -> Analysis:
    """Analyse the center card for the player to act."""
    hand, exposed, center = position.hand, position.exposed, position.center
    required = exposed | 1 << center

    cores = core_plays(required, hand, center)
    if not cores:
        return Analysis(position, ())

    blocks = position.melds
    all_plays = _with_hand_melds(cores, hand)
    keeping = (
        _with_hand_melds(core_plays(required, hand, center, blocks), hand) if blocks else all_plays
    )

    plays: list[Play] = []
    for hand_cards in all_plays:
        keeps_melds = hand_cards in keeping
        target = required | hand_cards
        arrangement = first_cover(target, blocks) if keeps_melds and blocks else None
        if arrangement is None:
            arrangement = first_cover(target)
        assert arrangement is not None  # every play came from a cover of its target
        plays.append(
            Play(
                hand_cards=hand_cards,
                melds=arrangement,
                rearranged=not keeps_melds,
                wins=hand_cards == hand,
            )
        )
    plays.sort(key=play_order)
    return Analysis(position, tuple(plays))


def _with_hand_melds(cores: set[int], hand: int) -> set[int]:
    plays: set[int] = set()
    for core in cores:
        for extra in packings(hand & ~core):
            plays.add(core | extra)
    return plays
