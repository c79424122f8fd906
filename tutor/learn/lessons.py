"""The lessons of the learning path, as data: every sentence wrapped for translation.

A lesson is a few short steps; each step teaches one idea and ends in an exercise that
the solver checks (see :mod:`tutor.learn.exercises`). Rule ids (R1-R13) refer to
RULES.md. The seed's worked example comes first, as a step-by-step walkthrough.
conquian-40's full course is here; every other profile's lessons follow it, from
:mod:`tutor.learn.profile_lessons` (both built from :mod:`tutor.learn.course`).
"""

from __future__ import annotations

from functools import partial
from typing import Final

from flask_babel import lazy_gettext as _l

from solver.rules import DEFAULT_PROFILE
from tutor.learn.course import Figure, Lesson, Step, ask, lesson
from tutor.learn.course import melds as melds_of
from tutor.learn.exercises import (
    CanBeForced,
    Discard,
    ExtendMeld,
    FindPlay,
    ForceOpponent,
    JudgeMelds,
    LayAlone,
    SplitRun,
    TakeOrLeave,
    TakeOutcome,
)
from tutor.learn.profile_lessons import PROFILE_LESSONS

# The worked example's hand (seed 000, section 09): 4♥ 5♥ and an unwanted Q♠, plus cards
# that each go with another card, so that Q♠ is the one card with no partner.
# The rule book's worked example (RULES.md, seed 000 section 09): the same hand as the
# analyzer's example, the bundled puzzles and the README.
WORKED_HAND: Final = ("4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D")
WORKED_OPPONENT: Final = (("KS", "KH", "KC"),)


def _at(hand: str, center: str, stock: int, melds: str = "", opponent_melds: str = "",
        center_from: str = "opponent") -> dict[str, object]:
    """A position: ``hand`` (space-separated codes), the melds as
    :func:`~tutor.learn.course.melds` reads them, the center card and the stock left."""
    return {"hand": hand.split(), "melds": melds_of(melds),
            "opponent_melds": melds_of(opponent_melds), "center": center,
            "center_from": center_from, "stock": stock}


def _groups(text: str) -> tuple[tuple[str, ...], ...]:
    """Groups of cards as :func:`~tutor.learn.course.melds` reads them, as tuples."""
    return tuple(tuple(group) for group in melds_of(text))


def _worked(center: str) -> dict[str, object]:
    return {
        "hand": list(WORKED_HAND),
        "melds": [],
        "opponent_melds": [list(m) for m in WORKED_OPPONENT],
        "center": center,
        "center_from": "opponent",
        "stock": 12,
    }


WORKED_EXAMPLE = lesson(
    DEFAULT_PROFILE.id, "worked-example",
    _l("Your first take: the worked example"),
    _l("Play one turn from start to finish: take the 6♥, lay down a run, discard — "
       "then see what changes when the card is a 7♥."),
    ("R7", "R8"),
    ask(TakeOrLeave,
        _l("Look at the table"),
        (_l("Welcome! Let's play one turn together before any theory. You hold ten "
            "cards. Among them are 4♥ and 5♥, which belong together, and a Q♠ that "
            "goes with nothing."),
         _l("Your opponent has already laid down three kings, and has just left the "
            "6♥ face up in the center. In Conquian you never draw a card into your "
            "hand: you either use the center card right away or let it go (R7)."),
         _l("4♥, 5♥ and 6♥ would make a run: three cards of one suit in a row.")),
        _l("Can you use the 6♥? Take it, or decline it."),
        _worked("6H")),
    ask(FindPlay,
        _l("Lay down the run"),
        (_l("A card you take never goes into your hand: it is laid face up on the "
            "table at once, in a meld. The hand cards that make the meld with it go "
            "down in the same moment (R8)."),),
        _l("Select the cards from your hand that go down with the 6♥, then press Lay down."),
        _worked("6H")),
    ask(partial(Discard, take=("4H", "5H")),
        _l("Discard the card you do not want"),
        (_l("You took a card, so now you give one back: discard one card from your "
            "hand face up. It becomes the center card your opponent faces (R8)."),
         _l("Look for a card that goes with nothing in your hand, and make sure it "
            "does not fit your opponent's melds — otherwise you hand them a free take.")),
        _l("Your run 4♥-5♥-6♥ is on the table. Choose the card to discard."),
        _worked("6H")),
    ask(TakeOrLeave,
        _l("What if it had been the 7♥?"),
        (_l("Same hand, but this time your opponent leaves the 7♥. It is tempting: "
            "with a 6♥ later, 4♥-5♥-6♥-7♥ would be a fine run."),
         _l("But you can only take a card that you can meld right now. A card that "
            "cannot be melded now cannot be taken to wait for a later card (R8).")),
        _l("Your opponent left the 7♥. Take it, or decline it?"),
        _worked("7H")),
    ask(partial(LayAlone, cards=("4H", "5H")),
        _l("Why not put 4♥-5♥ down anyway?"),
        (_l("One more question with the 7♥ in the center. Your 4♥ and 5♥ look ready. "
            "Could you lay them on the table now, to be ready for a 6♥?"),
         _l("Remember the rule of the take: cards from your hand are exposed only "
            "together with a center card you are taking (R8).")),
        _l("With the 7♥ in the center, what may you do with 4♥ and 5♥?"),
        _worked("7H"))
)

