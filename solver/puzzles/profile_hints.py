"""Hints and explanations of the profile puzzles, as claims of the ``"puzzle_profile"`` book.

The ladder climbs as in :mod:`solver.puzzles.hints`: where to look, the rule of this
profile that decides (cited from its own book), then a narrowing fact; the explanation
states the answer with the solver's facts behind it.
"""

from __future__ import annotations

from functools import partial

from solver.analysis import Analysis, ClosingAnalysis, DrawAnalysis, Play
from solver.claims.citations import ids_for
from solver.claims.glyphs import card_text
from solver.claims.kinds import Claim
from solver.claims.profile import (
    average_text,
    cards_text,
    closing_melds_text,
    fits_opponent_meld,
    glyph_of,
    joker_stands,
    laid_text,
    lays_off_center,
    opponent_meld_text,
    play_melds_text,
    plays_text,
    strings_text,
)
from solver.claims.profiles import melds_taken_back
from solver.position import Position
from solver.puzzles.model import Answer, Task
from solver.puzzles.profile_messages import RULE_OF, says
from solver.search import analyze_any

Say = partial(Claim, book="puzzle_profile")


def _rule(position: Position, key: str, topic: str) -> Claim:
    return Say(key, {"rule": position.rules.rule(topic)})


def _center(position: Position) -> str:
    return card_text(position.center)


def _lay_off_rule(position: Position) -> Claim:
    kunken = says("rule_lay_off_kunken", position.rules)
    key = "rule_lay_off_kunken" if kunken else "rule_lay_off_cooncan"
    return _rule(position, key, "lay_off")


def hints(position: Position, analysis: Analysis, task: Task, answer: Answer,
          theme: str) -> list[Claim]:
    """At least two hints, none of which states the answer."""
    if task == "draw_upcard":
        return [Say("nudge_pips"), _rule(position, "rule_pips", "score")]
    if task == "close":
        # The same three rungs whatever the answer: a rung that appears only when you can
        # close would give the answer away.
        return [Say("nudge_close"), _rule(position, "rule_close", "close"),
                _rule(position, "rule_double", "score")]
    if task == "win":
        # No count of cards down: with one card short of a win it decides the answer.
        return [Say("nudge_win"), _rule(position, "rule_win", "win")]
    if task == "can_force":
        return [Say("nudge_opponent"), _rule(position, "rule_force_cooncan", "force")]
    if task == "can_use":
        return [Say("nudge_opponent"), _lay_off_rule(position)]
    out: list[Claim]
    if theme == "joker-play":
        out = [Say("nudge_joker"), _rule(position, "rule_jokers", "jokers")]
    elif theme == "joker-swap":
        out = [Say("nudge_opponent"), _rule(position, "rule_jokers", "jokers")]
    elif theme == "take-back" or (theme == "rearrange"
                                  and says("rule_own_melds_kunken", position.rules)):
        out = [Say("nudge_own"), _rule(position, "rule_own_melds_kunken", "own_melds")]
    else:
        out = [Say("nudge_opponent"), _lay_off_rule(position)]
    out.append(Say("count_answers", {"count": len(answer.plays)}))
    return out


def _play_facts(position: Position, play: Play, theme: str) -> list[Claim]:
    center = _center(position)
    out: list[Claim] = []
    if theme == "joker-play" and play.hand_cards:
        for card in joker_stands(play)[:1]:
            out.append(Say("joker_stands", {"center": center, "card": card,
                                            "cards": cards_text(play.hand_cards),
                                            "rule": position.rules.rule("jokers")}))
    if theme == "joker-swap" and play.swaps:
        out += _swap_claims(position, play)
    if theme == "take-back" and play.taken_back:
        melds = melds_taken_back(position, play.taken_back)
        params = {"center": center, "back": strings_text(play.taken_back),
                  "melds": closing_melds_text(melds), "rule": position.rules.rule("own_melds")}
        if play.hand_cards:
            out.append(Say("take_back_with", {**params, "cards": cards_text(play.hand_cards)}))
        else:
            out.append(Say("take_back_alone", params))
    if theme in ("lay-off", "lay-off-center", "forcing-lay-off") and play.lay_off:
        rule = position.rules.rule("lay_off")
        targets = lays_off_center(position, play)
        if play.hand_cards == 0 and targets:
            out.append(Say("lay_off_center", {"center": center, "rule": rule,
                                              "meld": opponent_meld_text(position, targets[0])}))
        elif play.hand_cards:
            out.append(Say("lay_off_with", {"center": center, "rule": rule,
                                            "cards": cards_text(play.hand_cards),
                                            "laid": laid_text(play)}))
    return out


def _showing(analysis: Analysis, answer: Answer, theme: str, position: Position) -> Play | None:
    """The accepted play that shows the theme best: the first with a fact to say."""
    for play in sorted(analysis.plays, key=lambda p: (p.size, p.hand_cards)):
        if play.hand_cards in answer.plays and _play_facts(position, play, theme):
            return play
    return None


