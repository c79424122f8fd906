"""The sentences of puzzles in the profiles beside conquian-40 (book ``"puzzle_profile"``).

Each cites its rule through ``{rule}``, which the claim checker requires to be the id the
position's own rule book gives that topic (``C9`` in cooncan, ``K10`` in kunken), so no
sentence sends a learner to another game's book.  ``KINDS`` says what each one asserts;
:mod:`solver.claims.profile` re-derives it.
"""

# ruff: noqa: E501 - whole sentences read better unbroken
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solver.messages import N_
from solver.rules import RuleProfile

Holds = Callable[[RuleProfile], bool]
"""Whether a profile's rule book says a rule statement, asked of the profile's flags."""

MESSAGES: Final[dict[str, str]] = {
    # Hints that ask or point, asserting nothing about the position.
    "nudge_opponent": N_("Look at your opponent's melds as well as your own."),
    "nudge_joker": N_("Think about what a joker from your hand could stand for."),
    "nudge_own": N_("Could one of your own melds give cards back to make room?"),
    "nudge_win": N_("Count the cards you have down, the cards you laid off included, and the cards a win still needs."),
    # Rules of one profile: true in every position of that profile, and cited.
    "rule_lay_off_cooncan": N_("A card your opponent left may go alone onto one of their melds, and it still counts as one of your cards down ({rule})."),
    "rule_force_cooncan": N_("A card that fits your own melds with no card from your hand may be forced on you; a card that would only go onto your opponent's melds may not ({rule})."),
    "rule_lay_off_kunken": N_("Once you have a meld of your own, you may add cards to your opponent's melds, and those cards stay yours ({rule})."),
    "rule_jokers": N_("A joker stands for any card that is not already on the table ({rule})."),
    "rule_own_melds_kunken": N_("You may rearrange your own melds or take them back into your hand ({rule})."),
    "rule_win": N_("You win the moment exactly eleven of your cards are down, counting the cards you laid off ({rule})."),
    # Facts of the position, each re-derived by the solver.
    "cards_down": N_("You have {count} cards down now."),
    "count_answers": N_("Number of accepted answers: {count}."),
    "answer_plays": N_("The accepted answers, by cards from your hand: {plays}."),
    "answer_alone": N_("The only accepted answer uses no card from your hand."),
    "lay_off_center": N_("{center} can go onto your opponent's meld {meld} ({rule})."),
    "lay_off_with": N_("Taking {center} with {cards} lays off {laid} onto your opponent's melds ({rule})."),
    "joker_stands": N_("Taking {center} with {cards}, a joker from your hand stands for {card} ({rule})."),
    "take_back_with": N_("Taking {center} with {cards} first takes these melds of yours back into your hand, whole: {melds}; of their cards, these stay in your hand: {back} ({rule})."),
    "take_back_alone": N_("Taking {center} alone, with no card from your hand, first takes these melds of yours back into your hand, whole: {melds}; of their cards, these stay in your hand: {back} ({rule})."),
    "swap_with": N_("Taking {center} with {cards}, {card} first takes the place of the joker in your opponent's meld {meld}, and the joker comes to your hand ({rule})."),
    "swap_alone": N_("Taking {center} alone, with no card from your hand, {card} first takes the place of the joker in your opponent's meld {meld}, and the joker comes to your hand ({rule})."),
    "play_melds": N_("Taking {center} with {cards} leaves your melds as {melds} ({rule})."),
    "play_melds_alone": N_("Taking {center} alone leaves your melds as {melds} ({rule})."),
    "usable_yes": N_("Yes: you can use {center} now ({rule})."),
    "usable_no": N_("No: {center} goes into no meld you can make now ({rule})."),
    "no_lay_off_yet": N_("{center} would fit your opponent's meld {meld}, but you have no meld of your own on the table ({rule})."),
    "force_no_lay_off": N_("No: with no card from your hand, {center} would only go onto your opponent's melds, so it cannot be forced on you ({rule})."),
    "no_forcing": N_("In this game nobody can force a card on you ({rule})."),
    "force_yes": N_("Yes: {center} fits your melds with no card from your hand, so your opponent may force it on you ({rule})."),
    "force_no": N_("No: every way to use {center} needs cards from your hand, so it cannot be forced on you ({rule})."),
    "win_play": N_("Take {center} with {cards}: that makes eleven cards down and wins the hand ({rule})."),
    "win_play_alone": N_("Take {center} alone, with no card from your hand: that makes eleven cards down and wins the hand ({rule})."),
    # Colonel's draw and Conquin's close.
    "nudge_pips": N_("Count the pips each choice would leave in your hand."),
    "nudge_close": N_("Try each discard: do the ten cards left split into melds?"),
    "rule_pips": N_("Cards left in your hand count their pips against you ({rule})."),
    "rule_close": N_("You close when, after your discard, all ten cards of your hand are in melds ({rule})."),
    "rule_double": N_("Closing with exactly two melds doubles the stake ({rule})."),
    "draw_yes": N_("Yes: with {center} your best play leaves {n} pips in your hand; a card from the stock would leave more, {average} pips on average over the {unseen} cards you cannot see ({rule})."),
    "draw_no": N_("No: with {center} your best play leaves {n} pips in your hand; a card from the stock would leave no more, {average} pips on average over the {unseen} cards you cannot see ({rule})."),
    "draw_out": N_("Yes: with {center} every card of your hand goes down and you go out ({rule})."),
    "draw_out_discard": N_("Yes: with {center} every card of your hand but {discard} goes down; you discard {discard} and go out ({rule})."),
    "close_yes": N_("Yes: take {center} and discard {discard}, and your melds are {melds}; the stake is multiplied by {m} ({rule})."),
    "close_any": N_("Yes, though not thanks to {center}: your ten cards already are the melds {melds}, so you close with any card you take and discard; the stake is multiplied by {m} ({rule})."),
    "close_no": N_("No: after taking {center}, a card stays outside your melds whatever you discard ({rule})."),
}