DECK = lesson(
    DEFAULT_PROFILE.id, "deck",
    _l("The deck and the order of the cards"),
    _l("Forty cards, ranks from ace to king, and why 7 sits next to J."),
    ("R1",),
    Step(_l("Forty cards, ten ranks"),
         (_l("Conquian uses 40 cards: take a normal 52-card deck and remove the 8s, "
             "9s and 10s. There are no jokers and no trumps (R1)."),
          _l("Each suit runs A 2 3 4 5 6 7 J Q K. Because 8, 9 and 10 are gone, 7 and J "
             "are neighbours: 6-7-J is a run just like 4-5-6.")),
         ExtendMeld(_l("Which of these cards would make a valid run with 5♠-6♠-7♠? Select "
                       "every one that fits."),
                    base=("5S", "6S", "7S"), options=("4S", "JS", "QS", "7H", "3S")),
         Figure(_groups("AS 2S 3S 4S 5S 6S 7S JS QS KS"),
                _l("The ten spades, lowest to highest."))),
    Step(_l("The ace is low only"),
         (_l("The ace is always the lowest card. A-2-3 is a run, but runs never wrap "
             "around the end: Q-K-A is not a run (R1, R4)."),),
         ExtendMeld(_l("Which cards make a valid run together with Q♦ and K♦?"),
                    base=("QD", "KD"), options=("AD", "JD", "7D", "2D")),
         Figure(_groups("AD 2D 3D, JD QD KD"), _l("Two runs at the two ends of the diamonds.")))
)

DEAL = lesson(
    DEFAULT_PROFILE.id, "deal",
    _l("The deal"),
    _l("Ten cards each, the rest a face-down stock, and the first card turned up."),
    ("R3", "R6"),
    ask(TakeOrLeave,
        _l("Ten cards each"),
        (_l("The dealer shuffles, has the pack cut and deals ten cards to each "
            "player, one at a time and face down. The twenty cards left over are the "
            "face-down stock: no card is turned up, and nobody exchanges cards (R3)."),
         _l("Then the non-dealer turns up the top card of the stock (R6).")),
        _l("You are the non-dealer and turned up the 5♦. Take it, or leave it to "
           "the dealer?"),
        _at("3D 4D KS KH AC 2S 6C 7H JS QH", "5D", 19, center_from="stock"))
)

MELDS = lesson(
    DEFAULT_PROFILE.id, "melds",
    _l("Sets and runs"),
    _l("The two kinds of meld, how big they may be, and what is not a meld."),
    ("R4",),
    Step(_l("Two kinds of meld"),
         (_l("Everything you lay down must be in melds (R4). There are two kinds:"),
          _l("A set is 3 or 4 cards of the same rank, such as 5♦ 5♣ 5♥."),
          _l("A run is 3 to 8 cards of one suit in a row, such as 6♠-7♠-J♠. A run of 9 "
             "or 10 cards is too long to be one meld: it has to be split in two.")),
         JudgeMelds(_l("Select every group that is a valid meld."),
                    _groups("6S 7S JS, QH KH AH, 5D 5C 5H, 3S 3H, 4S 5H 6S, "
                            "2D 3D 4D 5D 6D 7D JD QD")),
         Figure(_groups("5D 5C 5H, 6S 7S JS"), _l("A set of fives and a run of spades."))),
    Step(_l("Too long to be one run"),
         (_l("Nine clubs in a row are not one meld: a run has at most 8 cards (R4). "
             "Split them into two runs of at least 3 cards each and both are fine."),),
         SplitRun(_l("Select the cards of one run so that the cards you leave make a valid "
                     "run too."),
                  options=("AC", "2C", "3C", "4C", "5C", "6C", "7C", "JC", "QC")))
)

