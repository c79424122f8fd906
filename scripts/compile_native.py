"""Build solver.native.MODULES with mypyc into build/native and write the stamp.

mypyc runs on a copy of the package (build/native/work), so the extension modules never
sit next to the sources: solver.native loads them only while each source still hashes to
what was compiled.
"""

from __future__ import annotations

import importlib.machinery
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.native import BUILD, MODULES, ROOT, STAMP, current_build, digest, source_of, tag


def main(argv: list[str]) -> int:
    if "--force" not in argv and current_build() is not None:
        print("build/native is current")
        return 0
    shutil.rmtree(BUILD, ignore_errors=True)  # never a half-made build beside a stamp
    work = BUILD / "work"
    work.mkdir(parents=True)
    shutil.copytree(ROOT / "solver", work / "solver",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    sources = {module: digest(source_of(module, work)) for module in MODULES}
    paths = [str(source_of(module, work).relative_to(work)) for module in MODULES]
    print(f"compiling {len(paths)} modules with mypyc (about half a minute)...", flush=True)
    result = subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=work,
                            capture_output=True, text=True, check=False)
    if result.returncode:
        sys.stderr.write(result.stdout[-3000:] + result.stderr[-3000:])
        print("error: mypyc failed; the solver runs as plain Python", file=sys.stderr)
        return 1
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = {}
    for module in MODULES:
        source = source_of(module, work)
        file = source.with_name(source.stem + suffix)
        if not file.is_file():
            print(f"error: mypyc made no {file.name} for {module}", file=sys.stderr)
            return 1
        files[module] = str(file.relative_to(BUILD))
    for group in work.glob(f"*__mypyc{suffix}"):  # the shared library the modules import
        files[group.name[: -len(suffix)]] = str(group.relative_to(BUILD))
    STAMP.write_text(json.dumps({"tag": tag(), "sources": sources, "files": files},
                                indent=1, sort_keys=True), encoding="utf-8")
    print(f"compiled into {BUILD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
