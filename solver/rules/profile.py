"""The rule profile: every flag and number that differs between the games of the family.

In the spirit of python-chess's ``chess/variant.py``: :class:`RuleProfile` holds the rules
of conquian-40 (R1–R13), and each other game is a small subclass that overrides a few flags
and the rule ids its messages cite (:mod:`solver.rules.variants`).  Profiles are values:
one instance per id, found with :func:`solver.rules.get_profile`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar, Final, Literal

from solver.cards import DECK_40, Deck
from solver.melds import TABLE_40, MeldRules, MeldTable
from solver.messages import N_

CenterUse = Literal["meld", "draw"]
CenterName = Literal["center", "discard_pile", "upcard", "face_up"]
AnalysisKind = Literal["center", "draw", "closing"]
LayOff = Literal["none", "left_card", "any", "after_own_meld"]

RULE_TOPICS: Final = (
    "deck", "players", "deal", "melds", "own_melds", "turn", "take", "force", "lay_off",
    "jokers", "swap", "win", "draw", "score", "count",
)


class RuleProfile:
    """conquian-40, the game the tutor teaches first (seed 000, RULES.md R1–R13)."""

    id: ClassVar[str] = "conquian-40"
    name: ClassVar[str] = "Conquian (40 cards)"
    display_name: ClassVar[str] = N_("Conquian (40 cards)")
    """The name the site shows (translated there), e.g. in the analyzer's profile choice."""
    book_name: ClassVar[str] = "conquian-40"
    """The rule book the profile reads: ``docs/rules/<book_name>.md``, ``/rules/<book_name>``."""
    book_size: ClassVar[int] = 14
    """How many rules that book has (``R1``–``R14``)."""
    seed: ClassVar[str] = "000"
    deck: ClassVar[Deck] = DECK_40
    meld_rules: ClassVar[MeldRules] = MeldRules()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hand_size: ClassVar[int] = 10
    win_down: ClassVar[int | None] = 11
    """Cards down (melds and laid-off cards) that win the hand at once; ``None`` when the
    hand ends otherwise (going out, closing)."""
    analysis: ClassVar[AnalysisKind] = "center"
    """What an analysis of the center card answers: how it can be melded at once
    (``center``), what drawing it into the hand gives (``draw``), or whether taking it lets
    you close (``closing``)."""
    center_use: ClassVar[CenterUse] = "meld"
    """``meld``: a taken card goes down at once and never enters the hand (R8);
    ``draw``: it is drawn into the hand."""
    center_name: ClassVar[CenterName] = "center"
    """What the rule book calls the face-up card a player may take, so that the site words
    it the same: the center card (R7, C7), the top of the discard pile (K6, K7), the upcard
    (H4) or the face-up card (I8)."""
    melds_shown: ClassVar[bool] = True
    """Melds go down on the table during the hand (not only when closing)."""
    hand_melds_any_turn: ClassVar[bool] = False
    """Melds of hand cards alone may go down in any turn, not only with a taken card."""
    forcing: ClassVar[bool] = True
    force_onto_opponent: ClassVar[bool] = False
    """Forcing also covers a card that would only go onto the opponent's melds; ``False``:
    only one that joins the forced player's own melds with no hand card (seed 001, C10)."""
    joker_swap: ClassVar[bool] = False
    """A natural card may take the place of the table joker standing for it, the joker
    going to the hand (K5)."""
    lay_off: ClassVar[LayOff] = "none"
    """Who may add cards to the opponent's melds: nobody; only the card left by the opponent
    (``left_card``); anyone, any cards (``any``); or once you have a meld of your own."""
    take_back: ClassVar[bool] = False
    """Exposed melds may go back into the hand."""
    lay_off_freezes: ClassVar[bool] = False
    """A meld carrying cards another player laid off on it is frozen for its owner (C5,
    K10): the table view marks it."""
    jokers_limited_by_table: ClassVar[bool] = False
    """A joker may not stand for a card that is already on the table."""
    deal_in_blocks: ClassVar[bool] = False
    """Each player's cards are dealt at once rather than one at a time."""
    opening_extra: ClassVar[bool] = False
    """The player who melds the opening card discards nothing for it, so holds one card more
    than ``hand_size`` from then on (Kunken K6)."""
    match_target: ClassVar[int] = 3
    """What wins a match: won hands (R12), points (H12, K14); 0: a table with no end (I2)."""
    points_target: ClassVar[int] = 100
    """The default total of a match to points, where ``match_options`` offers one (R14, C15)."""
    match_targets: ClassVar[tuple[int, ...]] = ()
    """The only totals a match may go to (K14: 500 or 300); empty: any from 1."""
    match_stake: ClassVar[Literal["none", "carry", "double"]] = "none"
    """What a drawn hand does to the next one: nothing (R12), carries its point over (C12,
    C13), or doubles what the next hand is worth (K13)."""
    winner_deals: ClassVar[bool] = False
    """The winner of a hand deals the next, the same dealer again after a drawn hand (K2,
    K13); otherwise the deal passes to the next player (R2, C2, H2, I2)."""
    both_score: ClassVar[bool] = False
    """Both players score every hand (K12): the match ends after the hand in which one
    reaches the target and the higher total wins, equal totals playing on (K14)."""
    turn_limit: ClassVar[int] = 0
    """Turns (a take and a discard each) after which a hand nobody has won ends with no
    winner, so that every hand ends: a stock rebuilt from the discards (I12), or cards taken
    back and laid again (K13); 0: no limit."""
    match_options: ClassVar[Mapping[str, object]] = {"points": False, "target": None,
                                                     "dealer": None}
    """The options a match takes, with their defaults (:mod:`solver.game.matches`):
    ``points`` a match to a point total (R14, C15), ``target`` another total than the
    default, ``dealer`` the first dealer (``None``: by lot), ``pot_chip`` play with the Pot
    chip, held first by seat 0 (I11)."""
    book: ClassVar[str] = "R"
    """The prefix of the ids in this profile's rule book (``R1``–``R14``)."""
    puzzle_themes: ClassVar[Mapping[str, str]] = {}
    """The themes of the profile's generated puzzle set, each with the task it asks
    (:mod:`solver.puzzles.profile_gen`); empty: its puzzles come from the theme generator of
    :mod:`solver.puzzles.generator`."""
    rule_ids: ClassVar[Mapping[str, str]] = {
        "deck": "R1", "players": "R2", "deal": "R3", "melds": "R4", "own_melds": "R5",
        "opening": "R6", "turn": "R7", "take": "R8", "force": "R9", "win": "R10",
        "draw": "R11", "score": "R12", "count": "R13",
    }

    @cached_property
    def table(self) -> MeldTable:
        """Every natural-card meld of this profile, in canonical order."""
        if self.deck == DECK_40 and self.meld_rules == MeldRules():
            return TABLE_40
        return MeldTable(self.deck, self.meld_rules)

    def rule(self, topic: str) -> str:
        """The id of this profile's rule on ``topic`` (e.g. ``"R9"``); ``""`` if it has none."""
        return self.rule_ids.get(topic, "")

    @property
    def players_fixed(self) -> bool:
        return self.min_players == self.max_players

    @property
    def has_jokers(self) -> bool:
        return self.deck.jokers > 0

    @property
    def lays_off(self) -> bool:
        """Cards may go onto the opponent's melds (``lay_off`` is not ``"none"``)."""
        return self.lay_off != "none"

    @property
    def melds_in_hand(self) -> bool:
        """Melds stay in the hand until a player closes (``melds_shown`` is false)."""
        return not self.melds_shown

    @cached_property  # asked on every analysis: worked out once per profile
    def plain_center(self) -> bool:
        """The center card can only join the player's own melds, which hold natural cards
        and stay down: the plain center analysis and its explanations (R8, R9) cover the
        profile; otherwise lay-offs, jokers or take-backs need the fuller ones."""
        return (self.center_use == "meld" and not self.lays_off and not self.has_jokers
                and not self.take_back)

    @property
    def max_stock(self) -> int:
        """Cards left in the stock right after the deal and the first face-up card."""
        return self.deck.size - self.min_players * self.hand_size - 1

    def __repr__(self) -> str:
        return f"<RuleProfile {self.id}>"

    def __str__(self) -> str:
        return self.id
