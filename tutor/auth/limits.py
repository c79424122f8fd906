"""Login limits, shared by every worker and server through Redis (``REDIS_URL``).

Attempts at logging in are counted three ways, each in a moving window, so that one
address cannot guess one account's password, many addresses cannot share the guessing of
one account, and one address cannot try many accounts; while a teacher at another address
(or at the same school's address, on another account) can still log in:

* per account and address: ``LOGIN_PER_ACCOUNT_AND_ADDRESS``
* per account, from anywhere: ``LOGIN_PER_ACCOUNT``
* per address, any account: ``LOGIN_PER_ADDRESS``

(each the default of the configuration key of the same name with ``LIMIT_`` in front).

Every attempt counts before the password is checked (Flask-Limiter's hit is atomic in
Redis), so requests racing on several workers cannot get past a limit together.  The
address is the client's as werkzeug's ProxyFix reads it (``TRUSTED_PROXIES``, see
docs/deploy.md): behind nginx, the ``X-Forwarded-For`` entry nginx itself added.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from flask import current_app, request
from flask_babel import gettext as _
from flask_limiter.util import get_remote_address

from tutor.extensions import limiter

LOGIN_PER_ACCOUNT_AND_ADDRESS: Final = "10 per minute;30 per hour"
LOGIN_PER_ACCOUNT: Final = "100 per hour"
LOGIN_PER_ADDRESS: Final = "60 per minute;300 per hour"
SIGNUP_PER_ADDRESS: Final = "10 per hour"

F = TypeVar("F", bound=Callable[..., Any])


def too_many() -> str:
    return _("Too many attempts from here. Wait a few minutes, then try again.")


def _account() -> str:
    email = request.form.get("email", "")
    return "account:" + email.strip().lower()[:254]


def _account_and_address() -> str:
    return f"{_account()}|{get_remote_address()}"


def _configured(name: str, default: str) -> Callable[[], str]:
    def value() -> str:
        return str(current_app.config.get("LIMIT_" + name, default))

    return value


def login_limits(view: F) -> F:
    """The three login limits on POST."""
    for name, default, key in (
            ("LOGIN_PER_ADDRESS", LOGIN_PER_ADDRESS, get_remote_address),
            ("LOGIN_PER_ACCOUNT", LOGIN_PER_ACCOUNT, _account),
            ("LOGIN_PER_ACCOUNT_AND_ADDRESS", LOGIN_PER_ACCOUNT_AND_ADDRESS, _account_and_address)):
        view = cast(F, limiter.limit(_configured(name, default), key_func=key, methods=["POST"],
                                     error_message=too_many)(view))
    return view
