"""The review page while a grading worker has the hand (tutor.jobs, with Redis): it says the
hand is being graded in a live region, passes axe, and fills in with the graded review once
a real worker process has stored it, saying so, with no reload."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from redis import Redis

from tests.browser.test_play import play_hand, start_match
from tests.live_app import serve
from tutor import create_app
from tutor.core.setup import prepare_database
from tutor.jobs import queue as jobs
from tutor.jobs.worker import make_worker

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def queued_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("no Redis (TEST_REDIS_URL)")
    connection = Redis.from_url(url)
    for key in connection.scan_iter("rq:*"):
        connection.delete(key)
    database = f"sqlite:///{tmp_path_factory.mktemp('queued')}/live.sqlite"
    app = create_app({"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": database,
                      "RATELIMIT_ENABLED": False, "ALLOW_CLIENT_SEED": True,
                      "REVIEW_GRADING": "background", "JOBS_REDIS_URL": url})
    prepare_database(app)
    with serve(app) as base:
        yield base, app


def test_the_review_says_being_graded_then_fills_in(
        page: Page, queued_server: tuple[str, Any], check_a11y: Any) -> None:
    base, app = queued_server
    start_match(page, base, "hard", 4)
    play_hand(page)
    # A worker is listening (registered, not yet taking jobs): the page leaves the hand to it.
    with app.app_context():
        listening = make_worker(app, name=f"browser-{os.getpid()}")
        listening.register_birth()
    try:
        page.get_by_role("link", name="Review this hand").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Review of hand 1")
        status = page.get_by_role("status").filter(has_text="being graded")
        expect(status).to_be_visible()
        assert status.get_attribute("aria-live") == "polite"
        assert page.locator(".play-review__item").count() == 0
        check_a11y(page)
    finally:
        with app.app_context():
            listening.register_death()

    env = {k: v for k, v in os.environ.items() if k != "CONQUIAN_ENV"}
    env.update({"DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
                "REDIS_URL": jobs.redis_url(app) or "", "SECRET_KEY": "browser-tests",
                "PYTHONPATH": str(ROOT)})
    subprocess.run([sys.executable, "-m", "flask", "--app", "tutor", "jobs", "worker",
                    "--burst"], env=env, cwd=ROOT, check=True, capture_output=True,
                   timeout=300)

    expect(page.locator(".play-review__item").first).to_be_visible(timeout=60_000)
    expect(page.get_by_role("status").filter(has_text="is ready")).to_have_text(
        "The review of hand 1 is ready.")
    expect(page.get_by_role("heading", level=1)).to_have_count(1)
    check_a11y(page)
