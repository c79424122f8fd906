"""Colonel's course (rule book H1–H13; Hoyle's Colonel): its lessons in order, each step
ending in an exercise the solver checks on a Colonel position."""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Colonel
from tutor.learn.course import Lesson, Step
from tutor.learn.profile_exercises import DrawChoice

COLONEL = Lesson(
    slug=Colonel.id,
    profile=Colonel.id,
    title=_l("Colonel: draw, meld, discard"),
    summary=_l("52 cards, and every card you draw goes into your hand: choose between the "
               "upcard and the stock by what each leaves in your hand."),
    rules=("H4", "H8", "H11"),
    steps=(
        Step(
            title=_l("Upcard or stock"),
            paragraphs=(
                _l("Each turn you draw the upcard or the top stock card into your hand, may "
                   "meld and lay off, then discard (H4)."),
                _l("Cards left in your hand count their pips against you (H11): compare what "
                   "the upcard leaves with what an unseen stock card leaves on average."),
            ),
            exercise=DrawChoice(
                prompt=_l("The upcard is the K♥. Is it better to draw it than a card from the "
                          "stock?"),
                position_data={
                    "rules": Colonel.id,
                    "hand": ["2S", "2H", "3H", "5H", "7H", "10H", "6D", "9D", "10D", "7C"],
                    "melds": [], "opponent_melds": [["8S", "8H", "8D", "8C"],
                                                    ["10S", "JS", "QS", "KS", "AS"]],
                    "center": "KH", "center_from": "opponent", "stock": 17,
                },
            ),
        ),
        Step(
            title=_l("Going out"),
            paragraphs=(
                _l("When every card of your hand can go down, you go out and the deal ends "
                   "(H8)."),
            ),
            exercise=DrawChoice(
                prompt=_l("The upcard is the 5♦. Is it better to draw it than a card from the "
                          "stock?"),
                position_data={
                    "rules": Colonel.id,
                    "hand": ["9S", "10S", "QS", "9H", "QH", "3D", "4D", "6D", "9C", "QC"],
                    "melds": [], "opponent_melds": [["2S", "2D", "2C"]],
                    "center": "5D", "center_from": "opponent", "stock": 0,
                },
            ),
        ),
    ),
)

LESSONS: Final[tuple[Lesson, ...]] = (COLONEL,)
