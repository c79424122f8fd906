"""``conquian verify-deal FILE --commitment HASH``: check a revealed deal against the
commitment shown before the hand (:mod:`solver.game.commitment`): a version-2 reveal (the
list of part hashes and the parts revealed), or a version-1 one (version, salt, deal)."""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import sys
from typing import Any

from solver.cli.common import command, fail
from solver.errors import ConquianError
from solver.game.commitment import HASH_RE, VERSION_2, check_reveal, parse_committed_text


def register(sub: Any) -> None:
    parser = command(
        sub, "verify-deal", run, "check a revealed deal against its commitment",
        "Read the revealed text of a hand (as the table page shows it once the hand is "
        "over) and print its hash as JSON. Version 2: the list of part hashes, then "
        "each revealed part after an empty line; every part must hash to its line of "
        "the list, and the hash printed is the list's. Version 1: version, salt and "
        "deal, whose hash is printed. With --commitment, exit 1 unless every part "
        "matches and the hash is that one.")
    parser.add_argument("file", metavar="FILE", help="the revealed text, or - for standard input")
    parser.add_argument("--commitment", metavar="HASH",
                        help="the commitment shown at the start of the hand (64 hex digits)")


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")


def run(args: argparse.Namespace) -> int:
    expected = None
    if args.commitment is not None:
        expected = args.commitment.strip().lower()
        if not HASH_RE.fullmatch(expected):
            fail("--commitment must be a SHA-256 hash: 64 hex digits")
    raw = _read(args.file)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail(f"{args.file}: not UTF-8 text (byte {exc.start})")
    if text.startswith(VERSION_2 + "\n"):
        return _version_2(args.file, text, expected)
    try:
        _salt, deal = parse_committed_text(text)
    except ConquianError as exc:
        fail(f"{args.file}: {exc}")
    digest = hashlib.sha256(raw).hexdigest()  # the bytes as saved, as sha256sum sees them
    answer: dict[str, Any] = {
        "version": 1, "sha256": digest, "rules": deal.rules.id, "dealer": deal.dealer,
        "hands": len(deal.hands), "stock": len(deal.stock),
    }
    if expected is not None:
        answer["verified"] = hmac.compare_digest(digest, expected)
    print(json.dumps(answer))
    return 0 if answer.get("verified", True) else 1


def _version_2(path: str, text: str, expected: str | None) -> int:
    try:
        checked = check_reveal(text)
    except ConquianError as exc:
        fail(f"{path}: {exc}")
    parts = checked["parts"]
    answer: dict[str, Any] = {
        "version": 2, "sha256": checked["sha256"], "rules": checked["rules"],
        "revealed": [label for label, shown in parts.items() if shown],
        "hidden": [label for label, shown in parts.items() if not shown],
        "mismatched": checked["wrong"],
    }
    if expected is not None:
        answer["verified"] = (not checked["wrong"]
                              and hmac.compare_digest(checked["sha256"], expected))
    print(json.dumps(answer))
    return 0 if answer.get("verified", not checked["wrong"]) else 1
