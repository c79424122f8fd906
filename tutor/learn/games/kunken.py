"""The Kunken courses (rule book K1–K16, seed 003): the 52-card game with jokers (``kunken``),
the 40-card game (``kunken-40``) and the two-pack game (``kunken-104``).  One builder makes
each profile's course: a step that reads the same is shared, its position kept to cards every
pack holds (A–7 and J–K, no joker); the steps where the packs differ (jokers, 7 next to J,
two copies of a card) come from the profile's deck.  Each step ends in an exercise the solver
checks on a position of its own profile."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from flask_babel import lazy_gettext as _l

from solver.rules import RuleProfile, get_profile
from solver.rules.variants import Kunken, Kunken40, Kunken104
from tutor.learn.course import Lesson, ask, lesson
from tutor.learn.course import melds as melds_of
from tutor.learn.exercises import CanBeForced, FindPlay, TakeOrLeave
from tutor.learn.games.kunken_exercises import SafeDiscard

# The one-lesson courses these games had first: their slugs keep the learners' progress.
KUNKEN = lesson(
    Kunken.id, Kunken.id,
    _l("Kunken: jokers, lay-offs and taking melds back"),
    _l("52 cards and two jokers (or 40 cards, or two packs): a joker stands for a "
       "missing card, you may add to your opponent's melds once you have your own, "
       "and your own melds may go back into your hand."),
    ("K4", "K7", "K9", "K10"),
    ask(FindPlay,
        _l("A joker fills the gap"),
        (_l("A joker stands for any card that is not already on the table; a meld holds "
            "no more jokers than ordinary cards (K4)."),),
        _l("Your opponent left the 10♠. Select the cards that go down with it."),
        {
            "rules": Kunken.id,
            "hand": ["5S", "9S", "10H", "2D", "3D", "4D", "7D", "9D", "JD", "*"],
            "melds": [],
            "opponent_melds": [["2C", "3C", "4C", "5C", "6C", "*7C", "8C", "9C"]],
            "center": "10S", "center_from": "opponent",
        }),
    ask(TakeOrLeave,
        _l("No meld, no lay-off"),
        (_l("You may add cards to your opponent's melds only once you have a meld of "
            "your own on the table (K10). A card you take must be used at once (K7)."),),
        _l("The 10♦ would extend your opponent's run. Can you take it?"),
        {
            "rules": Kunken.id,
            "hand": ["QS", "3H", "6H", "JH", "KH", "3D", "2C", "4C", "10C", "QC"],
            "melds": [],
            "opponent_melds": [["2S", "3S", "*4S", "5S"],
                               ["5D", "6D", "7D", "8D", "9D"]],
            "center": "10D", "center_from": "opponent",
        }),
    ask(FindPlay,
        _l("Taking cards back"),
        (_l("Your own melds may be rearranged, and a whole meld of yours may go back "
            "into your hand (K9)."),),
        _l("Your opponent left the 7♠. Select the cards from your hand that go "
           "down with it."),
        {
            "rules": Kunken.id, "hand": ["QS", "5H", "7D", "7C"],
            "melds": [["6H", "7H", "8H", "9H", "10H", "JH"]],
            "opponent_melds": [], "center": "7S", "center_from": "opponent",
        })
)

KUNKEN_40 = lesson(
    Kunken40.id, Kunken40.id,
    _l("Kunken with 40 cards"),
    _l("The classic 40-card Kunken: no jokers, and the same lay-offs onto your "
       "opponent's melds once you have your own."),
    ("K1", "K10"),
    ask(FindPlay,
        _l("A lay-off with 40 cards"),
        (_l("This Kunken uses the 40 cards of conquian, with no jokers (K1)."),
         _l("With a meld of your own on the table, a card may go onto your opponent's "
            "melds, and it stays yours (K10).")),
        _l("Your opponent left the 5♠. Select the cards from your hand that go "
           "down with it — none, if it can go down alone."),
        {
            "rules": Kunken40.id, "hand": ["AD", "2D"],
            "melds": [["AS", "2S", "3S", "4S"], ["6S", "7S", "JS", "QS"]],
            "opponent_melds": [["5H", "5D", "5C"], ["7D", "JD", "QD"]],
            "center": "5S", "center_from": "opponent",
        })
)

KUNKEN_104 = lesson(
    Kunken104.id, Kunken104.id,
    _l("Kunken with two packs"),
    _l("Two packs and four jokers: the same card may be in your hand twice, and a "
       "joker still fills one gap."),
    ("K1", "K4"),
    ask(FindPlay,
        _l("Two of a card, and a joker"),
        (_l("With two packs the same card can appear twice, and there are four jokers "
            "(K1). A meld never holds more jokers than ordinary cards (K4)."),),
        _l("You turned the 6♣. Select the cards from your hand that go down "
           "with it."),
        {
            "rules": Kunken104.id, "hand": ["9S", "2H", "4D", "8C", "8C", "*"],
            "melds": [["QS", "QH", "QD", "QC"]], "opponent_melds": [],
            "center": "6C", "center_from": "stock",
        })
)


def _at(rules: RuleProfile, hand: str, melds: str = "", opponent_melds: str = "",
        **data: Any) -> dict[str, Any]:
    """A position of ``rules`` with ``hand`` (space-separated codes) and the melds as
    :func:`~tutor.learn.course.melds` reads them; an unnamed ``center_from`` is the
    opponent's discard."""
    return {"rules": rules.id, "melds": melds_of(melds),
            "opponent_melds": melds_of(opponent_melds), "center_from": "opponent",
            "hand": hand.split(), **data}


