"""Cooncan's course (rule book C1–C15; Foster's and Hoyle's Cooncan): its lessons in order,
each step ending in an exercise the solver checks on a Cooncan position."""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Cooncan
from tutor.learn.course import Lesson, Step
from tutor.learn.exercises import CanBeForced, FindPlay

COONCAN = Lesson(
    slug=Cooncan.id,
    profile=Cooncan.id,
    title=_l("Cooncan: what changes"),
    summary=_l("The same 40 cards and melds, but a card your opponent left may go onto their "
               "melds (though it is never forced on you there), and eleven cards down wins."),
    rules=("C8", "C9", "C10", "C11"),
    steps=(
        Step(
            title=_l("Onto your opponent's melds"),
            paragraphs=(
                _l("In Cooncan a card your opponent left may go alone onto one of their melds, "
                   "as long as the meld stays valid. It still counts as one of your cards "
                   "down (C9)."),
                _l("A card you turned from the stock yourself can never be laid off (C9)."),
            ),
            exercise=FindPlay(
                prompt=_l("Your opponent left the K♠. Select the cards from your hand that go "
                          "down with it — none, if it can go down alone."),
                position_data={
                    "rules": Cooncan.id, "hand": ["4S", "7D", "7C"],
                    "melds": [["JS", "JD", "JC"], ["3H", "4H", "5H"]],
                    "opponent_melds": [["AC", "2C", "3C", "4C"], ["KH", "KD", "KC"],
                                       ["6S", "6H", "6D"]],
                    "center": "KS", "center_from": "opponent",
                    "laid_off": [{"meld": 0, "cards": ["4C"]}],
                },
            ),
        ),
        Step(
            title=_l("No forcing onto their melds"),
            paragraphs=(
                _l("As in conquian, a card that fits your own melds with no card from your hand "
                   "may be forced on you. A card you could only lay off onto your opponent's "
                   "melds is never forced: taking it is up to you (C10)."),
            ),
            exercise=CanBeForced(
                prompt=_l("You would like to decline the 3♥. If you do, can your opponent "
                          "force it on you?"),
                position_data={
                    "rules": Cooncan.id,
                    "hand": ["AS", "6S", "7D", "JD", "QD", "KD", "2C", "3C", "4C", "6C"],
                    "melds": [], "opponent_melds": [["4H", "5H", "6H", "7H", "JH", "QH"]],
                    "center": "3H", "center_from": "opponent",
                },
            ),
        ),
        Step(
            title=_l("Eleven down"),
            paragraphs=(
                _l("You win the moment exactly eleven of your cards are down, your melds and "
                   "the cards you laid off together (C11)."),
            ),
            exercise=FindPlay(
                prompt=_l("Your opponent left the 7♥. The 5♣ you laid off counts as yours: find "
                          "the play that wins the hand."),
                position_data={
                    "rules": Cooncan.id, "hand": ["5H", "6H"],
                    "melds": [["AS", "AH", "AD"], ["7D", "JD", "QD", "KD"]],
                    "opponent_melds": [["2C", "3C", "4C", "5C"]],
                    "laid_off": [{"meld": 0, "cards": ["5C"]}],
                    "center": "7H", "center_from": "opponent",
                },
                need_win=True,
            ),
        ),
    ),
)

LESSONS: Final[tuple[Lesson, ...]] = (COONCAN,)
