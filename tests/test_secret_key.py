"""Production refuses the example SECRET_KEY and short keys at start-up, naming the setting
and the command that makes a good key; development without a key still starts."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from tutor import create_app
from tutor.config import EXAMPLE_SECRET_KEY, MAKE_SECRET_KEY


@pytest.fixture
def production(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("CONQUIAN_ENV", "production")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")  # not contacted at start-up
    return monkeypatch


def example_key() -> str:
    """The key deploy/env.example ships, read from the file an operator copies."""
    env = Path(__file__).parents[1] / "deploy" / "env.example"
    lines = [line for line in env.read_text().splitlines() if line.startswith("SECRET_KEY=")]
    return lines[0].split("=", 1)[1]


@pytest.mark.parametrize(("key", "problem"), [
    (example_key(), "still the example from deploy/env.example"),
    ("a" * 31, "31 bytes long, shorter than 32"),
    ("ñ" * 15, "30 bytes long, shorter than 32"),  # bytes, not characters
    ("", "not set"),
])
def test_production_refuses_the_example_and_short_keys(
        production: pytest.MonkeyPatch, tmp_path: Path, key: str, problem: str) -> None:
    production.setenv("SECRET_KEY", key)
    with pytest.raises(RuntimeError) as refused:
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"SECRET_KEY is {problem}")
    assert MAKE_SECRET_KEY in message


def test_the_example_key_is_the_one_refused() -> None:
    assert example_key() == EXAMPLE_SECRET_KEY


@pytest.mark.parametrize("key", [secrets.token_hex(32), "x" * 32])
def test_production_accepts_a_long_random_key(
        production: pytest.MonkeyPatch, tmp_path: Path, key: str) -> None:
    production.setenv("SECRET_KEY", key)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite"})
    assert app.config["SECRET_KEY"] == key


def test_the_command_in_the_message_makes_an_accepted_key() -> None:
    import subprocess
    import sys

    command = MAKE_SECRET_KEY.replace("python", sys.executable, 1)
    key = subprocess.run(command, shell=True, check=True, capture_output=True,
                         text=True).stdout.strip()
    assert len(key) == 64 and int(key, 16) >= 0


def test_the_deploy_doc_gives_the_command_where_the_key_is_set() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "deploy.md").read_text()
    paragraph = next(p for p in doc.split("\n\n") if "/etc/conquian/env" in p
                     and "SECRET_KEY" in p)
    assert MAKE_SECRET_KEY in paragraph


def test_development_without_a_key_makes_one(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.delenv("CONQUIAN_ENV", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/d.sqlite"})
    assert len(app.config["SECRET_KEY"]) == 64
