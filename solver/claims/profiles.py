"""Explanations under every profile other than conquian-40, as checked claims.

``explain_any`` answers every analysis: the center card melded at once with lay-offs,
jokers and take-backs (cooncan, kunken*), the upcard drawn into the hand (colonel), and
closing (conquin).  Each sentence is a :class:`~solver.claims.kinds.Claim` of the
``profile`` book whose ``facts`` hold what it asserts; ``check_profile`` re-derives them
from a fresh analysis and from the rules themselves (meld validity, pip counts, the stake
multiplier), and confirms the parameters are those facts rendered, with the rule id the
profile gives the topic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from solver.analysis import Analysis, AnyAnalysis, ClosingAnalysis, DrawAnalysis, Play
from solver.analysis.closing import Group, discard_str
from solver.analysis.draw import LayOff, table_melds
from solver.cards import (
    JOKER_BASE,
    NUM_RANKS_FULL,
    Card,
    CardMask,
    card_kind,
    card_rank,
    card_str,
    cards_of,
    make_card,
    parse_kind,
    union,
)
from solver.claims.citations import PROFILE_TOPICS, citation_problem, ids_for
from solver.claims.glyphs import card_text, string_text
from solver.claims.kinds import Claim
from solver.melds import meld_cards, meld_problem
from solver.position import Position

Translate = Callable[[str], str]
BOOK = "profile"


def glyph(text: str) -> str:
    """A contract card string as shown: ``"10D"`` → ``10♦``, ``"*5H"`` → ``★5♥``, ``🃏``."""
    return string_text(text)


def strings_text(strings: Sequence[str]) -> str:
    return " ".join(glyph(s) for s in strings)


def meld_text(strings: Sequence[str]) -> str:
    return "-".join(glyph(s) for s in strings)


def melds_text(melds: Sequence[Sequence[str]]) -> str:
    return ", ".join(meld_text(m) for m in melds)


def mask_strings(mask: CardMask, position: Position) -> list[str]:
    return [card_str(c) for c in meld_cards(mask, position.rules.table)]


def _claim(key: str, position: Position, facts: Any = None, **params: str | int) -> Claim:
    """A sentence citing the ids its template's topics have in the position's profile."""
    topics = PROFILE_TOPICS[key]
    if topics:
        params["rule"] = ids_for(position.rules, topics)
    return Claim(key, params, book=BOOK, facts=facts)


# --- explaining --------------------------------------------------------------------------


def explain_any(analysis: AnyAnalysis) -> list[Claim]:
    """The explanation of any analysis under a profile other than conquian-40."""
    if isinstance(analysis, DrawAnalysis):
        return explain_draw(analysis)
    if isinstance(analysis, ClosingAnalysis):
        return explain_closing(analysis)
    return explain_center(analysis)


def explain_center(analysis: Analysis) -> list[Claim]:
    p = analysis.position
    center = card_text(p.center)
    out: list[Claim] = []
    count = len(analysis.plays)
    if count == 0:
        out.append(_claim("cannot", p, None, center=center))
    elif count == 1:
        out.append(_claim("take_one", p, 1, center=center))
    else:
        out.append(_claim("take_ways", p, count, center=center, count=count))
    if not p.rules.forcing:
        out.append(_claim("no_forcing", p))
    elif analysis.forceable:
        out.append(_claim("forceable", p, None, center=center))
    elif any(not play.hand_cards for play in analysis.plays):
        out.append(_claim("not_forceable_lay_off", p, None, center=center))
    elif count:
        out.append(_claim("not_forceable", p, None, center=center))
    lays = sum(1 for play in analysis.plays if play.lay_off)
    if lays:
        out.append(_claim("lay_off_plays", p, lays, count=lays))
    for play in analysis.winning_plays[:1]:
        down, laid = down_after(p, play)
        if play.hand_cards:
            out.append(_claim("win_down", p, play, cards=_hand_text(play), down=down))
        else:
            out.append(_claim("win_down_alone", p, play, down=down))
        if laid:
            out.append(_claim("win_laid", p, play, laid=laid))
    return out


def _hand_text(play: Play) -> str:
    return _cards_text(play.hand_cards)


def _cards_text(mask: CardMask) -> str:
    return " ".join(card_text(c) for c in cards_of(mask)) or "-"


def melded_hand(play: Play) -> CardMask:
    """The hand cards that go into your own melds (the rest lie off on the opponent's)."""
    return play.hand_cards & union(play.melds)


def _movable_melds(position: Position) -> list[list[str]]:
    """Your melds that may go back to the hand: those with no card of the opponent's (K10)."""
    frozen = union(position.opponent_laid_off)
    return [position.meld_list(m) for m in position.melds if not m & frozen]


def _bare(text: str) -> str:
    return "*" if text.startswith("*") else text


def melds_taken_back(position: Position, taken_back: Sequence[str]) -> list[list[str]]:
    """The whole melds a play takes back (K9) so that ``taken_back`` end in the hand: the
    fewest of your movable melds that hold them all (the first such, in your melds' order)."""
    movable = _movable_melds(position)
    need = Counter(taken_back)
    for size in range(1, len(movable) + 1):
        for named in combinations(movable, size):
            if not need - Counter(_bare(t) for m in named for t in m):
                return list(named)
    raise ValueError("the cards taken back are not in your movable melds")


def taken_back_problem(position: Position, melds: Sequence[Sequence[str]],
                       taken_back: Sequence[str]) -> str | None:
    """The melds are movable melds of yours, hold every card that stays in the hand, and
    none of them could stay down (K9 takes back whole melds, only those it needs)."""
    movable = _movable_melds(position)
    if any(list(m) not in movable for m in melds):
        return "a meld named is not one of your melds that may go back to the hand"

    def covers(named: Sequence[Sequence[str]]) -> bool:
        have = Counter(_bare(t) for m in named for t in m)
        return not Counter(taken_back) - have

    if not covers(melds):
        return "the melds named do not hold the cards that stay in the hand"
    if any(covers([m for j, m in enumerate(melds) if j != i]) for i in range(len(melds))):
        return "a meld named need not go back to the hand"
    return None


def _swap_keys(position: Position, play: Play) -> list[str]:
    """The sentence for each swap: the center card, a hand card, or, once the hand holds no
    more of its kind, a card of a meld of yours taken back first (K9, two packs)."""
    left = Counter(card_str(card_kind(c)) for c in cards_of(position.hand))
    keys = []
    for _, card, is_center in play.swaps:
        if is_center:
            keys.append("play_swap_center")
        elif left[card]:
            left[card] -= 1
            keys.append("play_swap")
        else:
            keys.append("play_swap_back")
    return keys


def _swapped_back_problem(position: Position, play: Play, card: str) -> str | None:
    """``card`` left one of your movable melds in this play (taken back, K9) and the hand
    could not supply every swap of its kind."""
    held = sum(card_str(card_kind(c)) == card for c in cards_of(position.hand))
    swapped = sum(c == card and not center for _, c, center in play.swaps)
    if swapped <= held:
        return "the hand holds the card swapped"
    before = sum(m.count(card) for m in _movable_melds(position))
    after = sum(play.meld_strings(m).count(card) for m in play.melds)
    if before - after < swapped - held:
        return "the card swapped is not one of your melds' cards taken back by the play"
    return None


def laid_off_count(play: Play) -> int:
    return sum(len(cards) for _, cards in play.lay_off or ())


def down_after(position: Position, play: Play) -> tuple[int, int]:
    """Your cards down after ``play`` and how many of them lie off on the opponent's melds:
    the cards of your melds then (less the opponent's laid off on them) plus yours laid off."""
    theirs = union(position.opponent_laid_off)
    in_melds = sum((m & ~theirs).bit_count() for m in play.melds)
    laid = union(position.laid_off).bit_count() + laid_off_count(play)
    return in_melds + laid, laid


def explain_center_play(analysis: Analysis, play: Play) -> list[Claim]:
    p = analysis.position
    out: list[Claim] = []
    melds = melds_text([play.meld_strings(m) for m in play.melds])
    if play.taken_back:
        out.append(_claim("play_taken_back", p, play, cards=strings_text(play.taken_back),
                          melds=melds_text(melds_taken_back(p, play.taken_back))))
    for (index, card, _), key in zip(play.swaps, _swap_keys(p, play), strict=True):
        out.append(_claim(key, p, (play, index), card=glyph(card),
                          meld=meld_text(p.meld_list(p.opponent_melds[index]))))
    melded = melded_hand(play)
    if not play.melds:
        pass  # the center card only lies off (C9): the lay-off sentence says it all
    elif melded:
        out.append(_claim("play_melds", p, play, cards=_cards_text(melded), melds=melds))
    else:
        out.append(_claim("play_melds_alone", p, play, melds=melds))
    for index, cards in play.lay_off or ():
        meld = meld_text(p.meld_list(p.opponent_melds[index]))
        out.append(_claim("play_lay_off", p, (play, index), cards=strings_text(cards),
                          meld=meld))
    jokers = sorted({kind for _, kind in play.stands})
    for kind in jokers:
        out.append(_claim("play_joker", p, (play, kind), card=card_text(kind)))
    left = _left_after(p, play)
    if play.wins and left:
        # The Kunken opener holds eleven (K6): eleven down ends the hand before the discard.
        down, _ = down_after(p, play)
        out.append(_claim("play_wins_keep", p, play, down=down, count=left))
    elif play.wins:
        out.append(_claim("play_wins", p, play))
    else:
        out.append(_claim("play_discard", p, play, count=left))
    return out


def _left_after(position: Position, play: Play) -> int:
    """Cards in your hand after the play: all your cards and the center card, less those
    down afterwards (taken-back cards not melded again stay in the hand)."""
    return position.hand.bit_count() + position.down_count + 1 - down_after(position, play)[0]


def _center_laid(position: Position, play: Play) -> bool:
    return not any(m >> position.center & 1 for m in play.melds)


def explain_draw(analysis: DrawAnalysis) -> list[Claim]:
    p = analysis.position
    upcard = card_text(analysis.upcard)
    out: list[Claim] = []
    with_upcard = tuple(m for m in analysis.melds if m >> analysis.upcard & 1)
    if with_upcard:
        out.append(_claim("draw_melds", p, with_upcard, upcard=upcard,
                          melds=melds_text([mask_strings(m, p) for m in with_upcard])))
    else:
        out.append(_claim("draw_no_melds", p, None, upcard=upcard))
    for lay in analysis.lay_offs:
        if lay.cards >> analysis.upcard & 1:
            out.append(_draw_lay(p, lay))
    if analysis.goes_out:
        if analysis.discard is None:
            out.append(_claim("draw_out", p, None, upcard=upcard))
        else:
            out.append(_claim("draw_out_discard", p, analysis.discard, upcard=upcard,
                              discard=card_text(analysis.discard)))
    else:
        if analysis.best_melds:
            out.append(_claim("draw_best_melds", p, analysis.best_melds,
                              upcard=upcard, melds=melds_text(
                                  [mask_strings(m, p) for m in analysis.best_melds])))
        for lay in analysis.best_lay_offs:
            _, _, meld = table_melds(p)[lay.target]
            out.append(_claim("draw_best_lay_off", p, lay, upcard=upcard,
                              cards=" ".join(card_text(c) for c in cards_of(lay.cards)),
                              meld=meld_text(p.meld_list(meld))))
        assert analysis.discard is not None  # a hand left over means a discard was made
        hand = " ".join(card_text(c) for c in cards_of(analysis.leftover))
        out.append(_claim("draw_best", p, (analysis.discard, analysis.leftover),
                          upcard=upcard, discard=card_text(analysis.discard), hand=hand,
                          deadwood=analysis.deadwood))
    average = analysis.stock_average
    if average is not None:
        key = "draw_upcard_better" if analysis.upcard_better else "draw_stock_better"
        out.append(_claim(key, p, analysis.upcard_better, upcard=upcard,
                          average=f"{average:.1f}"))
    return out


def _draw_lay(p: Position, lay: LayOff) -> Claim:
    _, _, meld = table_melds(p)[lay.target]
    return _claim("draw_lay_off", p, lay,
                  cards=" ".join(card_text(c) for c in cards_of(lay.cards)),
                  meld=meld_text(p.meld_list(meld)))


def explain_closing(analysis: ClosingAnalysis) -> list[Claim]:
    p = analysis.position
    center = card_text(p.center)
    out: list[Claim] = []
    if analysis.closes:
        out.append(_claim("closes", p, None, center=center))
        for closing in analysis.closings:
            out.append(_claim(closing_key(closing.groups), p, closing,
                              discard=glyph(discard_str(closing.discard)),
                              melds=melds_text([g.strings() for g in closing.groups]),
                              multiplier=closing.multiplier))
        return out
    out.append(_claim("no_close", p, None, center=center))
    discard = glyph(discard_str(analysis.best_discard))
    facts = (analysis.best_groups, analysis.best_discard, analysis.kept)
    if analysis.best_groups:
        out.append(_claim("close_best", p, facts,
                          melds=melds_text([g.strings() for g in analysis.best_groups]),
                          discard=discard, count=analysis.deadwood))
    else:
        out.append(_claim("close_best_none", p, facts, center=center, discard=discard,
                          count=analysis.deadwood))
    return out


def closing_key(groups: Sequence[Group]) -> str:
    """The closing sentence that says why the stake pays what it does (I10)."""
    if len(groups) == 2:
        return "closing_two"
    if len(groups) == 1 and groups[0].size == 10 and groups[0].jokers < 2:
        return "closing_run_joker" if groups[0].jokers else "closing_run"
    return "closing"


def explain_any_dict(analysis: AnyAnalysis, translate: Translate | None = None
                     ) -> dict[str, Any]:
    """``explanation`` (and, for a center analysis, ``plays_explained``)."""
    data: dict[str, Any] = {
        "explanation": [c.render(translate) for c in explain_any(analysis)]}
    if isinstance(analysis, Analysis):
        data["plays_explained"] = [[c.render(translate) for c in explain_center_play(analysis, p)]
                                   for p in analysis.plays]
    return data


# --- checking ----------------------------------------------------------------------------


def strings_valid(strings: Sequence[str], position: Position) -> str | None:
    """Why the cards (contract strings, jokers as ``*5H``) are not a meld of the profile."""
    cards: list[Card] = []
    stands: dict[Card, Card] = {}
    copies: dict[Card, int] = {}
    for text in strings:
        if text.startswith("*"):
            joker = JOKER_BASE + len(stands)
            stands[joker] = parse_kind(text[1:])
            cards.append(joker)
        else:
            kind = parse_kind(text)
            copies[kind] = copies.get(kind, -1) + 1
            if copies[kind] >= position.rules.deck.packs:
                return f"{text} appears more often than the packs hold"
            cards.append(make_card(card_rank(kind), kind // NUM_RANKS_FULL, copies[kind]))
    problem = meld_problem(cards, position.rules.table, stands)
    return None if problem is None else f"{meld_text(strings)} is not a meld: {problem}"


def pips(card: Card) -> int:
    """H11, written again from the rule: court cards 10, the ace 1, others their number."""
    rank = card_rank(card) + 1
    return 10 if rank > 10 else rank


def stake_multiplier(groups: Sequence[Group], position: Position) -> int:
    """I10, written again from the rule book for the checker."""
    if len(groups) == 2:
        return 2
    if len(groups) == 1 and groups[0].size == 10:
        strings = groups[0].strings()
        ranks = {parse_kind(s.lstrip("*")) % NUM_RANKS_FULL for s in strings}
        if len(ranks) == 10:  # a run
            jokers = sum(1 for s in strings if s.startswith("*"))
            return 5 if jokers == 0 else 4 if jokers == 1 else 1
    return 1


def check_profile(claim: Claim, position: Position, fresh: AnyAnalysis) -> str | None:
    """``None`` when the ``profile`` claim is true of ``position``, else why not.
    ``fresh``: the position analysed again by the solver, independently of the explainer."""
    facts: Any = claim.facts
    cites = citation_problem(claim, position.rules)
    if cites is not None:
        return cites
    if "center" in claim.params and claim.params["center"] != card_text(position.center):
        return "the center card named is not the position's"
    expected = _expected(claim.key, position, fresh, facts)
    if isinstance(expected, str):
        return expected
    for name, value in expected.items():
        if str(claim.params.get(name)) != str(value):  # read from text: strings
            return f"{name} is {claim.params.get(name)!r}, the solver says {value!r}"
    return None


def _expected(key: str, p: Position, fresh: AnyAnalysis, facts: Any) -> dict[str, Any] | str:
    if isinstance(fresh, Analysis):
        return _expected_center(key, p, fresh, facts)
    if isinstance(fresh, DrawAnalysis):
        return _expected_draw(key, p, fresh, facts)
    return _expected_closing(key, p, fresh, facts)


def _expected_center(key: str, p: Position, a: Analysis, facts: Any) -> dict[str, Any] | str:
    if key == "cannot":
        return {} if not a.plays else "the card can be taken"
    if key == "take_one":
        return {} if len(a.plays) == 1 else f"there are {len(a.plays)} plays"
    if key == "take_ways":
        return {"count": len(a.plays)}
    if key == "no_forcing":
        return {} if not p.rules.forcing else "this profile has forcing"
    if key == "forceable":
        # Seed 001 forces only a card that fits your own melds alone (C10), not a lay-off.
        play = a.forceable_play
        ok = play is not None and not play.hand_cards and not any(
            card_str(p.center) in cards for _, cards in play.lay_off or ())
        return {} if ok else "no play puts the card into your own melds with no hand card"
    if key == "not_forceable_lay_off":
        ok = p.rules.forcing and not a.forceable and any(not pl.hand_cards for pl in a.plays)
        return {} if ok else "the card is forceable, or needs cards from your hand"
    if key == "not_forceable":
        fits = p.rules.forcing and bool(a.plays) and all(pl.hand_cards for pl in a.plays)
        return {} if fits else "some play needs no hand card, or none exists"
    if key == "lay_off_plays":
        return {"count": sum(1 for pl in a.plays if pl.lay_off)}
    play = facts[0] if isinstance(facts, tuple) else facts
    if play not in a.plays:
        return "the solver finds no such play"
    if key in ("play_melds", "play_melds_alone"):
        for meld in play.melds:
            problem = strings_valid(play.meld_strings(meld), p)
            if problem:
                return problem
        shown = union(play.melds)
        melded = play.hand_cards & shown
        if play.hand_cards & ~p.hand:
            return "a card named is not in the hand"
        if not play.melds or (key == "play_melds_alone") == bool(melded):
            return "the play has no melds, or the hand cards in them are not those named"
        if not _center_laid(p, play) and not shown >> p.center & 1:
            return "the center card is not down"
        return {"melds": melds_text([play.meld_strings(m) for m in play.melds]),
                **({"cards": _cards_text(melded)} if melded else {})}
    if key == "play_taken_back":
        if not p.rules.take_back:
            return "this profile never takes melds back"
        # Your own cards in your melds (the opponent's laid-off ones are frozen, C9/K10).
        mine = Counter(_kinds_of(p.exposed & ~union(p.opponent_laid_off)))
        back = Counter(JOKER_BASE if t.startswith("*") else parse_kind(t)
                       for t in play.taken_back or ())
        if back - mine:
            return "a card taken back is not one of your own cards in your melds"
        melds = melds_taken_back(p, play.taken_back or ())
        problem = taken_back_problem(p, melds, play.taken_back or ())
        if problem:
            return problem
        return {"cards": strings_text(play.taken_back or ()), "melds": melds_text(melds)}
    if key == "play_lay_off":
        index = facts[1]
        if p.rules.lay_off == "none":
            return "this profile has no lay-offs"
        cards = dict(play.lay_off or ())[index]
        if p.rules.lay_off == "left_card" and (
                p.center_from != "opponent" or list(cards) != [card_str(p.center)]):
            return "only the card the opponent left may be laid off (C9)"
        if p.rules.lay_off == "after_own_meld" and not play.melds:
            return "no meld of your own after the play"
        target = p.meld_list(p.opponent_melds[index])
        # A swap on that meld (K5) comes first: its card stands in the joker's place.
        swapped = {"*" + c for i, c, _ in play.swaps if i == index}
        problem = strings_valid([t[1:] if t in swapped else t for t in target] + list(cards), p)
        if problem:
            return problem
        return {"cards": strings_text(cards), "meld": meld_text(target)}
    if key in ("play_swap", "play_swap_center", "play_swap_back"):
        index = facts[1]
        swaps = [(c, center) for i, c, center in play.swaps if i == index]
        # K5: the card is the one a joker of that meld stands for, from the hand or taken;
        # with two packs it may come from a meld of yours taken back first (K9).
        stands = [card_str(k) for j, k in p.jokers if p.opponent_melds[index] >> j & 1]
        held = {card_str(card_kind(c)) for c in cards_of(p.hand)}
        for card, center in swaps:
            if center != (key == "play_swap_center") or card not in stands:
                continue
            if key == "play_swap_back":
                from_meld = _swapped_back_problem(p, play, card)
                if from_meld:
                    return from_meld
            elif card not in ({card_str(p.center)} if center else held):
                return "the card swapped is not the card taken, or not in the hand"
            return {"card": glyph(card), "meld": meld_text(p.meld_list(p.opponent_melds[index]))}
        return "no swap of that card for a joker of that meld"
    if key == "play_joker":
        kind = facts[1]
        if kind not in {k for _, k in play.stands}:
            return "no joker of the play stands for this card"
        return {"card": card_text(kind)}
    if key in ("play_wins", "play_wins_keep"):
        down, _ = down_after(p, play)
        left = _left_after(p, play)
        if not play.wins or down < (p.rules.win_down or 11):
            return f"{down} cards are down"
        if key == "play_wins":
            return {} if left == 0 else f"{left} cards stay in the hand"
        return {"down": down, "count": left} if left else "the hand is empty"
    if key == "play_discard":
        left = _left_after(p, play)
        return {"count": left} if not play.wins and left > 0 else "no card is left to discard"
    if key in ("win_down", "win_down_alone", "win_laid"):
        down, laid = down_after(p, play)
        if not play.wins or down < (p.rules.win_down or 11):
            return f"the play does not put {p.rules.win_down} cards down"
        if key == "win_laid":
            return {"laid": laid} if laid else "no card of yours lies off"
        if key == "win_down_alone":
            return {"down": down} if not play.hand_cards else "the play uses hand cards"
        return {"cards": _hand_text(play), "down": down}
    return f"no checker for {key}"


def _expected_draw(key: str, p: Position, a: DrawAnalysis, facts: Any) -> dict[str, Any] | str:
    table = p.rules.table
    pool = p.hand | 1 << a.upcard
    upcard = card_text(a.upcard)
    every = [m for m in table.all if m >> a.upcard & 1 and not m & ~pool]
    if key == "draw_no_melds":
        return {} if not every else "a meld with the upcard can be made"
    if key == "draw_melds":
        if sorted(facts) != sorted(every):
            return "these are not every meld the upcard makes"
        return {"melds": melds_text([mask_strings(m, p) for m in facts])}
    if key == "draw_lay_off":
        lay: LayOff = facts
        _, _, meld = table_melds(p)[lay.target]
        if lay.cards & ~pool or not table.is_valid(meld | lay.cards):
            return "these cards do not extend that meld"
        return {"cards": " ".join(card_text(c) for c in cards_of(lay.cards)),
                "meld": meld_text(p.meld_list(meld))}
    problem = _arrangement(p, a)
    if problem:
        return problem
    if key == "draw_best_melds":
        if facts != a.best_melds:
            return "the solver's best play puts down other melds"
        return {"melds": melds_text([mask_strings(m, p) for m in facts])}
    if key == "draw_best_lay_off":
        if facts not in a.best_lay_offs:
            return "the solver's best play lays off other cards"
        return {"cards": " ".join(card_text(c) for c in cards_of(facts.cards)),
                "meld": meld_text(p.meld_list(table_melds(p)[facts.target][2]))}
    if key == "draw_out":
        return {} if a.leftover == 0 and a.discard is None else "a card is left"
    if key == "draw_out_discard":
        ok = a.leftover == 0 and a.discard == facts
        return {"discard": card_text(facts)} if ok else "going out needs another discard"
    if key == "draw_best":
        discard, left = facts
        if (discard, left) != (a.discard, a.leftover):
            return "the solver's best play keeps other cards"
        if any(pips(c) > pips(discard) for c in cards_of(left)):
            return "a kept card counts more than the discard"
        return {"discard": card_text(discard), "deadwood": sum(pips(c) for c in cards_of(left)),
                "hand": " ".join(card_text(c) for c in cards_of(left))}
    if key in ("draw_upcard_better", "draw_stock_better"):
        if not a.unseen:
            return "every card is in sight"
        better = a.deadwood * a.unseen < a.stock_total
        if better != (key == "draw_upcard_better"):
            return "the comparison with the stock is the other way"
        return {"average": f"{a.stock_total / a.unseen:.1f}", "upcard": upcard}
    return f"no checker for {key}"


def _arrangement(p: Position, a: DrawAnalysis) -> str | None:
    """The best play the analysis reports is a legal play of hand cards and the upcard."""
    table = p.rules.table
    pool = p.hand | 1 << a.upcard
    used = 0
    for meld in a.best_melds:
        if not table.is_valid(meld):
            return "a meld of the best play is not valid"
        used |= meld
    for lay in a.best_lay_offs:
        if not table.is_valid(table_melds(p)[lay.target][2] | lay.cards):
            return "a lay-off of the best play does not extend its meld"
        used |= lay.cards
    discard = 0 if a.discard is None else 1 << a.discard
    if used & discard or used & a.leftover or used | discard | a.leftover != pool:
        return "the best play does not account for every card"
    return None


def _expected_closing(key: str, p: Position, a: ClosingAnalysis, facts: Any
                      ) -> dict[str, Any] | str:
    if key == "closes":
        return {} if a.closings else "no discard closes"
    if key == "no_close":
        return {} if not a.closings else "a discard closes"
    eleven = _kinds_of(p.hand) + _kinds_of(1 << p.center)
    if key.startswith("closing"):
        if facts not in a.closings:
            return "the solver finds no such closing"
        problem = _groups_problem(facts.groups, [facts.discard], eleven, p)
        if problem:
            return problem
        paid = stake_multiplier(facts.groups, p)
        melds = melds_text([g.strings() for g in facts.groups])
        # The key says why: two melds (×2), a ten-card run with no joker (×5) or one (×4).
        why = {"closing_two": 2, "closing_run": 5, "closing_run_joker": 4}.get(key)
        if why is not None:
            if paid != why:
                return f"the stake is paid ×{paid}, not ×{why}"
            return {"discard": glyph(discard_str(facts.discard)), "melds": melds}
        return {"discard": glyph(discard_str(facts.discard)), "melds": melds,
                "multiplier": paid}
    groups, discard, kept = facts
    if (groups, discard, kept) != (a.best_groups, a.best_discard, a.kept) or a.closings:
        return "the solver's best arrangement is another"
    problem = _groups_problem(groups, [discard, *kept], eleven, p)
    if problem:
        return problem
    out: dict[str, Any] = {"discard": glyph(discard_str(discard)), "count": len(kept)}
    if groups:
        out["melds"] = melds_text([g.strings() for g in groups])
    return out


def _kinds_of(mask: CardMask) -> list[Card]:
    return [JOKER_BASE if c >= JOKER_BASE else card_kind(c) for c in cards_of(mask)]


def _groups_problem(groups: Sequence[Group], rest: Sequence[Card], eleven: list[Card],
                    p: Position) -> str | None:
    """The melds are valid and, with ``rest``, are exactly the eleven cards."""
    shown: list[Card] = []
    for group in groups:
        strings = group.strings()
        problem = strings_valid(strings, p)
        if problem:
            return problem
        shown += [JOKER_BASE if s.startswith("*") else parse_kind(s) for s in strings]
    if sorted(shown + list(rest)) != sorted(eleven):
        return "the melds and the cards left are not your eleven cards"
    return None


def false_profile_claims(claims: Sequence[Claim], position: Position, fresh: AnyAnalysis
                         ) -> list[tuple[Claim, str]]:
    out = []
    for claim in claims:
        problem = check_profile(claim, position, fresh)
        if problem is not None:
            out.append((claim, problem))
    return out


__all__ = ["check_profile", "explain_any", "explain_any_dict", "explain_center_play",
           "false_profile_claims"]