# ---------------------------------------------------------------------------------------------
# 1. The pack, the deal and the opening card (K1, K2, K6, K15)
# ---------------------------------------------------------------------------------------------

def _pack_paragraph(rules: RuleProfile) -> Any:
    if not rules.deck.jokers:
        return _l("This Kunken is played with the classic 40 cards: the 52-card pack without "
                  "its 8s, 9s and 10s, and no jokers (K1).")
    if rules.deck.packs > 1:
        return _l("This Kunken is played with two 52-card packs shuffled together, so every "
                  "card is there twice, and four jokers (K1).")
    return _l("This Kunken is played with a pack of 52 cards and two jokers (K1).")


def _deal(rules: RuleProfile) -> Lesson:
    steps = [
        ask(FindPlay,
            _l("The pack"),
            (_pack_paragraph(rules),
             _l("The ace is always the lowest card: A-2-3 is a run, but a run never wraps "
                "round from the K to the A (K1).")),
            _l("Your opponent left the A♠. Select the cards from your hand that go "
               "down with it (K1, K3)."),
            _at(rules, "QS KS 2S 3S 5H 7H JD 4C 6C KC", center="AS")),
    ]
    if not rules.deck.jokers:
        steps.append(ask(FindPlay,
            _l("The 7 next to the J"),
            (_l("With no 8s, 9s and 10s in the pack, the 7 and the J are neighbours: "
                "6-7-J is a run (K1, K3)."),),
            _l("Your opponent left the J♦. Select the cards from your hand that go "
               "down with it."),
            _at(rules, "6D 7D 2S 3H 5H KH AC 4C QC KC", center="JD")))
    steps += [
        ask(TakeOrLeave,
            _l("The deal and the opening card"),
            (_l("Two players get ten cards each, one at a time, and the rest form the "
                "stock. The first dealer is chosen by lot; after that, the winner of a hand "
                "deals the next (K2)."),
             _l("The dealer's opponent turns the top card of the stock and either uses it "
                "at once in a meld with cards from their hand, or lays it face up to start "
                "the discard pile. Either way they discard nothing (K6).")),
            _l("You are the dealer's opponent and you turned the 4♦. Can you use "
               "it (K6)?"),
            _at(rules, "2D 3D QS 6S AH 5H JH 7C JC KC", center="4D", center_from="stock")),
        ask(FindPlay,
            _l("Eleven cards after the opening card"),
            (_l("At every decision your hand and your cards down make ten. The player who "
                "melded the opening card discarded nothing for it, so they have eleven "
                "(K15, K6)."),),
            _l("You melded the opening card in 2♦-3♦-4♦ and discarded nothing: "
               "you have eleven cards (K15). Your opponent left the 5♦. Select "
               "the cards from your hand that go down with it — none, if it can go "
               "down alone."),
            _at(rules, "QS 6S AH 5H JH 7C JC KC", melds="2D 3D 4D", center="5D")),
    ]
    return lesson(
        rules.id, f"{rules.id}-deal",
        _l("The pack, the deal and the opening card"),
        _l("Which cards are in play, how they are dealt, and the first card turned "
           "from the stock."),
        ("K1", "K2", "K3", "K6", "K15"),
        *tuple(steps)
    )


