"""How the project is put together: the solver imports nothing of the site, tables are made
only by migrations, the documents link only inside the repository, and a wheel
(``pip install .``, not editable) gives a working site and command line."""

from __future__ import annotations

import ast
import importlib.machinery
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from solver import native

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".venv", ".git", "node_modules", "build", "dist", ".pytest_cache",
             ".mypy_cache", ".ruff_cache", "test-artifacts", "instance"}


def _python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module an import statement names, at any depth (inside functions too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    found += [(node.lineno, node.args[0].value) for node in ast.walk(
        ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", ""))
        in ("import_module", "__import__") and node.args
        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]
    return found


def test_the_solver_imports_nothing_of_the_site() -> None:
    offenders = [f"{path.relative_to(ROOT)}:{line} imports {name}"
                 for path in _python_files("solver")
                 for line, name in _imported_modules(path)
                 if name == "tutor" or name.startswith("tutor.")]
    assert offenders == []


def test_the_solver_command_line_loads_without_the_site() -> None:
    code = ("import sys, solver.cli; solver.cli.build_parser(); "
            "print(sorted(m for m in sys.modules if m == 'tutor' or m.startswith('tutor.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_tables_are_only_made_by_migrations() -> None:
    """No code of the site or the solver builds tables from the models (``create_all``)."""
    calls = [f"{path.relative_to(ROOT)}:{node.lineno}"
             for folder in ("solver", "tutor") for path in _python_files(folder)
             if "migrations" not in path.parts
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr == "create_all"]
    assert calls == []


LINK = re.compile(r"\]\(([^)\s]+)[^)]*\)|<((?:https?|ftp)://[^>]+)>|(?<![(<\w])(https?://\S+)")


def _documents() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.md")
                  if not SKIP_DIRS & set(p.relative_to(ROOT).parts))


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, with inline code removed: code is shown as
    text, never made a link."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, re.sub(r"`[^`]*`", "", line)))
    return lines


def test_documents_link_only_inside_the_repository() -> None:
    problems = []
    for doc in _documents():
        for number, line in _prose_lines(doc.read_text(encoding="utf-8")):
            for match in LINK.finditer(line):
                target = next(g for g in match.groups() if g)
                where = f"{doc.relative_to(ROOT)}:{number}"
                if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
                    problems.append(f"{where}: links outside the repository: {target}")
                    continue
                path = target.split("#")[0]
                if path and not (doc.parent / path).exists():
                    problems.append(f"{where}: links to a missing file: {target}")
    assert problems == []
    assert (ROOT / "README.md") in _documents() and (ROOT / "docs" / "deploy.md") in _documents()


def test_the_link_checker_sees_outside_links(tmp_path: Path) -> None:
    assert _prose_lines("a `http://x.y/` b\n```\nhttp://in.code/\n```\nc") == [
        (1, "a  b"), (5, "c")]
    found = [next(g for g in m.groups() if g) for m in LINK.finditer(
        "see <http://127.0.0.1:8000/>, [docs](https://example.org/x) and https://x.y/z; "
        "[here](docs/deploy.md)")]
    assert found == ["http://127.0.0.1:8000/", "https://example.org/x", "https://x.y/z;",
                     "docs/deploy.md"]


def _build_wheel(out: Path, *, compiled: bool) -> Path:
    """``pip wheel .`` offline (no build isolation) into ``out``; ``compiled``: with
    ``CONQUIAN_COMPILE=1``, setup.py's mypyc build of the solver's hot modules."""
    env = {k: v for k, v in os.environ.items() if k != "CONQUIAN_COMPILE"}
    if compiled:
        env["CONQUIAN_COMPILE"] = "1"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "-w", str(out), str(ROOT)], check=True, cwd=out, env=env,
                   capture_output=True, timeout=1800 if compiled else 300)
    (built,) = out.glob("conquian_tutor-*.whl")
    return built


