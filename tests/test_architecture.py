"""The profile is the authority (issue 28): outside the rules and the game packages no code
names a profile by its id; it asks the RuleProfile's flags and capabilities, or the game
registered for the profile.

Every string constant in the code of solver/ and tutor/ that equals a registered profile id
is a hit (docstrings and comments may name profiles); the ids come from the registry, so an
eighth profile is covered without editing this file.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.rules import PROFILES

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("solver", "tutor")
EXEMPT = ("solver/rules/", "solver/game/")
"""The packages that define the profiles and their games: the only code that knows ids."""

ALLOWED: frozenset[str] = frozenset()
"""Files let through (none: every profile-id comparison left the site and the solver's
non-game code with issue 28; keep it empty)."""


def _docstrings(tree: ast.AST) -> set[int]:
    """Ids of the string constants that stand alone as statements: module, class and
    function docstrings, and the attribute docstrings under an assignment."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def id_literals(source: str, ids: frozenset[str]) -> Iterator[tuple[int, str]]:
    """``(line, id)`` for every string constant of the code equal to one of ``ids``."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value in ids and id(node) not in skip):
            yield node.lineno, node.value


def scanned_files() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for top in SCANNED
                  for path in (ROOT / top).rglob("*.py")
                  if not str(path.relative_to(ROOT)).startswith(EXEMPT))


def hits_in(files: list[str]) -> list[str]:
    ids = frozenset(PROFILES)
    return [f"{name}:{line}: {value!r}" for name in files
            for line, value in sorted(id_literals((ROOT / name).read_text("utf-8"), ids))]


def test_no_profile_id_literal_outside_the_rules_and_games() -> None:
    hits = hits_in([name for name in scanned_files() if name not in ALLOWED])
    assert not hits, "profile ids named outside solver/rules/ and solver/game/ (ask the " \
        "RuleProfile instead):\n" + "\n".join(hits)


def test_the_allowlist_holds_only_tutor_files() -> None:
    assert all(name.startswith("tutor/") for name in ALLOWED)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_an_id_in_code_is_found_and_a_docstring_is_not(profile: str) -> None:
    source = (f'"""About {profile}."""\n'
              f'def f(rules):\n    """{profile}"""\n    x = 1\n    "{profile}"\n'
              f'    return rules.id == "{profile}" or rules.id.startswith({profile!r})\n')
    assert list(id_literals(source, frozenset(PROFILES))) == [(6, profile), (6, profile)]
