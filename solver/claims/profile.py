"""Checks of the ``"puzzle_profile"`` book: sentences about lay-offs, jokers, taking melds back and
eleven down, in the profiles beside conquian-40 (:mod:`solver.puzzles.profile_messages`).

Every parameter is compared with what the solver renders for the same position (the
opponent's meld, the cards a play lays off or takes back, the accepted plays), and every
``{rule}`` with the id the position's own rule book gives that topic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from solver.analysis import Analysis, ClosingAnalysis, DrawAnalysis, Play
from solver.cards import JOKER_BASE, CardMask, cards_of, sort_key
from solver.claims.glyphs import card_text, string_text
from solver.claims.profiles import melds_taken_back, taken_back_problem
from solver.position import Position
from solver.puzzles.profile_messages import says
from solver.search import analyze_any

if TYPE_CHECKING:
    from solver.claims.check import Context
    from solver.claims.kinds import Claim

JOKERS = sum(1 << c for c in range(JOKER_BASE, JOKER_BASE + 4))
NO_CARD = "—"


def glyph_of(text: str) -> str:
    """A contract card string as the sentences show it (``"*5H"``: ``"★5♥"``, ``"*"``: 🃏)."""
    return string_text(text)


def cards_text(mask: CardMask) -> str:
    return " ".join(card_text(c) for c in sorted(cards_of(mask), key=sort_key)) or NO_CARD


def strings_text(cards: Iterable[str]) -> str:
    return " ".join(glyph_of(s) for s in cards)


def opponent_meld_text(position: Position, index: int) -> str:
    return "-".join(glyph_of(s) for s in position.to_dict()["opponent_melds"][index])


def laid_text(play: Play) -> str:
    return strings_text(s for _, cards in play.lay_off or () for s in cards)


def play_melds_text(play: Play) -> str:
    """The player's melds after ``play``, as the analysis arranges them."""
    return ", ".join("-".join(glyph_of(s) for s in play.meld_strings(m)) for m in play.melds)


def plays_text(plays: Iterable[CardMask]) -> str:
    ordered = sorted(set(plays), key=lambda m: (m.bit_count(), cards_of(m)))
    return " / ".join(cards_text(m) for m in ordered)


def center_string(position: Position) -> str:
    return str(position.to_dict()["center"])


def lays_off_center(position: Position, play: Play) -> tuple[int, ...]:
    """The opponent's melds onto which ``play`` lays off the center card."""
    center = center_string(position)
    return tuple(i for i, cards in play.lay_off or () if center in cards)


def joker_stands(play: Play) -> list[str]:
    """The cards that jokers from the hand stand for in ``play``."""
    return [card_text(card) for joker, card in play.stands if play.hand_cards >> joker & 1]


def fits_opponent_meld(position: Position, index: int) -> bool:
    """The center card would keep the opponent's meld valid (melds with no joker only)."""
    meld = position.opponent_melds[index]
    return not meld & JOKERS and position.rules.table.is_valid(meld | 1 << position.center)


Check = Callable[["Claim", "Context"], "str | None"]


def _rule(claim: Claim, ctx: Context) -> str | None:
    """A rule statement is said only in the profiles whose book says it; what it cites is
    checked for every sentence (:func:`solver.claims.citations.citation_problem`)."""
    profile = ctx.position.rules
    if not says(claim.key, profile):
        return f"this rule is not {profile.id}'s"
    return None


def _with_rule(test: Callable[[Claim, Context], str | None]) -> Check:
    def check(claim: Claim, ctx: Context) -> str | None:
        return _rule(claim, ctx) or test(claim, ctx)

    return check


def _plays_with(claim: Claim, a: Analysis) -> list[Play]:
    alone = claim.key in ("take_back_alone", "play_melds_alone", "win_play_alone", "swap_alone")
    text = NO_CARD if alone else claim.params.get("cards", NO_CARD)
    if not alone and text == NO_CARD:
        return []  # "with —": a play with no hand card has its own words ("alone")
    return [p for p in a.plays if cards_text(p.hand_cards) == text]


def _cards_down(claim: Claim, ctx: Context) -> str | None:
    down = ctx.position.down_count
    return None if str(claim.params["count"]) == str(down) else f"{down} cards are down"


def _count_answers(claim: Claim, ctx: Context) -> str | None:
    if ctx.answer is None:
        return "no answer to count"
    count = len(ctx.answer.plays)
    return None if str(claim.params["count"]) == str(count) else f"{count} answers"


