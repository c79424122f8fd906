"""``flask --app tutor jobs worker``: a grading worker, RQ's forking worker on the grading
queue inside the site's application context (each job runs in a fresh fork of it, so a job
that crashes or overruns ``TIMEOUT`` takes only its own process with it).

A worker killed outright leaves its job started: RQ's maintenance, run by any worker every
``--maintenance`` seconds, puts it back on the queue once its heartbeat has lapsed.  The
worker's own registration lapses ``--ttl`` seconds after it last answered, and the review
page stops counting on it then (it grades the hand itself when no worker is listening).
"""

from __future__ import annotations

import click
from flask import Flask, current_app
from flask.cli import AppGroup
from rq import Queue, Worker
from rq.job import Job

import tutor.jobs.grading  # noqa: F401  (loaded once here, not in every job's fork)
from tutor.core import priority
from tutor.extensions import db
from tutor.jobs import queue

jobs_cli = AppGroup("jobs", help="The job queue on Redis (REDIS_URL) and its workers.")


class GradingWorker(Worker):
    """RQ's forking worker, whose job processes leave the database connections they
    inherited to the worker (a connection is never shared by two processes)."""

    def main_work_horse(self, job: Job, queue: Queue) -> None:
        db.engine.dispose(close=False)
        priority.lower()  # the job's CPU comes after the site's requests
        super().main_work_horse(job, queue)


def make_worker(app: Flask, name: str | None = None, ttl: int = 60,
                maintenance: int = 30) -> Worker:
    jobs = queue.queue(app)
    return GradingWorker([jobs], connection=jobs.connection, name=name, worker_ttl=ttl,
                         maintenance_interval=maintenance)


@jobs_cli.command("worker")
@click.option("--name", default=None, help="The worker's name (host and process id if unset).")
@click.option("--burst", is_flag=True, help="Stop once the queue is empty.")
@click.option("--ttl", type=int, default=60, show_default=True,
              help="Seconds a silent worker stays registered.")
@click.option("--maintenance", type=int, default=30, show_default=True,
              help="Seconds between checks for jobs whose worker died.")
def worker(name: str | None, burst: bool, ttl: int, maintenance: int) -> None:
    """Run grading jobs until stopped (SIGTERM finishes the job at hand first)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if queue.redis_url(app) is None:
        raise click.UsageError("set REDIS_URL: the job queue lives in Redis")
    priority.lower(idle=False)  # its own loop only waits for jobs: it keeps its turn
    priority.lower_session()
    click.echo(f"grading worker on {queue.QUEUE}", err=True)
    make_worker(app, name, ttl, maintenance).work(burst=burst, with_scheduler=False)
