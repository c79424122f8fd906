"""Issue 27 items 9 and 10: sentences that were false or misleading are now refused by the
claim checker, and no hint rung before the solution decides a bundled puzzle's answer."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.analysis import ClosingAnalysis, DrawAnalysis
from solver.claims import Claim, Context, check
from solver.claims.glyphs import JOKER_TEXT
from solver.claims.parse import parse_text
from solver.claims.profiles import explain_center_play, meld_text
from solver.position import Position
from solver.puzzles.profile_hints import hand_explanation, play_claims
from solver.rules import PROFILES, get_profile
from solver.search import analyze, analyze_any
from tests.claims.test_citations import position_of, sentences

LIBRARY = Path(__file__).resolve().parents[2] / "puzzles"
VERDICT = {"can_use": "flag", "can_force": "flag", "draw_upcard": "flag", "close": "flag",
           "win": "plays"}
SAME_KIND = {"look_at": "look", "look_none": "look", "look_none_exposed": "look"}


def english_sets() -> list[dict[str, Any]]:
    return [json.loads(p.read_text("utf-8")) for p in sorted(LIBRARY.glob("*.json"))
            if p.stem.count(".") == 0]


def bundled() -> Iterator[tuple[str, dict[str, Any]]]:
    for data in english_sets():
        for puzzle in data["puzzles"]:
            yield data["ruleset"], puzzle


def _verdict(puzzle: dict[str, Any]) -> bool:
    answer = puzzle["answer"]
    return bool(answer["plays"]) if puzzle["task"] == "win" else bool(next(iter(answer.values())))


def test_rung_kinds_do_not_depend_on_the_answer() -> None:
    # Per game and yes/no task, a kind of rung (at its place in the ladder) that appears
    # only in puzzles answered one way would tell the answer before the solution.
    seen: dict[tuple[str, str], dict[tuple[int, str], set[bool]]] = defaultdict(
        lambda: defaultdict(set))
    for ruleset, puzzle in bundled():
        if puzzle["task"] not in VERDICT:
            continue
        for i, hint in enumerate(puzzle["hints"]):
            for claim in parse_text(hint).claims:
                kind = SAME_KIND.get(claim.key, claim.key)
                seen[ruleset, puzzle["task"]][i, kind].add(_verdict(puzzle))
    checked = 0
    for group, kinds in seen.items():
        answers = set().union(*kinds.values())
        if len(answers) < 2:
            continue
        checked += 1
        one_sided = {k: v for k, v in kinds.items() if v != answers}
        assert not one_sided, (group, one_sided)
    assert checked >= 4


def test_no_rung_names_a_count_that_decides() -> None:
    for ruleset, puzzle in bundled():
        position = Position.from_dict(puzzle["position"])
        for hint in puzzle["hints"]:
            for claim in parse_text(hint).claims:
                # One card short of a win, a count of cards down says "any take wins".
                if claim.key == "cards_down" and ruleset != "conquian-40":
                    win = get_profile(ruleset).win_down or 11
                    assert int(claim.params["count"]) != win - 1, (puzzle["id"], hint)
                # None or all of the hand names the single answer.
                if claim.key == "count_cards":
                    count = int(claim.params["count"])
                    assert count not in (0, position.hand.bit_count()), (puzzle["id"], hint)
                assert claim.key != "count_answers" or "Accepted answers:" not in hint


def test_no_sentence_or_title_names_a_card_by_a_bare_star() -> None:
    bare = re.compile(r"(?<![\w*])\*(?![\w♠♥♦♣])")
    # A joker in a meld reads as its card is drawn, ★5♥, not in the contract's *5♥.
    starred = re.compile(r"\*(?:10|[A2-9JQK])[♠♥♦♣]")
    for _, puzzle in bundled():
        for text in (puzzle["title"], puzzle["explanation"], *puzzle["hints"]):
            assert not bare.search(text) and not starred.search(text), (puzzle["id"], text)
        assert " with —" not in puzzle["explanation"], puzzle["id"]
    rng = random.Random(5)
    for profile in PROFILES:
        for _ in range(60):
            for claim, _ctx in sentences(position_of(profile, rng)):
                said = claim.render()
                assert not bare.search(said) and not starred.search(said), said


def _first(profile: str, want: str, test: Any = None, tries: int = 4000
           ) -> tuple[Claim, Context]:
    rng = random.Random(f"first-{profile}-{want}")
    for _ in range(tries):
        for claim, ctx in sentences(position_of(profile, rng)):
            if claim.key == want and (test is None or test(claim, ctx)):
                return claim, ctx
    raise AssertionError(f"no {want} under {profile}")


def _with(claim: Claim, key: str | None = None, **params: str | int) -> Claim:
    return dataclasses.replace(claim, key=key or claim.key, params={**claim.params, **params})


def test_going_out_with_a_discard_is_not_every_card_down() -> None:
    # Colonel puzzles 9, 11, 12 said "every card of your hand goes down" with a discard.
    claim, ctx = _first("colonel", "draw_out_discard")
    assert check(claim, ctx) is None
    rest = {k: v for k, v in claim.params.items() if k != "discard"}
    assert check(dataclasses.replace(claim, key="draw_out", params=rest), ctx)


def test_the_stock_is_said_as_its_average() -> None:
    claim, ctx = _first("colonel", "draw_yes")
    a = analyze_any(ctx.position)
    assert isinstance(a, DrawAnalysis)
    assert claim.params["average"] == f"{a.stock_total / a.unseen:.1f}"
    assert check(_with(claim, average=str(a.stock_total)), ctx)


def test_closing_by_discarding_the_card_taken_is_refused() -> None:
    # conquin-2 said "take 2♦ and discard 2♦" of a hand that closes without it.
    claim, ctx = _first("conquin", "close_yes")
    assert check(_with(claim, discard=str(claim.params["center"])), ctx)
    any_card, ctx2 = _first("conquin", "close_any")
    a = analyze_any(ctx2.position)
    assert isinstance(a, ClosingAnalysis) and check(any_card, ctx2) is None
    assert [c.key for c in hand_explanation(ctx2.position)] == ["close_any"]


def _lays_off(claim: Claim, ctx: Context) -> bool:
    cards = str(claim.params.get("cards", ""))
    return any(p.lay_off and cards and p.hand_cards
               for p in analyze(ctx.position).plays)


def test_your_melds_become_names_only_the_cards_melded() -> None:
    # 82 sentences named hand cards that were laid off onto the opponent's melds.
    for profile in ("kunken", "kunken-104", "cooncan"):
        rng = random.Random(profile)
        found = 0
        for _ in range(400):
            position = position_of(profile, rng)
            analysis = analyze(position)
            for play in analysis.plays:
                laid = {s for _, cards in play.lay_off or () for s in cards}
                for claim in explain_center_play(analysis, play):
                    if claim.key == "play_melds" and laid:
                        found += 1
                        named = set(str(claim.params["cards"]).split())
                        shown = str(claim.params["melds"])
                        # A hand joker shows in the meld as the card it stands for: ★4♥.
                        assert all(card in shown or (card == JOKER_TEXT and "★" in shown)
                                   for card in named), claim.render()
        assert found or profile == "cooncan"


def test_leaves_your_melds_as_may_not_hide_a_lay_off_or_a_take_back() -> None:
    # kunken-6, kunken-104-4/5/7: the melds alone hid cards taken back or laid off.
    for profile, fact in (("kunken", "take_back_with"), ("kunken", "lay_off_with")):
        claim, ctx = _first(profile, fact)
        play = next(p for p in analyze(ctx.position).plays
                    if p.lay_off or p.taken_back)
        hidden = [c for c in play_claims(ctx.position, analyze(ctx.position), play)
                  if c.key == "play_melds"]
        assert not hidden
    claim, ctx = _first("kunken", "take_back_with")
    analysis = analyze(ctx.position)
    play = next(p for p in analysis.plays if p.taken_back)
    from solver.claims.profile import cards_text, play_melds_text

    melds_only = Claim("play_melds", {"center": claim.params["center"],
                                      "cards": cards_text(play.hand_cards),
                                      "melds": play_melds_text(play),
                                      "rule": ctx.position.rules.rule("take")},
                       book="puzzle_profile")
    if play.hand_cards:
        assert check(melds_only, ctx)


def test_taken_back_names_whole_melds() -> None:
    # "Taken back … first: 10♦ (K9)" named single cards; K9 takes back whole melds.
    for profile in ("kunken", "kunken-40", "kunken-104"):
        claim, ctx = _first(profile, "play_taken_back")
        assert check(claim, ctx) is None
        position = ctx.position
        whole = {meld_text(position.meld_list(m)) for m in position.melds}
        named = str(claim.params["melds"]).split(", ")
        assert named and set(named) <= whole, (claim.render(), whole)
        assert check(_with(claim, melds=str(claim.params["cards"]).replace(" ", "-")), ctx)


def test_win_with_no_hand_card_is_said_alone() -> None:
    claim, ctx = _first("kunken", "win_play_alone")
    assert check(claim, ctx) is None
    assert check(_with(claim, key="win_play", cards="—"), ctx)


def test_the_joker_named_is_the_solvers_own() -> None:
    # A Kunken puzzle said 7♦ where the solver's play shows 7♥.
    claim, ctx = _first("kunken", "joker_stands")
    play = next(p for p in analyze(ctx.position).plays
                if p.hand_cards and any(c.render() == claim.render() for c in play_claims(
                    ctx.position, analyze(ctx.position), p)))
    other = next(k for k in ("7♥", "7♦", "8♠", "J♦") if k != claim.params["card"])
    assert play is not None and check(_with(claim, card=other), ctx)


@pytest.mark.parametrize("flag", [True, False])
def test_cooncan_forcing_follows_seed_001(flag: bool) -> None:
    # C10: only a card that fits your own melds alone may be forced, not a lay-off.
    key = "force_yes" if flag else "force_no_lay_off"
    claim, ctx = _first("cooncan", key)
    assert check(claim, ctx) is None
    assert ctx.analysis.forceable is flag
    swapped = "force_no_lay_off" if flag else "force_yes"
    assert check(dataclasses.replace(claim, key=swapped), ctx)