KINDS: Final[dict[str, str]] = {
    "nudge_opponent": "question",
    "nudge_joker": "question",
    "nudge_own": "question",
    "nudge_win": "question",
    "rule_lay_off_cooncan": "profile_rule",
    "rule_force_cooncan": "profile_rule",
    "rule_lay_off_kunken": "profile_rule",
    "rule_jokers": "profile_rule",
    "rule_own_melds_kunken": "profile_rule",
    "rule_win": "profile_rule",
    "cards_down": "p_cards_down",
    "count_answers": "p_count_answers",
    "answer_plays": "p_answer_plays",
    "answer_alone": "p_answer_alone",
    "lay_off_center": "p_lay_off_center",
    "lay_off_with": "p_lay_off_with",
    "joker_stands": "p_joker_stands",
    "take_back_with": "p_take_back",
    "take_back_alone": "p_take_back",
    "play_melds": "p_play_melds",
    "swap_with": "p_swap",
    "swap_alone": "p_swap",
    "play_melds_alone": "p_play_melds",
    "usable_yes": "p_usable",
    "usable_no": "p_not_usable",
    "no_lay_off_yet": "p_no_lay_off_yet",
    "force_no_lay_off": "p_force_no_lay_off",
    "no_forcing": "p_no_forcing",
    "force_yes": "p_forceable",
    "force_no": "p_not_forceable",
    "win_play": "p_win_play",
    "win_play_alone": "p_win_play",
    "nudge_pips": "question",
    "nudge_close": "question",
    "rule_pips": "profile_rule",
    "rule_close": "profile_rule",
    "rule_double": "profile_rule",
    "draw_yes": "p_draw",
    "draw_no": "p_draw",
    "draw_out": "p_draw_out",
    "draw_out_discard": "p_draw_out",
    "close_yes": "p_close",
    "close_any": "p_close_any",
    "close_no": "p_no_close",
}

RULE_OF: Final[dict[str, tuple[tuple[str, ...], Holds | None]]] = {
    "rule_lay_off_cooncan": (("lay_off",), lambda r: r.lay_off == "left_card"),
    "rule_force_cooncan": (("force",), lambda r: r.forcing and r.lays_off),
    "rule_lay_off_kunken": (("lay_off",), lambda r: r.lay_off == "after_own_meld"),
    "rule_jokers": (("jokers",), lambda r: r.has_jokers and r.jokers_limited_by_table),
    "rule_own_melds_kunken": (("own_melds",), lambda r: r.take_back),
    "rule_win": (("win",), lambda r: r.win_down == 11 and r.lays_off),
    "lay_off_center": (("lay_off",), None),
    "lay_off_with": (("lay_off",), None),
    "joker_stands": (("jokers",), None),
    "take_back_with": (("own_melds",), None),
    "take_back_alone": (("own_melds",), None),
    "play_melds": (("take",), None),
    "swap_with": (("swap",), None),
    "swap_alone": (("swap",), None),
    "play_melds_alone": (("take",), None),
    "usable_yes": (("take",), None),
    "usable_no": (("take",), None),
    "no_lay_off_yet": (("lay_off",), None),
    "force_no_lay_off": (("force",), None),
    "no_forcing": (("force",), None),
    "force_yes": (("force",), None),
    "force_no": (("force",), None),
    "win_play": (("win",), None),
    "win_play_alone": (("win",), None),
    "rule_pips": (("score",), lambda r: r.analysis == "draw"),
    "rule_close": (("close",), lambda r: r.analysis == "closing"),
    "rule_double": (("score",), lambda r: r.analysis == "closing"),
    "draw_yes": (("score",), None),
    "draw_no": (("score",), None),
    "draw_out": (("out",), None),
    "draw_out_discard": (("out",), None),
    "close_yes": (("close", "score"), None),
    "close_any": (("close", "score"), None),
    "close_no": (("close",), None),
}
"""Per sentence that cites a rule: the topics its ``{rule}`` must be under the position's
profile, in order, and (for rule statements) which profiles' books say it, asked of the
profile's flags (conquian-40 has no lay-off, so no lay-off rule is said there); ``None``: any
profile that has a rule on the topic."""


def says(key: str, profile: RuleProfile) -> bool:
    """Whether ``profile``'s rule book says the sentence ``key`` (any rule statement of
    :data:`RULE_OF`; ``True`` for the sentences any profile may say)."""
    holds = RULE_OF[key][1] if key in RULE_OF else None
    return holds is None or holds(profile)
