"""The claim checker: re-derives every kind of claim from the solver.

``check(claim, context)`` returns ``None`` when the sentence is true of the position, else a
short English reason.  The parameters are read back from the text they render to (card
glyphs, melds, counts), so a sentence parsed from a puzzle file is checked the same way as
one the engines build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from solver.analysis import Analysis, AnyAnalysis, Play
from solver.cards import DECK_40, JACK, SEVEN, CardMask, card_glyph, card_rank, parse_card
from solver.claims.citations import citation_problem
from solver.claims.facts import fits_whole, helps, near
from solver.claims.glyphs import card_text
from solver.claims.kinds import KINDS, Claim
from solver.claims.profile import CHECKS as PROFILE_CHECKS
from solver.cover import first_cover
from solver.errors import ConquianError
from solver.melds import is_run, is_valid_meld
from solver.position import Position
from solver.puzzles.discard import unsafe_cards
from solver.puzzles.model import Answer
from solver.search import analyze, analyze_any


@dataclass
class Context:
    """What a claim is judged against: the position of the player it speaks to, and what
    the sentence may lean on besides (a puzzle's task and answer; the phase of play)."""

    position: Position
    task: str | None = None
    answer: Answer | None = None
    forced: bool = False
    """The player faces a card forced on them (R9): they must take it."""
    opponent_hand: int | None = None
    """How many cards the opponent holds, when the sentence speaks of forcing them."""
    _analysis: Analysis | None = field(default=None, repr=False)
    _any: AnyAnalysis | None = field(default=None, repr=False)

    @property
    def any_analysis(self) -> AnyAnalysis:
        """The analysis of the position's own kind (center, draw or closing)."""
        if self._any is None:
            self._any = analyze_any(self.position)
        return self._any

    @property
    def analysis(self) -> Analysis:
        if self._analysis is None:
            self._analysis = analyze(self.position)
        return self._analysis


class BadParams(ValueError):
    """A parameter that does not read back as cards, melds or a count."""


def cards_param(text: object, *, none: str | None = None) -> CardMask:
    """Cards named by glyph; ``none`` is the text that stands for no card, where one does."""
    if not isinstance(text, str):
        raise BadParams(repr(text))
    mask = 0
    if none is not None and text.strip() == none:
        return 0
    for token in text.replace("/", " ").replace("+", " ").split():
        try:
            mask |= 1 << parse_card(token)
        except ConquianError:
            raise BadParams(token) from None
    return mask


def meld_param(text: str) -> CardMask:
    mask = 0
    for token in text.strip().split("-"):
        try:
            mask |= 1 << parse_card(token)
        except ConquianError:
            raise BadParams(token) from None
    return mask


def melds_param(text: object) -> tuple[CardMask, ...]:
    if not isinstance(text, str):
        raise BadParams(repr(text))
    return tuple(meld_param(part) for part in text.split(",") if part.strip())


def count_param(value: object) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise BadParams(repr(value))


def _partition(melds: Sequence[CardMask], target: CardMask) -> str | None:
    union = 0
    for meld in melds:
        if not is_valid_meld(meld):
            return "a meld named is not valid (R4)"
        if meld & union:
            return "two melds named share a card"
        union |= meld
    if union != target:
        return "the melds named do not hold exactly the cards they should"
    return None


def _play(ctx: Context, hand_cards: CardMask) -> Play | None:
    return ctx.analysis.play_for(hand_cards)


Check = Callable[[Claim, Context], "str | None"]


def _when(test: Callable[[Context], bool], reason: str) -> Check:
    return lambda claim, ctx: None if test(ctx) else reason


def _usable_ways(claim: Claim, ctx: Context) -> str | None:
    count = count_param(claim.params["count"])
    if len(ctx.analysis.plays) != count:
        return f"there are {len(ctx.analysis.plays)} ways, not {count}"
    return None


def _helps_single(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    for card in _iter(cards_param(claim.params["cards"])):
        if (p.hand | p.exposed | p.opponent_exposed | 1 << p.center) >> card & 1:
            return f"{card_glyph(card)} is not a card the player could still get"
        if not helps(p, 1 << card):
            return f"{card_glyph(card)} in hand would not let the card be taken"
    return None


def _helps_pair(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    for text in str(claim.params["pairs"]).split("/"):
        pair = cards_param(text)
        if pair.bit_count() != 2:
            return "a pair names two cards"
        if pair & (p.hand | p.exposed | p.opponent_exposed | 1 << p.center):
            return "a card of the pair is not one the player could still get"
        if not helps(p, pair):
            return f"{text.strip()} together would not let the card be taken"
    return _no_helper(claim, ctx)


def _no_helper(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    free = DECK_40.mask & ~(p.hand | p.exposed | p.opponent_exposed | 1 << p.center)
    for card in _iter(free):
        if helps(p, 1 << card):
            return f"{card_glyph(card)} alone would let the card be taken"
    return None


def _dead(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    for card in _iter(cards_param(claim.params["cards"])):
        if not p.opponent_exposed >> card & 1:
            return f"{card_glyph(card)} is not in the opponent's melds"
        if not helps(p, 1 << card):
            return f"{card_glyph(card)} would not let the card be taken"
    return None


def _played(claim: Claim, ctx: Context) -> CardMask:
    if claim.subject is not None:
        named = claim.params.get("cards")
        if named is not None and cards_param(named, none="-") != claim.subject:
            raise BadParams("the cards named are not the play's")
        return claim.subject
    if "cards" in claim.params:
        return cards_param(claim.params["cards"])
    if claim.key in ("play_alone", "win_alone", "not_alone"):
        return 0
    raise BadParams("the sentence names no play")


def _play_claim(claim: Claim, ctx: Context) -> str | None:
    hand_cards = _played(claim, ctx)
    play = _play(ctx, hand_cards)
    if play is None:
        return "this is not a legal take (R8)"
    if "melds" in claim.params:
        p = ctx.position
        return _partition(melds_param(claim.params["melds"]),
                          p.exposed | 1 << p.center | hand_cards)
    return None


def _rearranged(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    before = melds_param(claim.params["before"])
    after = melds_param(claim.params["after"])
    if sorted(before) != sorted(p.melds):
        return "the melds named first are not the player's melds"
    union = 0
    for meld in after:
        union |= meld
    hand_cards = union & p.hand
    problem = _partition(after, p.exposed | 1 << p.center | hand_cards)
    if problem:
        return problem
    play = _play(ctx, hand_cards)
    if play is None or not play.rearranged:
        return "this take does not rearrange the melds (R5)"
    return None


def _wins(claim: Claim, ctx: Context) -> str | None:
    play = _play(ctx, _played(claim, ctx))
    return None if play is not None and play.wins else "this take does not win (R10)"


def _not_win(claim: Claim, ctx: Context) -> str | None:
    play = _play(ctx, _played(claim, ctx))
    return None if play is not None and not play.wins else "this take wins: no discard (R10)"


def _ten_down(claim: Claim, ctx: Context) -> str | None:
    hand_cards = _played(claim, ctx)
    play = _play(ctx, hand_cards)
    left = ctx.position.hand & ~hand_cards
    if play is None or left.bit_count() != 1:
        return "this take does not leave exactly one card in hand"
    if "left" in claim.params and cards_param(claim.params["left"]) != left:
        return "the card left is not the one named"
    return None


def _forceable_rearranged(claim: Claim, ctx: Context) -> str | None:
    play = ctx.analysis.forceable_play
    if play is None or not play.rearranged:
        return "it is not forceable only after rearranging (R5, R9)"
    p = ctx.position
    return _partition(melds_param(claim.params["melds"]), p.exposed | 1 << p.center)


def _answer(ctx: Context) -> Answer:
    if ctx.answer is None:
        raise BadParams("the sentence speaks of the answer, and there is none")
    return ctx.answer


def _count_answer(claim: Claim, ctx: Context) -> str | None:
    sizes = {m.bit_count() for m in _answer(ctx).plays}
    count = count_param(claim.params["count"])
    if sizes != {count}:
        return f"accepted answers use {sorted(sizes)} cards from hand, not always {count}"
    return None


def _count_answer_range(claim: Claim, ctx: Context) -> str | None:
    sizes = {m.bit_count() for m in _answer(ctx).plays}
    least, most = count_param(claim.params["least"]), count_param(claim.params["most"])
    if not sizes or (min(sizes), max(sizes)) != (least, most) or least == most:
        return f"accepted answers use {sorted(sizes)} cards from hand"
    return None


def _left(ctx: Context) -> CardMask:
    return ctx.position.hand & ~_answer(ctx).take


def _count_left(claim: Claim, ctx: Context) -> str | None:
    ok = _left(ctx).bit_count() == count_param(claim.params["count"])
    return None if ok else "wrong count of cards left"


def _near(claim: Claim, ctx: Context) -> str | None:
    named = cards_param(claim.params["cards"])
    if not named or named & ~near(ctx.position):
        return "a card named is not the player's or is not near the center card"
    return None


def _count_most(claim: Claim, ctx: Context) -> str | None:
    most = max((p.size for p in ctx.analysis.plays), default=0)
    count = count_param(claim.params["count"])
    return None if most == count else f"the most is {most}, not {count}"


def _left_after_take(claim: Claim, ctx: Context) -> str | None:
    ok = cards_param(claim.params["cards"]) == _left(ctx)
    return None if ok else "these are not the cards kept after the take"


def _count_gifts(claim: Claim, ctx: Context) -> str | None:
    gifts = unsafe_cards(ctx.position, _left(ctx)).bit_count()
    count = count_param(claim.params["count"])
    return None if gifts == count else f"{gifts} kept cards fit the opponent's melds, not {count}"


def _plays(claim: Claim, ctx: Context) -> str | None:
    for part in str(claim.params["plays"]).split(";"):
        if _play(ctx, cards_param(part, none="-")) is None:
            return f"{part.strip()} is not a legal take"
    return None


def _seven_jack(claim: Claim, ctx: Context) -> str | None:
    meld = meld_param(str(claim.params["meld"]))
    ranks = {card_rank(c) for c in _iter(meld)}
    ok = is_run(meld) and {SEVEN, JACK} <= ranks
    return None if ok else "not a run holding 7 and J"


def _safe(claim: Claim, ctx: Context) -> str | None:
    named = cards_param(claim.params["cards"])
    left = _left(ctx)
    if not named or named & ~left or unsafe_cards(ctx.position, named):
        return "a card named is not a kept card that fits none of the opponent's melds"
    return None


def _gifts(claim: Claim, ctx: Context) -> str | None:
    opponent = set(ctx.position.opponent_melds)
    for pair in str(claim.params["pairs"]).split(";"):
        cards, _, shown = pair.partition("→")
        mask = cards_param(cards)
        if mask & ~unsafe_cards(ctx.position, _left(ctx)):
            return f"{cards.strip()} does not fit the opponent's melds"
        if not set(melds_param(shown)) <= opponent:
            return f"{shown.strip()} are not the opponent's melds"
    return None


def _opponent_fits(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    target = p.opponent_exposed | 1 << p.center
    if not p.opponent_exposed or first_cover(target) is None:
        return "it does not fit the opponent's exposed melds (R9)"
    if "melds" not in claim.params:
        return None
    return _partition(melds_param(claim.params["melds"]), target)


def _force_wins_them(claim: Claim, ctx: Context) -> str | None:
    p = ctx.position
    if ctx.opponent_hand != 0:
        return "the opponent still holds cards"
    if first_cover(p.opponent_exposed | 1 << p.center) is None:
        return "it does not fit the opponent's exposed melds (R9)"
    return None


def _not_a_take(claim: Claim, ctx: Context) -> str | None:
    hand_cards = _played(claim, ctx)
    if hand_cards & ~ctx.position.hand:
        return "a card named is not in the hand"
    return None if _play(ctx, hand_cards) is None else "this is a legal take (R8)"


def _leaves_cards(claim: Claim, ctx: Context) -> str | None:
    hand_cards = _played(claim, ctx)
    play = _play(ctx, hand_cards)
    left = (ctx.position.hand & ~hand_cards).bit_count()
    if play is None or play.wins or left != count_param(claim.params["count"]):
        return "this take is not legal, or wins, or leaves another count of cards"
    return None


def _gift(claim: Claim, ctx: Context) -> str | None:
    card = cards_param(claim.params["card"])
    p = ctx.position
    if card.bit_count() != 1 or card & ~p.hand or not unsafe_cards(p, card):
        return "the card named is not a held card that fits the opponent's melds"
    if not set(melds_param(claim.params["melds"])) <= set(p.opponent_melds):
        return "the melds named are not the opponent's"
    return None


def _profile(claim: Claim, ctx: Context) -> str | None:
    from solver.claims.profiles import check_profile  # it builds on this module's Claim

    return check_profile(claim, ctx.position, ctx.any_analysis)


def _iter(mask: CardMask) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _a(ctx: Context) -> Analysis:
    return ctx.analysis


CHECKS: dict[str, Check] = {
    "rule": lambda claim, ctx: None,
    "profile": lambda claim, ctx: _profile(claim, ctx),
    "question": lambda claim, ctx: None,
    "usable": _when(lambda c: _a(c).usable, "the card cannot be taken (R8)"),
    "usable_ways": _usable_ways,
    "not_usable": _when(lambda c: not _a(c).usable, "the card can be taken (R8)"),
    "helps_single": _helps_single,
    "helps_pair": _helps_pair,
    "no_helper": _no_helper,
    "blocked": _when(lambda c: not _a(c).usable and fits_whole(c.position),
                     "the card is not blocked by the player's melds (R5)"),
    "dead": _dead,
    "play": _play_claim,
    "rearranged": _rearranged,
    "wins": _wins,
    "not_win": _not_win,
    "ten_down": _ten_down,
    "no_win": _when(lambda c: not _a(c).winning_plays, "a take wins (R10)"),
    "forceable": _when(lambda c: _a(c).forceable and not c.forced,
                       "it is not forceable, or already forced (R9)"),
    "forceable_decline": _when(
        lambda c: _a(c).forceable and not c.forced and c.position.center_from == "opponent",
        "declining it does not open forcing (R7, R9)"),
    "forceable_pass": _when(
        lambda c: _a(c).forceable and not c.forced and c.position.center_from == "stock",
        "passing it does not open forcing (R7, R9)"),
    "forceable_rearranged": _forceable_rearranged,
    "not_forceable_usable": _when(lambda c: _a(c).usable and not _a(c).forceable,
                                  "it is forceable, or cannot be taken at all (R9)"),
    "empty_hand": _when(lambda c: not c.position.hand, "the hand is not empty"),
    "force_gives_win": _when(
        lambda c: (_a(c).forceable_play is not None and not c.forced
                   and _a(c).forceable_play.wins),  # type: ignore[union-attr]
        "forcing it would not win the hand (R10)"),
    "forced": _when(lambda c: c.forced, "the card was not forced on the player (R9)"),
    "decline": _when(lambda c: (c.position.center_from == "opponent" and not c.forced
                                and (c.position.stock is None or c.position.stock > 0)),
                     "the card cannot be declined with a stock card to turn (R7)"),
    "draw_if_declined": _when(
        lambda c: (c.position.center_from == "opponent" and c.position.stock == 0
                   and not c.forced and not _a(c).forceable),
        "declining it does not end the hand in a draw (R9, R11)"),
    "pass": _when(lambda c: c.position.center_from == "stock" and not c.forced,
                  "the card cannot be passed (R7)"),
    "stock_empty_take": _when(
        lambda c: (c.position.stock == 0
                   and any(not p.wins for p in _a(c).plays)),
        "the stock is not empty, or no take leaves a discard (R8, R11)"),
    "stock_empty_pass": _when(
        lambda c: c.position.stock == 0 and c.position.center_from == "stock" and not c.forced,
        "this is not the last stock card, turned by the player (R7, R11)"),
    "last_decision": _when(
        lambda c: (c.position.stock == 0 and c.position.center_from == "opponent"
                   and not _a(c).usable and not c.forced),
        "the hand goes on after this decision (R8, R9, R11)"),
    "opponent_fits": _opponent_fits,
    "force_wins_them": _force_wins_them,
    "force_then": _when(lambda c: bool(c.opponent_hand), "the opponent holds no card"),
    "count_answer": _count_answer,
    "count_answer_range": _count_answer_range,
    "count_left": _count_left,
    "near": _near,
    "none_near": _when(lambda c: not near(c.position),
                       "some of the player's cards are near the center card"),
    "none_near_exposed": _when(lambda c: not near(c.position, exposed_only=True),
                               "some exposed cards are near the center card"),
    "count_most": _count_most,
    "left_after_take": _left_after_take,
    "count_gifts": _count_gifts,
    "plays": _plays,
    "in_hand": lambda claim, ctx: (
        None if not cards_param(claim.params["cards"]) & ~ctx.position.hand
        else "a card named is not in the hand"),
    "seven_jack": _seven_jack,
    "safe_discards": _safe,
    "gifts": _gifts,
    "not_a_take": _not_a_take,
    "leaves_cards": _leaves_cards,
    "gift": _gift,
    "no_safe_discard": lambda claim, ctx: (
        None if _left(ctx) and unsafe_cards(ctx.position, _left(ctx)) == _left(ctx)
        else "some kept card fits none of the opponent's melds"),
    "no_opponent_melds": _when(lambda c: not c.position.opponent_melds,
                               "the opponent has melds"),
}
CHECKS.update(PROFILE_CHECKS)  # the profile book's kinds (solver.claims.profile)


def check(claim: Claim, ctx: Context) -> str | None:
    """``None`` when the claim is true of ``ctx``, else why it is false."""
    kind = KINDS.get((claim.book, claim.key))
    if kind is None:
        return "no checker knows this sentence"
    center = claim.params.get("center")
    if center is not None and center != card_text(ctx.position.center):
        return f"the center card is {card_text(ctx.position.center)}, not {center}"
    cites = citation_problem(claim, ctx.position.rules)
    if cites is not None:
        return cites
    try:
        return CHECKS[kind](claim, ctx)
    except (BadParams, KeyError) as exc:
        return f"cannot be checked: {exc}"


def false_claims(claims: Iterable[Claim], ctx: Context) -> list[tuple[Claim, str]]:
    """Every claim of ``claims`` that is false of ``ctx``, with the reason."""
    out = []
    for claim in claims:
        problem = check(claim, ctx)
        if problem is not None:
            out.append((claim, problem))
    return out