def _answer_plays(claim: Claim, ctx: Context) -> str | None:
    if ctx.answer is None:
        return "no answer to list"
    real = {p.hand_cards for p in ctx.analysis.plays}
    if not ctx.answer.plays <= real:
        return "an accepted answer is no legal play"
    want = plays_text(ctx.answer.plays)
    return None if claim.params["plays"] == want else f"the accepted answers are {want}"


def _answer_alone(claim: Claim, ctx: Context) -> str | None:
    if ctx.answer is None or ctx.answer.plays != frozenset({0}):
        return "the accepted answers are not just the card alone"
    return None if ctx.analysis.play_for(0) is not None else "the card alone is no legal play"


def _lay_off_center(claim: Claim, ctx: Context) -> str | None:
    pos = ctx.position
    for play in ctx.analysis.plays:
        for i in lays_off_center(pos, play):
            if opponent_meld_text(pos, i) == claim.params["meld"]:
                return None
    return "no play lays the center card off onto that meld"


def _lay_off_with(claim: Claim, ctx: Context) -> str | None:
    for play in _plays_with(claim, ctx.analysis):
        if play.lay_off and laid_text(play) == claim.params["laid"]:
            return None
    return "no play with those hand cards lays off exactly those cards"


def _joker_stands(claim: Claim, ctx: Context) -> str | None:
    # The solver's own play for those hand cards, so the sentence and the play it shows agree.
    if any(claim.params["card"] in joker_stands(p) for p in _plays_with(claim, ctx.analysis)):
        return None
    return "the solver's play with those hand cards puts no joker in for that card"


def _take_back(claim: Claim, ctx: Context) -> str | None:
    for play in _plays_with(claim, ctx.analysis):
        if play.taken_back and strings_text(play.taken_back) == claim.params["back"]:
            melds = melds_taken_back(ctx.position, play.taken_back)
            if closing_melds_text(melds) != claim.params["melds"]:
                return f"the melds that go back whole are {closing_melds_text(melds)}"
            return taken_back_problem(ctx.position, melds, play.taken_back)
    return "no play with those hand cards takes exactly those cards back"


def _play_melds(claim: Claim, ctx: Context) -> str | None:
    for play in _plays_with(claim, ctx.analysis):
        if play_melds_text(play) == claim.params["melds"]:
            # Saying only the melds would hide cards laid off or kept back in the hand.
            if play.lay_off or play.taken_back or play.swaps:
                return "the play also lays cards off or takes cards back, which this hides"
            return None
    return "no play with those hand cards leaves those melds"


def _swap(claim: Claim, ctx: Context) -> str | None:
    pos = ctx.position
    for play in _plays_with(claim, ctx.analysis):
        for index, card, _ in play.swaps:
            if (glyph_of(card) == claim.params["card"]
                    and opponent_meld_text(pos, index) == claim.params["meld"]):
                return None
    return "the play with those hand cards makes no such swap"


def _usable(claim: Claim, ctx: Context) -> str | None:
    return None if ctx.analysis.usable else "the card cannot be used"


def _not_usable(claim: Claim, ctx: Context) -> str | None:
    return None if not ctx.analysis.usable else "the card can be used"


def _no_lay_off_yet(claim: Claim, ctx: Context) -> str | None:
    pos = ctx.position
    if pos.melds:
        return "the player has melds of their own"
    for i in range(len(pos.opponent_melds)):
        if opponent_meld_text(pos, i) == claim.params["meld"] and fits_opponent_meld(pos, i):
            return None
    return "the center card does not fit that meld of the opponent"


def _force_no_lay_off(claim: Claim, ctx: Context) -> str | None:
    # Seed 001 forces only a card that fits the player's own melds (C10).
    a = ctx.analysis
    if a.forceable or not ctx.position.rules.forcing:
        return "the card is forceable, or nobody forces"
    if any(p.hand_cards == 0 for p in a.plays):
        return None
    return "no play with no hand card lays the center card off"


def _no_forcing(claim: Claim, ctx: Context) -> str | None:
    return None if not ctx.position.rules.forcing else "this game has forcing"


def _forceable(claim: Claim, ctx: Context) -> str | None:
    play = ctx.analysis.forceable_play
    if play is None or ctx.forced or play.hand_cards:
        return "the card is not forceable"
    if lays_off_center(ctx.position, play):
        return "the card goes onto the opponent's melds, not into yours"
    return None