def _install(wheel: Path, target: Path) -> dict[str, str]:
    """The wheel installed into ``target`` (no dependencies: the project venv's serve), and
    the environment that runs it from anywhere but the checkout."""
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
                    "--target", str(target), str(wheel)], check=True, capture_output=True,
                   timeout=300)
    return _env_for(target)


def _env_for(target: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("CONQUIAN_ENV", "DATABASE_URL", "CONQUIAN_PURE_PYTHON", "REDIS_URL")}
    env.update({"PYTHONPATH": str(target), "SECRET_KEY": "wheel"})
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("wheel"), compiled=False)


@pytest.fixture(scope="module")
def compiled_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_wheel(tmp_path_factory.mktemp("compiled-wheel"), compiled=True)


@pytest.mark.slow
def test_the_wheel_carries_every_file_the_site_needs(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        "tutor/static/css/site.css", "tutor/static/js/play.js",
        "tutor/templates/base.html",
        "tutor/translations/pt/LC_MESSAGES/messages.mo",
        "tutor/translations/es/LC_MESSAGES/messages.mo",
        "tutor/migrations/env.py", "tutor/migrations/alembic.ini",
        "tutor/migrations/versions/0001_initial_schema.py",
        "tutor/serving.py", "solver/cli/__init__.py",
    }
    assert wanted <= names, sorted(wanted - names)
    bundled = {Path(n).name for n in names if n.startswith("tutor/bundled_puzzles/")}
    assert bundled == {p.name for p in (ROOT / "puzzles").glob("*.json")}
    books = {n.removeprefix("tutor/rule_books/") for n in names
             if n.startswith("tutor/rule_books/")}
    assert books == {str(p.relative_to(ROOT / "docs" / "rules"))
                     for p in (ROOT / "docs" / "rules").rglob("*.md")}
    # Nothing of the checkout that is not the product.
    assert not [n for n in names if n.startswith(("tests/", "scripts/", "deploy/"))]


@pytest.mark.slow
def test_an_installed_wheel_serves_the_site_and_runs_the_command_line(
        wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site-packages"
    env = _install(wheel, target)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'site.sqlite'}"
    work = tmp_path / "elsewhere"  # nowhere near the checkout
    work.mkdir()

    def run(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run(args, cwd=work, env=env, input=stdin, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    # The database is made by the packaged migrations, the bundled sets loaded.
    run(sys.executable, "-m", "flask", "--app", "tutor", "prepare")
    check = r"""
import json, sys, tutor
from tutor import create_app
app = create_app()
client = app.test_client()
css = client.get("/static/css/site.css")
puzzles = client.get("/puzzles/")
home_pt = client.get("/", headers={"Accept-Language": "pt-BR"})
print(json.dumps({
    "tutor": tutor.__file__,
    "css": [css.status_code, len(css.data)],
    "js": client.get("/static/js/play.js").status_code,
    "puzzles": [puzzles.status_code, puzzles.get_data(as_text=True).count("/puzzles/sets/")],
    "pt": home_pt.get_data(as_text=True),
    "game": client.post("/api/games", json={}).status_code,
    "rules": client.get("/rules/kunken", headers={"Accept-Language": "es"}).status_code,
}))
"""
    found = json.loads(run(sys.executable, "-c", check))
    assert found["tutor"].startswith(str(target))
    assert found["css"][0] == 200 and found["css"][1] > 1000
    assert found["js"] == 200
    assert found["puzzles"][0] == 200 and found["puzzles"][1] >= 6
    assert '<html lang="pt"' in found["pt"] and ">Aprender<" in found["pt"]
    assert found["game"] == 200
    assert found["rules"] == 200
    position = {"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"],
                "melds": [], "center": "6H"}
    analysis = json.loads(run(str(target / "bin" / "conquian"), "analyze", "-",
                              stdin=json.dumps(position)))
    assert analysis["usable"] is True
    assert "serve" in run(sys.executable, "-m", "flask", "--app", "tutor", "--help")


# Run in an installed wheel: which file each hot module was loaded from, what the site says
# at start-up and on /readyz, and the worked example's analysis.
BUILD_CHECK = r"""
import importlib, io, json, logging, sys
import solver
from solver import native
from solver.search import analyze
from solver.position import Position
log = io.StringIO()
logging.getLogger().addHandler(logging.StreamHandler(log))
from tutor import create_app
app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                  "SQLALCHEMY_DATABASE_URI": "sqlite://"})
print(json.dumps({
    "files": {m: importlib.import_module(m).__file__ for m in native.MODULES},
    "log": [line for line in log.getvalue().splitlines() if line.startswith("solver: ")],
    "readyz": app.test_client().get("/readyz").get_json(),
    "analysis": analyze(Position.from_dict(json.loads(sys.argv[1]))).to_dict(),
}))
"""
WORKED = {"hand": ["4H", "5H", "QS", "AC", "2D", "3S", "KD", "JC", "6S", "7D"], "melds": [],
          "opponent_melds": [["KS", "KH", "KC"]], "center": "6H", "stock": 12}


def _build_in(wheel: Path, tmp_path: Path, pure: str = "") -> dict[str, Any]:
    """BUILD_CHECK's answer in the installed wheel (``pure``: CONQUIAN_PURE_PYTHON)."""
    target = tmp_path / "site-packages"
    env = _env_for(target) if target.exists() else _install(wheel, target)
    work = tmp_path / "elsewhere"
    work.mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-c", BUILD_CHECK, json.dumps(WORKED)], cwd=work,
                          env={**env, "CONQUIAN_PURE_PYTHON": pure}, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, Any] = json.loads(done.stdout)
    assert all(f.startswith(str(target)) for f in found["files"].values())
    return found


