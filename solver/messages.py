"""Every sentence the explanation and hint engines can say, in English, in one place.

Templates are wrapped in ``N_`` so that Babel's extractor finds them (the site
translates them with gettext); placeholders are filled with card glyphs such as
``6♥``, which read the same in every language.
"""

from __future__ import annotations

from typing import Final


def N_(text: str) -> str:
    return text


MESSAGES: Final[dict[str, str]] = {
    # Can the card be taken?
    "can_take": N_("You can take {center} now (R8)."),
    "can_take_ways": N_("You can take {center} now, in {count} different ways (R8)."),
    "cannot_take": N_("You cannot take {center} now: it does not fit a meld with your cards (R8)."),
    "needs_cards": N_(
        "{center} could be taken if you held {cards}: any one of them would do; "
        "you cannot take it now to wait for one (R8)."
    ),
    "needs_pair": N_(
        "{center} would need two more cards: both cards of a pair such as {pairs} in your hand "
        "would let you take it, and no single card would (R8)."
    ),
    "no_helper": N_(
        "No single card you could still get would let you take {center}; "
        "a card you cannot meld now cannot be taken to keep (R8)."
    ),
    "blocked_by_melds": N_(
        "The cards that go with {center} are tied up in your melds, and no rearrangement "
        "leaves every meld valid (R4, R5)."
    ),
    "dead_cards": N_(
        "Dead for you, because they lie in your opponent's melds (R5): {cards}, "
        "which would let you take {center}."
    ),
    # What each play does
    "play_with_hand": N_("Take it with {cards} from your hand and lay down {melds}."),
    "play_alone": N_("Take it with no card from your hand: {melds}."),
    "play_rearranged": N_("This play rearranges your melds (R5): {before} become {after}."),
    "play_wins": N_("This exposes all 11 cards and wins the hand at once, with no discard (R10)."),
    "play_ten_down": N_(
        "This lays down 10 cards: you still discard your last card and play on, "
        "because 10 down is not a win (R10)."
    ),
    "then_discard": N_(
        "After taking, discard one card from your hand; "
        "it becomes your opponent's center card (R8)."
    ),
    # Forcing
    "forceable_opponent": N_(
        "{center} fits your exposed melds with no card from your hand, so if you decline it "
        "your opponent may force you to take it (R9)."
    ),
    "forceable_stock": N_(
        "{center} fits your exposed melds with no card from your hand, so if you pass it "
        "your opponent may force you to take it (R9)."
    ),
    "forceable_after_rearranging": N_(
        "It fits only after rearranging your melds into {melds}, and that still counts: "
        "forcing allows any legal rearrangement (R5, R9)."
    ),
    "not_forceable_hand": N_(
        "Your opponent cannot force it on you: it fits only together with cards from your hand, "
        "and your hand stays private (R9)."
    ),
    "empty_hand": N_(
        "Your hand is empty: the first card you can add to your melds wins the hand (R10)."
    ),
    "forced_now": N_("Your opponent forced {center} on you: you must take it (R9)."),
    "they_fit": N_(
        "{center} fits your opponent's exposed melds with no card from their hand, so you may "
        "force them to take it (R9); they would lay down {melds}."
    ),
    "they_fit_now": N_(
        "{center} fits your opponent's exposed melds with no card from their hand (R9)."
    ),
    "force_wins_them": N_(
        "Your opponent has no card left in hand: forced, they lay {center} down as their 11th "
        "card and win at once (R9, R10)."
    ),
    "force_then": N_(
        "Forced, they take it as in any take and may lay hand cards down with it (R8, R9): if "
        "that lays down every card they hold they win (R10); otherwise they discard one."
    ),
    "force_gives_win": N_(
        "Forcing it on you would hand you the win, so a careful opponent will not (R9, R10)."
    ),
    # Why the learner's own choice fails
    "not_a_take": N_(
        "Taking {center} with {cards} is not a legal take: together with your melds these "
        "cards do not split into valid melds (R4, R8)."
    ),
    "not_alone": N_(
        "{center} cannot go down with no card from your hand: it fits none of your melds "
        "by itself (R8)."
    ),
    "leaves_cards": N_(
        "Taking {center} with {cards} is legal, but it leaves {count} card(s) in your hand, "
        "so it does not win (R10)."
    ),
    "gift_discard": N_(
        "{card} fits your opponent's melds by itself ({melds}): they could take it with no "
        "card from their hand (R8, R9)."
    ),
    # What to do instead
    "decline": N_(
        "Decline it: it goes face down onto the waste and you turn the top card of the stock (R7)."
    ),
    "decline_last": N_("The stock is empty: if you decline it, the hand ends in a draw (R11)."),
    "stock_empty_take": N_(
        "The stock is empty, but the hand goes on: after your take and discard, your opponent "
        "faces your discard (R8, R11)."
    ),
    "stock_empty_pass": N_(
        "You turned the last card of the stock: if you pass it, your opponent may still take "
        "it, decline it or, if it fits your exposed melds, force it on you (R7, R9, R11)."
    ),
    "pass": N_("Pass it to your opponent without discarding; they then face it (R7)."),
    "hand_only": N_(
        "Cards in your hand can go down only together with a center card you take (R8)."
    ),
}
