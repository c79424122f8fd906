"""One lesson per rule profile beside conquian-40: what differs, citing that profile's rule
book (C* cooncan, H* colonel, I* conquin, K* kunken), each step ending in an exercise the
solver checks on a position of that profile."""

from __future__ import annotations

from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Colonel, Conquin, Cooncan, Kunken, Kunken40, Kunken104
from tutor.learn.course import Lesson, Step
from tutor.learn.exercises import CanBeForced, FindPlay, TakeOrLeave
from tutor.learn.profile_exercises import CloseChoice, DrawChoice

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

PROFILE_LESSONS: Final[tuple[Lesson, ...]] = (COONCAN, KUNKEN, KUNKEN_40, KUNKEN_104, COLONEL,
                                               CONQUIN)
