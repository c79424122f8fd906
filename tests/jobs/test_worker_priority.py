"""A grading job runs behind the site's requests: its process is niced and SCHED_IDLE, so
it takes only CPU time that no move wants (issue 29: an unniced worker's jobs took most of
a core while moves waited)."""

from __future__ import annotations

import os

from flask import Flask

from tutor.core import priority
from tutor.jobs import queue as jobs
from tutor.jobs.worker import make_worker


def scheduling() -> list[int]:
    """Run as a job (importable by name): the job process's nice value and policy."""
    return [os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0)]


def test_a_grading_job_runs_niced_and_idle(queued_app: Flask) -> None:
    before = [os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0)]
    with queued_app.app_context():
        job = jobs.queue(queued_app).enqueue(scheduling)
        assert make_worker(queued_app).work(burst=True)
        job.refresh()
        nice, policy = job.return_value()
    assert nice >= priority.NICENESS and policy == os.SCHED_IDLE
    # Only the job's own process: the worker (here the test itself) keeps its priority.
    assert [os.getpriority(os.PRIO_PROCESS, 0), os.sched_getscheduler(0)] == before
