"""The one packaging step pyproject.toml cannot state: an installed wheel carries the
site's static files, the bundled puzzle sets and the rule books inside the ``tutor`` package.

Both stay at the repository root in a checkout (``puzzles/*.json`` is where the contract
puts the sets, and ``static/`` is served from there during development); ``tutor.paths``
finds them in either place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# Repository folder -> (folder inside the built package, file patterns to copy).
SITE_FILES = {
    "static": ("tutor/static", ("*",)),
    "puzzles": ("tutor/bundled_puzzles", ("*.json",)),
    "docs/rules": ("tutor/rule_books", ("*.md",)),
}


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


setup(cmdclass={"build_py": BuildWithSiteFiles})
