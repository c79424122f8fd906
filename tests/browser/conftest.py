"""Browser tests: the real site on a local port, driven by Playwright in Debian's Chromium.

Fixtures: ``live_server`` (the base URL), ``page`` (from pytest-playwright, launched with
``/usr/bin/chromium``), ``check_a11y(page)`` (axe-core: no serious or critical violations)
and ``snapshot(page, name)`` (phone and desktop screenshots in test-artifacts/).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.live_app import serve
from tutor import create_app
from tutor.core.setup import prepare_database

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 375, "height": 812}

# Assertions wait up to 10 s instead of Playwright's 5: the server, the browser and the rest
# of the suite share two cores, and a slow answer is not a wrong one.
expect.set_options(timeout=10_000)
DESKTOP = {"width": 1280, "height": 900}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            # A real browser on a shared two-core machine: one retry, as Playwright's own
            # runner does on CI. A rerun is reported in the output (RERUN), never hidden.
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))


@pytest.fixture(autouse=True)
def no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails a test whose page broke the Content-Security-Policy (an inline script or
    style, eval…): Chromium reports each violation on the console."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    violations: list[str] = []

    def seen(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", seen)
    yield
    assert not violations, "CSP violations:\n" + "\n".join(violations)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site with CSRF on, as a user meets it, on a free local port."""
    db_path = tmp_path_factory.mktemp("live") / "live.sqlite"
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "RATELIMIT_ENABLED": False,
            # A test server: the play tests replay fixed deals.
            "ALLOW_CLIENT_SEED": True,
            # The review pages are driven, not the grading: a small budget keeps them quick
            # while the rest of the suite loads the machine.
            "REVIEW_PLAYOUTS": 200,
        }
    )
    prepare_database(app)
    with serve(app) as base:
        yield base


@pytest.fixture
def check_a11y() -> Callable[[Any], None]:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def check(page: Any) -> None:
        results = axe.run(page)
        serious = [
            v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")
        ]
        details = "\n".join(
            f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if n.get("target") else "?" for n in v["nodes"][:5])
            for v in serious
        )
        assert not serious, f"accessibility violations on {page.url}:\n{details}"

    return check


@pytest.fixture
def snapshot() -> Callable[[Any, str], None]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def shoot(page: Any, name: str) -> None:
        original = page.viewport_size
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)
        if original:
            page.set_viewport_size(original)

    return shoot
