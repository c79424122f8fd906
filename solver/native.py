"""Compiled builds of the solver's hot modules, used only while they match the sources.

``scripts/compile`` compiles :data:`MODULES` with mypyc (the compiler mypy and black ship
with) into ``build/native/`` and writes a stamp there: the interpreter's tag and each
source's SHA-256.  When ``solver`` is imported, :func:`install` puts a finder in front of
the import system that loads those extension modules instead of the sources, but only if
every source still matches the stamp: a module edited since the last compile runs as plain
Python until the next one, never as a stale build.  The compiled modules are the same
typed source (``mypy --strict``), so they answer exactly as the Python does; the tests run
against whichever is in use, and ``tests/solver/test_native.py`` compares both.

``CONQUIAN_PURE_PYTHON=1`` turns the builds off.  An installed wheel has no build
directory: a platform wheel built with ``CONQUIAN_COMPILE=1`` (setup.py) carries the
compiled modules beside the sources, which Python's own import system prefers (unless
``CONQUIAN_PURE_PYTHON=1``); the pure wheel runs as Python.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

MODULES: Final = (
    "solver.cards",
    "solver.melds",
    "solver.cover",
    "solver.position",
    "solver.analysis.center",
    "solver.analysis.layoff",
    "solver.analysis.draw",
    "solver.analysis.closing",
    "solver.search.center",
    "solver.search.layoff",
    "solver.search.draw",
    "solver.search.closing",
    "solver.players.hand_shape",
    "solver.players.opponent_model",
    "solver.players.rollout",
)
"""What the analyses spend their time in: card sets, meld tables, the center searches;
and what the expert player spends its time in: reading the opponent's hand, playouts."""

ROOT: Final = Path(__file__).resolve().parent.parent
BUILD: Final = ROOT / "build" / "native"
STAMP: Final = BUILD / "stamp.json"


def source_of(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tag() -> str:
    """The interpreter the extension modules are built for."""
    return f"{sys.implementation.cache_tag}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def current_build(stamp: Path = STAMP, root: Path = ROOT) -> dict[str, Path] | None:
    """Module name -> extension file, when the build at ``stamp`` is complete, made for
    this interpreter and made from today's sources; None otherwise."""
    try:
        data = json.loads(stamp.read_text(encoding="utf-8"))
        if data["tag"] != tag() or sorted(data["sources"]) != sorted(MODULES):
            return None
        files = {name: stamp.parent / path for name, path in data["files"].items()}
        for module, sha in data["sources"].items():
            if digest(source_of(module, root)) != sha or module not in files:
                return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return files if all(path.is_file() for path in files.values()) else None


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


class _SourceFinder(importlib.abc.MetaPathFinder):
    """``CONQUIAN_PURE_PYTHON=1`` in a compiled wheel: the sources installed beside the
    extension modules, which the import system would otherwise prefer."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or path is None:
            return None
        for folder in path:
            source = Path(folder, fullname.rpartition(".")[2] + ".py")
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install() -> bool:
    """Load the compiled modules from now on, if a current build exists.  Must run before
    any of :data:`MODULES` is imported (``solver/__init__.py`` calls it first)."""
    if os.environ.get("CONQUIAN_PURE_PYTHON"):
        if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder())
        return False
    if any(isinstance(finder, _Finder) for finder in sys.meta_path):
        return True
    files = current_build()
    if files is None:
        return False
    sys.meta_path.insert(0, _Finder(files))
    return True


def in_use() -> bool:
    """Whether the compiled modules are the ones loaded: from build/native (the finder) or
    installed beside the sources by a compiled wheel (``CONQUIAN_COMPILE=1``, setup.py)."""
    if any(isinstance(finder, _Finder) for finder in sys.meta_path):
        return True
    spec = importlib.util.find_spec(MODULES[0])
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return spec is not None and spec.origin is not None and spec.origin.endswith(suffixes)


def describe() -> str:
    """Which build runs, for the start-up log and ``/readyz``."""
    return "compiled (mypyc)" if in_use() else "pure Python"