def _checkout_analysis() -> dict[str, Any]:
    from solver.position import Position
    from solver.search import analyze

    return analyze(Position.from_dict(WORKED)).to_dict()


@pytest.mark.slow
def test_the_platform_wheel_runs_the_compiled_solver(compiled_wheel: Path,
                                                     tmp_path: Path) -> None:
    """``CONQUIAN_COMPILE=1 pip wheel .``: a wheel for this interpreter and platform whose
    hot modules are extension modules, and the site says so."""
    from packaging.tags import sys_tags
    from packaging.utils import parse_wheel_filename

    _, _, _, tags = parse_wheel_filename(compiled_wheel.name)
    assert next(iter(sys_tags())) in tags  # cp311-cp311-linux_x86_64 here, not py3-none-any
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = _build_in(compiled_wheel, tmp_path)
    assert sorted(found["files"]) == sorted(native.MODULES)
    assert [m for m, f in found["files"].items() if not f.endswith(suffixes)] == []
    assert found["log"] == ["solver: compiled (mypyc)"]
    assert found["readyz"]["solver"] == "compiled (mypyc)"
    assert found["analysis"] == _checkout_analysis()
    # CONQUIAN_PURE_PYTHON=1 still falls back to the sources installed beside them.
    pure = _build_in(compiled_wheel, tmp_path, pure="1")
    assert [m for m, f in pure["files"].items() if not f.endswith(".py")] == []
    assert pure["log"] == ["solver: pure Python"]
    assert pure["analysis"] == found["analysis"]


@pytest.mark.slow
def test_the_pure_wheel_runs_the_python_solver(wheel: Path, tmp_path: Path) -> None:
    """The default ``pip wheel .``: the fallback for any platform, no compiled module."""
    assert wheel.name.endswith("-py3-none-any.whl")
    assert [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd"))] == []
    found = _build_in(wheel, tmp_path)
    assert [m for m, f in found["files"].items() if not f.endswith(".py")] == []
    assert found["log"] == ["solver: pure Python"]
    assert found["readyz"]["solver"] == "pure Python"
    assert found["analysis"] == _checkout_analysis()