CENTER = lesson(
    DEFAULT_PROFILE.id, "center",
    _l("The center card: take, decline or pass"),
    _l("Every turn is about one face-up card. What you may do with it, and when."),
    ("R6", "R7", "R8"),
    ask(TakeOrLeave,
        _l("A card left by your opponent"),
        (_l("On your turn you face exactly one face-up card in the center (R7). If "
            "your opponent left it, you either take it — melding it at once — or "
            "decline it. A declined card goes face down onto the waste, and you turn "
            "the top card of the stock."),),
        _l("Your opponent left the 5♦. Take it or decline it?"),
        _at("3D 4D KS KH AC 2S 6C 7H JS QH", "5D", 15)),
    ask(TakeOrLeave,
        _l("A card you turned yourself"),
        (_l("When you turn a card from the stock, you may take it in the same way, or "
            "pass it to your opponent without discarding anything. They then face it "
            "as a card you left (R7)."),
         _l("The very first card of a hand works the same way for the non-dealer (R6).")),
        _l("You turned the J♣ from the stock. Take it or pass it?"),
        _at("3D 4D KS KH AC 2S 6C 7H JS QH", "JC", 14, center_from="stock")),
    ask(FindPlay,
        _l("Choosing what goes down"),
        (_l("Often a center card fits in more than one way. When you take it you "
            "choose which hand cards go down with it — in its meld or in further "
            "melds laid at the same time (R8)."),),
        _l("Select cards from your hand to lay down with the 2♥."),
        _at("AH 3H 2S 2C KD QC 7S JD 5S 6D", "2H", 10, opponent_melds="KH KS KC"))
)

REARRANGE = lesson(
    DEFAULT_PROFILE.id, "rearranging",
    _l("Rearranging your own melds"),
    _l("Split, merge and move the cards of your own melds — never your opponent's."),
    ("R5",),
    ask(FindPlay,
        _l("Your melds can change shape"),
        (_l("Every card you have laid down belongs to exactly one meld, but the melds "
            "themselves are not fixed. Whenever you meld a card you may split your "
            "melds, join them or move cards between them, as long as every meld is "
            "valid afterwards (R5)."),
         _l("Here your run 3♥-4♥-5♥-6♥ can give up its 6♥: 3♥-4♥-5♥ is still a run, "
            "and the 6♥ can join a set of sixes.")),
        _l("Select the cards from your hand to lay down with the 6♦."),
        _at("6C KS QD 2S AC JH", "6D", 12, melds="3H 4H 5H 6H")),
    ask(TakeOrLeave,
        _l("Never your opponent's melds"),
        (_l("Rearranging is for your own melds only. You never add a card to your "
            "opponent's melds, and exposed cards never go back into a hand (R5)."),),
        _l("Your opponent left the 4♦, right next to their 5♦-6♦-7♦. Take it or "
           "decline it?"),
        _at("AS 2S KH KC 6S JC QS 7H 3C 5H", "4D", 9, opponent_melds="5D 6D 7D"))
)

# The opponent's hidden hands below only complete the positions (R13); they are never shown.
FORCING = lesson(
    DEFAULT_PROFILE.id, "forcing",
    _l("Forcing"),
    _l("When a card fits your melds, your opponent can make you take it — and you "
       "can do the same to them."),
    ("R9",),
    ask(CanBeForced,
        _l("When you can be forced"),
        (_l("If you decline or pass a center card that fits your exposed melds with "
            "no card from your hand, your opponent may force you to take it (R9). You "
            "take it as usual and then discard."),
         _l("This works for a card they left and for a card you turned yourself.")),
        _l("You would like to decline the 5♠. If you do, can your opponent "
           "force it on you?"),
        _at("KD QH 7C JD AH 6H 3C", "5S", 11, melds="2S 3S 4S")),
    ask(CanBeForced,
        _l("Your hand stays private"),
        (_l("A card that would fit only together with cards from your hand can never "
            "be forced: your opponent cannot see your hand, and the rules keep it "
            "private (R9)."),),
        _l("You hold the 5♠; the center card is the 6♠. If you decline it, "
           "can your opponent force it on you?"),
        _at("KD QH 7C JD AH 5S 3C", "6S", 11, melds="2S 3S 4S")),
    ask(ForceOpponent,
        _l("Forcing your opponent"),
        (_l("Now the other side. Your opponent turned the 7♥ from the stock and passed "
            "it to you. Look at their melds: does the 7♥ fit them without any card "
            "from their hand?"),),
        _l("Your opponent passed the 7♥. Force them to take it?"),
        _at("2C 5D AS 3H 6C QD 4S", "7H", 8, melds="JH QH KH", center_from="stock")),
    ask(ForceOpponent,
        _l("Forcing after a rearrangement"),
        (_l("A card counts as fitting even when the melds must be rearranged to take "
            "it (R5, R9). Your opponent just declined the 3♥ you discarded."),),
        _l("Your opponent declined the 3♥. Force them to take it?"),
        _at("2C AS QD", "3H", 6, melds="4H 4D 4C 4S, 5H 6H 7H"))
)

