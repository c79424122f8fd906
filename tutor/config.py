"""Configuration: defaults, then environment variables, then the test overrides."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

import orjson
from flask import Flask

from tutor.i18n import LANGUAGES
from tutor.paths import BUNDLED_PUZZLES_DIR

# deploy/env.example's placeholder: a site started with it signs cookies anyone can forge.
EXAMPLE_SECRET_KEY = "change-me-to-64-random-hex-characters"
MIN_SECRET_KEY_BYTES = 32
MAKE_SECRET_KEY = "python -c 'import secrets; print(secrets.token_hex(32))'"


def check_production_secret_key(key: str) -> None:
    """Refuse a missing, example or short SECRET_KEY, in one line that says how to make one."""
    if not key:
        problem = "is not set"
    elif key == EXAMPLE_SECRET_KEY:
        problem = "is still the example from deploy/env.example"
    elif len(key.encode()) < MIN_SECRET_KEY_BYTES:
        problem = f"is {len(key.encode())} bytes long, shorter than {MIN_SECRET_KEY_BYTES}"
    else:
        return
    raise RuntimeError(f"SECRET_KEY {problem}: in production it must be a random key of at "
                       f"least {MIN_SECRET_KEY_BYTES} bytes; make one with: {MAKE_SECRET_KEY}")


def _secret_key(app: Flask) -> str:
    """SECRET_KEY from the environment; in development, a random key kept in the instance folder."""
    key = os.environ.get("SECRET_KEY")
    if os.environ.get("CONQUIAN_ENV") == "production":
        check_production_secret_key(key or "")
    if key:
        return key
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the old driver; SQLAlchemy 2 wants postgresql+psycopg.
        if url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url[len("postgres://") :]
        elif url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "conquian.sqlite")


def _rate_limit_storage() -> str:
    """Redis when ``REDIS_URL`` is set (limits shared by every worker and server)."""
    url = os.environ.get("REDIS_URL")
    if url:
        # limits names the unix-socket form of a Redis URL redis+unix://.
        return "redis+unix://" + url[len("unix://"):] if url.startswith("unix://") else url
    if os.environ.get("CONQUIAN_ENV") == "production":
        raise RuntimeError("REDIS_URL must be set in production: the login limits must be "
                           "shared by every worker (docs/deploy.md)")
    return os.environ.get("RATELIMIT_STORAGE_URI", "memory://")


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    production = os.environ.get("CONQUIAN_ENV") == "production"
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).parent / "translations"),
        LANGUAGES=LANGUAGES,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=production,
        # The session cookie names the anonymous learner (and their progress): it lasts 90
        # days from the last visit.  A teacher's login inside it lasts 12 hours, or 30 days
        # with "keep me logged in", and ends on logout (tutor.auth.sessions).
        PERMANENT_SESSION_LIFETIME=timedelta(days=90),
        REMEMBER_COOKIE_HTTPONLY=True,
        REMEMBER_COOKIE_SECURE=production,
        REMEMBER_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_DURATION=timedelta(days=30),
        LOGIN_LIFETIME=timedelta(hours=12),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        PUZZLE_DIR=str(BUNDLED_PUZZLES_DIR),
        RATELIMIT_STORAGE_URI=_rate_limit_storage(),
        RATELIMIT_STRATEGY="moving-window",
        RATELIMIT_KEY_PREFIX="conquian",
        # Redis unreachable: limit per worker in memory rather than refuse every login.
        RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=True,
        RATELIMIT_HEADERS_ENABLED=True,
        # How many reverse proxies in front of the site add X-Forwarded-* headers that can be
        # trusted (docs/deploy.md): 0 serves clients directly and ignores those headers.
        TRUSTED_PROXIES=int(os.environ.get("TRUSTED_PROXIES", "0")),
        # HSTS is sent on requests that arrived over HTTPS (tutor.core.headers).
        HSTS_SECONDS=365 * 24 * 3600,
    )
    if test_config is not None:
        app.config.update(test_config)
    # A seed chosen by the client fixes the deal: only test servers accept one.
    app.config.setdefault("ALLOW_CLIENT_SEED", bool(app.config.get("TESTING")))
    # Finished hands are graded by a process of each worker (tutor.play.grader); the tests
    # grade inside the request, so that a review exists as soon as its hand ends.
    app.config.setdefault("REVIEW_GRADING", "inline" if app.config.get("TESTING")
                          else os.environ.get("REVIEW_GRADING", "background"))
    engine_options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    # Games are stored as JSON documents on every move: orjson writes and reads them fast.
    engine_options.setdefault("json_serializer", _orjson_text)
    engine_options.setdefault("json_deserializer", orjson.loads)
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A server database may drop idle connections; SQLite files never do.
        engine_options.setdefault("pool_pre_ping", True)

    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app)


def _orjson_text(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
