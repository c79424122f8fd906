"""Suit relabelling: one puzzle shown under a permutation of the four suits.

The rules treat the suits alike (R1, R4), so renaming them consistently keeps every
answer, theme and explanation true; a learner meeting a puzzle again cannot recall it by
its suits alone. A :class:`SuitPermutation` maps each suit to the suit it is shown as.

What is relabelled: every card of the position and the answer, and every suit glyph
(♠ ♥ ♦ ♣) in the hints and the explanation. What is not: the title (lists show it
unrelabelled) and suits named in words ("eight hearts") - so :func:`fixed_suits` finds
the suits a puzzle's words or title name, and :meth:`SuitPermutation.random` leaves those
in place.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Any, Final

from solver.cards import (
    NUM_SUITS,
    SUIT_GLYPHS,
    SUIT_SYMBOLS,
    Card,
    CardMask,
    card_copy,
    card_rank,
    card_str,
    card_suit,
    is_joker,
    iter_cards,
    make_card,
    mask_of,
    parse_card,
    parse_kind,
)
from solver.errors import ConquianError
from solver.messages import N_


class SuitPermutationError(ConquianError):
    """A text that does not name a permutation of the four suits."""


# Suit words of the puzzle languages (en, pt, es, it, ru), singular and plural, lower case;
# Russian with the cases and suit adjectives a title uses ("восемь треф", "червовая").
# Spanish and Italian have two decks' names; a false match only keeps a suit in place.
_RU_ADJ: Final = ("ый", "ая", "ое", "ые", "ой", "ую", "ого", "ых", "ым", "ыми", "ом")
SUIT_WORDS: Final[tuple[tuple[str, ...], ...]] = (
    ("spade", "spades", "espada", "espadas", "pica", "picas", "picche", "spada",
     "пики", "пик", "пика", "пикам", "пиками", "пиках", *(f"пиков{e}" for e in _RU_ADJ)),
    ("heart", "hearts", "copa", "copas", "corazón", "corazones", "coração", "corações",
     "cuore", "cuori", "coppa", "coppe",
     "черви", "червы", "червей", "черва", "червам", "червями", "червах",
     *(f"червов{e}" for e in _RU_ADJ)),
    ("diamond", "diamonds", "ouro", "ouros", "oro", "oros", "diamante", "diamantes",
     "quadro", "quadri", "denaro", "denari",
     "бубны", "бубен", "бубна", "бубнам", "бубнами", "бубнах", *(f"бубнов{e}" for e in _RU_ADJ)),
    ("club", "clubs", "pau", "paus", "basto", "bastos", "trébol", "tréboles", "trevo", "trevos",
     "fiore", "fiori", "bastone", "bastoni",
     "трефы", "треф", "трефа", "трефам", "трефами", "трефах", *(f"трефов{e}" for e in _RU_ADJ)),
)
# Matched against lower-cased text: re.IGNORECASE makes these alternations several times slower.
_WORD_PATTERNS: Final = tuple(
    re.compile(r"\b(?:" + "|".join(words) + r")\b") for words in SUIT_WORDS
)


@dataclass(frozen=True)
class SuitPermutation:
    """``images[s]`` is the suit that suit ``s`` is shown as (suits in S H D C order)."""

    images: tuple[int, ...]

    def __post_init__(self) -> None:
        if sorted(self.images) != list(range(NUM_SUITS)):
            raise SuitPermutationError(
                N_("{text} is not an order of the four suits S, H, D, C"), text=repr(str(self))
            )

    @classmethod
    def identity(cls) -> SuitPermutation:
        return cls(tuple(range(NUM_SUITS)))

    @classmethod
    def from_str(cls, text: str) -> SuitPermutation:
        """``"HSDC"``: spades shown as hearts, hearts as spades, the rest unchanged."""
        if not isinstance(text, str) or len(text) != NUM_SUITS or any(
            ch not in SUIT_SYMBOLS for ch in text
        ):
            raise SuitPermutationError(
                N_("{text} is not an order of the four suits S, H, D, C"), text=repr(text)
            )
        return cls(tuple(SUIT_SYMBOLS.index(ch) for ch in text))

    def __str__(self) -> str:
        return "".join(SUIT_SYMBOLS[s] if 0 <= s < NUM_SUITS else "?" for s in self.images)

    @classmethod
    def random(cls, rng: random.Random, fixed: Iterable[int] = ()) -> SuitPermutation:
        """A uniformly random permutation that leaves the suits ``fixed`` in place."""
        keep = set(fixed)
        choices = [
            p for p in permutations(range(NUM_SUITS)) if all(p[s] == s for s in keep)
        ]
        return cls(rng.choice(choices))

    @property
    def is_identity(self) -> bool:
        return self.images == tuple(range(NUM_SUITS))

    def inverse(self) -> SuitPermutation:
        back = [0] * NUM_SUITS
        for suit, image in enumerate(self.images):
            back[image] = suit
        return SuitPermutation(tuple(back))

    def card(self, card: Card) -> Card:
        """The card shown for ``card``: same rank (and pack), permuted suit; jokers stay."""
        if is_joker(card):
            return card
        return make_card(card_rank(card), self.images[card_suit(card)], card_copy(card))

    def mask(self, mask: CardMask) -> CardMask:
        return mask_of(self.card(c) for c in iter_cards(mask))

    def code(self, code: str) -> str:
        """A card as written in a puzzle file ("4H", "4♥", "4h"), relabelled, canonical;
        in the larger packs "9S" and a joker in a meld, "*5H" (the card it stands for
        relabelled), too."""
        if code.startswith("*"):
            return "*" + self.code(code[1:]) if code[1:] else code
        try:
            card = parse_card(code)
        except ConquianError:
            card = parse_kind(code)  # a card of the 52-card packs (kunken, cooncan's 40 too)
        return card_str(self.card(card))

    def text(self, text: str) -> str:
        """Every suit glyph of ``text`` replaced by its image (all at once)."""
        table = {
            ord(SUIT_GLYPHS[s]): SUIT_GLYPHS[self.images[s]] for s in range(NUM_SUITS)
        }
        return text.translate(table)


def fixed_suits(title: str, texts: Iterable[str]) -> set[int]:
    """The suits a relabelling must keep: named by glyph in the title (shown unrelabelled
    in lists), or named in words anywhere (words are not rewritten)."""
    keep = {s for s in range(NUM_SUITS) if SUIT_GLYPHS[s] in title}
    for text in (title, *texts):
        lowered = text.lower()
        for suit, pattern in enumerate(_WORD_PATTERNS):
            if pattern.search(lowered):
                keep.add(suit)
    return keep


def _cards(perm: SuitPermutation, value: Any) -> Any:
    """Cards in nested lists relabelled; anything else as it was."""
    if isinstance(value, str):
        return perm.code(value)
    if isinstance(value, list):
        return [_cards(perm, v) for v in value]
    if isinstance(value, Mapping) and "cards" in value:  # a lay-off: {"meld": i, "cards": …}
        return {**value, "cards": _cards(perm, value["cards"])}
    return value


_POSITION_CARDS: Final = ("hand", "melds", "opponent_melds", "center", "laid_off",
                          "opponent_laid_off")
_ANSWER_CARDS: Final = ("plays", "take", "discards")


def relabel_puzzle(data: Mapping[str, Any], perm: SuitPermutation) -> dict[str, Any]:
    """A puzzle in the contract's form (``position``, ``answer``, ``hints``,
    ``explanation``), its cards and suit glyphs relabelled by ``perm``; the title and
    other fields as they were. The input was validated: its cards parse."""
    out = dict(data)
    position = dict(data.get("position") or {})
    for key in _POSITION_CARDS:
        if key in position:
            position[key] = _cards(perm, position[key])
    out["position"] = position
    answer = dict(data.get("answer") or {})
    for key in _ANSWER_CARDS:
        if key in answer:
            answer[key] = _cards(perm, answer[key])
    out["answer"] = answer
    out["hints"] = [perm.text(h) for h in data.get("hints") or []]
    out["explanation"] = perm.text(str(data.get("explanation") or ""))
    return out


def puzzle_fixed_suits(data: Mapping[str, Any]) -> set[int]:
    """:func:`fixed_suits` of a puzzle in the contract's form."""
    texts = [*(data.get("hints") or []), str(data.get("explanation") or "")]
    return fixed_suits(str(data.get("title") or ""), texts)
