"""The Kunken courses (rule book K1–K16, seed 003): the 52-card game with jokers (``kunken``),
the 40-card game (``kunken-40``) and the two-pack game (``kunken-104``); each step ends in
an exercise the solver checks on a position of its own profile."""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Kunken, Kunken40, Kunken104
from tutor.learn.course import Lesson, Step
from tutor.learn.exercises import FindPlay, TakeOrLeave

KUNKEN = Lesson(
    slug=Kunken.id,
    profile=Kunken.id,
    title=_l("Kunken: jokers, lay-offs and taking melds back"),
    summary=_l("52 cards and two jokers (or 40 cards, or two packs): a joker stands for a "
               "missing card, you may add to your opponent's melds once you have your own, "
               "and your own melds may go back into your hand."),
    rules=("K4", "K9", "K10", "K11"),
    steps=(
        Step(
            title=_l("A joker fills the gap"),
            paragraphs=(
                _l("A joker stands for any card that is not already on the table; a meld holds "
                   "no more jokers than ordinary cards (K4)."),
            ),
            exercise=FindPlay(
                prompt=_l("Your opponent left the 10♠. Select the cards that go down with it."),
                position_data={
                    "rules": Kunken.id,
                    "hand": ["5S", "9S", "10H", "2D", "3D", "4D", "7D", "9D", "JD", "*"],
                    "melds": [],
                    "opponent_melds": [["2C", "3C", "4C", "5C", "6C", "*7C", "8C", "9C"]],
                    "center": "10S", "center_from": "opponent",
                },
            ),
        ),
        Step(
            title=_l("No meld, no lay-off"),
            paragraphs=(
                _l("You may add cards to your opponent's melds only once you have a meld of "
                   "your own on the table (K10). A card you take must be used at once (K7)."),
            ),
            exercise=TakeOrLeave(
                prompt=_l("The 10♦ would extend your opponent's run. Can you take it?"),
                position_data={
                    "rules": Kunken.id,
                    "hand": ["QS", "3H", "6H", "JH", "KH", "3D", "2C", "4C", "10C", "QC"],
                    "melds": [],
                    "opponent_melds": [["2S", "3S", "*4S", "5S"],
                                       ["5D", "6D", "7D", "8D", "9D"]],
                    "center": "10D", "center_from": "opponent",
                },
            ),
        ),
        Step(
            title=_l("Taking cards back"),
            paragraphs=(
                _l("Your own melds may be rearranged, and a whole meld of yours may go back "
                   "into your hand (K9)."),
            ),
            exercise=FindPlay(
                prompt=_l("Your opponent left the 7♠. Select the cards from your hand that go "
                          "down with it."),
                position_data={
                    "rules": Kunken.id, "hand": ["QS", "5H", "7D", "7C"],
                    "melds": [["6H", "7H", "8H", "9H", "10H", "JH"]],
                    "opponent_melds": [], "center": "7S", "center_from": "opponent",
                },
            ),
        ),
    ),
)

KUNKEN_40 = Lesson(
    slug=Kunken40.id,
    profile=Kunken40.id,
    title=_l("Kunken with 40 cards"),
    summary=_l("The classic 40-card Kunken: no jokers, and the same lay-offs onto your "
               "opponent's melds once you have your own."),
    rules=("K1", "K10"),
    steps=(
        Step(
            title=_l("A lay-off with 40 cards"),
            paragraphs=(
                _l("This Kunken uses the 40 cards of conquian, with no jokers (K1)."),
                _l("With a meld of your own on the table, a card may go onto your opponent's "
                   "melds, and it stays yours (K10)."),
            ),
            exercise=FindPlay(
                prompt=_l("Your opponent left the 5♠. Select the cards from your hand that go "
                          "down with it — none, if it can go down alone."),
                position_data={
                    "rules": Kunken40.id, "hand": ["AD", "2D"],
                    "melds": [["AS", "2S", "3S", "4S"], ["6S", "7S", "JS", "QS"]],
                    "opponent_melds": [["5H", "5D", "5C"], ["7D", "JD", "QD"]],
                    "center": "5S", "center_from": "opponent",
                },
            ),
        ),
    ),
)

KUNKEN_104 = Lesson(
    slug=Kunken104.id,
    profile=Kunken104.id,
    title=_l("Kunken with two packs"),
    summary=_l("Two packs and four jokers: the same card may be in your hand twice, and a "
               "joker still fills one gap."),
    rules=("K1", "K4"),
    steps=(
        Step(
            title=_l("Two of a card, and a joker"),
            paragraphs=(
                _l("With two packs the same card can appear twice, and there are four jokers "
                   "(K1). A meld never holds more jokers than ordinary cards (K4)."),
            ),
            exercise=FindPlay(
                prompt=_l("You turned the 6♣. Select the cards from your hand that go down "
                          "with it."),
                position_data={
                    "rules": Kunken104.id, "hand": ["9S", "2H", "4D", "8C", "8C", "*"],
                    "melds": [["QS", "QH", "QD", "QC"]], "opponent_melds": [],
                    "center": "6C", "center_from": "stock",
                },
            ),
        ),
    ),
)

LESSONS: Final[tuple[Lesson, ...]] = (KUNKEN, KUNKEN_40, KUNKEN_104,)
