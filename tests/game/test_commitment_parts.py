"""Version 2 of the deal commitment (solver/game/commitment.py), for every registered game:
the commitment recomputes from the module docstring's recipe with hashlib alone; once a hand
is over each viewer (every seat, and a spectator, shown the hands or not) is revealed no
card of a part they may not see, nor anything that gives it away; and changing any revealed
part or any hash of the list fails the check."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import pytest

from solver.cards import card_str
from solver.game import commitment as c
from solver.game.deal import deal_from_seed
from solver.game.errors import InvalidGameError
from solver.game.playing import play_hand
from solver.game.registry import GAMES, game_rules, players_of
from solver.rules import get_profile

SALT = "00112233445566778899aabbccddeeff"


def _hmac_sha256(key: bytes, message: bytes) -> str:
    """HMAC-SHA256 written out with hashlib (RFC 2104), apart from the module's ``hmac``."""
    key = key.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(k ^ 0x36 for k in key) + message).digest()
    return hashlib.sha256(bytes(k ^ 0x5C for k in key) + inner).hexdigest()


def _finished(rules: str, seed: int) -> Any:
    """A hand of ``rules`` played to its end by random players (Conquin: four seats, so
    that some pass)."""
    profile = get_profile(rules)
    seats = min(4, profile.max_players)
    state = game_rules(rules).new_hand(deal_from_seed(seed, seed % seats, profile, seats), ())
    players = [players_of(rules)["random"]() for _ in range(seats)]
    return play_hand(state, players, random.Random(seed))


def _shows(state: Any) -> Any:
    shows = game_rules(state.deal.rules).shows_hand
    return None if shows is None else (lambda seat: shows(state, seat))


def _lines(state: Any) -> list[str]:
    """The deal's lines (rules, dealer, each hand, stock) read straight off the deal."""
    deal = state.deal
    hands = [" ".join(card_str(x) for x in sorted(
        (x for x in range(256) if h >> x & 1), key=lambda x: (x % 52 if x < 104 else x, x)))
        for h in deal.hands]
    return [f"dealer: {deal.dealer}", *(f"hand {s}: {h}" for s, h in enumerate(hands)),
            "stock: " + " ".join(card_str(x) for x in deal.stock)]


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_the_commitment_recomputes_from_the_docstring_recipe(rules: str) -> None:
    state = _finished(rules, 1)
    lines = [line.rstrip(" ") for line in _lines(state)]
    assert [line + "\n" for line in lines] == list(c.part_lines(state.deal).values())
    listed = f"conquian-deal-v2\nrules: {rules}\n"
    for line in lines:
        label = line.partition(":")[0]
        salt = _hmac_sha256(SALT.encode("ascii"), label.encode())
        part = f"conquian-deal-v2-part\n{salt}\n{line}\n"
        listed += f"{label}: {hashlib.sha256(part.encode()).hexdigest()}\n"
    assert c.commitment_v2(state.deal, SALT) == hashlib.sha256(listed.encode()).hexdigest()
    assert c.reveal_v2(state.deal, SALT, {})["root"] == listed
    assert c.commitment_v2(state.deal, SALT[::-1]) != c.commitment_v2(state.deal, SALT)


def _cards(line: str) -> Counter[str]:
    return Counter(line.partition(":")[2].split()) if not line.startswith("dealer") \
        else Counter()


