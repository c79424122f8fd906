"""Conquin's course (rule book I1–I13; the Italian game of seed 002): its lessons in order,
from the deal to the payments and the chips, then strategy; each step ends in an exercise
the solver checks on a Conquin position (can you close, what does it pay, which discard)."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Conquin
from tutor.learn.course import Lesson, ask, lesson
from tutor.learn.games.conquin_exercises import ClosingDiscard, StakeChoice
from tutor.learn.profile_exercises import CloseChoice


def _at(hand: str, center: str, players: int = 4,
        center_from: str = "opponent") -> dict[str, Any]:
    """A Conquin position: your ten cards (space-separated codes), the card you take, the
    players at the table."""
    return {"rules": Conquin.id, "hand": hand.split(), "center": center,
            "center_from": center_from, "players": players}


TABLE = lesson(
    Conquin.id, "conquin-table",
    _l("Conquin: two packs, ten cards each"),
    _l("The cards, the players and the deal: two packs with four jokers, three to "
       "ten players, ten cards each and one card face up."),
    ("I1", "I2", "I4", "I13"),
    ask(CloseChoice,
        _l("Two packs and four jokers"),
        (_l("Conquin is played with two packs shuffled together: every card from the 2 "
            "to the A is there twice, and there are four jokers (I1)."),
         _l("So your hand may hold the same card twice, like the two 7♥ here, and a set "
            "may repeat a suit (I5).")),
        _l("The face-up card is the 7♣. Can you take it and close?"),
        # The rule book's worked example: four sevens with the 7♥ twice, and a run
        # that ends on the ace after the K.
        _at("7S 7H 7H 9D 10D JD QD KD AD 3C", "7C")),
    ask(CloseChoice,
        _l("Players and the dealer"),
        (_l("Three to ten players sit at the table. The first dealer is drawn by lot; "
            "after each deal the player on the dealer's left deals (I2)."),),
        _l("Three players are at the table and the face-up card is the 5♠. Can "
           "you take it and close (I9)?"),
        _at("3S 4S 6S 9H 9D JC QC KC 2D 5H", "5S", players=3)),
    ask(CloseChoice,
        _l("Ten cards, then eleven"),
        (_l("The dealer gives each player ten cards at once, then turns one more card "
            "face up beside the stock (I4)."),
         _l("You hold ten cards at every decision, and eleven between taking a card "
            "and discarding (I13).")),
        _l("The dealer turned the 6♥ face up and you play first. Can you take "
           "it and close?"),
        _at("2C 3C 4C 8H 8S 8D JS QS KS 6D", "6H", players=5))
)

MELDS = lesson(
    Conquin.id, "conquin-melds",
    _l("Conquin: sets, runs round the corner, jokers"),
    _l("Sets that repeat a suit, runs that go from the K on to the A and the 2, and "
       "jokers that fill a gap."),
    ("I5", "I6"),
    ask(CloseChoice,
        _l("A set may repeat a suit"),
        (_l("A set is three to eight cards of one rank, and with two packs the same "
            "suit may appear twice: 5♥-5♥-5♠ is a set (I5)."),),
        _l("The face-up card is the 5♠. Can you take it and close?"),
        _at("5H 5H 9C 10C JC QC KC 2S 3S 4S", "5S")),
    ask(CloseChoice,
        _l("Runs go round the corner"),
        (_l("A run is three or more cards of one suit in sequence, and the sequence "
            "goes round: after the K comes the A, then the 2. K♠-A♠-2♠ is a run (I5)."),),
        _l("The face-up card is the 2♠. Can you take it and close?"),
        _at("KS AS 3D 4D 5D 6D 8C 8H 8D JC", "2S")),
    ask(CloseChoice,
        _l("Never the same card twice in a run"),
        (_l("A run holds at most thirteen cards and never the same card twice (I5): "
            "your two 5♥ cannot both be in one run. Each copy may still be in a meld of "
            "its own."),),
        _l("The face-up card is the 8♥. Can you take it and close?"),
        _at("3H 4H 5H 5H 6H 7H 9S 9D 9C QC", "8H")),
    ask(CloseChoice,
        _l("A joker fills a gap"),
        (_l("A joker stands for any card of a meld (I6): in a run it can be the card "
            "you are missing."),),
        _l("You hold a joker and the face-up card is the 4♥. Can you take it "
           "and close?"),
        _at("9S JS QS * 4D 4C 7C 8C 9C 2H", "4H")),
    ask(CloseChoice,
        _l("How many jokers a meld may hold"),
        (_l("Every meld holds at least two ordinary cards and no more jokers than "
            "ordinary cards (I6): two jokers and the K♦ are not a meld."),),
        _l("You hold two jokers and the face-up card is the 9♠. Can you take it "
           "and close?"),
        _at("* * KD QC 2H 2D 2C 5S 6S 7S", "9S"))
)

CLOSING = lesson(
    Conquin.id, Conquin.id,  # the first Conquin lesson's slug: learners' progress refers to it
    _l("Conquin: closing"),
    _l("Two packs, melds kept in the hand, and one moment that matters: taking the "
       "face-up card lets you close, and how you close sets the stake."),
    ("I8", "I9", "I10"),
    ask(CloseChoice,
        _l("Close with two melds"),
        (_l("You take the face-up card or the stock card, then discard (I8). You close "
            "when your ten other cards are all in melds: you show them and take the "
            "pot (I9)."),
         _l("Closing with exactly two melds doubles the stake (I10).")),
        _l("The face-up card is the K♠. Can you take it and close?"),
        # Nine cards in two melds and a stray 9♦: only a card that joins a
        # meld lets you close, and the K♠ makes the second meld four kings.
        _at("2S 3S 4S 5S 6S 7S KH KD KC 9D", "KS")),
    ask(CloseChoice,
        _l("Not yet"),
        (_l("If some card stays outside every meld whatever you discard, you cannot "
            "close this turn (I9)."),),
        _l("The face-up card is the 2♦. Can you take it and close?"),
        _at("5S 7S 3H 7H AD KD 5C 7C 7H 7C", "2D")),
    ask(CloseChoice,
        _l("The first to close wins the deal"),
        (_l("The first player to close wins the deal, and it ends there. Nothing of it "
            "carries over to the next deal but the chips each player holds (I9)."),),
        _l("The face-up card is the 9♠. Can you take it and close?"),
        _at("6S 7S 8S QH QD QC 3D 4D 5D KC", "9S"))
)

PAYMENTS = lesson(
    Conquin.id, "conquin-payments",
    _l("Conquin: what a closing pays"),
    _l("Every player still in pays the closer: once, twice, four or five times, "
       "by the melds shown."),
    ("I10",),
    ask(StakeChoice,
        _l("Two melds pay ×2"),
        (_l("Every player still in the deal pays the closer on top of the pot. Closing "
            "with exactly two melds pays one more stake, ×2 in all (I10)."),),
        _l("You take the 8♦ and close. How many stakes does each player still "
           "in pay in all (I10)?"),
        _at("JH JH JS JC 3D 4D 5D 6D 7D KS", "8D")),
    ask(StakeChoice,
        _l("A ten-card run pays ×5"),
        (_l("A run of all ten cards with no joker pays four more stakes, ×5 in all "
            "(I10)."),),
        _l("You take the Q♠ and close. How many stakes does each player still "
           "in pay in all (I10)?"),
        _at("4S 5S 6S 7S 8S 9S 10S JS KS 2H", "QS")),
    ask(StakeChoice,
        _l("A joker in the run"),
        (_l("A ten-card run with one joker pays ×4; with two jokers it pays only the "
            "one stake, ×1 (I10)."),),
        _l("You take the K♠ and close, with a joker in your hand. How many "
           "stakes does each player still in pay in all (I10)?"),
        _at("4S 5S 6S 7S 8S * 10S JS QS 2H", "KS")),
    ask(StakeChoice,
        _l("Show the arrangement that pays best"),
        (_l("When your cards can be arranged in more than one way, you show the "
            "arrangement that pays best (I10)."),
         _l("Ten cards in one run with two jokers pay ×1, while exactly two melds pay "
            "×2 (I10).")),
        _l("You take the Q♥ and close, with two jokers in your hand. How many "
           "stakes does each player still in pay in all (I10)?"),
        _at("3H 4H * 6H 7H 8H 9H * JH 5C", "QH")),
    ask(StakeChoice,
        _l("Any other closing pays ×1"),
        (_l("Any other closing, with three melds for instance, pays nothing more than "
            "the one stake, ×1 (I10)."),),
        _l("You take the 7♠ and close. How many stakes does each player still "
           "in pay in all (I10)?"),
        _at("9D 9H 9S QH KH AH 2H 5S 6S 8C", "7S"))
)

CHIPS = lesson(
    Conquin.id, "conquin-chips",
    _l("Conquin: antes, speaking and the Pot chip"),
    _l("Before the cards are played: the antes, passing or playing, raising, and "
       "the Pot chip some tables add."),
    ("I3", "I7", "I11"),
    ask(StakeChoice,
        _l("The antes"),
        (_l("Each player plays from their own chips. Before the deal, the dealer puts "
            "one chip in the pot and the player on the dealer's left, the first to "
            "receive cards, puts in two (I3)."),),
        _l("You put in two chips on the dealer's left. Later you take the 5♣ "
           "and close: how many stakes does each player still in pay in all "
           "(I10)?"),
        _at("AC 2C 3C 4C 10H 10H 10S 10D 10C 6D", "5C")),
    ask(StakeChoice,
        _l("Pass or play"),
        (_l("After the deal each player speaks in turn: they pass, throwing in their "
            "cards for this deal, or play by paying two chips (I7)."),
         _l("A player may raise to six chips, and a later player to eighteen chips, the "
            "most; after a raise, whoever has paid less pays the difference or passes "
            "(I7)."),
         _l("If only one player stays in, they take the pot without play; if nobody "
            "does, every player takes their chips back (I7)."),
         _l("Players who passed pay nothing beyond their antes when someone closes "
            "(I10).")),
        _l("Two players passed and two played. You take the A♠ and close: how "
           "many stakes does the other player still in pay in all (I10)?"),
        _at("6C 6C 6H 6D 10S JS QS KS 2S 8H", "AS")),
    ask(StakeChoice,
        _l("The Pot chip"),
        (_l("Some tables add the Pot, a marker chip worth nothing by itself. When its "
            "holder is the first to speak, they open with four chips and put the Pot "
            "chip in the pot with them (I11)."),
         _l("Four chips then replace the two for that deal, and raises multiply them: "
            "twelve chips, then thirty-six. The winner of the deal takes the Pot chip "
            "(I11).")),
        _l("Six players, and the Pot chip is in this deal. You take the 10♠ "
           "and close: how many stakes does each player still in pay in all "
           "(I10)?"),
        _at("2S 3S 4S 5S 6S 7S 8S 9S JS QH", "10S", players=6))
)

LONG_DEALS = lesson(
    Conquin.id, "conquin-long-deals",
    _l("Conquin: long deals and the next deal"),
    _l("When the stock runs out, when a deal ends with no closer, and who deals "
       "next."),
    ("I2", "I12"),
    ask(CloseChoice,
        _l("A new stock from the discards"),
        (_l("If the stock runs out, the discards below the top face-up card are "
            "shuffled to make a new stock (I12)."),),
        _l("Eight players: the stock ran out and was made again from the "
           "discards. You took the 8♥ from it. Can you close with it?"),
        _at("6H 7H 9H 10H JC JD JS 3C 3D KS", "8H", players=8, center_from="stock")),
    ask(CloseChoice,
        _l("No closer after 300 turns"),
        (_l("If nobody has closed after 300 turns in all, the deal ends with no closer: "
            "every player takes back the chips they put in (I12)."),
         _l("Then the player on the dealer's left deals the next deal (I2).")),
        _l("Ten players, and the deal has gone on for many turns. The face-up "
           "card is the 4♦. Can you take it and close?"),
        _at("AD 2D 3D AS AH 5C 6C 7C 8C 9S", "4D", players=10))
)

STRATEGY = lesson(
    Conquin.id, "conquin-strategy",
    _l("Conquin strategy: what to take, what to discard"),
    _l("The discard that pays the most, where a joker goes, the face-up card against "
       "the stock, and what the other players let you see."),
    ("I6", "I8", "I9", "I10"),
    ask(ClosingDiscard,
        _l("The discard sets the payment"),
        (_l("With eleven cards in your hand, more than one discard may close. Each "
            "leaves a different arrangement, and the arrangement sets the payment "
            "(I10)."),),
        _l("You take the 5♣. Select the discard that closes for the most (I10)."),
        _at("KS KH KD 2C 3C 4C 6C 7C 7S *", "5C")),
    ask(ClosingDiscard,
        _l("Where the joker goes"),
        (_l("A joker can stand for any card of a meld (I6), so it may fit more than one "
            "of your melds. Where you put it can change what the closing pays (I10)."),),
        _l("You take the Q♠. Select the discard that closes for the most (I10)."),
        _at("5S 6S 7S 8S 9S 10S JS KS 6C *", "QS")),
    ask(CloseChoice,
        _l("The face-up card or the stock"),
        (_l("Each turn you take the face-up card, which you can see, or the top stock "
            "card, which you cannot (I8)."),
         _l("Before you reach for the stock, check whether the face-up card lets you "
            "close (I9).")),
        _l("Five players. The face-up card is the 5♦. Can you take it and "
           "close?"),
        _at("QD KD AD 2D 5H 5S 9C 10C JC 4H", "5D", players=5)),
    ask(CloseChoice,
        _l("What the other players show"),
        (_l("Nobody shows a meld before closing, so the other players' melds stay "
            "hidden in their hands (I9)."),
         _l("What you see of them is the face-up cards they take and the cards they "
            "discard (I8).")),
        _l("The player before you discarded the 7♥. Can you take it and "
           "close?"),
        _at("3H 4H 5H 5H 6H 9S 9D 9C QC 2D", "7H"))
)

LESSONS: Final[tuple[Lesson, ...]] = (TABLE, MELDS, CLOSING, PAYMENTS, CHIPS, LONG_DEALS,
                                      STRATEGY)
