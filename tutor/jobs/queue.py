"""The grading queue on Redis (RQ): enqueue a finished hand's review once, and tell whether
it is waiting, running or lost.

One job per hand, whose id is the hand's key (``review-<game id>-<hand>``): a hand enqueued
twice (two requests, a retried move) is one job, and the job stores its review only if none
is stored yet, so a job run twice (retried after its worker died, or a duplicate) stores one
review.  A worker that dies mid-job leaves the job in RQ's started registry; when its
heartbeat lapses (RQ: at most the monitoring interval + 60 s) the next worker's maintenance
puts it back on the queue, ``RETRIES`` times.
"""

from __future__ import annotations

import os
from typing import Final

from flask import Flask, current_app
from redis import Redis
from rq import Queue, Retry, Worker
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

QUEUE: Final = "conquian-grading"
JOB: Final = "tutor.jobs.grading.grade_review"
TIMEOUT: Final = 300
"""Seconds one grading may run before its worker stops it (a long two-pack Kunken hand takes
up to about 25 s on a busy 2-core machine: docs/grading.md)."""
RETRIES: Final = 3
"""Runs after the first when a job fails or its worker dies."""
KEEP: Final = 24 * 3600
"""Seconds a finished or failed job's record is kept (the review itself is in the database)."""

WAITING: Final = frozenset({JobStatus.QUEUED, JobStatus.STARTED, JobStatus.DEFERRED,
                            JobStatus.SCHEDULED})


def redis_url(app: Flask | None = None) -> str | None:
    """The queue's Redis: ``JOBS_REDIS_URL`` in the configuration (tests), else ``REDIS_URL``."""
    config = (app or current_app).config
    return config.get("JOBS_REDIS_URL") or os.environ.get("REDIS_URL") or None


def enabled(app: Flask | None = None) -> bool:
    """Whether finished hands go to the queue: with a Redis to hold it, unless the
    configuration grades inside the request (``REVIEW_GRADING=inline``, the tests')."""
    app = app or current_app
    return app.config.get("REVIEW_GRADING") != "inline" and redis_url(app) is not None


_connections: dict[str, Redis] = {}


def connection(app: Flask | None = None) -> Redis:
    url = redis_url(app)
    if url is None:
        raise RuntimeError("the job queue needs REDIS_URL")
    if url not in _connections:
        _connections[url] = Redis.from_url(url, socket_timeout=10, socket_connect_timeout=5)
    return _connections[url]


def queue(app: Flask | None = None) -> Queue:
    return Queue(QUEUE, connection=connection(app))


def job_id(game_id: str, hand: int) -> str:
    return f"review-{game_id}-{hand}"


def enqueue_review(game_id: str, hand: int) -> Job:
    """Have hand ``hand`` (0 for the first) of game ``game_id`` graded by a worker; a job for
    it still waiting or running is left as it is, and answered."""
    jobs = queue()
    key = job_id(game_id, hand)
    for _ in range(2):
        try:
            return jobs.enqueue(JOB, game_id, hand, job_id=key, unique=True,
                                job_timeout=TIMEOUT, retry=Retry(max=RETRIES),
                                result_ttl=KEEP, failure_ttl=KEEP,
                                description=f"grade hand {hand + 1} of game {game_id}")
        except DuplicateJobError:
            try:
                job = Job.fetch(key, connection=jobs.connection)
            except NoSuchJobError:
                continue  # expired meanwhile: enqueue it again
            if job.get_status() in WAITING:
                return job
            # Finished (its review is then stored: the new run only checks), failed for good
            # or stopped: a new try.
            job.delete()
    raise RuntimeError(f"could not enqueue {key}")  # pragma: no cover (two expiries in a row)


def status(game_id: str, hand: int) -> str | None:
    """The state of the hand's job (an RQ ``JobStatus`` value), or None without one."""
    try:
        job = Job.fetch(job_id(game_id, hand), connection=connection())
    except NoSuchJobError:
        return None
    state = job.get_status()
    return None if state is None else JobStatus(state).value


def workers_listening() -> int:
    """How many workers are registered on the grading queue (a killed one stays listed
    until its registration lapses)."""
    return int(Worker.count(queue=queue()))

