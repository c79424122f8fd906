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

Version 2 commits each part on its own, so that a part one viewer may not see (a Conquin
hand thrown in, I7) can stay hidden while every other part is revealed and checked.  The
parts are labelled ``dealer``, ``hand 0``, ``hand 1``, ... and ``stock``; a part's line is
its line of the deal text above (``dealer: 1``, ``hand 0: AS 3S ...``, ``stock: ...``,
ending in a newline).  Each part gets its own salt, the HMAC-SHA256 (lowercase hex) keyed
by the deal's salt (its 32 hex digits as ASCII text) of the label::

    printf '%s' 'hand 0' | openssl dgst -sha256 -hmac <deal salt>

The part's committed text, and its hash (SHA-256 of the UTF-8 bytes, lowercase hex)::

    conquian-deal-v2-part
    <part salt: 64 lowercase hex digits>
    <the part's line>

The commitment is the SHA-256 of the list of the part hashes, in that order::

    conquian-deal-v2
    rules: conquian-40
    dealer: <hash of the dealer part>
    hand 0: <hash of hand 0's part>
    hand 1: ...
    stock: <hash of the stock part>

The reveal gives every viewer this list, and the committed text of each part they may see;
the deal's salt itself is never shown (with it any part's salt could be worked out, and a
hidden hand found by trying them all), only the salts of the parts revealed.  Saved to a
file, the list and each revealed part hash with ``sha256sum`` to the commitment and to its
line of the list.  The reveal as one text (what ``conquian verify-deal`` reads) is the list,
then each revealed part's committed text after an empty line.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any, Final

from solver.cards import Card, card_kind, card_str, cards_of
from solver.errors import ConquianError
from solver.game.deal import Deal
from solver.game.errors import InvalidGameError
from solver.game.record import parse_deal
from solver.rules import RuleProfile, get_profile

VERSION: Final = "conquian-deal-v1"
"""The first line of every committed text; a new encoding gets a new version."""
SALT_RE: Final = re.compile(r"[0-9a-f]{32}")
HASH_RE: Final = re.compile(r"[0-9a-f]{64}")
VERSION_2: Final = "conquian-deal-v2"
"""The first line of a version-2 commitment's list of part hashes."""
PART_VERSION: Final = "conquian-deal-v2-part"
"""The first line of every version-2 part's committed text."""
DEALER: Final = "dealer"
STOCK: Final = "stock"
THROWN_IN: Final = "thrown_in"
"""Why a hand is hidden: the game keeps it face down (``GameRules.shows_hand``)."""
GIVES_AWAY: Final = "gives_away"
"""Why the stock is hidden: with the parts shown it would give a hidden hand away."""
NOT_SHOWN: Final = "not_shown"
"""Why a hand is hidden from a spectator: nobody showed them the finished hand."""


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


# --- version 2: every part committed on its own ------------------------------------------


def part_lines(deal: Deal) -> dict[str, str]:
    """Each part's label and its line of :func:`deal_text`, in the committed order."""
    lines = deal_text(deal).split("\n")[1:-1]  # the rules line is the list's, not a part
    return {line.partition(":")[0]: line + "\n" for line in lines}


def part_salt(salt: str, label: str) -> str:
    """A part's own salt: HMAC-SHA256 keyed by the deal's salt, of the part's label."""
    if not SALT_RE.fullmatch(salt):
        raise InvalidGameError("a deal's salt must be 32 lowercase hex digits")
    return hmac.new(salt.encode("ascii"), label.encode("utf-8"), hashlib.sha256).hexdigest()


def part_text(salt_of_part: str, line: str) -> str:
    """A part's committed text: version, the part's salt, its line."""
    return f"{PART_VERSION}\n{salt_of_part}\n{line}"


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def root_text(rules_id: str, hashes: Mapping[str, str]) -> str:
    """The list of part hashes the version-2 commitment hashes."""
    return f"{VERSION_2}\nrules: {rules_id}\n" + "".join(
        f"{label}: {digest}\n" for label, digest in hashes.items())


def part_hashes(deal: Deal, salt: str) -> dict[str, str]:
    return {label: sha256_hex(part_text(part_salt(salt, label), line))
            for label, line in part_lines(deal).items()}


def commitment_v2(deal: Deal, salt: str) -> str:
    """The version-2 commitment: the SHA-256 of :func:`root_text`."""
    return sha256_hex(root_text(deal.rules.id, part_hashes(deal, salt)))


def hidden_parts(deal: Deal, viewer: int | None,
                 shows_hand: Callable[[int], bool] | None,
                 sees_hands: bool = True) -> dict[str, str]:
    """The parts a viewer (a seat, or ``None`` for a spectator) may not see once the hand
    is over, with why: a hand the game keeps face down (``shows_hand`` false for its seat;
    a seat always sees its own), every other seat's hand when not ``sees_hands`` (a
    spectator nobody showed the hands), and then the stock too: the deck less the stock
    and the hands shown would be the hidden hands' cards, and its order would tell which
    cards were drawn into them."""
    hidden = {f"hand {seat}": THROWN_IN if sees_hands else NOT_SHOWN
              for seat in range(deal.players)
              if seat != viewer and (not sees_hands or (shows_hand is not None
                                                        and not shows_hand(seat)))}
    if hidden:
        hidden[STOCK] = GIVES_AWAY
    return hidden


