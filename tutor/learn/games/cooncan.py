"""Cooncan's course (rule book C1–C15; Foster's Cooncan): its lessons in teaching order,
from the deal to the match, then strategy; each step ends in an exercise the solver checks
on a Cooncan position.  Opponents' hands only complete the positions (C14): never shown."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from flask_babel import lazy_gettext as _l

from solver.rules.variants import Cooncan
from tutor.learn.course import Lesson, ask, lesson
from tutor.learn.course import melds as melds_of
from tutor.learn.exercises import CanBeForced, FindPlay, ForceOpponent, TakeOrLeave
from tutor.learn.games.cooncan_exercises import SafeDiscard

RULES: Final = Cooncan.id


def _at(hand: str, center: str, melds: str = "", opponent_melds: str = "",
        **rest: Any) -> dict[str, Any]:
    """A Cooncan position: ``hand`` (space-separated codes) facing ``center``, left by the
    opponent unless said; the melds as :func:`~tutor.learn.course.melds` reads them."""
    return {"rules": RULES, "hand": hand.split(), "melds": melds_of(melds),
            "opponent_melds": melds_of(opponent_melds), "center": center,
            "center_from": "opponent", **rest}


COONCAN = lesson(
    Cooncan.id, Cooncan.id,
    _l("Cooncan: what changes"),
    _l("The same 40 cards and melds, but a card your opponent left may go onto their "
       "melds (though it is never forced on you there), and eleven cards down wins."),
    ("C8", "C9", "C10", "C11"),
    ask(FindPlay,
        _l("Onto your opponent's melds"),
        (_l("In Cooncan a card your opponent left may go alone onto one of their melds, "
            "as long as the meld stays valid. It still counts as one of your cards "
            "down (C9)."),
         _l("A card you turned from the stock yourself can never be laid off (C9).")),
        _l("Your opponent left the K♠. Select the cards from your hand that go "
           "down with it — none, if it can go down alone."),
        {
            "rules": Cooncan.id, "hand": ["4S", "7D", "7C"],
            "melds": [["JS", "JD", "JC"], ["3H", "4H", "5H"]],
            "opponent_melds": [["AC", "2C", "3C", "4C"], ["KH", "KD", "KC"],
                               ["6S", "6H", "6D"]],
            "center": "KS", "center_from": "opponent",
            "laid_off": [{"meld": 0, "cards": ["4C"]}],
        }),
    ask(CanBeForced,
        _l("No forcing onto their melds"),
        (_l("As in conquian, a card that fits your own melds with no card from your hand "
            "may be forced on you. A card you could only lay off onto your opponent's "
            "melds is never forced: taking it is up to you (C10)."),),
        _l("You would like to decline the 3♥. If you do, can your opponent "
           "force it on you?"),
        {
            "rules": Cooncan.id,
            "hand": ["AS", "6S", "7D", "JD", "QD", "KD", "2C", "3C", "4C", "6C"],
            "melds": [], "opponent_melds": [["4H", "5H", "6H", "7H", "JH", "QH"]],
            "center": "3H", "center_from": "opponent",
        }),
    ask(partial(FindPlay, need_win=True),
        _l("Eleven down"),
        (_l("You win the moment exactly eleven of your cards are down, your melds and "
            "the cards you laid off together (C11)."),),
        _l("Your opponent left the 7♥. The 5♣ you laid off counts as yours: find "
           "the play that wins the hand."),
        {
            "rules": Cooncan.id, "hand": ["5H", "6H"],
            "melds": [["AS", "AH", "AD"], ["7D", "JD", "QD", "KD"]],
            "opponent_melds": [["2C", "3C", "4C", "5C"]],
            "laid_off": [{"meld": 0, "cards": ["5C"]}],
            "center": "7H", "center_from": "opponent",
        })
)

# The opening hand of the deal lesson: ten cards, nothing down yet (C3).
_OPENING: Final = "3D 4D KS KH AC 2S 6C 7H JS QH"

DEAL = lesson(
    Cooncan.id, "cooncan-deal",
    _l("Cooncan: the cards and the deal"),
    _l("Forty cards, two players, ten cards each, and who may take the first "
       "card turned up."),
    ("C1", "C2", "C3", "C6"),
    ask(FindPlay,
        _l("Forty cards, 7 next to J"),
        (_l("Cooncan is played with forty cards: a French pack without its 8s, 9s and "
            "10s, and no jokers. Each suit runs A 2 3 4 5 6 7 J Q K, so 7 and J are "
            "neighbours (C1)."),),
        _l("Your opponent left the J♠. Select the cards from your hand that go "
           "down with it."),
        _at("6S 7S 2D KD 5H AC 3C QH 4D 6D", "JS", stock=14)),
    ask(TakeOrLeave,
        _l("Two players, ten cards each"),
        (_l("Cooncan is for two players. The first dealer is decided by cutting the "
            "pack, and after that the deal alternates (C2)."),
         _l("The dealer gives each player ten cards, one at a time; the rest is the "
            "face-down stock. Then the dealer turns the top stock card face up: it is "
            "the first center card (C3)."),
         _l("The non-dealer has the first say on that card: they may take it, melding "
            "it at once (C6).")),
        _l("You are the non-dealer and the dealer turned up the 5♦. Take it, "
           "or decline it?"),
        _at(_OPENING, "5D", stock=19)),
    ask(TakeOrLeave,
        _l("Then the dealer"),
        (_l("If the non-dealer declines the first card, the dealer may take it, as a "
            "card they turned themselves. If both decline it, it goes to the waste and "
            "the non-dealer turns the next stock card (C6)."),),
        _l("You dealt and turned up the J♣; your opponent declined it. Take "
           "it?"),
        _at("JH JD 2C 5S AH 3D KC QS 6H 4S", "JC", center_from="stock", stock=19))
)

MELDS = lesson(
    Cooncan.id, "cooncan-melds",
    _l("Cooncan: sets, runs and borrowing"),
    _l("The melds of Cooncan, how your own melds can change shape, and the meld "
       "that a laid-off card freezes."),
    ("C1", "C4", "C5"),
    ask(FindPlay,
        _l("Sets and runs"),
        (_l("A set is three or four cards of one rank. A run is three to eight cards "
            "of one suit in sequence (C4)."),
         _l("The ace is low only: A-2-3 is a run, but a run never wraps round from K "
            "to A, so Q-K-A is not (C1, C4).")),
        _l("Your opponent left the A♠. Select the cards from your hand that go "
           "down with it."),
        _at("2S 3S QS KS 5D 6H 7C JH 4C 3D", "AS", stock=12)),
    ask(FindPlay,
        _l("Borrowing from your own melds"),
        (_l("Whenever you meld, you may borrow: move cards from one of your melds to "
            "another, split or join your melds, as long as every meld stays valid. "
            "Cards on the table never return to your hand (C5)."),
         _l("Here your run 3♥-4♥-5♥-6♥ can give up its 6♥: 3♥-4♥-5♥ is still a run, "
            "and the 6♥ can join a set of sixes (C5).")),
        _l("Your opponent left the 6♦. Select the cards from your hand that go "
           "down with it."),
        _at("6C KS QD 2S AD JD", "6D", melds="3H 4H 5H 6H", opponent_melds="2C 3C 4C", stock=10)),
    ask(TakeOrLeave,
        _l("A frozen meld"),
        (_l("A meld of yours that carries a card your opponent laid off is frozen for "
            "you: you may neither borrow from it nor add to it (C5)."),
         _l("Same table as before, but this time the 6♥ of your run was laid off by "
            "your opponent (C9).")),
        _l("Your opponent left the 6♦. Take it, or decline it?"),
        _at("6C KS QD 2S AD JD 7C", "6D", melds="3H 4H 5H 6H",
            opponent_laid_off=[{"meld": 0, "cards": ["6H"]}], opponent_melds="2C 3C 4C", stock=10))
)

# The worked example's hand (docs/rules/conquian-40.md), dealt again under Cooncan.
_WORKED: Final = "4H 5H QS AC 2D 3S KD JC 6S 7D"

TURN = lesson(
    Cooncan.id, "cooncan-turn",
    _l("Cooncan: your turn"),
    _l("Take the center card, decline it or discard it to your opponent; what goes "
       "down with a take, and the discard that follows."),
    ("C7", "C8"),
    ask(TakeOrLeave,
        _l("A card your opponent left"),
        (_l("On your turn you face one center card. If your opponent left it, you "
            "take it or decline it; a declined card goes to the waste and you turn the "
            "top stock card (C7)."),),
        _l("Your opponent left the 2♥. Take it, or decline it?"),
        _at("3D 4D KS KH AC JS 6C 7H 5S QH", "2H", stock=15)),
    ask(TakeOrLeave,
        _l("A card you turned yourself"),
        (_l("When you turn a card from the stock, you take it or discard it to your "
            "opponent. That discard costs you no card from your hand; your opponent "
            "then faces it as a card you left (C7)."),),
        _l("You turned the J♣ from the stock. Take it, or discard it to your "
           "opponent?"),
        _at("3D 4D KS KH AC 2S 6C 7H 5S QH", "JC", center_from="stock", stock=14)),
    ask(FindPlay,
        _l("What goes down with it"),
        (_l("A card you take never enters your hand: it goes down at once, together "
            "with the cards from your hand it needs. Cards from your hand go down only "
            "with a card you take (C8)."),),
        _l("Your opponent left the 6♥. Select the cards from your hand that go "
           "down with it."),
        _at(_WORKED, "6H", opponent_melds="KS KH KC", stock=12)),
    ask(partial(SafeDiscard, take=("4H", "5H")),
        _l("Then discard"),
        (_l("After a take that does not win, you discard one card from your hand, and "
            "it becomes your opponent's center card (C7, C8)."),
         _l("Your opponent may take it into their melds, or lay it off onto yours "
            "(C9).")),
        _l("You took the 6♥ with the 4♥ and the 5♥. Choose the card to "
           "discard."),
        _at("4H 5H AC 2C 3D 3S KD 7S JS 6C", "6H", opponent_melds="KS KH KC", stock=12))
)

LAY_OFF = lesson(
    Cooncan.id, "cooncan-lay-off",
    _l("Cooncan: laying off"),
    _l("Which cards may go onto your opponent's melds, and whose cards down they "
       "are."),
    ("C7", "C9", "C11", "C14"),
    ask(FindPlay,
        _l("A card they left, alone"),
        (_l("A card your opponent left may be laid off onto one of their melds, as "
            "long as the meld stays valid. It goes there alone: no card from your hand "
            "joins it on that meld (C9)."),
         _l("You need no meld of your own to lay a card off (C9).")),
        _l("Your opponent left the 5♣. Select the cards from your hand that go "
           "down with it — none, if it can go down alone."),
        _at("6C KS QD 2S AD JD 7S QS JS 5S", "5C", opponent_melds="2C 3C 4C", stock=11)),
    ask(TakeOrLeave,
        _l("Never a card you turned"),
        (_l("A card you turned from the stock yourself can never be laid off (C9). If "
            "it fits none of your melds, you discard it to your opponent (C7)."),),
        _l("You turned the 5♣ from the stock. Take it, or discard it to your "
           "opponent?"),
        _at("6C KS QD 2S AD JD 7S", "5C", center_from="stock", melds="KH KD KC",
            opponent_melds="2C 3C 4C", stock=9)),
    ask(partial(FindPlay, need_win=True),
        _l("Whose cards are they?"),
        (_l("A laid-off card belongs to the player who laid it off: your hand plus "
            "your cards down always make ten, counting the cards you laid off and not "
            "the cards your opponent laid off on your melds (C14)."),
         _l("Your opponent laid the 4♠ off onto your run A♠-2♠-3♠. Ten cards lie on "
            "your side of the table, but only nine of them are yours (C14).")),
        _l("Your opponent left the J♣. Find the play that makes eleven of your "
           "cards down and wins the hand (C11)."),
        _at("QC", "JC", melds="AS 2S 3S 4S, KH KD KC, 5C 6C 7C",
            opponent_laid_off=[{"meld": 0, "cards": ["4S"]}], opponent_melds="AH 2H 3H, QS QH QD",
            stock=6))
)

# In the two ForceOpponent steps the position is your opponent's: their hand only completes
# it (C14) and is never shown.
FORCING = lesson(
    Cooncan.id, "cooncan-forcing",
    _l("Cooncan: forcing"),
    _l("When a declined card can be forced on the player who declined it, and when "
       "it cannot."),
    ("C5", "C10"),
    ask(CanBeForced,
        _l("A card that fits your melds"),
        (_l("If you decline or pass a center card that fits your own melds with no "
            "card from your hand, borrowing if needed, your opponent may force you to "
            "take it (C10)."),),
        _l("You would like to decline the 7♥. If you do, can your opponent "
           "force it on you (C10)?"),
        _at("6C KS QD 2S AD JD", "7H", melds="3H 4H 5H 6H", opponent_melds="2C 3C 4C", stock=10)),
    ask(CanBeForced,
        _l("Not onto a frozen meld"),
        (_l("A frozen meld stays as it is: a card that would only fit it can be "
            "neither taken nor forced on you (C5, C10)."),
         _l("Same melds, but your opponent laid the 6♥ off onto your run.")),
        _l("You would like to decline the 7♥. If you do, can your opponent "
           "force it on you (C10)?"),
        _at("6C KS QD 2S AD JD 7C", "7H", melds="3H 4H 5H 6H",
            opponent_laid_off=[{"meld": 0, "cards": ["6H"]}], opponent_melds="2C 3C 4C", stock=10)),
    ask(ForceOpponent,
        _l("Forcing your opponent"),
        (_l("The other side: your opponent declined the 7♠ you discarded. Forcing "
            "looks at their melds only, since their hand stays private (C10)."),),
        _l("Your opponent declined the 7♠. Force them to take it?"),
        _at("2C 5D AH 3H 6C QD 4D", "7S", melds="4S 5S 6S", opponent_melds="KH KD KC", stock=8)),
    ask(ForceOpponent,
        _l("Not a card they could only lay off"),
        (_l("A card your opponent could only lay off onto your melds is theirs to "
            "take or to leave: you cannot force it on them (C10)."),),
        _l("Your opponent declined the 5♣, which fits your run 2♣-3♣-4♣. "
           "Force them to take it?"),
        _at("2D 5D AH 3H 6C QD 4D", "5C", melds="KH KD KC", opponent_melds="2C 3C 4C", stock=8))
)

# Eleven of your own cards down after the take, your laid-off 5♣ among them (C9, C11).
_LAST: Final = {"melds": "AS 2S 3S 4S, KH KD KC, 5C 6C 7C", "opponent_melds": "QS QH QD, AC 2C 3C"}

END = lesson(
    Cooncan.id, "cooncan-end",
    _l("Cooncan: the end of a hand and the match"),
    _l("Eleven down wins, a drawn hand carries over, the match to three points, and "
       "the match to a point total."),
    ("C11", "C12", "C13", "C15"),
    ask(TakeOrLeave,
        _l("Ten down is not a win"),
        (_l("Ten cards down and a discard of your last card is not a win: you play on "
            "with an empty hand (C11)."),
         _l("With ten cards down, the next card you can take makes eleven and wins the "
            "hand, with no discard (C11).")),
        _l("Your hand is empty and your opponent left the J♣. Take it, or "
           "decline it?"),
        _at("", "JC", **_LAST, stock=5)),
    ask(TakeOrLeave,
        _l("A drawn hand"),
        (_l("When the stock is empty and the last card is declined, the hand is a "
            "draw, a tableau (C12)."),
         _l("A drawn hand is not lost: its stake carries over to the next hand "
            "(C12, C13).")),
        _l("The stock is empty and your opponent left the K♣. Take it, or "
           "decline it?"),
        _at("6D JD AH 2D KS QC 3H", "KC", stock=0, melds="5S 5H 5C", opponent_melds="2S 3S 4S")),
    ask(partial(FindPlay, need_win=True),
        _l("First to three points"),
        (_l("A won hand scores one point, plus one for each drawn hand just before "
            "it. The first player to three points wins the match (C13)."),
         _l("You lead 1-0 and the last hand was drawn: this hand is worth two points "
            "(C13).")),
        _l("Your opponent left the 7♥. Find the play that wins the hand — and "
           "the match."),
        _at("5H 6H JH", "7H", melds="AD 2D 3D, QS QH QC QD", opponent_melds="KS KH KD", stock=4)),
    ask(partial(FindPlay, need_win=True),
        _l("A match to points"),
        (_l("The players may agree instead to play to a point total, 100 unless they "
            "agree on another (C15)."),
         _l("The winner of a hand then scores the pips of the cards left in the "
            "loser's hand: 1 to 7 at face value, J, Q and K 10 each, each ace 15. A "
            "drawn hand scores nothing and carries nothing over (C15).")),
        _l("Your opponent left the 4♠. Find the play that wins the hand, and "
           "with it the pips left in your opponent's hand (C15)."),
        _at("4D", "4S", melds="AS 2S 3S, JH QH KH, 5D 6D 7D", opponent_melds="KS KD KC", stock=7))
)

STRATEGY = lesson(
    Cooncan.id, "cooncan-strategy",
    _l("Cooncan: playing well"),
    _l("Reading both sides of the table: what to discard, when a lay-off blocks "
       "your opponent, and when it wins."),
    ("C5", "C8", "C9", "C11"),
    ask(partial(SafeDiscard, take=("AS", "3S")),
        _l("A discard they cannot use"),
        (_l("Your discard is your opponent's next center card: they may take it into "
            "their melds or lay it off onto yours (C8, C9)."),
         _l("A card laid off onto your meld counts as one of their cards down, and "
            "freezes that meld for you (C5, C9)."),
         _l("Look at both sides of the table before you let a card go.")),
        _l("You took the 2♠ with the A♠ and the 3♠. Choose the card to "
           "discard."),
        _at("AS 3S 6C KH 5D 4H JD", "2S", melds="7C JC QC", opponent_melds="KS KD KC", stock=13)),
    ask(FindPlay,
        _l("A lay-off freezes their meld"),
        (_l("A card you lay off onto your opponent's meld freezes that meld for them: "
            "they may neither borrow from it nor add to it, and nobody moves your card "
            "again (C5, C9)."),),
        _l("Your opponent left the 7♥, which fits their run 4♥-5♥-6♥. Select "
           "the cards from your hand that go down with it — none, if it can go "
           "down alone."),
        _at("2C KS QD 2S AD JD 5S", "7H", melds="KH KD KC", opponent_melds="4H 5H 6H, 3C 3S 3D",
            stock=9)),
    ask(TakeOrLeave,
        _l("Winning with a lay-off"),
        (_l("A card you lay off counts toward your eleven like any card you meld, so "
            "it can win the hand (C9, C11)."),
         _l("A card you lay off goes there alone, so it wins only when every other "
            "card of yours is already down (C9, C11).")),
        _l("Your hand is empty, ten of your cards are down, and your opponent "
           "left the J♦. Take it, or decline it?"),
        _at("", "JD", melds="KH KD KC, 5C 6C 7C JC, AS 2S 3S", opponent_melds="4D 5D 6D 7D",
            stock=6))
)

LESSONS: Final[tuple[Lesson, ...]] = (COONCAN, DEAL, MELDS, TURN, LAY_OFF, FORCING, END,
                                      STRATEGY)
