"""The deal commitment (solver/game/commitment.py) for every registered game: stable for
one deal and salt, changed by any card moved or another salt, its text read back to the
same deal, and the reveal checked with nothing but SHA-256."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from solver.cards import card_str, cards_of
from solver.game import commitment as c
from solver.game.deal import Deal
from solver.game.errors import InvalidGameError
from solver.game.registry import GAMES, game_rules
from solver.rules import get_profile

SALT = "0123456789abcdef" * 2


def _first_deal(rules: str, seed: int = 7) -> Deal:
    profile = get_profile(rules)
    seats = min(4, profile.max_players)
    state = game_rules(rules).new_match(seed, profile, seats, {}).next_hand()
    deal: Deal = state.deal
    return deal


def _cards(deal: Deal) -> tuple[int, list[Counter[str]], list[str]]:
    """A deal as its cards read: the dealer, each hand as a multiset, the stock in order."""
    return (deal.dealer, [Counter(card_str(x) for x in cards_of(h)) for h in deal.hands],
            [card_str(x) for x in deal.stock])


def _swapped(deal: Deal) -> Deal:
    """The deal with one card of hand 0 and the top stock card exchanged (another card)."""
    hand = cards_of(deal.hands[0])
    mine = next(x for x in hand if card_str(x) != card_str(deal.stock[0]))
    hands = ((deal.hands[0] & ~(1 << mine)) | (1 << deal.stock[0]), *deal.hands[1:])
    return Deal(deal.dealer, hands, (mine, *deal.stock[1:]), deal.rules)


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_the_commitment_is_sha256_of_the_versioned_text(rules: str) -> None:
    deal = _first_deal(rules)
    text = c.deal_text(deal)
    whole = f"conquian-deal-v1\n{SALT}\n{text}"
    assert c.committed_text(deal, SALT) == whole
    assert c.commitment(deal, SALT) == hashlib.sha256(whole.encode()).hexdigest()
    assert c.commitment(deal, SALT) == c.commitment(_first_deal(rules), SALT)  # stable
    assert c.verify(c.commitment(deal, SALT), SALT, text)
    # every line ends with a line break, so a saved file hashes the same
    assert text.endswith("\n") and all(line for line in text[:-1].split("\n"))


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_any_change_changes_the_commitment(rules: str) -> None:
    deal = _first_deal(rules)
    digest = c.commitment(deal, SALT)
    other_salt = SALT[:-1] + "0"
    assert c.commitment(deal, other_salt) != digest
    assert not c.verify(digest, other_salt, c.deal_text(deal))
    moved = _swapped(deal)
    assert c.commitment(moved, SALT) != digest
    assert not c.verify(digest, SALT, c.deal_text(moved))
    # two stock cards exchanged: the order of the stock is committed too
    stock = list(deal.stock)
    j = next(i for i in range(1, len(stock)) if card_str(stock[i]) != card_str(stock[0]))
    stock[0], stock[j] = stock[j], stock[0]
    reordered = Deal(deal.dealer, deal.hands, tuple(stock), deal.rules)
    assert c.commitment(reordered, SALT) != digest
    dealt_by_other = Deal((deal.dealer + 1) % deal.players, deal.hands, deal.stock, deal.rules)
    assert c.commitment(dealt_by_other, SALT) != digest
    assert not c.verify(digest, "not a salt", c.deal_text(deal))


@pytest.mark.parametrize("rules", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_text_reads_back_to_the_engines_deal(rules: str, seed: int) -> None:
    deal = _first_deal(rules, seed)
    text = c.deal_text(deal)
    back = c.parse_deal_text(text)
    assert back.rules is deal.rules
    assert _cards(back) == _cards(deal)
    assert c.deal_text(back) == text
    salt, whole = c.parse_committed_text(c.committed_text(deal, SALT))
    assert salt == SALT and _cards(whole) == _cards(deal)
    # every card of the deck, each as often as the deck holds it
    every = Counter(card_str(x) for x in deal.rules.deck.cards)
    assert sum((h for h in _cards(back)[1]), Counter()) + Counter(_cards(back)[2]) == every


@pytest.mark.parametrize("broken, where", [
    ("rules: nope\ndealer: 0\nhand 0: AS\nhand 1: 2S\nstock: 3S\n", "line 1"),
    ("rules: conquian-40\ndealer: x\nhand 0: AS\nhand 1: 2S\nstock: 3S\n", "line 2"),
    ("rules: conquian-40\ndealer: 0\nhand 1: AS\nhand 1: 2S\nstock: 3S\n", "line 3"),
    ("rules: conquian-40\ndealer: 0\nhand 0: AS\nhand 1: 2S\nstock: 3S", "newline"),
])
def test_a_broken_text_is_refused_saying_where(broken: str, where: str) -> None:
    with pytest.raises(InvalidGameError, match=where):
        c.parse_deal_text(broken)


def test_a_card_dealt_twice_is_refused() -> None:
    text = c.deal_text(_first_deal("conquian-40"))
    first = text.split("hand 0: ")[1].split()[0]
    second = text.split("hand 1: ")[1].split()[0]
    with pytest.raises(InvalidGameError, match="dealt twice"):
        c.parse_deal_text(text.replace(second, first, 1))


def test_the_salts_are_fresh() -> None:
    salts = {c.new_salt() for _ in range(20)}
    assert len(salts) == 20 and all(c.SALT_RE.fullmatch(s) for s in salts)
