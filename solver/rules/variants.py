"""The other games of the family, each a small subclass of :class:`RuleProfile` that
overrides the flags where it differs from conquian-40 and the ids its rule book uses.

The rule books (``docs/rules/<id>.md``) state every rule and every choice made where a seed
is silent; the ids below are theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solver.cards import Deck
from solver.melds import MeldRules
from solver.messages import N_
from solver.rules.profile import AnalysisKind, CenterName, CenterUse, LayOff, RuleProfile

_ALL_RANKS = tuple(range(13))
_RANKS_40 = (0, 1, 2, 3, 4, 5, 6, 10, 11, 12)


class Cooncan(RuleProfile):
    """Foster's two-player Cooncan (seed 001): conquian with 11 down, lay-offs of the card
    the opponent left onto the opponent's melds."""

    id = "cooncan"
    name = "Cooncan (Foster)"
    display_name = N_("Cooncan (Foster, 40 cards)")
    book_name = "cooncan"
    book_size = 15
    seed = "001"
    deck = Deck(ranks=_RANKS_40, rule="C1")
    meld_rules = MeldRules(rule="C4", deck_rule="C1")
    match_stake = "carry"
    lay_off: ClassVar[LayOff] = "left_card"
    lay_off_freezes = True
    book = "C"
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "lay-off-center": "find_play", "forcing-lay-off": "can_force", "lay-off": "find_play",
        "win-eleven": "win", "extend-meld": "find_play", "take-with-hand": "find_play",
        "rearrange": "find_play",
    }
    rule_ids: ClassVar[Mapping[str, str]] = {
        "deck": "C1", "players": "C2", "deal": "C3", "melds": "C4", "own_melds": "C5",
        "opening": "C6", "turn": "C7", "take": "C8", "lay_off": "C9", "force": "C10",
        "win": "C11", "draw": "C12", "score": "C13", "count": "C14",
    }


class Colonel(RuleProfile):
    """Hoyle's Colonel (seed 001): 52 cards drawn into the hand, lay-offs on every meld,
    the challenge and pip scoring."""

    id = "colonel"
    name = "Colonel (Hoyle)"
    display_name = N_("Colonel (Hoyle, 52 cards)")
    book_name = "colonel"
    book_size = 13
    seed = "001"
    deck = Deck(ranks=_ALL_RANKS, rule="H1")
    meld_rules = MeldRules(run_max=13, ace_high=True, rule="H3", deck_rule="H1")
    win_down = None
    analysis: ClassVar[AnalysisKind] = "draw"
    center_use: ClassVar[CenterUse] = "draw"
    center_name: ClassVar[CenterName] = "upcard"
    hand_melds_any_turn = True
    forcing = False
    lay_off: ClassVar[LayOff] = "any"
    match_target = 100
    match_options: ClassVar[Mapping[str, object]] = {"dealer": None}
    book = "H"
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "upcard-better": "draw_upcard", "stock-better": "draw_upcard", "go-out": "draw_upcard",
        "upcard-meld": "draw_upcard", "upcard-lay-off": "draw_upcard",
        "hand-lay-off": "draw_upcard", "close-call": "draw_upcard",
    }
    rule_ids: ClassVar[Mapping[str, str]] = {
        "deck": "H1", "players": "H2", "deal": "H2", "melds": "H3", "turn": "H4",
        "take": "H4", "hand_melds": "H5", "lay_off": "H6", "discard": "H7", "out": "H8",
        "challenge": "H9", "stock_out": "H10", "score": "H11", "match": "H12", "count": "H13",
    }


