"""Configuration: defaults, then environment variables, then the test overrides."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import orjson
from flask import Flask

from tutor.i18n import LANGUAGES


def _secret_key(app: Flask) -> str:
    """SECRET_KEY from the environment; in development, a random key kept in the instance folder."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    if os.environ.get("CONQUIAN_ENV") == "production":
        raise RuntimeError("SECRET_KEY must be set in production")
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
        REMEMBER_COOKIE_HTTPONLY=True,
        REMEMBER_COOKIE_SECURE=production,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        PUZZLE_DIR=str(Path(__file__).resolve().parent.parent / "puzzles"),
        RATELIMIT_STORAGE_URI=os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        RATELIMIT_HEADERS_ENABLED=True,
    )
    if test_config is not None:
        app.config.update(test_config)
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
