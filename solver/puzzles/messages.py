"""Every English sentence of puzzle hints, explanations and generated titles.

Templates are wrapped in ``N_`` for Babel's extractor, as in :mod:`solver.messages`;
the Portuguese and Spanish texts come from the gettext catalogs
(``tutor/translations``).  Placeholders take card glyphs (``6♥``) and melds
(``4♥-5♥-6♥``), which read the same in every language.
"""

# ruff: noqa: E501 - whole sentences read better unbroken
from __future__ import annotations

from typing import Final

from solver.messages import N_

MESSAGES: Final[dict[str, str]] = {
    # First hints: where to look.
    "nudge_center": N_(
        "Which melds could {center} belong to? Look at its neighbours in its suit "
        "and at the other cards of its rank."
    ),
    "nudge_force": N_(
        "Forcing depends only on what is already on the table: cover your hand and "
        "look at your exposed melds."
    ),
    "nudge_win": N_(
        "A win needs 11 cards down at once: {center} and every card of your hand (R10)."
    ),
    "nudge_discard": N_(
        "Before discarding, study your opponent's melds: which of your cards would they welcome?"
    ),
    "nudge_stock": N_("Look at the stock before you decide: how many cards are left in it?"),
    # Second hints: the rule that decides.
    "rule_take": N_(
        "A taken card goes down at once in a valid meld, with cards from your hand, "
        "your melds or both; it never joins your hand (R8)."
    ),
    "rule_force": N_(
        "Ask whether {center} could join your exposed cards with no card from your hand, "
        "even if you moved them around (R5, R9)."
    ),
    "rule_rearrange": N_(
        "Your melds are not fixed: you may split them or move cards between them, "
        "as long as every meld stays valid (R5)."
    ),
    "rule_seven_jack": N_("With 8, 9 and 10 removed, 7 and J are neighbours (R1)."),
    "rule_wraparound": N_("The ace is low only: a run cannot turn the corner from K to A (R1, R4)."),
    "rule_long_run": N_("A run may hold 3 to 8 cards, never 9 or 10 (R4)."),
    "rule_sets": N_("A set is 3 or 4 cards of one rank, in different suits (R4)."),
    "rule_hand_meld": N_(
        "Cards from your hand may go down in a new meld, but only together with a center "
        "card you take (R8)."
    ),
    "rule_extend": N_("Start from your own exposed melds: which of them could grow?"),
    "rule_ten": N_("Count the cards you would have down after the take, and what is left in your hand."),
    "rule_discard": N_(
        "A card that fits your opponent's exposed melds by itself is a gift: they need "
        "no card from their hand to take it (R9)."
    ),
    "rule_draw": N_(
        "The waste is never reshuffled: once the stock is empty, a declined card that is not "
        "forced on the player who declined it ends the hand in a draw (R9, R11)."
    ),
    # Third hints: narrowing down.
    "count_cards": N_("Cards from your hand in the answer: {count}."),
    "count_cards_range": N_("The accepted answers use from {least} to {most} cards from your hand."),
    "count_safe": N_("Cards left in your hand after the take: {count}. Check each one against the opponent's melds."),
    "look_at": N_("Look closely at {cards}."),
    "look_none": N_("None of your cards shares a rank with {center} or sits near it in its suit."),
    "look_none_exposed": N_(
        "None of your exposed cards shares a rank with {center} or sits near it in its suit."
    ),
    "count_most": N_("The most cards from your hand that can go down with {center}: {count}."),
    "check_left": N_("After the take you keep {cards}: check each one against your opponent's melds."),
    "count_gifts": N_("Cards you keep that fit your opponent's melds by themselves: {count}."),
    # Explanations: verdicts.
    "usable_yes": N_("Yes: you can take {center} now (R8)."),
    "usable_no": N_("No: {center} fits no valid meld with your cards now (R8)."),
    "force_yes": N_(
        "Yes: {center} fits your exposed melds with no card from your hand, so if you "
        "decline or pass it your opponent may force it on you (R9)."
    ),
    "force_no": N_(
        "No: {center} cannot be forced on you; it fits only with cards from your hand, "
        "and your hand stays private (R9)."
    ),
    "force_no_fit": N_("No: {center} fits neither your melds nor your hand, so nobody can make you take it (R9)."),
    "force_after": N_(
        "It fits only after rearranging your melds into {melds}, and that counts: a forced "
        "player may rearrange too (R5, R9)."
    ),
    "play": N_("Take {center} with {cards} and lay down {melds} (R8)."),
    "play_alone": N_("{center} goes down with no card from your hand: {melds} (R8)."),
    "other_plays": N_("Other legal takes: {plays}."),
    "rearranged": N_("Your melds {before} become {after}; every meld stays valid (R5)."),
    "missing": N_(
        "It would need {cards}, which you do not hold; a card you cannot meld now cannot "
        "be taken to wait for another (R8)."
    ),
    "blocked": N_(
        "The cards that would go with {center} are tied up in your melds, and no "
        "rearrangement keeps every meld valid (R4, R5)."
    ),
    "hand_only": N_("{cards} can never go down on their own: hand cards go down only with a taken card (R8)."),
    "seven_jack": N_("{meld} is a run because 7 and J are neighbours in the 40-card deck (R1, R4)."),
    "wraparound": N_("Q-K-A is not a run: the ace is low only (R1, R4)."),
    "long_run": N_("A run holds at most 8 cards; a longer line must be split into two runs (R4)."),
    "win": N_("{cards} and {center} put all 11 cards down: you win at once, with no discard (R10)."),
    "win_alone": N_("{center} alone puts your 11th card down: you win at once, with no discard (R10)."),
    "no_win": N_("No take puts all 11 cards down, so no play wins this turn (R10)."),
    "ten_down": N_(
        "Taking with {cards} lays 10 cards down, but you must still discard {left}; 10 down "
        "is not a win, you play on with an empty hand (R10)."
    ),
    "empty_hand": N_("Your hand is empty: any card you can add to your melds wins the hand (R10)."),
    "discard_safe": N_("Discard {cards}: it fits none of your opponent's melds (R9)."),
    "discard_safe_any": N_("Any of {cards} is a safe discard: none of them fits your opponent's melds (R9)."),
    "discard_unsafe": N_(
        "The other cards would be gifts: they go onto your opponent's melds with no card "
        "from their hand (R9): {pairs}."
    ),
    "discard_none_safe": N_(
        "Every card you keep fits your opponent's melds by itself: whichever you discard, "
        "they could take it (R9)."
    ),
    "discard_any": N_("Your opponent has no melds yet, so no discard fits them directly (R9)."),
    "draw_decline": N_("The stock is empty: if you decline {center}, the hand ends in a draw (R11)."),
    "stock_last": N_("The stock is empty: this is the last decision of the hand (R11)."),
    "decline": N_("Decline it: it goes to the waste and you turn the top card of the stock (R7)."),
    "pass": N_("Pass it to your opponent without discarding (R7)."),
    # Generated titles.
    "title_can_use": N_("Can you take {center}?"),
    "title_can_force": N_("Can {center} be forced on you?"),
    "title_find_play": N_("Take {center}"),
    "title_win": N_("Win with {center}?"),
    "title_discard": N_("Take {center}, then discard"),
    # Other titles for the same task and card, so that a set never repeats a title.
    "title_can_use_2": N_("{center} in the center: yours to take?"),
    "title_can_use_3": N_("Take {center}, or let it go?"),
    "title_can_use_4": N_("Is {center} any use to you?"),
    "title_can_force_2": N_("Could you be made to take {center}?"),
    "title_can_force_3": N_("{center}: forced on you or not?"),
    "title_can_force_4": N_("A forcing question: {center}"),
    "title_find_play_2": N_("Which cards go with {center}?"),
    "title_find_play_3": N_("Lay down {center}"),
    "title_find_play_4": N_("Find the take with {center}"),
    "title_win_2": N_("Eleven down with {center}?"),
    "title_win_3": N_("Does {center} end the hand?"),
    "title_win_4": N_("Go out with {center}?"),
    "title_discard_2": N_("After {center}: which discard?"),
    "title_discard_3": N_("The discard after taking {center}"),
    "title_discard_4": N_("Take {center} and give one back"),
}