# ---------------------------------------------------------------------------------------------
# 2. Melds and jokers (K3, K4, K5)
# ---------------------------------------------------------------------------------------------

def _joker_table_paragraphs(rules: RuleProfile) -> tuple[Any, ...]:
    """K4 both ways: what a joker may stand for, given the cards already down."""
    if rules.deck.packs > 1:
        return (
            _l("With two packs a joker may stand for a card one copy of which is already on "
               "the table, but never more than two copies of a card, ordinary or joker, are "
               "on the table (K4)."),
        )
    return (
        _l("A joker never stands for a card that is already on the table (K4)."),
        _l("While a joker stands for a card, that card itself goes down only in the joker's "
           "place (K4, K5)."),
    )


def _melds(rules: RuleProfile) -> Lesson:
    steps = [
        ask(FindPlay,
            _l("Runs and sets"),
            (_l("A run is three or more cards of one suit in sequence. A set is three or "
                "four cards of one rank, each of a different suit (K3)."),),
            _l("Your opponent left the 5♣. Select the cards from your hand that make "
               "a set with it (K3)."),
            _at(rules, "5S 5D QS 2H 7H JH AD 3C KC JS", center="5C")),
    ]
    if rules.deck.packs > 1:
        steps.append(ask(FindPlay,
            _l("Two copies never share a set"),
            (_l("With two packs you may hold the same card twice, but a set still has one "
                "card of each suit: two 5♣ never go in the same set (K3)."),),
            _l("Your opponent left the 5♣. You hold another 5♣. Select the cards "
               "from your hand that make a set with it (K3)."),
            _at(rules, "5C 5D QS 2H 7H JH AD 3C KC 5H", center="5C")))
    if rules.deck.jokers:
        steps += [
            ask(FindPlay,
                _l("A joker stands for a missing card"),
                (_l("A joker may stand for any card in a meld. Every meld holds at least "
                    "two ordinary cards and no more jokers than ordinary cards (K4)."),),
                _l("Your opponent left the 6♠. Select the cards from your hand that "
                   "go down with it (K4)."),
                _at(rules, "4S * QH 2H 7H JH AD 3C KC JS", center="6S")),
            ask(TakeOrLeave,
                _l("A joker and the cards on the table"),
                _joker_table_paragraphs(rules),
                _l("Your opponent has the A♦ and the 4♦ down, and left the 3♦. You "
                   "hold the 2♦ and a joker. Can you take the 3♦ (K4)?"),
                _at(rules, "2D * QS 6S 7H JH KH 6C JC KC",
                    opponent_melds="AS AH AD, 4S 4H 4D", center="3D")),
        ]
    else:
        steps.append(ask(TakeOrLeave,
            _l("No jokers in this pack"),
            (_l("The 40-card pack has no jokers (K1): the rules of the jokers (K4) and of "
                "swapping them (K5) belong to the other Kunken packs. A gap in a run stays "
                "a gap until its own card comes."),),
            _l("Your opponent left the 6♠. You hold the 4♠ but not the 5♠. Can you "
               "take the 6♠ (K1)?"),
            _at(rules, "4S QH 2H 7H JH AD 3C KC JS 6D", center="6S")))
    return lesson(
        rules.id, f"{rules.id}-melds",
        _l("Runs, sets and jokers") if rules.deck.jokers else _l("Runs and sets"),
        _l("The melds of Kunken, and what a joker may stand for."),
        ("K1", "K3", "K4", "K5") if not rules.deck.jokers
        else ("K3", "K4") if rules.deck.packs > 1 else ("K3", "K4", "K5"),
        *tuple(steps)
    )


# ---------------------------------------------------------------------------------------------
# 3. The turn (K7, K8, K16)
# ---------------------------------------------------------------------------------------------

