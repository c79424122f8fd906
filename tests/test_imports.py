"""No import cycles in solver/ and tutor/, counting imports inside functions too.

The graph is built from the source with ``ast``: every ``import`` / ``from … import``
statement, at module level or in a function (a late import only hides a cycle), relative
imports resolved against their package.  An edge goes to the module named, or to the
submodule when ``from package import name`` names one; a module's parent packages are
not counted (Python runs them first, but they do not import the module back unless an
edge says so).  Imports under ``if TYPE_CHECKING:`` never run and are left out.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "tutor")

KNOWN: frozenset[tuple[str, str]] = frozenset()
"""Import edges let through (none since issue 28: keep it empty)."""


def modules() -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _type_checking(node):
            for branch in node.orelse:
                yield from _statements(ast.Module(body=[branch], type_ignores=[]))
        else:
            yield from _statements(node)


def _nearest(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that ``name`` (at ``path``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [_nearest(alias.name, known) for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known
                       else _nearest(base, known) for alias in node.names]
        out.update(t for t in targets if t is not None and t != name)
    return out


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles() -> None:
    edges = {name: {t for t in targets if (name, t) not in KNOWN}
             for name, targets in graph().items()}
    found = cycles(edges)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_graph_sees_late_and_relative_imports(tmp_path: Path) -> None:
    # The checker itself: a cycle made only by a function-level relative import is found.
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from pkg import a\n")
    known = {"pkg": pkg / "__init__.py", "pkg.a": pkg / "a.py", "pkg.b": pkg / "b.py",
             "pkg.c": pkg / "c.py"}
    edges = {name: imports_of(name, path, known) for name, path in known.items()}
    assert edges["pkg.b"] == {"pkg.a"} and edges["pkg.c"] == set()
    assert cycles(edges) == [["pkg.a", "pkg.b"]]


@pytest.mark.slow
def test_every_module_imports_first() -> None:
    # What the graph above cannot see: a package's __init__ runs before any of its modules,
    # so a module imported first may meet its own importer half-initialised.  Each module
    # is imported first in a fresh interpreter, a few dozen per process to keep it quick.
    # __main__ modules run a command, migrations run under Alembic: neither is imported.
    names = sorted(n for n in modules()
                   if not n.endswith("__main__") and not n.startswith("tutor.migrations"))
    script = (
        "import importlib, sys\n"
        "bad = []\n"
        "for name in sys.argv[1:]:\n"
        "    before = set(sys.modules)\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as exc:\n"
        "        bad.append(f'{name}: {exc!r}')\n"
        "    for loaded in set(sys.modules) - before:\n"
        "        if loaded.split('.')[0] in ('solver', 'tutor'):\n"
        "            del sys.modules[loaded]\n"
        "print('\\n'.join(bad))\n"
    )
    failures = []
    for start in range(0, len(names), 40):
        run = subprocess.run([sys.executable, "-c", script, *names[start:start + 40]],
                             capture_output=True, text=True, cwd=ROOT, check=False)
        failures += [line for line in run.stdout.splitlines() if line]
        assert run.returncode == 0, run.stderr[-2000:]
    assert not failures, "\n".join(failures)