def reveal_v2(deal: Deal, salt: str, hidden: Mapping[str, str]) -> dict[str, Any]:
    """What one viewer gets at the end: the list of part hashes (``root``), and each part
    with its ``hash``, and either its committed ``text`` or the reason it stays ``hidden``;
    ``text``: the whole reveal as one text (see the module's docstring)."""
    lines = part_lines(deal)
    hashes = part_hashes(deal, salt)
    root = root_text(deal.rules.id, hashes)
    parts = []
    for label, line in lines.items():
        shown = label not in hidden
        parts.append({"label": label, "hash": hashes[label],
                      "text": part_text(part_salt(salt, label), line) if shown else None,
                      "hidden": None if shown else hidden[label]})
    whole = root + "".join("\n" + p["text"] for p in parts if p["text"] is not None)
    return {"version": 2, "root": root, "parts": parts, "text": whole}


def parse_root_text(root: str) -> tuple[str, dict[str, str]]:
    """The rules id and the part hashes of a version-2 list; :class:`InvalidGameError`
    names the line that is wrong."""
    if not root.endswith("\n"):
        raise InvalidGameError("the list of part hashes ends with a newline")
    lines = root[:-1].split("\n")
    if lines[0] != VERSION_2:
        raise InvalidGameError(f"the list of part hashes starts with the line {VERSION_2!r}")
    if len(lines) < 5:
        raise InvalidGameError("the list has a rules, a dealer, hand and stock lines")
    rules = _part(lines[1], "rules", 2)
    labels = [DEALER, *(f"hand {seat}" for seat in range(len(lines) - 4)), STOCK]
    hashes = {}
    for number, (label, line) in enumerate(zip(labels, lines[2:], strict=True), start=3):
        digest = _part(line, label, number)
        if not HASH_RE.fullmatch(digest):
            raise InvalidGameError(f"line {number}: a part's hash is 64 lowercase hex digits")
        hashes[label] = digest
    return rules, hashes


def parse_part_text(text: str, number: int, rules: RuleProfile) -> tuple[str, str]:
    """The label and line of one revealed part's committed text (the ``number``-th), each
    card checked against the profile's deck."""
    lines = text.split("\n")
    if len(lines) != 4 or lines[0] != PART_VERSION or lines[3] != "":
        raise InvalidGameError(
            f"part {number}: three lines, {PART_VERSION!r}, its salt and its line")
    if not HASH_RE.fullmatch(lines[1]):
        raise InvalidGameError(f"part {number}: its salt is 64 lowercase hex digits")
    label, sep, cards = lines[2].partition(":")
    if not sep:
        raise InvalidGameError(f"part {number}: its line starts with its label and ':'")
    if label != DEALER:
        for token in cards.split():
            try:
                rules.deck.parse(token)
            except ConquianError as exc:
                raise InvalidGameError(f"part {number} ({label}): {exc}") from None
    return label, lines[2] + "\n"


def split_reveal(text: str) -> tuple[str, list[str]]:
    """The list and the revealed parts' committed texts of a whole reveal text."""
    if not text.endswith("\n"):
        raise InvalidGameError("a revealed deal's text ends with a newline")
    blocks = text[:-1].split("\n\n")
    return blocks[0] + "\n", [block + "\n" for block in blocks[1:]]


def check_reveal(text: str) -> dict[str, Any]:
    """A whole version-2 reveal text checked: its ``rules``, the SHA-256 of its list
    (``sha256``: the commitment it must match), each part of the list and whether it is
    ``revealed``, and the revealed parts whose committed text does not hash to their line
    of the list (``wrong``).  :class:`InvalidGameError` names what is malformed (a part
    revealed twice or not in the list too)."""
    root, parts = split_reveal(text)
    rules, hashes = parse_root_text(root)
    try:
        profile = get_profile(rules)
    except ConquianError as exc:
        raise InvalidGameError(f"line 2: {exc}") from None
    shown = dict.fromkeys(hashes, False)
    wrong = []
    for number, part in enumerate(parts, start=1):
        label, _line = parse_part_text(part, number, profile)
        if label not in hashes:
            raise InvalidGameError(f"part {number}: {label!r} is not a part of the list")
        if shown[label]:
            raise InvalidGameError(f"part {number}: {label!r} is revealed twice")
        shown[label] = True
        if not hmac.compare_digest(sha256_hex(part), hashes[label]):
            wrong.append(label)
    return {"rules": rules, "sha256": sha256_hex(root), "parts": shown, "wrong": wrong}
