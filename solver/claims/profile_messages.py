"""The sentences of the explanations under the other rule profiles (cooncan, kunken*,
colonel, conquin), in English; the site translates them through the gettext catalogs.

Rule ids are never written into these templates: each sentence cites ``{rule}``, the id
that the position's profile gives the topic (``position.rules.rule(topic)``), and the
checker confirms the id is that one.
"""

from __future__ import annotations

from typing import Final

from solver.messages import N_

MESSAGES: Final[dict[str, str]] = {
    # Center profiles with lay-offs, jokers and take-backs (cooncan, kunken*).
    "take_one": N_("You can take {center} now, in one way ({rule})."),
    "take_ways": N_("You can take {center} now, in {count} different ways ({rule})."),
    "cannot": N_("You cannot take {center} now: no play puts it down in a meld or lays it "
                 "off ({rule})."),
    "no_forcing": N_("In this game nobody forces a card on another player ({rule})."),
    "forceable": N_("{center} goes down with no card from your hand, so if you leave it your "
                    "opponent may force it on you ({rule})."),
    "not_forceable_lay_off": N_("With no card from your hand, {center} goes only onto your "
                                "opponent's melds, so your opponent cannot force it on you "
                                "({rule})."),
    "not_forceable": N_("Every play with {center} needs cards from your hand, so your opponent "
                        "cannot force it on you ({rule})."),
    "lay_off_plays": N_("Plays that lay cards off onto your opponent's melds: {count} "
                        "({rule})."),
    "win_down": N_("Taking it with {cards} wins the hand: {down} of your cards are down "
                   "({rule})."),
    "win_down_alone": N_("Taking it with no card from your hand wins the hand: {down} of your "
                         "cards are down ({rule})."),
    "win_laid": N_("Cards of yours laid off onto your opponent's melds count among them: "
                   "{laid} ({rule})."),
    "play_melds": N_("With {cards} from your hand, your melds become {melds}."),
    "play_melds_alone": N_("With no card from your hand, your melds become {melds}."),
    "play_lay_off": N_("Laid off onto your opponent's meld {meld}: {cards} ({rule})."),
    "play_taken_back": N_("First these melds of yours go back into your hand, whole: "
                          "{melds}; of their cards, these stay in your hand: {cards} "
                          "({rule})."),
    "play_swap": N_("First {card} from your hand takes the place of the joker in your "
                    "opponent's meld {meld}, and the joker comes to your hand ({rule})."),
    "play_swap_back": N_("First {card}, taken back from your melds, takes the place of the "
                         "joker in your opponent's meld {meld}, and the joker comes to your "
                         "hand ({rule})."),
    "play_swap_center": N_("First {card}, the card you take, takes the place of the joker in "
                           "your opponent's meld {meld}, and the joker comes to your hand "
                           "({rule})."),
    "play_joker": N_("A joker in your melds stands for {card} ({rule})."),
    "play_wins": N_("This play leaves your hand empty and wins the hand ({rule})."),
    "play_wins_keep": N_("This play puts {down} of your cards down, which wins the hand at "
                         "once; cards still in your hand, which count against you: {count} "
                         "({rule})."),
    "play_discard": N_("Cards left in your hand, one of which you then discard: {count} "
                       "({rule})."),
    # Colonel: drawing the upcard into the hand.
    "draw_melds": N_("Drawing {upcard} gives you these melds to put down: {melds} ({rule})."),
    "draw_no_melds": N_("Drawing {upcard} makes no meld with your cards ({rule})."),
    "draw_lay_off": N_("You can lay off {cards} onto {meld} ({rule})."),
    "draw_out": N_("With {upcard} you can put every card down and go out ({rule})."),
    "draw_out_discard": N_("With {upcard} you can put down every card but {discard}, discard "
                           "it and go out ({rule})."),
    "draw_best_melds": N_("The best play with {upcard} puts down {melds} ({rule})."),
    "draw_best_lay_off": N_("The best play with {upcard} lays {cards} off onto {meld} "
                            "({rule})."),
    "draw_best": N_("Your best play with {upcard}: discard {discard}, keeping {hand}: "
                    "{deadwood} points of deadwood ({rule})."),
    "draw_upcard_better": N_("A card from the stock would leave {average} points on average, "
                             "more than {upcard} does: drawing {upcard} is better ({rule})."),
    "draw_stock_better": N_("A card from the stock would leave {average} points on average, "
                            "no more than {upcard} does: {upcard} is not better than the "
                            "stock ({rule})."),
    # Conquin: taking the center card to close.
    "closes": N_("Taking {center} lets you close now ({rule})."),
    "closing": N_("Discard {discard} and show {melds}: the stake is paid ×{multiplier} "
                  "({rule})."),
    "closing_two": N_("Discard {discard} and show {melds}: exactly two melds, so the stake "
                      "is paid ×2 ({rule})."),
    "closing_run": N_("Discard {discard} and show {melds}: one run of ten cards with no "
                      "joker, so the stake is paid ×5 ({rule})."),
    "closing_run_joker": N_("Discard {discard} and show {melds}: one run of ten cards with "
                            "one joker, so the stake is paid ×4 ({rule})."),
    "no_close": N_("Taking {center} does not let you close: no ten of your eleven cards can "
                   "all be shown in melds ({rule})."),
    "close_best": N_("Your best arrangement shows {melds} and discards {discard}; cards kept "
                     "outside melds: {count}."),
    "close_best_none": N_("No meld can be made with {center}; the best discard is {discard}, "
                          "and cards kept outside melds: {count}."),
}
