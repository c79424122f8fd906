"""The packaging steps pyproject.toml cannot state.

* An installed wheel carries the site's static files, the bundled puzzle sets and the rule
  books inside the ``tutor`` package.  Both stay at the repository root in a checkout
  (``puzzles/*.json`` is where the contract puts the sets, and ``static/`` is served from
  there during development); ``tutor.paths`` finds them in either place.
* ``CONQUIAN_COMPILE=1`` builds a platform wheel whose solver hot modules
  (``solver.native.MODULES``) are compiled with mypyc, like ``scripts/compile`` does for a
  checkout.  Without it the wheel is pure Python (``py3-none-any``), the fallback for any
  machine no platform wheel fits.  It is opt-in so that a plain or editable install never
  needs a C compiler; editable installs ignore it (a compiled module beside an edited
  source would go stale: a checkout uses ``scripts/compile``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# Repository folder -> (folder inside the built package, file patterns to copy).
SITE_FILES = {
    "static": ("tutor/static", ("*",)),
    "puzzles": ("tutor/bundled_puzzles", ("*.json",)),
    "docs/rules": ("tutor/rule_books", ("*.md",)),
}
MYPY = "mypy>=1.10"
"""mypyc ships with mypy; needed only to build a compiled wheel, never at run time."""
# Commands that build code; metadata steps (egg_info, dist_info) need not run mypyc.
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}


class BuildWithSiteFiles(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own folders
        for source, (target, patterns) in SITE_FILES.items():
            for pattern in patterns:
                for path in sorted((ROOT / source).rglob(pattern)):
                    if path.is_file():
                        dest = Path(self.build_lib) / target / path.relative_to(ROOT / source)
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(path, dest)


def compiled_modules() -> list[str]:
    """The sources mypyc compiles: solver.native's list, the one scripts/compile uses
    (read from the file itself, as importing ``solver`` would set up its finder)."""
    spec = importlib.util.spec_from_file_location("_conquian_native", ROOT / "solver/native.py")
    assert spec is not None and spec.loader is not None
    native = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native)
    return [str(native.source_of(module, Path())) for module in native.MODULES]


def compile_options() -> dict[str, Any]:
    if os.environ.get("CONQUIAN_COMPILE") != "1" or "editable_wheel" in sys.argv:
        return {}
    # Asked for as a build requirement, so an isolated build (pip's default) installs mypy.
    options: dict[str, Any] = {"setup_requires": [MYPY]}
    if BUILDING & set(sys.argv):
        try:
            from mypyc.build import mypycify
        except ImportError:
            sys.exit(f"CONQUIAN_COMPILE=1 needs mypyc: pip install '{MYPY}' "
                     "(or build without --no-build-isolation)")
        options["ext_modules"] = mypycify(compiled_modules(), opt_level="3")
    return options


setup(cmdclass={"build_py": BuildWithSiteFiles}, **compile_options())