def _not_forceable(claim: Claim, ctx: Context) -> str | None:
    a = ctx.analysis
    if a.usable and not a.forceable and all(p.hand_cards for p in a.plays):
        return None
    return "it is forceable, goes down with no hand card, or cannot be used"


def _win_play(claim: Claim, ctx: Context) -> str | None:
    if any(p.wins for p in _plays_with(claim, ctx.analysis)):
        return None
    return "that play does not win the hand"


def average_text(analysis: DrawAnalysis) -> str:
    """The stock's average pips left, as H11 counts them (the sum over the unseen cards)."""
    if not analysis.unseen:
        return "—"
    return f"{analysis.stock_total / analysis.unseen:.1f}"


def closing_melds_text(melds: list[list[str]]) -> str:
    return ", ".join("-".join(glyph_of(c) for c in m) for m in melds)


def _draw(claim: Claim, ctx: Context) -> str | None:
    a = analyze_any(ctx.position)
    if not isinstance(a, DrawAnalysis):
        return "not a draw analysis"
    if (claim.key == "draw_yes") != a.upcard_better:
        return "the upcard is not the better draw" if a.upcard_better is False else (
            "the upcard is the better draw")
    said = (str(claim.params["n"]), str(claim.params["average"]), str(claim.params["unseen"]))
    if said != (str(a.deadwood), average_text(a), str(a.unseen)):
        return f"the upcard leaves {a.deadwood}, the stock {average_text(a)} over {a.unseen}"
    return None


def _draw_out(claim: Claim, ctx: Context) -> str | None:
    a = analyze_any(ctx.position)
    if not (isinstance(a, DrawAnalysis) and a.goes_out and a.upcard_better):
        return "the upcard does not let the player go out"
    discard = None if a.discard is None else card_text(a.discard)
    if discard != claim.params.get("discard"):
        return "every card goes down" if discard is None else f"going out discards {discard}"
    return None


def _close(claim: Claim, ctx: Context) -> str | None:
    a = analyze_any(ctx.position)
    if not isinstance(a, ClosingAnalysis):
        return "not a closing analysis"
    if claim.params["discard"] == card_text(ctx.position.center):
        return "discarding the card you take: the hand closes without it"
    for closing in a.closings:
        data = closing.to_dict()
        if (glyph_of(data["discard"]) == claim.params["discard"]
                and closing_melds_text(data["melds"]) == claim.params["melds"]
                and str(closing.multiplier) == str(claim.params["m"])):
            return None
    return "no closing discards that card into those melds at that multiplier"


def _close_any(claim: Claim, ctx: Context) -> str | None:
    a = analyze_any(ctx.position)
    if not isinstance(a, ClosingAnalysis):
        return "not a closing analysis"
    center = card_text(ctx.position.center)
    for closing in a.closings:
        data = closing.to_dict()
        if (glyph_of(data["discard"]) == center
                and closing_melds_text(data["melds"]) == claim.params["melds"]
                and str(closing.multiplier) == str(claim.params["m"])):
            return None
    return "the hand does not close into those melds without the card taken"


def _no_close(claim: Claim, ctx: Context) -> str | None:
    a = analyze_any(ctx.position)
    ok = isinstance(a, ClosingAnalysis) and not a.closes
    return None if ok else "the player can close"


CHECKS: dict[str, Check] = {
    "profile_rule": _rule,
    "p_cards_down": _cards_down,
    "p_count_answers": _count_answers,
    "p_answer_plays": _answer_plays,
    "p_answer_alone": _answer_alone,
    "p_lay_off_center": _with_rule(_lay_off_center),
    "p_lay_off_with": _with_rule(_lay_off_with),
    "p_joker_stands": _with_rule(_joker_stands),
    "p_take_back": _with_rule(_take_back),
    "p_play_melds": _with_rule(_play_melds),
    "p_usable": _with_rule(_usable),
    "p_swap": _with_rule(_swap),
    "p_not_usable": _with_rule(_not_usable),
    "p_no_lay_off_yet": _with_rule(_no_lay_off_yet),
    "p_force_no_lay_off": _with_rule(_force_no_lay_off),
    "p_no_forcing": _no_forcing,
    "p_forceable": _with_rule(_forceable),
    "p_not_forceable": _with_rule(_not_forceable),
    "p_win_play": _with_rule(_win_play),
    "p_draw": _with_rule(_draw),
    "p_draw_out": _with_rule(_draw_out),
    "p_close": _with_rule(_close),
    "p_no_close": _with_rule(_no_close),
    "p_close_any": _with_rule(_close_any),
}
