"""``conquian verify-deal FILE --commitment HASH``: a revealed deal checked against its
commitment, for every registered game; a changed card or a malformed text is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.game.commitment import commitment, committed_text
from solver.game.registry import GAMES, game_rules
from solver.rules import get_profile

SALT = "fedcba9876543210" * 2


def _revealed(rules: str, tmp_path: Path) -> tuple[Path, str]:
    profile = get_profile(rules)
    deal = game_rules(rules).new_match(4, profile, min(3, profile.max_players), {}) \
        .next_hand().deal
    path = tmp_path / "deal.txt"
    path.write_bytes(committed_text(deal, SALT).encode("utf-8"))
    return path, commitment(deal, SALT)


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_revealed_deal_verifies(rules: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path, digest = _revealed(rules, tmp_path)
    assert main(["verify-deal", str(path), "--commitment", digest.upper()]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verified"] is True and answer["sha256"] == digest
    assert answer["rules"] == rules


def test_a_changed_deal_does_not_verify(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path, digest = _revealed("conquian-40", tmp_path)
    lines = path.read_text().split("\n")
    stock = next(i for i, line in enumerate(lines) if line.startswith("stock: "))
    cards = lines[stock].split()
    cards[1], cards[2] = cards[2], cards[1]
    lines[stock] = " ".join(cards)
    path.write_text("\n".join(lines))
    assert main(["verify-deal", str(path), "--commitment", digest]) == 1
    assert json.loads(capsys.readouterr().out)["verified"] is False


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("conquian-deal-v1", "conquian-deal-v9"), "conquian-deal-v1"),
    (lambda t: t.replace("stock: ", "stock: QS "), "dealt twice"),
    (lambda t: t.rstrip("\n"), "newline"),
])
def test_a_malformed_text_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      change: object, message: str) -> None:
    path, digest = _revealed("conquian-40", tmp_path)
    assert callable(change)
    path.write_text(change(path.read_text()))
    with pytest.raises(SystemExit) as exit_:
        main(["verify-deal", str(path), "--commitment", digest])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err


def test_a_bad_commitment_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _digest = _revealed("conquian-40", tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["verify-deal", str(path), "--commitment", "abc"])
    assert exit_.value.code == 2 and "64 hex digits" in capsys.readouterr().err
