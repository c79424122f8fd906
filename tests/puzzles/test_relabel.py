"""Suit relabelling (solver.puzzles.relabel): every bundled puzzle stays right, with the
same themes, under every permutation of the suits; grading maps back; words stay true."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import FULL_DECK, NUM_SUITS, SUIT_GLYPHS, card_rank, card_suit, parse_card
from solver.position import Position
from solver.puzzles import check_answer, grade, parse_puzzle
from solver.puzzles.hand_themes import hand_themes_of
from solver.puzzles.relabel import (
    SuitPermutation,
    SuitPermutationError,
    fixed_suits,
    puzzle_fixed_suits,
    relabel_puzzle,
)
from solver.puzzles.themes import themes_of
from solver.search import analyze, analyze_any

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "puzzles").glob("*.json")) + sorted(
    (ROOT / "tests" / "puzzles_site" / "data").glob("*.json")
)
PUZZLES: list[dict[str, Any]] = [
    p for f in FILES for p in json.loads(f.read_text("utf-8"))["puzzles"]
]
ALL = [SuitPermutation(p) for p in permutations(range(NUM_SUITS))]
perms = st.sampled_from(ALL)


def all_themes(position: Position) -> list[str]:
    """The themes of a position of any profile (the draw and closing ones included)."""
    if position.rules.analysis != "center":
        return hand_themes_of(position, analyze_any(position))
    return themes_of(position, analyze(position))


def test_there_are_puzzles_to_check() -> None:
    assert len(PUZZLES) > 100


@pytest.mark.parametrize(
    ("text", "images"),
    [("SHDC", (0, 1, 2, 3)), ("HSDC", (1, 0, 2, 3)), ("CDHS", (3, 2, 1, 0))],
)
def test_from_str_and_back(text: str, images: tuple[int, ...]) -> None:
    perm = SuitPermutation.from_str(text)
    assert perm.images == images and str(perm) == text


@pytest.mark.parametrize("text", ["", "SHD", "SHDD", "SHDX", "shdc", "SHDCS", None, 4])
def test_bad_permutations_are_refused_naming_the_text(text: Any) -> None:
    with pytest.raises(SuitPermutationError, match="not an order of the four suits"):
        SuitPermutation.from_str(text)


@given(perms)
def test_cards_keep_their_rank_and_inverse_undoes(perm: SuitPermutation) -> None:
    for code in ("AS", "7H", "JD", "KC", "4H"):
        card = parse_card(code)
        moved = perm.card(card)
        assert card_rank(moved) == card_rank(card)
        assert card_suit(moved) == perm.images[card_suit(card)]
        assert perm.inverse().card(moved) == card
    assert perm.mask(FULL_DECK) == FULL_DECK  # a bijection of the deck


@given(perms)
def test_glyphs_in_text_move_all_at_once(perm: SuitPermutation) -> None:
    text = "Take 6♥ with 4♥ 5♥; then Q♠ Q♦ Q♣ (R8)."
    out = perm.text(text)
    glyph = {g: SUIT_GLYPHS[perm.images[s]] for s, g in enumerate(SUIT_GLYPHS)}
    assert out == "".join(glyph.get(ch, ch) for ch in text)
    assert perm.inverse().text(out) == text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PUZZLES), perms)
def test_a_relabelled_puzzle_is_still_right_with_the_same_themes(
    data: dict[str, Any], perm: SuitPermutation
) -> None:
    """The solver confirms the relabelled answer, and the themes the validator checks hold."""
    moved = parse_puzzle(relabel_puzzle(data, perm), "relabelled")
    assert [str(p) for p in check_answer(moved)] == []
    original = parse_puzzle(data, "original")
    assert all_themes(moved.position) == all_themes(original.position)


def test_every_bundled_puzzle_is_right_under_a_random_permutation() -> None:
    rng = random.Random(13)
    for data in PUZZLES:
        perm = SuitPermutation.random(rng, puzzle_fixed_suits(data))
        moved = parse_puzzle(relabel_puzzle(data, perm), "relabelled")
        assert [str(p) for p in check_answer(moved)] == [], (data["id"], str(perm))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([p for p in PUZZLES if p["task"] in ("find_play", "win", "discard")]),
       perms)
def test_answers_given_in_the_shown_suits_grade_right_once_mapped_back(
    data: dict[str, Any], perm: SuitPermutation
) -> None:
    original = parse_puzzle(data, "original")
    moved = relabel_puzzle(data, perm)
    if data["task"] == "discard":
        shown = moved["answer"]["discards"][0]
        response = {"discard": perm.inverse().code(shown)}
    elif moved["answer"]["plays"]:
        shown_cards = moved["answer"]["plays"][0]
        response = {"hand_cards": [perm.inverse().code(c) for c in shown_cards]}
    else:
        response = {"hand_cards": None}
    assert grade(original, response).correct


def test_hints_explanation_and_cards_follow_the_permutation() -> None:
    # ♣ becomes ♥ below, so a puzzle that also names 6♣ would show 6♥ again.
    data = next(p for p in PUZZLES if "6♥" in p["explanation"] and "6♣" not in p["explanation"])
    perm = SuitPermutation.from_str("DCSH")  # ♠→♦ ♥→♣ ♦→♠ ♣→♥
    moved = relabel_puzzle(data, perm)
    assert moved["title"] == data["title"]
    assert "6♥" not in moved["explanation"] and "6♣" in moved["explanation"]
    assert moved["position"]["center"] == perm.code(data["position"]["center"])
    assert [perm.text(h) for h in data["hints"]] == moved["hints"]


@pytest.mark.parametrize(
    ("title", "texts", "kept"),
    [
        ("Eight hearts", [], {1}),
        ("Can you take 5♥?", ["Look at 4♣."], {1}),
        ("Ocho tréboles seguidos", [], {3}),
        ("Oito de paus seguidas", [], {3}),
        ("Oito copas", [], {1}),
        ("Otto cuori", [], {1}),
        ("Otto fiori di fila", [], {3}),
        ("Восемь треф подряд", [], {3}),
        ("Восемь червей", [], {1}),
        ("Take 6♦", ["Бубновая семёрка.", "Tre picche."], {0, 2}),
        ("Lay down the run", ["Every diamond counts."], {2}),
        ("Lay down the run", ["Look at 6♥ and its neighbours in its suit."], set()),
        ("Take J♦, then discard", ["Spades and clubs."], {0, 2, 3}),
    ],
)
def test_suits_named_in_words_or_titles_stay(title: str, texts: list[str], kept: set[int]) -> None:
    assert fixed_suits(title, texts) == kept
    rng = random.Random(3)
    drawn = [SuitPermutation.random(rng, kept) for _ in range(200)]
    assert all(p.images[s] == s for p in drawn for s in kept)
    # Every permutation that keeps those suits comes up: 4! / (fixed ones) of them.
    expected = sum(1 for p in ALL if all(p.images[s] == s for s in kept))
    assert len(set(drawn)) == expected


def test_every_translation_keeps_the_suits_its_original_keeps() -> None:
    """A title that names a suit in words ("Eight clubs in a row") names it in every language,
    so each language's words must be known, or the translation would be dealt relabelled."""
    library = ROOT / "puzzles"
    kept: dict[str, list[set[int]]] = {}  # per English set, each puzzle's fixed suits
    for path in sorted(library.glob("*.*.json")):
        data = json.loads(path.read_text("utf-8"))
        source = data["translation_of"]
        if source not in kept:
            original = json.loads((library / f"{source}.json").read_text("utf-8"))
            kept[source] = [puzzle_fixed_suits(p) for p in original["puzzles"]]
        mine = [puzzle_fixed_suits(p) for p in data["puzzles"]]
        assert mine == kept[source], path.name
    assert any(s for suits in kept.values() for s in suits)  # some titles do name suits


def test_random_permutations_are_uniform() -> None:
    rng = random.Random(5)
    counts = Counter(SuitPermutation.random(rng) for _ in range(24_000))
    assert len(counts) == 24
    assert all(800 < n < 1200 for n in counts.values())  # 1,000 expected each
