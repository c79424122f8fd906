"""Conquin's course (rule book I1–I13; the Italian game of seed 002): its lessons in order,
each step ending in an exercise the solver checks on a Conquin position."""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Conquin
from tutor.learn.course import Lesson, Step
from tutor.learn.profile_exercises import CloseChoice

CONQUIN = Lesson(
    slug=Conquin.id,
    profile=Conquin.id,
    title=_l("Conquin: closing"),
    summary=_l("Two packs, melds kept in the hand, and one moment that matters: taking the "
               "face-up card lets you close, and how you close sets the stake."),
    rules=("I8", "I9", "I10"),
    steps=(
        Step(
            title=_l("Close with two melds"),
            paragraphs=(
                _l("You take the face-up card or the stock card, then discard (I8). You close "
                   "when your ten other cards are all in melds: you show them and take the "
                   "pot (I9)."),
                _l("Closing with exactly two melds doubles the stake (I10)."),
            ),
            exercise=CloseChoice(
                prompt=_l("The face-up card is the K♠. Can you take it and close?"),
                position_data={
                    "rules": Conquin.id,
                    # Nine cards in two melds and a stray 9♦: only a card that joins a
                    # meld lets you close, and the K♠ makes the second meld four kings.
                    "hand": ["2S", "3S", "4S", "5S", "6S", "7S", "KH", "KD", "KC", "9D"],
                    "center": "KS", "center_from": "opponent", "players": 4,
                },
            ),
        ),
        Step(
            title=_l("Not yet"),
            paragraphs=(
                _l("If some card stays outside every meld whatever you discard, you cannot "
                   "close this turn (I9)."),
            ),
            exercise=CloseChoice(
                prompt=_l("The face-up card is the 2♦. Can you take it and close?"),
                position_data={
                    "rules": Conquin.id,
                    "hand": ["5S", "7S", "3H", "7H", "AD", "KD", "5C", "7C", "7H", "7C"],
                    "center": "2D", "center_from": "opponent", "players": 4,
                },
            ),
        ),
    ),
)

LESSONS: Final[tuple[Lesson, ...]] = (CONQUIN,)