def _turn(rules: RuleProfile) -> Lesson:
    return lesson(
        rules.id, f"{rules.id}-turn",
        _l("Your turn: take, use, discard"),
        _l("Take the top discard or the stock card, use it at once, lay down ready "
           "melds, then discard."),
        ("K7", "K8", "K16"),
        ask(TakeOrLeave,
            _l("Take only what you use now"),
            (_l("On your turn you take the top discard or the top stock card, use it "
                "at once in a meld, then discard a card from your hand. A card you take "
                "never goes into your hand (K7)."),),
            _l("Your opponent left the 6♥. You hold the 4♥ but not the 5♥. Can "
               "you take the 6♥ (K7)?"),
            _at(rules, "4H QS 2S JH AD 3D KD 2C 5C JC", center="6H")),
        ask(FindPlay,
            _l("The stock card"),
            (_l("A stock card you take is used at once too, or else it becomes your "
                "discard (K7)."),),
            _l("You took the Q♣ from the stock. Select the cards from your hand "
               "that go down with it (K7)."),
            _at(rules, "JC KC 2S 5S 3H 7H AD 4D 6D KH", center="QC", center_from="stock")),
        ask(partial(FindPlay, need_win=True),
            _l("Melds from your hand"),
            (_l("Before you discard, you may also lay down melds made only of cards "
                "from your hand, on any turn (K8)."),),
            _l("Your opponent left the 3♣. Find the play that wins the hand: "
               "the 3♣ with cards from your hand, and a ready meld of your hand "
               "(K8, K11)."),
            _at(rules, "AC 2C QS QH QD QC", melds="4S 5S 6S 7S", center="3C")),
        ask(CanBeForced,
            _l("Nobody forces a card"),
            (_l("Nobody forces a card on another player: a discard you do not take stays "
                "on the pile, and you alone decide whether to use a card (K16)."),),
            _l("The 5♠ would fit your run 2♠-3♠-4♠. If you leave it, can your "
               "opponent make you take it (K16)?"),
            _at(rules, "QH JH AD 3D KD 2C 6C", melds="2S 3S 4S", center="5S"))
    )


# ---------------------------------------------------------------------------------------------
# 4. Your own melds (K9)
# ---------------------------------------------------------------------------------------------

def _own_melds(rules: RuleProfile) -> Lesson:
    return lesson(
        rules.id, f"{rules.id}-own-melds",
        _l("Your own melds: extend, rearrange, take back"),
        _l("The melds you have down keep working for you on every turn."),
        ("K9",),
        ask(FindPlay,
            _l("Extend a meld"),
            (_l("On your turn you may add cards to your own melds (K9)."),),
            _l("Your opponent left the 5♠. Select the cards from your hand that "
               "go down with it — none, if it can go down alone (K9)."),
            _at(rules, "QH JH AD 3D KD 2C 6C", melds="2S 3S 4S", center="5S")),
        ask(FindPlay,
            _l("Rearrange your melds"),
            (_l("Your melds may be rearranged into other valid melds: a card may move "
                "from one of your melds into a new one, as long as every meld stays "
                "valid (K9)."),),
            _l("Your opponent left the 3♣. Select the cards from your hand that "
               "go down with it (K9)."),
            _at(rules, "3D QH JS AD KD 2C", melds="3H 4H 5H 6H", center="3C")),
        ask(FindPlay,
            _l("Take a whole meld back"),
            (_l("You may also take whole melds of yours back into your hand, as a step "
                "of your turn (K9)."),),
            _l("Your opponent left the 4♠. Select the cards from your hand that "
               "go down with it (K9)."),
            _at(rules, "4D QS JC KD 2C", melds="3H 4H 5H 6H 7H", center="4S"))
    )


# ---------------------------------------------------------------------------------------------
# 5. Laying off and joker swaps (K10, K5)
# ---------------------------------------------------------------------------------------------