@pytest.mark.parametrize("rules", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_viewer_is_never_revealed_a_part_they_may_not_see(rules: str, seed: int) -> None:
    state = _finished(rules, seed)
    deal = state.deal
    lines = c.part_lines(deal)
    shows = _shows(state)
    deck = Counter(card_str(x) for x in deal.rules.deck.cards)
    # every seat; a spectator shown the finished hand; one not shown it (no hand at all)
    for viewer, sees in [*((s, True) for s in range(deal.players)), (None, True),
                         (None, False)]:
        reveal = c.reveal_v2(deal, SALT, c.hidden_parts(deal, viewer, shows, sees))
        parts = {p["label"]: p for p in reveal["parts"]}
        must_hide = {f"hand {s}" for s in range(deal.players)
                     if s != viewer and (not sees or (shows is not None and not shows(s)))}
        assert must_hide <= {label for label, p in parts.items() if p["text"] is None}
        if viewer is not None:
            assert parts[f"hand {viewer}"]["text"] is not None  # one's own hand, always
        assert parts["dealer"]["text"] is not None
        assert SALT not in repr(reveal)  # the deal's salt would unlock every part
        shown = sum((_cards(lines[label]) for label, p in parts.items() if p["text"]),
                    Counter())
        assert all(p["text"] is None or p["text"].endswith(lines[label])
                   for label, p in parts.items())
        for label in must_hide:
            hidden = _cards(lines[label])
            # no copy of its cards beyond what the deck holds besides it, ...
            assert all(shown[k] + hidden[k] <= deck[k] for k in hidden), (viewer, label)
            # ... nor the rest of the deck shown, which would leave exactly its cards
            assert deck - shown != hidden, (viewer, label)
            assert lines[label] not in reveal["text"]
            assert parts[label]["hidden"] == (c.THROWN_IN if sees else c.NOT_SHOWN)
        assert (parts["stock"]["text"] is None) == bool(must_hide)


def test_a_conquin_hand_thrown_in_is_hidden_from_the_others() -> None:
    """The case the version exists for does occur: random players pass."""
    state = next(s for s in (_finished("conquin", seed) for seed in range(1, 20))
                 if not all(_shows(s)(seat) for seat in range(s.deal.players)))
    thrown = next(seat for seat in range(state.deal.players) if not _shows(state)(seat))
    other = (thrown + 1) % state.deal.players
    hidden = c.hidden_parts(state.deal, other, _shows(state))
    assert hidden == {f"hand {thrown}": c.THROWN_IN, **hidden, "stock": c.GIVES_AWAY}
    assert f"hand {thrown}" not in c.hidden_parts(state.deal, thrown, _shows(state))


def _tampered(text: str, at: int) -> str:
    """``text`` with the hex digit or card letter at ``at`` changed."""
    swap = {"0": "1", "S": "H", "H": "S", "D": "C", "C": "D"}
    new = swap.get(text[at], "0" if text[at] != "0" else "1")
    return text[:at] + new + text[at + 1:]


def _refused(text: str) -> bool:
    try:
        c.check_reveal(text)
    except InvalidGameError:
        return True
    return False


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_changing_any_revealed_part_or_hash_fails(rules: str) -> None:
    state = _finished(rules, 2)
    deal = state.deal
    digest = c.commitment_v2(deal, SALT)
    reveal = c.reveal_v2(deal, SALT, c.hidden_parts(deal, 0, _shows(state)))
    checked = c.check_reveal(reveal["text"])
    assert checked["sha256"] == digest and checked["wrong"] == []
    assert checked["parts"] == {p["label"]: p["text"] is not None for p in reveal["parts"]}
    root, parts = c.split_reveal(reveal["text"])
    for number, part in enumerate(parts):
        label = part.split("\n")[2].partition(":")[0]
        salt_at, card_at = part.index("\n") + 5, part.rindex(" ") + 1  # its salt, a card
        for at in (salt_at, card_at):
            changed = [*parts]
            changed[number] = _tampered(part, at)
            text = root + "".join("\n" + p for p in changed)
            if at == card_at and label != "dealer" and _refused(text):
                continue  # a card the deck does not hold: refused outright
            assert c.check_reveal(text)["wrong"] == [label], (label, at)
    for number, line in enumerate(root.split("\n")[2:-1]):
        lines = root.split("\n")
        lines[2 + number] = _tampered(line, len(line) - 1)
        text = "\n".join(lines) + "".join("\n" + p for p in parts)
        checked = c.check_reveal(text)
        assert checked["sha256"] != digest  # the list no longer hashes to the commitment
