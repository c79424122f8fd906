"""Colonel's course (rule book H1–H13; Hoyle's Colonel): its lessons in order, from the deal
to scoring and the match, then strategy.  Each step ends in an exercise the solver checks on
a Colonel position (:mod:`tutor.learn.games.colonel_exercises`): the upcard is drawn into
the hand (H4) and Colonel's draw analysis decides the answer."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Colonel
from tutor.learn.course import Lesson, ask, lesson
from tutor.learn.course import melds as melds_of
from tutor.learn.games.colonel_exercises import (
    BestDiscard,
    FindMeld,
    GoOutChoice,
    LayOffCards,
    PipsKept,
)
from tutor.learn.profile_exercises import DrawChoice


def _at(hand: str, center: str, stock: int, melds: str = "",
        opponent: str = "") -> dict[str, Any]:
    """A Colonel position: your hand (space-separated codes), your melds and your
    opponent's (as :func:`~tutor.learn.course.melds` reads them), the upcard (their last
    discard) and the cards left in the stock."""
    return {"rules": Colonel.id, "hand": hand.split(), "melds": melds_of(melds),
            "opponent_melds": melds_of(opponent), "center": center, "center_from": "opponent",
            "stock": stock}


# A fresh deal: ten cards each, the upcard turned, 31 cards in the stock (H2).
_FRESH_NINES = _at("9S 9C 3H 4H KD 2C 6C JS 7D 5S", "9D", 31)
# A run of hearts on the table: the 8♥ in it cannot join a set of eights (H6).
_HEART_RUN = _at("8D 9C 10C 2H KH 4S", "8C", 22, melds="5H 6H 7H 8H")
# Your opponent's run of spades, for your Q♠ and K♠ (H6, as in the rule book's example).
_SPADES = "9S 10S JS"

COLONEL = lesson(
    Colonel.id, Colonel.id,
    _l("Colonel: draw, meld, discard"),
    _l("52 cards, and every card you draw goes into your hand: choose between the "
       "upcard and the stock by what each leaves in your hand."),
    ("H1", "H2", "H4", "H7", "H11", "H13"),
    ask(DrawChoice,
        _l("Upcard or stock"),
        (_l("Each turn you draw the upcard or the top stock card into your hand, may "
            "meld and lay off, then discard (H4)."),
         _l("Cards left in your hand count their pips against you (H11): compare what "
            "the upcard leaves with what an unseen stock card leaves on average.")),
        _l("The upcard is the K♥. Is it better to draw it than a card from the "
           "stock?"),
        _at("2S 2H 3H 5H 7H 10H 6D 9D 10D 7C", "KH", 17, opponent="8S 8H 8D 8C, 10S JS QS KS AS")),
    ask(DrawChoice,
        _l("The pack and the deal"),
        (_l("Colonel is played with the full pack of 52 cards, ace to king in four "
            "suits, and no jokers (H1)."),
         _l("Each player is dealt ten cards. The next card is turned face up beside "
            "the stock: this upcard starts the wastepile (H2).")),
        _l("The deal is done and the upcard is the 9♦. Is it better to draw "
           "it than a card from the stock?"),
        _FRESH_NINES),
    ask(BestDiscard,
        _l("End with a discard"),
        (_l("You end your turn by putting one card from your hand face up on the "
            "wastepile: it becomes the upcard your opponent may draw (H7)."),),
        _l("You drew the 9♦ and put down your three nines. Which card do you "
           "discard to keep the fewest pips in your hand?"),
        _FRESH_NINES),
    ask(PipsKept,
        _l("Always ten"),
        (_l("At the start of your turn, your hand and the cards you have put down "
            "always make ten, since each turn you draw one card and discard one "
            "(H13)."),),
        _l("You hold six cards and have four down (H13). You draw the 8♣: "
           "after your best play and your discard, how many pips stay in your "
           "hand?"),
        _HEART_RUN)
)

MELDS = lesson(
    Colonel.id, f"{Colonel.id}-melds",
    _l("Colonel: sets and runs"),
    _l("Three or four of a rank, or three or more of a suit in a row, with the ace "
       "low or high; melds go down at any turn."),
    ("H1", "H3", "H5"),
    ask(FindMeld,
        _l("Sets"),
        (_l("A set is three or four cards of the same rank (H3)."),),
        _l("You draw the 9♦. Select the cards of your hand that make a set "
           "with it."),
        _FRESH_NINES),
    ask(FindMeld,
        _l("Runs"),
        (_l("A run is three or more cards of one suit in sequence, up to thirteen "
            "(H3)."),),
        _l("You draw the 6♥. Select cards of your hand that make a run with "
           "it."),
        _at("4H 5H 7H 8H KS 2D QC 3C 10S 6S", "6H", 31)),
    ask(FindMeld,
        _l("The ace, low or high"),
        (_l("In a run the ace may sit below the 2 or above the king, but not both at "
            "once: A-2-3 and Q-K-A are runs, K-A-2 is not (H1)."),),
        _l("You draw the A♠. Select cards of your hand that make a run with "
           "it."),
        _at("QS KS 2S 3S 7H 9D JC 4C 6D 8H", "AS", 31)),
    ask(partial(FindMeld, with_upcard=False),
        _l("Melds from your hand"),
        (_l("After drawing you may put down every set and run you hold, whether or "
            "not the card you drew is in one (H5)."),),
        _l("You draw the 2♥. Select a meld of your hand that you can put "
           "down now."),
        _at("7C 8C 9C 2D KH 5S JD 3H 6S QH", "2H", 28, opponent="4D 5D 6D"))
)

LAY_OFF = lesson(
    Colonel.id, f"{Colonel.id}-lay-off",
    _l("Colonel: laying off"),
    _l("Add cards to any meld on the table, yours or your opponent's; melds are "
       "never rearranged."),
    ("H6",),
    ask(partial(LayOffCards, target=0, with_upcard=True),
        _l("Onto your own melds"),
        (_l("You may add cards from your hand to a meld on the table as long as it "
            "stays a valid meld: this is laying off (H6)."),),
        _l("You draw the 9♥. Select the card of your hand that you can lay "
           "off together with it onto your run of hearts."),
        _at("10H 3S KC 2D 6C JD", "9H", 20, melds="5H 6H 7H 8H", opponent="QS QD QC")),
    ask(partial(LayOffCards, target=1),
        _l("Onto your opponent's melds"),
        (_l("Your opponent's melds take your cards too: you may lay off onto any meld "
            "on the table (H6)."),),
        _l("You draw the 4♦. Select cards of your hand that you can lay off "
           "onto your opponent's run 9♠-10♠-J♠."),
        _at("QS KS 2H 6D 8C 3C 5H", "4D", 22, melds="4S 4H 4C", opponent=_SPADES)),
    ask(FindMeld,
        _l("Never rearranged"),
        (_l("Melds on the table are never rearranged: a card that has gone down stays "
            "in its meld (H6)."),),
        _l("You draw the 8♣. Your run holds the 8♥. Select cards of your hand "
           "that make a meld with the 8♣."),
        _HEART_RUN)
)

GOING_OUT = lesson(
    Colonel.id, f"{Colonel.id}-going-out",
    _l("Colonel: going out"),
    _l("Get rid of every card and the deal ends; the last card may go down or be "
       "your discard."),
    ("H7", "H8"),
    ask(GoOutChoice,
        _l("Going out"),
        (_l("When every card of your hand can go down, you go out and the deal ends "
            "(H8)."),),
        _l("You hold the 5♥ and the 6♥, and the upcard is the 7♥. Drawing it, "
           "can you go out this turn?"),
        _at("5H 6H", "7H", 12, melds="2S 3S 4S 5S, 9S 9H 9D 9C", opponent="JC QC KC")),
    ask(GoOutChoice,
        _l("The last card as a discard"),
        (_l("Your last card may also go as your discard: a turn ends with a discard "
            "unless you have gone out (H7), and going out with it is allowed (H8)."),),
        _l("You hold the Q♠ and the 8♣, and the upcard is the K♠. Drawing it, "
           "can you go out this turn?"),
        _at("QS 8C", "KS", 12, melds="4S 4H 4C, 7D 8D 9D 10D JD", opponent=_SPADES)),
    ask(GoOutChoice,
        _l("One card too many"),
        (_l("Only one card goes as the discard: any other card left over stays in "
            "your hand, and the deal goes on (H7, H8)."),),
        _l("You hold the Q♠, the 8♣ and the 2♥, and the upcard is the 6♥. "
           "Drawing it, can you go out this turn?"),
        _at("QS 8C 2H", "6H", 12, melds="4S 4H 4C, 7D 8D 9D 10D", opponent=_SPADES))
)

SCORING = lesson(
    Colonel.id, f"{Colonel.id}-scoring",
    _l("Colonel: pips, challenges and the match"),
    _l("Cards in hand count their pips; a challenge or an empty stock compares the "
       "counts, and the first to 100 points wins the match."),
    ("H2", "H8", "H9", "H10", "H11", "H12"),
    ask(PipsKept,
        _l("Counting pips"),
        (_l("J, Q and K count 10 each, the ace counts 1 and every other card its "
            "number (H11)."),),
        _l("You draw the 3♣. After your best play and your discard, how many "
           "pips stay in your hand?"),
        _at("AC KD QH 3S 3D 7C 2H", "3C", 26, melds="5S 5H 5C")),
    ask(PipsKept,
        _l("The challenge"),
        (_l("At the start of your turn, before drawing, you may challenge. If your "
            "opponent accepts, the deal ends: the player with fewer pips in hand wins "
            "and scores the other player's pips, and on equal counts the player "
            "challenged wins (H9)."),
         _l("If your opponent refuses, play goes on (H9).")),
        _l("You draw the A♠. After your best play and your discard, how many "
           "pips stay in your hand, the count a challenge at your next turn "
           "would compare (H9)?"),
        _at("AD 2D 3D 4H 5C KS", "AS", 14, melds="JH QH KH AH", opponent="7S 7H 7C")),
    ask(DrawChoice,
        _l("An empty stock"),
        (_l("If a turn begins with the stock empty, the deal ends there: the player "
            "with fewer pips in hand scores the other player's pips minus their own, "
            "and equal counts score nothing (H10)."),),
        _l("One card is left in the stock and the upcard is the 3♣. Is it "
           "better to draw it than the stock card?"),
        _at("2C 4C 6H QD", "3C", 1, melds="10S 10H 10C, 3D 4D 5D",
            opponent="JC QC KC, 5S 6S 7S 8S")),
    ask(GoOutChoice,
        _l("To 100 points"),
        (_l("The player who goes out scores the pips left in the opponent's hand "
            "(H8). Deals follow one another, the deal alternating, until a player "
            "reaches 100 points and wins the match (H2, H12)."),),
        _l("The upcard is the K♥. Drawing it, can you go out and score your "
           "opponent's pips?"),
        _at("JH QH 3C", "KH", 9, melds="AS 2S 3S 4S, 6D 6H 6C", opponent="8C 9C 10C"))
)

STRATEGY = lesson(
    Colonel.id, f"{Colonel.id}-strategy",
    _l("Colonel: what to draw, keep and discard"),
    _l("Count what each choice leaves in your hand, and read the melds on the table: "
       "your opponent's melds take your cards too."),
    ("H4", "H6", "H7", "H11"),
    ask(DrawChoice,
        _l("An upcard that melds"),
        (_l("The upcard is the only card you know before you draw it (H4). Count the "
            "pips it would leave in your hand against a card from the stock (H11)."),),
        _l("The upcard is the Q♦. Is it better to draw it than a card from the "
           "stock?"),
        _at("6C 7C 10D JD 4S KS AH 9H 3D 8S", "QD", 29)),
    ask(DrawChoice,
        _l("Read your opponent's melds"),
        (_l("Your opponent's melds are places for your cards too (H6): a card that "
            "fits one of them need not stay in your hand."),),
        _l("The upcard is the 3♠ and your opponent has put down three 3s. Is "
           "it better to draw it than a card from the stock?"),
        _at("2S 6S KS 9H JH 4D 10D QC 5C AH", "3S", 24, opponent="3C 3D 3H, 7D 8D 9D")),
    ask(partial(LayOffCards, target=1),
        _l("A card from your hand onto theirs"),
        (_l("Laying off a card of yours onto your opponent's meld takes its pips out "
            "of your hand (H6, H11)."),),
        _l("You draw the 3♠. Select the card of your hand that you can lay "
           "off onto your opponent's run 7♦-8♦-9♦."),
        _at("2S 6S KS 9H JH 4D 10D QC 5C AH", "3S", 24, opponent="3C 3D 3H, 7D 8D 9D")),
    ask(BestDiscard,
        _l("What to let go"),
        (_l("After your melds, the discard decides what stays in your hand: letting "
            "the highest card go keeps the fewest pips (H7, H11)."),),
        _l("You drew the A♦ and put down three runs. Which card do you "
           "discard?"),
        _at("2S 3S 4S 9H 10H JH KD QD 8C 7C", "AD", 29))
)

LESSONS: Final[tuple[Lesson, ...]] = (COLONEL, MELDS, LAY_OFF, GOING_OUT, SCORING, STRATEGY)
