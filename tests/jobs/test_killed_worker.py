"""A grading worker killed mid-job (SIGKILL to the worker and its job process) loses nothing:
another worker started afterwards finds the abandoned job (RQ's started registry, once the
job's heartbeat lapses), runs it again, and the hand's review is stored exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest
from flask import Flask
from rq.job import Job

from tests.jobs.conftest import review_rows
from tests.play.test_pages import advance, start
from tutor.jobs import queue as jobs
from tutor.jobs.grading import PAUSE_ENV

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        time.sleep(0.2)


def _worker(app: Flask, redis_url: str, name: str, log: IO[bytes], **extra: str
            ) -> subprocess.Popen[bytes]:
    """``flask --app tutor jobs worker`` as its own process (group) on the test's database."""
    env = {k: v for k, v in os.environ.items() if k not in ("CONQUIAN_ENV", PAUSE_ENV)}
    env.update({"DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": redis_url,
                "SECRET_KEY": "jobs-test", "PYTHONPATH": str(ROOT), **extra})
    return subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "tutor", "jobs", "worker", "--name", name,
         "--ttl", "20", "--maintenance", "2"],
        env=env, cwd=ROOT, stdout=log, stderr=log, start_new_session=True)


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_job_whose_worker_is_killed_is_run_again_and_stored_once(
        queued_app: Flask, redis_url: str, tmp_path: Path) -> None:
    client = queued_app.test_client()
    game_id = start(client, "hard", 13)
    advance(client, game_id, lambda v: v["hand_over"])
    with queued_app.app_context():
        assert jobs.status(game_id, 0) == "queued"
        connection = jobs.connection()

    def job() -> Job:
        return Job.fetch(jobs.job_id(game_id, 0), connection=connection)

    with open(tmp_path / "workers.log", "wb") as log:
        # The first worker's job waits a minute before grading (the test hook), long enough
        # to be killed in the middle of it.
        first = _worker(queued_app, redis_url, f"killed-{game_id[:8]}", log,
                        **{PAUSE_ENV: "60"})
        try:
            _until(lambda: job().get_status() == "started" and bool(_children(first.pid)), 60,
                   "the first worker took the job")
            # The machine dies: the worker, then its job process (RQ runs each job in a
            # process group of its own, so each is killed by name), with no time to react.
            horses = _children(first.pid)
            os.killpg(first.pid, signal.SIGKILL)
            for horse in horses:
                os.kill(horse, signal.SIGKILL)
            first.wait()
        finally:
            _stop(first)
        assert job().get_status() == "started"  # abandoned: nobody is running it
        assert review_rows(queued_app, game_id) == []

        second = _worker(queued_app, redis_url, f"second-{game_id[:8]}", log)
        try:
            # RQ lets a started job's heartbeat lapse (up to its monitoring interval + 60 s)
            # before taking it for abandoned.
            _until(lambda: bool(review_rows(queued_app, game_id)), 240,
                   "the second worker stored the review")
            _until(lambda: job().get_status() == "finished", 30, "the job finished")
        finally:
            _stop(second)
    finished = job()
    assert finished.return_value() == "stored"
    assert finished.retries_left == jobs.RETRIES - 1  # one retry: the killed run
    rows = review_rows(queued_app, game_id)
    assert len(rows) == 1 and rows[0].data["decisions"]
