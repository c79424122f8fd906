"""A gunicorn worker's garbage collector (tutor.serving): the site's loaded objects are
frozen and full collections are rare, so that a collection does not stop every stream and
move of a worker for a fifth of a second (issue 29)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# As gunicorn reads the settings (-c python:tutor.serving), then its hooks in a process of
# their own, as in the master (pre_fork) and the worker (post_worker_init).
CHILD = """
import gc, json, sys, types
sys.argv = ["gunicorn", "-c", "python:tutor.serving", "tutor:create_app()"]
from gunicorn.app.wsgiapp import WSGIApplication
cfg = WSGIApplication().cfg
before = gc.get_freeze_count()
cfg.pre_fork(None, None)
frozen_in_master = gc.get_freeze_count()
cfg.post_worker_init(types.SimpleNamespace(cfg=types.SimpleNamespace(threads=1008)))
print(json.dumps({"before": before, "master": frozen_in_master,
                  "worker": gc.get_freeze_count(), "threshold": gc.get_threshold()}))
"""


def test_the_worker_freezes_what_it_loaded_and_collects_rarely() -> None:
    from tutor import serving

    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["before"] == 0 and found["master"] > 0 and found["worker"] >= found["master"]
    assert tuple(found["threshold"]) == serving.GC_THRESHOLDS
    # A full collection after ~t0*t1*t2 allocations: a hundred times Python's 700*10*10.
    assert math.prod(serving.GC_THRESHOLDS) >= 100 * 700 * 10 * 10
