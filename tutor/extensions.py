"""Flask extensions, created here and bound to the app with ``init_app``."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
babel = Babel()
login_manager = LoginManager()
limiter = Limiter(key_func=get_remote_address, default_limits=[])


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: object, connection_record: object) -> None:
    """SQLite: enforce foreign keys (cascades), and write-ahead logging so that readers do
    not wait for writers and a commit does not wait for a full disk sync."""
    module = type(dbapi_connection).__module__
    if not module.startswith("sqlite3"):
        return
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def init_extensions(app: Flask) -> None:
    from flask_babel import gettext

    from solver.messages import N_
    from tutor.extensions_migrate import register_migrations_cli
    from tutor.i18n import select_locale

    db.init_app(app)
    # Flask-Migrate (and Alembic) are bound only when migrations run: tutor.extensions_migrate.
    register_migrations_cli(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    # Flask-Login flashes its message in English; translate it as it is flashed.
    login_manager.login_message = N_("Please log in to access this page.")
    login_manager.localize_callback = gettext
    limiter.init_app(app)