def _lay_offs(rules: RuleProfile) -> Lesson:
    steps = [
        ask(TakeOrLeave,
            _l("Your own meld first"),
            (_l("You may add cards to your opponent's melds only once you have a meld of "
                "your own on the table; one laid earlier in the same turn counts (K10)."),),
            _l("The 6♠ would extend your opponent's run 2♠-3♠-4♠-5♠, and you have "
               "no meld down. Can you take it (K10)?"),
            _at(rules, "QH JH AD 3D KD 2C 6C 2H KS 4C", opponent_melds="2S 3S 4S 5S", center="6S")),
        ask(FindPlay,
            _l("Lay a card off"),
            (_l("With a meld of your own down, a card may go onto your opponent's melds. "
                "It stays yours: it counts towards your eleven and your score (K10)."),),
            _l("You have Q♠-Q♥-Q♦ down. Your opponent left the 6♠. Select the cards "
               "from your hand that go down with it — none, if it can go down alone "
               "(K10)."),
            _at(rules, "JH AD 3D KD 2C 6C 2H", melds="QS QH QD", opponent_melds="2S 3S 4S 5S",
                center="6S")),
        ask(TakeOrLeave,
            _l("A frozen meld"),
            (_l("A meld that carries cards laid off by your opponent is frozen for you: "
                "you may not extend it, rearrange it or take it back (K10)."),),
            _l("Your opponent laid the 6♦ off onto your run 3♦-4♦-5♦. Now they "
               "left the 2♦. Can you take it (K10)?"),
            _at(rules, "QH JH AS KS 2C 6C JC", melds="3D 4D 5D 6D",
                opponent_laid_off=[{"meld": 0, "cards": ["6D"]}], opponent_melds="KH KD KC",
                center="2D")),
    ]
    if rules.deck.jokers:
        steps.append(ask(FindPlay,
            _l("Swap a joker"),
            (_l("On your turn you may put an ordinary card in the place of a joker that "
                "stands for it and take the joker, to use at once or later (K5)."),
             _l("On your opponent's melds you may swap only once you have a meld of your "
                "own, as for lay-offs (K5, K10).")),
            _l("You have K♠-K♥-K♣ down; your opponent's joker stands for the 8♦. "
               "You hold the 8♦ and the 6♣, and your opponent left the 6♥. Select "
               "the cards from your hand that go down with it (K5)."),
            _at(rules, "8D 6C 2S JH AD 4C QC", melds="KS KH KC", opponent_melds="7D *8D 9D",
                center="6H")))
    return lesson(
        rules.id, f"{rules.id}-lay-offs",
        _l("Laying off and swapping jokers") if rules.deck.jokers
        else _l("Laying off"),
        _l("Once you have a meld down, your opponent's melds take your cards too."),
        ("K5", "K10") if rules.deck.jokers else ("K10",),
        *tuple(steps)
    )


# ---------------------------------------------------------------------------------------------
# 6. Winning and scoring (K11, K12)
# ---------------------------------------------------------------------------------------------

def _winning(rules: RuleProfile) -> Lesson:
    return lesson(
        rules.id, f"{rules.id}-winning",
        _l("Eleven cards down, and the score"),
        _l("How a hand is won and how both players score it."),
        ("K11", "K12"),
        ask(partial(FindPlay, need_win=True),
            _l("Exactly eleven"),
            (_l("The hand ends when a player has exactly eleven cards down, counting "
                "their melds and the cards they laid off (K11)."),),
            _l("Your opponent left the 7♥. Find the play that wins the hand "
               "(K11)."),
            _at(rules, "4H 5H 6H", melds="AC 2C 3C 4C, JS JH JD", center="7H")),
        ask(TakeOrLeave,
            _l("Ten down is not a win"),
            (_l("Ten cards down and a discard of your last card is not a win: you play "
                "on with an empty hand until one more card goes down (K11)."),),
            _l("Your hand is empty and you have ten cards down. Your opponent "
               "left the 5♣. Can you take it (K11)?"),
            _at(rules, "", melds="AC 2C 3C 4C, JS JH JD, KS KH KD", center="5C")),
        ask(partial(FindPlay, need_win=True),
            _l("Both players score"),
            (_l("At the end of a hand each player scores the pips of their cards down "
                "minus the pips of the cards left in their hand (K12)."),
             _l("J, Q and K count 10, the ace 1 and every other card its number; a "
                "joker down counts as the card it stands for, a joker left in the hand "
                "costs 20 (K12).")),
            _l("Your opponent left the K♦. Find the play that wins the hand and "
               "leaves no card in your hand to count against you (K11, K12)."),
            _at(rules, "JD QD 6S", melds="AC 2C 3C 4C, 6H 6D 6C", center="KD"))
    )


# ---------------------------------------------------------------------------------------------
# 7. The match (K13, K14)
# ---------------------------------------------------------------------------------------------

