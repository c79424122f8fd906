"""A commitment to a shuffled deal: its hash is shown before play, the deal and its salt
after, so anyone can check that the cards were not changed during the hand (issue 29).

The deal of any game is its hand state's ``deal`` (:class:`solver.game.deal.Deal`, which
every game's ``new_hand`` starts from): the dealer, every seat's hand and the stock.  Its
text, version 1, is one line per part, each ending in a newline, cards in the contract
notation (``"4H"``, ``"10D"``, ``"*"`` for a joker) separated by single spaces::

    rules: conquian-40
    dealer: 1
    hand 0: AS 3S 5H ...
    hand 1: ...
    stock: 7D QC ...

A hand is a set of cards (no game reads the order a seat received them in), so its cards
are written in the deck's order: spades, hearts, diamonds, clubs, each ace to king, jokers
last.  The stock is written top card first, in the order it will be drawn; any card turned
face up at the start is its top card.  The committed text is::

    conquian-deal-v1
    <salt: 32 lowercase hex digits>
    <the deal text>

and the commitment is the SHA-256 of its UTF-8 bytes, in lowercase hex: saving the text to
a file and running ``sha256sum`` on it gives the same digest.  The salt keeps the hash from
being matched against guessed deals before the reveal.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Final

from solver.cards import Card, card_kind, card_str, cards_of
from solver.errors import ConquianError
from solver.game.deal import Deal
from solver.game.errors import InvalidGameError
from solver.game.record import parse_deal
from solver.rules import get_profile

VERSION: Final = "conquian-deal-v1"
"""The first line of every committed text; a new encoding gets a new version."""
SALT_RE: Final = re.compile(r"[0-9a-f]{32}")
HASH_RE: Final = re.compile(r"[0-9a-f]{64}")


def new_salt() -> str:
    """A fresh random salt: 16 bytes from the system's secure generator, as hex."""
    return secrets.token_hex(16)


def _in_deck_order(cards: list[Card]) -> list[Card]:
    # Copies of a two-pack card are alike in the text, so the order ignores the copy.
    return sorted(cards, key=lambda card: (card_kind(card), card))


def deal_text(deal: Deal) -> str:
    """The canonical text of a deal (see the module's docstring)."""
    lines = [f"rules: {deal.rules.id}", f"dealer: {deal.dealer}"]
    for seat, hand in enumerate(deal.hands):
        cards = " ".join(card_str(c) for c in _in_deck_order(cards_of(hand)))
        lines.append(f"hand {seat}: {cards}")
    lines.append("stock: " + " ".join(card_str(c) for c in deal.stock))
    return "".join(line.rstrip(" ") + "\n" for line in lines)


def committed_text(deal_or_text: Deal | str, salt: str) -> str:
    """The whole text the commitment hashes: version, salt, deal."""
    if not SALT_RE.fullmatch(salt):
        raise InvalidGameError("a deal's salt must be 32 lowercase hex digits")
    text = deal_or_text if isinstance(deal_or_text, str) else deal_text(deal_or_text)
    return f"{VERSION}\n{salt}\n{text}"


def commitment(deal_or_text: Deal | str, salt: str) -> str:
    """The SHA-256 (lowercase hex) of :func:`committed_text`."""
    return hashlib.sha256(committed_text(deal_or_text, salt).encode("utf-8")).hexdigest()


def verify(digest: str, salt: str, text: str) -> bool:
    """Whether ``digest`` is the commitment of the revealed deal ``text`` and ``salt``
    (a malformed salt never verifies)."""
    if not SALT_RE.fullmatch(salt):
        return False
    return hmac.compare_digest(commitment(text, salt), digest.strip().lower())


def _part(line: str, key: str, number: int) -> str:
    name, sep, value = line.partition(":")
    if not sep or name != key:
        raise InvalidGameError(f"line {number} of the deal must start with '{key}:'")
    return value.strip()


def parse_deal_text(text: str) -> Deal:
    """A deal back from its text, each card checked against its profile's deck (as a game
    record's deal is); :class:`InvalidGameError` names the line that is wrong.  Its text
    is ``text`` again exactly when ``text`` is canonical."""
    if not text.endswith("\n"):
        raise InvalidGameError("a deal's text ends with a newline")
    lines = text[:-1].split("\n")
    if len(lines) < 4:
        raise InvalidGameError("a deal's text has a rules, a dealer, hand and stock lines")
    try:
        rules = get_profile(_part(lines[0], "rules", 1))
    except ConquianError as exc:
        raise InvalidGameError(f"line 1: {exc}") from None
    dealer_text = _part(lines[1], "dealer", 2)
    if not dealer_text.isdigit():
        raise InvalidGameError(f"line 2: the dealer must be a seat number, not {dealer_text!r}")
    hands: list[list[str]] = []
    for number, line in enumerate(lines[2:-1], start=3):
        seat = len(hands)
        hands.append(_part(line, f"hand {seat}", number).split())
    stock = _part(lines[-1], "stock", len(lines)).split()
    return parse_deal({"dealer": int(dealer_text), "hands": hands, "stock": stock}, rules)


def parse_committed_text(text: str) -> tuple[str, Deal]:
    """The salt and the deal of a whole committed text (:func:`committed_text`)."""
    version, _, rest = text.partition("\n")
    if version != VERSION:
        raise InvalidGameError(f"a committed deal starts with the line {VERSION!r}")
    salt, _, deal = rest.partition("\n")
    if not SALT_RE.fullmatch(salt):
        raise InvalidGameError("the second line must be the salt: 32 lowercase hex digits")
    return salt, parse_deal_text(deal)