class Conquin(RuleProfile):
    """The Italian Conquin (seed 002): two packs with four jokers, 3 to 10 players, melds
    kept in the hand until a player closes, circular runs, chips."""

    id = "conquin"
    name = "Conquin (Italian)"
    display_name = N_("Conquin (Italian, two packs and jokers)")
    book_name = "conquin"
    book_size = 13
    seed = "002"
    deck = Deck(ranks=_ALL_RANKS, packs=2, jokers=4, rule="I1")
    meld_rules = MeldRules(set_max=8, set_repeat_suits=True, run_max=13, wrap=True,
                           rule="I5", deck_rule="I1", joker_rule="I6")
    min_players = 3
    max_players = 10
    win_down = None
    analysis: ClassVar[AnalysisKind] = "closing"
    center_use: ClassVar[CenterUse] = "draw"
    center_name: ClassVar[CenterName] = "face_up"
    melds_shown = False
    deal_in_blocks = True
    forcing = False
    match_target = 0
    turn_limit = 300
    match_options: ClassVar[Mapping[str, object]] = {"pot_chip": False, "dealer": None}
    book = "I"
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "close-double": "close", "close-now": "close", "cannot-close": "close",
        "joker-close": "close", "two-pack-meld": "close", "best-stake": "close",
        "one-short": "close",
    }
    rule_ids: ClassVar[Mapping[str, str]] = {
        "deck": "I1", "players": "I2", "antes": "I3", "deal": "I4", "melds": "I5",
        "jokers": "I6", "betting": "I7", "turn": "I8", "take": "I8", "close": "I9",
        "score": "I10", "pot": "I11", "stock_out": "I12", "count": "I13",
    }


class Kunken(RuleProfile):
    """The Russian Kunken (seed 003), 52 cards and two jokers."""

    id = "kunken"
    name = "Kunken (52 cards and 2 jokers)"
    display_name = N_("Kunken (52 cards and 2 jokers)")
    book_name = "kunken"
    book_size = 16
    seed = "003"
    deck = Deck(ranks=_ALL_RANKS, jokers=2, rule="K1")
    meld_rules = MeldRules(run_max=13, rule="K3", deck_rule="K1", joker_rule="K4")
    center_name: ClassVar[CenterName] = "discard_pile"
    hand_melds_any_turn = True
    forcing = False
    lay_off: ClassVar[LayOff] = "after_own_meld"
    lay_off_freezes = True
    take_back = True
    joker_swap = True
    jokers_limited_by_table = True
    opening_extra = True
    match_target = 500
    match_targets = (500, 300)
    match_stake = "double"
    winner_deals = True
    both_score = True
    turn_limit = 300
    match_options: ClassVar[Mapping[str, object]] = {"target": None, "dealer": None}
    book = "K"
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "joker-play": "find_play", "lay-off": "find_play", "take-back": "find_play",
        "no-lay-off-yet": "can_use", "win-eleven": "win", "joker-swap": "find_play",
        "extend-meld": "find_play",
    }
    rule_ids: ClassVar[Mapping[str, str]] = {
        "deck": "K1", "players": "K2", "deal": "K2", "melds": "K3", "jokers": "K4",
        "swap": "K5", "opening": "K6", "turn": "K7", "take": "K7", "hand_melds": "K8",
        "own_melds": "K9", "lay_off": "K10", "win": "K11", "score": "K12",
        "stock_out": "K13", "match": "K14", "count": "K15", "force": "K16",
    }


class Kunken40(Kunken):
    """Kunken with the classic 40-card deck and no jokers (seed 003)."""

    id = "kunken-40"
    name = "Kunken (40 cards)"
    display_name = N_("Kunken (40 cards)")
    deck = Deck(ranks=_RANKS_40, rule="K1")
    meld_rules = MeldRules(run_max=10, rule="K3", deck_rule="K1", joker_rule="")
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "lay-off": "find_play", "take-back": "find_play", "no-lay-off-yet": "can_use",
        "win-eleven": "win", "extend-meld": "find_play", "rearrange": "find_play",
    }


class Kunken104(Kunken):
    """Kunken with two packs and four jokers (seed 003)."""

    id = "kunken-104"
    name = "Kunken (two packs and 4 jokers)"
    display_name = N_("Kunken (two packs and 4 jokers)")
    deck = Deck(ranks=_ALL_RANKS, packs=2, jokers=4, rule="K1")
    puzzle_themes: ClassVar[Mapping[str, str]] = {
        "joker-play": "find_play", "lay-off": "find_play", "take-back": "find_play",
        "win-eleven": "win", "joker-swap": "find_play", "extend-meld": "find_play",
        "rearrange": "find_play",
    }
