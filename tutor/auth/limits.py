"""Login limits: failed logins counted per account and address, and per address, shared by
every worker and server through Redis (``REDIS_URL``; in-process memory without it).

* ``LOGIN_PER_ACCOUNT_AND_ADDRESS``: one address guessing one account's password;
* ``LOGIN_PER_ADDRESS``: one address guessing many accounts' passwords

(each the default of the configuration key of the same name with ``LIMIT_`` in front).
Only failures count, so the right password from an address that has not failed is never
refused: guesses from elsewhere cannot lock the owner out (a limit per account from
anywhere would let anyone do that), and a school's many teachers behind one address log in.

Each attempt takes a place in the moving windows before its password is checked (an atomic
step in Redis), so requests racing on several workers cannot get past a limit together; a
login that succeeds then gives its place back, by counting in a second window of successes
that raises the window's room by one.  The address is the client's as werkzeug's ProxyFix
reads it (``TRUSTED_PROXIES``, see docs/deploy.md).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from flask import Flask, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter.util import get_remote_address
from flask_login import current_user
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, MovingWindowSupport, storage_from_string

LOGIN_PER_ACCOUNT_AND_ADDRESS: Final = "10 per minute;30 per hour"
LOGIN_PER_ADDRESS: Final = "60 per minute;300 per hour"
SIGNUP_PER_ADDRESS: Final = "10 per hour"

# Room enough for every success in a window: only a count is read from it.
_SUCCESS_ROOM: Final = 1_000_000
# After the shared storage failed, count in memory for this long before asking it again.
_RETRY_STORAGE_AFTER: Final = 30.0

F = TypeVar("F", bound=Callable[..., Any])


def too_many() -> str:
    """Flask-Limiter's message for the other per-address limits (sign-up)."""
    return _("Too many attempts from here. Wait a few minutes, then try again.")


def _pair_refused(minutes: int) -> str:
    return ngettext(
        "Too many failed attempts to log in to this account from your network address. "
        "Try again in %(num)d minute.",
        "Too many failed attempts to log in to this account from your network address. "
        "Try again in %(num)d minutes.", minutes)


def _address_refused(minutes: int) -> str:
    return ngettext(
        "Too many failed login attempts from your network address. "
        "Try again in %(num)d minute.",
        "Too many failed login attempts from your network address. "
        "Try again in %(num)d minutes.", minutes)


class _Storage:
    """The app's moving-window storage, with memory to fall back on while Redis is away."""

    def __init__(self, app: Flask) -> None:
        uri = str(app.config.get("RATELIMIT_STORAGE_URI", "memory://"))
        options = dict(app.config.get("RATELIMIT_STORAGE_OPTIONS", {}))
        self.main = cast(MovingWindowSupport, storage_from_string(uri, **options))
        self.memory = MemoryStorage()
        self.fallback = bool(app.config.get("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", False))
        self.dead_until = 0.0
        self.logger = app.logger

    def run(self, step: Callable[[MovingWindowSupport], Any]) -> Any:
        if self.fallback and time.monotonic() < self.dead_until:
            return step(self.memory)
        try:
            return step(self.main)
        except Exception:
            if not self.fallback:
                raise
            self.logger.warning("login limit storage unreachable: counting in memory")
            self.dead_until = time.monotonic() + _RETRY_STORAGE_AFTER
            return step(self.memory)


def _storage() -> _Storage:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    store = app.extensions.get("conquian_login_limits")
    if store is None:
        store = app.extensions["conquian_login_limits"] = _Storage(app)
    return cast(_Storage, store)


@dataclass(frozen=True)
class _Window:
    """One moving window of one limit for one identity: attempts, and the successes among
    them (given back)."""

    item: RateLimitItem
    key: str

    @property
    def expiry(self) -> int:
        return int(self.item.get_expiry())

    def _room(self, storage: MovingWindowSupport) -> int:
        successes = storage.get_moving_window(self.key + "/ok", _SUCCESS_ROOM, self.expiry)[1]
        return int(self.item.amount) + int(successes)

    def take(self) -> bool:
        def step(storage: MovingWindowSupport) -> bool:
            return bool(storage.acquire_entry(self.key, self._room(storage), self.expiry))
        return bool(_storage().run(step))

    def give_back(self) -> None:
        _storage().run(lambda storage: storage.acquire_entry(self.key + "/ok", _SUCCESS_ROOM,
                                                             self.expiry))

    def wait(self) -> float:
        """Seconds until this window has room again (0 when it has room now)."""
        def step(storage: MovingWindowSupport) -> float:
            room = self._room(storage)
            oldest, count = storage.get_moving_window(self.key, room, self.expiry)
            return 0.0 if count < room else max(0.0, oldest + self.expiry - time.time())
        return float(_storage().run(step))


@dataclass(frozen=True)
class _Limit:
    name: str
    default: str
    refused: Callable[[int], str]

    def windows(self, identity: str) -> list[_Window]:
        spec = str(current_app.config.get("LIMIT_" + self.name, self.default))
        prefix = current_app.config.get("RATELIMIT_KEY_PREFIX", "conquian")
        return [_Window(item, f"{prefix}/login-failures/{self.name}/{item.amount}-per-"
                              f"{item.get_expiry()}s/{identity}") for item in parse_many(spec)]


_PAIR: Final = _Limit("LOGIN_PER_ACCOUNT_AND_ADDRESS", LOGIN_PER_ACCOUNT_AND_ADDRESS,
                      _pair_refused)
_ADDRESS: Final = _Limit("LOGIN_PER_ADDRESS", LOGIN_PER_ADDRESS, _address_refused)


def _identities() -> list[tuple[_Limit, str]]:
    address = get_remote_address()
    account = request.form.get("email", "").strip().lower()[:254]
    return [(_PAIR, f"{account}|{address}"), (_ADDRESS, address)]


def _refusal(limit: _Limit, windows: list[_Window]) -> ResponseReturnValue:
    seconds = max(1, math.ceil(max(window.wait() for window in windows)))
    message = limit.refused(math.ceil(seconds / 60))
    page = render_template("errors/error.html", code=429, message=message)
    return page, 429, {"Retry-After": str(seconds)}


def login_limits(view: F) -> F:
    """The login limits on POST: a place in every window before the view checks the
    password, given back when the view logged the user in."""

    @functools.wraps(view)
    def limited(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if request.method != "POST" or not current_app.config.get("RATELIMIT_ENABLED", True):
            return cast(ResponseReturnValue, view(*args, **kwargs))
        taken: list[_Window] = []
        for limit, identity in _identities():
            windows = limit.windows(identity)
            for window in windows:
                if not window.take():
                    for done in taken:
                        done.give_back()  # a refused attempt is not a failure
                    return _refusal(limit, windows)
                taken.append(window)
        response = view(*args, **kwargs)
        if getattr(current_user, "is_logged_in", False):  # a teacher or a learner account
            for window in taken:
                window.give_back()
        return cast(ResponseReturnValue, response)

    return cast(F, limited)
