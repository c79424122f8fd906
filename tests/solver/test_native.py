"""The compiled build of the hot modules (solver.native): used only while it matches the
sources, and answering exactly as the Python does."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver import native, rules

# Each profile's own kind of analysis: the center searches on their built-in corpus, the
# draw and closing searches on random positions whose card is drawn into the hand.
DIGEST_SCRIPT = """
import hashlib, json, random, sys
import solver
from solver.cli.bench import builtin_corpus
from solver.rules import get_profile
from solver.sampling_hand import random_position
from solver.search import analyze_any
out = {"native": solver.native.in_use()}
for name in sys.argv[1:]:
    rules = get_profile(name)
    if rules.analysis == "center":
        corpus = builtin_corpus(size=300, rules=rules)
    else:
        rng = random.Random(2026)
        corpus = [random_position(rules, rng) for _ in range(300)]
    text = json.dumps([analyze_any(p).to_dict() for p in corpus], sort_keys=True)
    out[name] = hashlib.sha256(text.encode()).hexdigest()
print(json.dumps(out))
"""
# The expert's decisions run through the compiled hand reading and playouts: whole hands
# against greedy must go the same way, action for action.
GAMES_SCRIPT = """
import hashlib, json, random
import solver
from solver.game.deal import deal_from_seed
from solver.game.match import hand_seed
from solver.game.playing import play_hand
from solver.game.registry import game_rules
from solver.players.expert import ExpertPlayer
from solver.players.greedy import GreedyPlayer
from solver.rules import get_profile
rules = get_profile("conquian-40")
game = game_rules(rules)
lines = []
actions = 0
for i in range(6):
    deal = deal_from_seed(hand_seed(11, i), i % 2, rules, 2)
    state = play_hand(game.new_hand(deal, ()), [ExpertPlayer(), GreedyPlayer()],
                      random.Random(i))
    lines.append(repr((state.winner, state.history)))
    actions += len(state.history)
print(json.dumps({"native": solver.native.in_use(),
                  "games": hashlib.sha256("\\n".join(lines).encode()).hexdigest(),
                  "actions": actions}))
"""
PROFILES = tuple(sorted(rules.PROFILES))  # every registered game: each analysis kind


def _fake_build(tmp_path: Path, *, tag: str | None = None, sha: str | None = None,
                missing: str | None = None) -> tuple[Path, Path]:
    """A source tree and a stamp for it under ``tmp_path``, spoiled as asked."""
    root, build = tmp_path / "root", tmp_path / "build"
    files = {}
    sources = {}
    for module in native.MODULES:
        source = native.source_of(module, root)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {module}\n")
        sources[module] = hashlib.sha256(source.read_bytes()).hexdigest()
        ext = build / (module + ".so")
        ext.parent.mkdir(parents=True, exist_ok=True)
        if module != missing:
            ext.write_bytes(b"")
        files[module] = ext.name
    if sha is not None:
        sources[native.MODULES[0]] = sha
    stamp = build / "stamp.json"
    stamp.write_text(json.dumps({"tag": tag or native.tag(), "sources": sources,
                                 "files": files}))
    return stamp, root


def test_a_matching_build_is_found(tmp_path: Path) -> None:
    stamp, root = _fake_build(tmp_path)
    files = native.current_build(stamp, root)
    assert files is not None and set(files) == set(native.MODULES)


@pytest.mark.parametrize("spoil", [
    {"sha": "0" * 64},  # a source edited since the compile
    {"tag": "cpython-39-.so"},  # another interpreter
    {"missing": "solver.melds"},  # a module not built
])
def test_a_stale_or_foreign_build_is_never_used(tmp_path: Path, spoil: dict[str, str]
                                                ) -> None:
    stamp, root = _fake_build(tmp_path, **spoil)
    assert native.current_build(stamp, root) is None


def test_an_unreadable_stamp_means_plain_python(tmp_path: Path) -> None:
    stamp = tmp_path / "stamp.json"
    assert native.current_build(stamp) is None  # absent
    stamp.write_text("{not json")
    assert native.current_build(stamp) is None
    stamp.write_text(json.dumps({"tag": native.tag()}))
    assert native.current_build(stamp) is None


def test_the_current_build_is_the_one_loaded() -> None:
    """scripts/test compiles first and sets CONQUIAN_REQUIRE_NATIVE, so there the
    analyses under test are the compiled ones."""
    if os.environ.get("CONQUIAN_PURE_PYTHON"):
        assert not native.in_use()
        return
    current = native.current_build() is not None
    if os.environ.get("CONQUIAN_REQUIRE_NATIVE"):
        assert current, "scripts/compile did not leave a current build"
    assert native.in_use() == current
    import solver.search.layoff

    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    assert solver.search.layoff.__file__ is not None
    assert solver.search.layoff.__file__.endswith(suffix) == current


def _both_ways(*args: str) -> tuple[dict[str, object], dict[str, object]]:
    """What ``python -c *args`` prints (JSON) with the compiled build and without it."""
    if not native.in_use():
        pytest.skip("no current compiled build (scripts/compile)")
    answers = []
    for pure in ("", "1"):
        env = {**os.environ, "CONQUIAN_PURE_PYTHON": pure}
        run = subprocess.run([sys.executable, "-c", *args], env=env,
                             capture_output=True, text=True, check=True,
                             cwd=native.ROOT)
        answers.append(json.loads(run.stdout))
    compiled, python = answers
    assert compiled.pop("native") is True and python.pop("native") is False
    return compiled, python


def test_compiled_and_python_answer_alike() -> None:
    compiled, python = _both_ways(DIGEST_SCRIPT, *PROFILES)
    assert compiled == python


def test_compiled_and_python_players_play_alike() -> None:
    compiled, python = _both_ways(GAMES_SCRIPT)
    assert isinstance(python["actions"], int) and python["actions"] > 100  # six whole hands
    assert compiled == python


def test_pure_python_picks_the_sources_beside_a_compiled_wheels_modules(tmp_path: Path
                                                                         ) -> None:
    """In an installed compiled wheel, CONQUIAN_PURE_PYTHON=1 loads each hot module's .py,
    not the extension module the import system would prefer (a slow test installs one)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in native.MODULES:
        source = native.source_of(module, tmp_path)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        source.with_name(source.stem + suffix).write_bytes(b"")
    finder = native._SourceFinder()
    for module in native.MODULES:
        folder = native.source_of(module, tmp_path).parent
        spec = finder.find_spec(module, [str(folder)])
        assert spec is not None and spec.origin == str(native.source_of(module, tmp_path))
    assert finder.find_spec("solver.rules", [str(tmp_path / "solver")]) is None  # not hot