def _match(rules: RuleProfile) -> Lesson:
    return lesson(
        rules.id, f"{rules.id}-match",
        _l("The match to 500"),
        _l("Hands that end with no winner, doubled hands, and the end of the match."),
        ("K13", "K14"),
        ask(partial(FindPlay, need_win=True),
            _l("When the stock runs out"),
            (_l("If the stock runs out before anyone has eleven cards down, the hand "
                "scores nothing, the same dealer deals again and the next hand counts "
                "double; each further such hand in a row doubles again (K13)."),
             _l("A hand in which nobody has eleven cards down after 300 turns ends the "
                "same way: it scores nothing and the next hand counts double (K13).")),
            _l("You took the last card of the stock, the 7♠. Find the play that "
               "wins the hand before it ends with no score (K11, K13)."),
            _at(rules, "4S 5S 6S", melds="AC 2C 3C 4C, JS JH JD", center="7S", center_from="stock",
                stock=0)),
        ask(partial(FindPlay, need_win=True),
            _l("The end of the match"),
            (_l("The match goes to 500 points, or to 300 if the players agree. It ends "
                "after the hand in which a player reaches the target, and the higher "
                "total wins (K14)."),),
            _l("Your opponent left the 3♥. Find the play that wins this hand "
               "(K11, K14)."),
            _at(rules, "AH 2H 4H", melds="QS QH QD QC, 5C 6C 7C", center="3H"))
    )


# ---------------------------------------------------------------------------------------------
# 8. Strategy: reading the table, going out
# ---------------------------------------------------------------------------------------------

def _strategy(rules: RuleProfile) -> Lesson:
    return lesson(
        rules.id, f"{rules.id}-strategy",
        _l("Playing well: read the table, discard, go out"),
        _l("Use your opponent's melds, give them nothing with your discard, and go "
           "out when you can."),
        ("K7", "K9", "K10", "K11", "K12"),
        ask(TakeOrLeave,
            _l("Your opponent's melds are yours to use"),
            (_l("Read your opponent's melds: once you have a meld down, a card that "
                "extends one of theirs is a card you can use (K10)."),),
            _l("You have 5♥-5♦-5♣ down, and your opponent has J♠-J♦-J♣. They "
               "left the J♥. Can you take it (K10)?"),
            _at(rules, "2S 3H 7H AD 4D 6C KH", melds="5H 5D 5C", opponent_melds="JS JD JC",
                center="JH")),
        ask(SafeDiscard,
            _l("A discard that gives nothing away"),
            (_l("Your discard is the card your opponent faces next. They may take it "
                "into their own melds (K9) and, since they have melds, lay it off onto "
                "yours (K10): read both before you let a card go (K7)."),),
            _l("You took the 4♥ onto your run A♥-2♥-3♥. Choose a card to "
               "discard that your opponent cannot put down with no card from "
               "their hand (K7)."),
            _at(rules, "5H JH 6S 2C 7D KC QD", melds="AH 2H 3H",
                opponent_melds="JS JD JC, 3S 4S 5S", center="4H")),
        ask(partial(FindPlay, need_win=True),
            _l("Go out when you can"),
            (_l("Going out ends the hand: every card you still hold counts against you "
                "(K11, K12)."),),
            _l("Several plays take the 4♠, but only one brings you to eleven "
               "cards down. Find it (K11)."),
            _at(rules, "AS 2S 3S 5S", melds="QS QH QD, 5H 6H 7H", opponent_melds="JC QC KC",
                center="4S")),
        ask(TakeOrLeave,
            _l("A lay-off that wins"),
            (_l("Cards you lay off count towards your eleven, so your opponent's melds "
                "can carry you to a win (K10, K11)."),),
            _l("Your hand is empty and you have ten cards down. Your opponent "
               "has K♠-K♦-K♣ and left the K♥. Can you take it (K10, K11)?"),
            _at(rules, "", melds="5S 6S 7S, QS QH QD, AH 2H 3H 4H", opponent_melds="KS KD KC",
                center="KH"))
    )


def _course(rules: RuleProfile, first: Lesson) -> tuple[Lesson, ...]:
    """``rules``' whole course in teaching order; ``first`` is its earlier one-lesson course,
    kept under its own slug after the lessons it sums up."""
    return (_deal(rules), _melds(rules), _turn(rules), _own_melds(rules), _lay_offs(rules),
            first, _winning(rules), _match(rules), _strategy(rules))


LESSONS: Final[tuple[Lesson, ...]] = (
    *_course(get_profile(Kunken.id), KUNKEN), *_course(get_profile(Kunken40.id), KUNKEN_40),
    *_course(get_profile(Kunken104.id), KUNKEN_104),
)
