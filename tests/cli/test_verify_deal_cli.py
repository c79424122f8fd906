"""``conquian verify-deal FILE --commitment HASH``: a revealed deal checked against its
commitment, for every registered game, in version 1 (the whole deal) and version 2 (the
list of part hashes, some parts hidden); a changed card, salt or hash fails, and a
malformed text is refused saying where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.game.commitment import commitment, commitment_v2, committed_text, reveal_v2
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


# --- version 2: the list of part hashes and the parts revealed ------------------------------


def _revealed_v2(rules: str, tmp_path: Path, hidden: dict[str, str]) -> tuple[Path, str]:
    profile = get_profile(rules)
    deal = game_rules(rules).new_match(4, profile, min(3, profile.max_players), {}) \
        .next_hand().deal
    path = tmp_path / "reveal.txt"
    path.write_bytes(reveal_v2(deal, SALT, hidden)["text"].encode("utf-8"))
    return path, commitment_v2(deal, SALT)


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_version_2_reveal_verifies_with_a_part_hidden(
        rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, digest = _revealed_v2(rules, tmp_path, {"hand 1": "thrown_in", "stock": "gives_away"})
    assert main(["verify-deal", str(path), "--commitment", digest]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verified"] is True and answer["sha256"] == digest
    assert answer["version"] == 2 and answer["rules"] == rules
    assert answer["hidden"] == ["hand 1", "stock"] and "hand 0" in answer["revealed"]


@pytest.mark.parametrize("where", ["salt", "card", "list"])
def test_a_changed_version_2_reveal_does_not_verify(
        where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, digest = _revealed_v2("conquian-40", tmp_path, {})
    text = path.read_text()
    stock = text.rindex("stock: ")
    if where == "salt":  # the stock part's salt, the line above its cards
        at = text.rindex("\n", 0, stock - 1) + 1
    elif where == "card":  # two stock cards exchanged
        cards = text[stock + 7:-1].split()
        cards[0], cards[1] = cards[1], cards[0]
        text = text[:stock + 7] + " ".join(cards) + "\n"
        at = -1
    else:  # the dealer's hash in the list
        at = text.index("dealer: ") + 8
    if at >= 0:
        text = text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1:]
    path.write_text(text)
    assert main(["verify-deal", str(path), "--commitment", digest]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["verified"] is False
    assert answer["mismatched"] == (["dealer"] if where == "list" else ["stock"])
    assert (answer["sha256"] == digest) == (where != "list")


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("hand 0: ", "hand 9: ", 1), "line 4"),
    (lambda t: t + "\nconquian-deal-v2-part\n" + "0" * 64 + "\nhand 7: AS\n", "not a part"),
    (lambda t: t.replace("conquian-deal-v2-part\n", "conquian-deal-v3-part\n", 1), "part 1"),
    (lambda t: t[:t.rindex("stock: ")] + "stock: 9S " + t[t.rindex("stock: ") + 7:], "9S"),
])
def test_a_malformed_version_2_reveal_is_an_error_saying_where(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], change: object,
        message: str) -> None:
    path, digest = _revealed_v2("conquian-40", tmp_path, {})
    assert callable(change)
    path.write_text(change(path.read_text()))
    with pytest.raises(SystemExit) as exit_:
        main(["verify-deal", str(path), "--commitment", digest])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