WINNING = lesson(
    DEFAULT_PROFILE.id, "winning",
    _l("Winning with exactly 11 cards"),
    _l("How a hand is won, and why ten cards down is not yet a win."),
    ("R10", "R13"),
    ask(partial(FindPlay, need_win=True),
        _l("Eleven cards down"),
        (_l("You win the hand the moment you have exactly 11 cards exposed in valid "
            "melds (R10). You always hold 10 cards between hand and table (R13), so "
            "the win comes from a take that lays down the center card together with "
            "every card left in your hand. There is no discard after a win."),),
        _l("Find the play with the Q♠ that wins the hand."),
        _at("4S QD QH", "QS", 7, melds="AS 2S 3S, 5C 6C 7C JC")),
    ask(partial(TakeOutcome, take=()),
        _l("Ten down is not a win"),
        (_l("If a take leaves you with 10 cards on the table and one in hand, you "
            "still discard that last card. Then you play on with an empty hand (R10)."),),
        _l("You take the 4♠ onto your A♠-2♠-3♠. What happens next?"),
        _at("QD", "4S", 7, melds="AS 2S 3S, KH KD KC, 5C 6C 7C")),
    ask(TakeOrLeave,
        _l("Playing on with an empty hand"),
        (_l("With ten cards down and an empty hand, the first center card you can add "
            "to your melds — rearranging them if needed — makes eleven and wins (R10)."),),
        _l("Your hand is empty and your opponent left the J♣. Take it or decline it?"),
        _at("", "JC", 5, melds="AS 2S 3S 4S, KH KD KC, 5C 6C 7C"))
)

DRAW = lesson(
    DEFAULT_PROFILE.id, "draw",
    _l("When the stock runs out"),
    _l("With the stock empty, a card left to you can still be taken, and the hand goes on; "
       "a declined card that is not forced ends it in a draw."),
    ("R11",),
    ask(TakeOrLeave,
        _l("The last card is still live"),
        (_l("The waste is never shuffled back into a new stock. When the stock is "
            "empty, the card your opponent left can still be taken (R11)."),),
        _l("The stock is empty and your opponent left the 7♦. Take it or decline it?"),
        _at("6D JD AS 2C KH QS 3H", "7D", 0, melds="5S 5H 5C", opponent_melds="2S 3S 4S")),
    ask(TakeOrLeave,
        _l("A draw"),
        (_l("If that card is declined, is not forced on the player who declined it "
            "(R9) and no stock card is left to turn, the hand ends in a draw. Nobody "
            "scores (R11, R12)."),),
        _l("The stock is empty and your opponent left the K♣. Take it or decline it?"),
        _at("6D JD AS 2C KH QS 3H", "KC", 0, melds="5S 5H 5C", opponent_melds="2S 3S 4S"))
)

MATCH = lesson(
    DEFAULT_PROFILE.id, "match",
    _l("The match: first to three"),
    _l("How hands are scored and when the match is over."),
    ("R2", "R12"),
    ask(partial(FindPlay, need_win=True,
                note=_l("That makes three won hands: the match is yours (R12).")),
        _l("One point a hand"),
        (_l("A won hand scores 1 point; a draw scores nothing for either player, and "
            "cards left in a hand count for nothing (R12)."),
         _l("The first player to win 3 hands wins the match. All 40 cards are "
            "shuffled for every hand, and the deal alternates (R2, R12)."),
         _l("The score is 2-2. This hand decides the match.")),
        _l("Find the play with the 7♥ that wins the hand — and the match."),
        _at("5H 6H JH", "7H", 4, melds="AD 2D 3D, QS QH QC QD", opponent_melds="KS KH KD")),
    ask(partial(FindPlay, need_win=True),
        _l("Playing to points"),
        (_l("The players may agree instead to play to a point total, 100 unless they "
            "agree on another. The winner of a hand scores the pips of the cards left "
            "in the loser's hand: 1 to 7 at face value, J, Q and K 10 each, each ace "
            "15. A draw scores nothing (R14)."),
         _l("Only the winner of a hand scores, so the first to reach the total wins (R14).")),
        _l("Your opponent left the 4♠. Find the play that wins the hand, and with it "
           "the pips left in your opponent's hand (R14)."),
        _at("4D", "4S", 7, melds="AS 2S 3S, JH QH KH, 5D 6D 7D", opponent_melds="KS KD KC"))
)

LESSONS: Final[tuple[Lesson, ...]] = (
    WORKED_EXAMPLE,
    DECK,
    DEAL,
    MELDS,
    CENTER,
    REARRANGE,
    FORCING,
    WINNING,
    DRAW,
    MATCH,
    *PROFILE_LESSONS,
)
_BY_SLUG: Final = {lesson.slug: lesson for lesson in LESSONS}


def lesson_by_slug(slug: str) -> Lesson | None:
    return _BY_SLUG.get(slug)
