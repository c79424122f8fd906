"""Outgoing mail through Flask-Mailman, set up from the ``MAIL_*`` settings.

The settings come from the app's configuration or, failing that, from environment variables
of the same names: ``MAIL_SERVER``, ``MAIL_PORT``, ``MAIL_USERNAME``, ``MAIL_PASSWORD``,
``MAIL_USE_TLS``, ``MAIL_USE_SSL``, ``MAIL_DEFAULT_SENDER``; and ``SITE_URL``
(``https://tutor.example.org``), which the links in messages start with rather than the
request's Host header.  Without ``MAIL_SERVER`` the
site sends no mail and says so in its log; only a debug server also logs the links it would
have sent, so that a developer can follow them.

Messages go out on a thread of their own: the answer to "forgot password" then takes the
same time whether or not the address has an account (an SMTP conversation would tell).
"""

from __future__ import annotations

import os
import threading
from typing import Any, Final

from flask import Flask, current_app
from flask_mailman import EmailMessage, Mail

mail = Mail()

SETTINGS: Final = ("MAIL_SERVER", "MAIL_PORT", "MAIL_USERNAME", "MAIL_PASSWORD",
                   "MAIL_USE_TLS", "MAIL_USE_SSL", "MAIL_DEFAULT_SENDER")
_FLAGS: Final = ("MAIL_USE_TLS", "MAIL_USE_SSL")
DEFAULT_SENDER: Final = "Conquian tutor <no-reply@localhost>"


def _setting(name: str, raw: str) -> Any:
    if name == "MAIL_PORT":
        return int(raw)
    if name in _FLAGS:
        return raw.strip().lower() in {"1", "true", "yes", "on"}
    return raw


def init_app(app: Flask) -> None:
    for name in SETTINGS:
        if name not in app.config and os.environ.get(name):
            app.config[name] = _setting(name, os.environ[name])
    app.config.setdefault("MAIL_DEFAULT_SENDER", DEFAULT_SENDER)
    app.config.setdefault("MAIL_TIMEOUT", 20)
    if configured(app):
        # Flask-Mailman would keep test mail in memory: a configured server gets it.
        app.config.setdefault("MAIL_BACKEND", "smtp")
    elif os.environ.get("CONQUIAN_ENV") == "production":
        app.logger.warning("No mail server is configured (MAIL_SERVER): teachers cannot "
                           "reset a forgotten password.")
    if "SITE_URL" not in app.config and os.environ.get("SITE_URL"):
        app.config["SITE_URL"] = os.environ["SITE_URL"]
    mail.init_app(app)


def configured(app: Flask | None = None) -> bool:
    return bool((app or current_app).config.get("MAIL_SERVER"))


def send(to: str, subject: str, body: str, link_for_log: str) -> bool:
    """Send a plain-text message in the background; False (and a log line) when the site has
    no mail server."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if not configured(app):
        app.logger.warning("No mail server is configured (MAIL_SERVER): the message %r to "
                           "an account was not sent.", subject)
        if app.debug:
            app.logger.warning("Debug server only: the link it carried is %s", link_for_log)
        return False
    message = EmailMessage(subject=subject, body=body, to=[to])
    thread = threading.Thread(target=_deliver, args=(app, message), daemon=True,
                              name="account-mail")
    thread.start()
    return True


def _deliver(app: Flask, message: EmailMessage) -> None:
    with app.app_context():
        try:
            message.send()
        except Exception:
            app.logger.exception("Could not send mail through %s", app.config["MAIL_SERVER"])