def explanation(position: Position, analysis: Analysis, task: Task, answer: Answer,
                theme: str) -> list[Claim]:
    center = _center(position)
    if task in ("draw_upcard", "close"):
        return hand_explanation(position)
    if task == "win":
        win = next(p for p in analysis.plays if p.wins)
        return [_win_claim(position, win)]
    if task == "can_force":
        return verdict_claims(position, analysis, "forceable")
    if task == "can_use":
        take = position.rules.rule("take")
        if answer.flag:
            return [Say("usable_yes", {"center": center, "rule": take})]
        out = [Say("usable_no", {"center": center, "rule": take})]
        for i in range(len(position.opponent_melds)):
            if not position.melds and fits_opponent_meld(position, i):
                out.append(Say("no_lay_off_yet", {
                    "center": center, "meld": opponent_meld_text(position, i),
                    "rule": position.rules.rule("lay_off")}))
                break
        return out
    play = _showing(analysis, answer, theme, position)
    out = _play_facts(position, play, theme) if play is not None else []
    if not out:  # no fact of the theme to point at: what the first accepted play does
        first = min((p for p in analysis.plays if p.hand_cards in answer.plays),
                    key=lambda p: (p.size, p.hand_cards))
        out = _what_it_does(position, first)
    if answer.plays == frozenset({0}):
        out.append(Say("answer_alone"))
    else:
        out.append(Say("answer_plays", {"plays": plays_text(answer.plays)}))
    return out


def play_claims(position: Position, analysis: Analysis, play: Play) -> list[Claim]:
    """What one play of a profile position does, as checked claims: its lay-offs, jokers
    and cards taken back, the melds it leaves, and the win when it wins."""
    out: list[Claim] = []
    for theme in ("joker-play",):
        out += _play_facts(position, play, theme)
    out += _what_it_does(position, play)
    if play.wins:
        out.append(_win_claim(position, play))
    return out


def _what_it_does(position: Position, play: Play) -> list[Claim]:
    """The melds a play leaves, or, when it also lays cards off or takes melds back, those
    facts (the melds alone would hide them)."""
    if play.lay_off or play.taken_back or play.swaps:
        return [*_swap_claims(position, play), *_play_facts(position, play, "take-back"),
                *_play_facts(position, play, "lay-off")]
    params = {"center": _center(position), "melds": play_melds_text(play),
              "rule": position.rules.rule("take")}
    if play.hand_cards:
        return [Say("play_melds", {**params, "cards": cards_text(play.hand_cards)})]
    return [Say("play_melds_alone", params)]


def _swap_claims(position: Position, play: Play) -> list[Claim]:
    """The joker swaps a play makes first (K5)."""
    with_cards = {"cards": cards_text(play.hand_cards)} if play.hand_cards else {}
    return [Say("swap_with" if play.hand_cards else "swap_alone",
                {"center": _center(position), "card": glyph_of(card), **with_cards,
                 "meld": opponent_meld_text(position, index),
                 "rule": position.rules.rule("swap")})
            for index, card, _ in play.swaps]


def _win_claim(position: Position, play: Play) -> Claim:
    params = {"center": _center(position), "rule": position.rules.rule("win")}
    if play.hand_cards:
        return Say("win_play", {**params, "cards": cards_text(play.hand_cards)})
    return Say("win_play_alone", params)


def verdict_claims(position: Position, analysis: Analysis, question: str) -> list[Claim]:
    """``question`` "usable" or "forceable": the solver's verdict as checked claims."""
    center = _center(position)
    if question == "usable":
        return explanation(position, analysis, "can_use", Answer(flag=analysis.usable), "")
    rule = position.rules.rule("force")
    if not position.rules.forcing:
        return [Say("no_forcing", {"rule": rule})]
    if analysis.forceable:
        return [Say("force_yes", {"center": center, "rule": rule})]
    if any(not p.hand_cards for p in analysis.plays):
        return [Say("force_no_lay_off", {"center": center, "rule": rule})]
    if analysis.usable:
        return [Say("force_no", {"center": center, "rule": rule})]
    return [Say("usable_no", {"center": center, "rule": position.rules.rule("take")})]


def hand_explanation(position: Position) -> list[Claim]:
    """The verdict of a draw (colonel) or closing (conquin) puzzle, with the solver's
    numbers: the pips each draw leaves, or the closing discard, melds and multiplier."""
    analysis = analyze_any(position)
    center = _center(position)
    if isinstance(analysis, DrawAnalysis):
        if analysis.goes_out and analysis.upcard_better:
            out = {"center": center, "rule": position.rules.rule("out")}
            if analysis.discard is None:
                return [Say("draw_out", out)]
            return [Say("draw_out_discard", {**out, "discard": card_text(analysis.discard)})]
        key = "draw_yes" if analysis.upcard_better else "draw_no"
        return [Say(key, {"center": center, "n": analysis.deadwood,
                          "average": average_text(analysis), "unseen": analysis.unseen,
                          "rule": position.rules.rule("score")})]
    assert isinstance(analysis, ClosingAnalysis)
    rule = position.rules.rule("close")
    if not analysis.closes:
        return [Say("close_no", {"center": center, "rule": rule})]
    rule = ids_for(position.rules, RULE_OF["close_yes"][0])  # I9 closes, I10 pays
    center_str = position.to_dict()["center"]
    others = [c for c in analysis.closings if c.to_dict()["discard"] != center_str]
    if not others:  # every closing discards the card taken: the hand closes without it
        any_card = analysis.closings[0].to_dict()
        return [Say("close_any", {"center": center, "m": any_card["multiplier"], "rule": rule,
                                  "melds": closing_melds_text(any_card["melds"])})]
    best = others[0].to_dict()
    return [Say("close_yes", {"center": center, "discard": glyph_of(best["discard"]),
                              "melds": closing_melds_text(best["melds"]),
                              "m": best["multiplier"], "rule": rule})]
