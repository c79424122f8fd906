"""Login limits: failures counted per account and address and per address, shared by every
worker through Redis, and kept across a restart; guesses from elsewhere never lock the owner
out, and the right password from an address that has not failed always opens the account.

The Redis tests run against a real server (Debian's redis-server, started by
scripts/redis-start; ``TEST_REDIS_URL``).  Real gunicorn workers sharing one limit:
tests/serving/test_gunicorn.py; two servers behind nginx: tests/deploy/.
"""

from __future__ import annotations

import os
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.extensions import db

REDIS_URL = os.environ.get("TEST_REDIS_URL", "")
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="no Redis server (TEST_REDIS_URL)")
PASSWORD = "wombat lantern"
PAIR_REFUSED = ("Too many failed attempts to log in to this account from your network "
                "address. Try again in {n} minute{s}.")
ADDRESS_REFUSED = ("Too many failed login attempts from your network address. "
                   "Try again in {n} minute{s}.")


def make_site(path: Path, storage: str, prefix: str, **extra: Any) -> Flask:
    """One worker's application.  The Limiter is one object for the whole test process
    (with the storage and key prefix of the latest app), so each test counts on accounts
    and addresses of its own (``fresh``)."""
    app = create_app({
        "TESTING": True, "SECRET_KEY": "limits", "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": storage,
        "RATELIMIT_KEY_PREFIX": prefix, **extra,
    })
    with app.app_context():
        db.create_all()
    return app


def redis_storage() -> str:
    return ("redis+unix://" + REDIS_URL[len("unix://"):] if REDIS_URL.startswith("unix://")
            else REDIS_URL)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[Flask]]:
    """Two workers on one database and one Redis, as gunicorn -w 2 runs them."""
    prefix = "test-" + secrets.token_hex(6)
    path = tmp_path / "site.sqlite"
    yield [make_site(path, redis_storage(), prefix) for _ in range(2)]


_RUN = secrets.token_hex(4)
_counter = iter(range(1, 10**6))


def fresh(name: str) -> str:
    """An account no other test (and no earlier run on the same Redis) has used."""
    return f"{name}-{_RUN}-{next(_counter)}@example.org"


def fresh_address() -> str:
    n = next(_counter)
    return f"10.{int(_RUN[:2], 16)}.{n // 250}.{n % 250 + 1}"


def teacher(app: Flask, email: str) -> None:
    # From an address of its own: sign-ups have a per-address limit too.
    client = browser(app, fresh_address())
    client.post("/auth/signup", data={"display_name": "T", "email": email,
                                      "password": PASSWORD, "confirm": PASSWORD})


def attempt(client: FlaskClient, email: str, password: str = "not the password") -> int:
    return client.post("/auth/login", data={"email": email, "password": password}).status_code


def waits_until(response: Any, first_failure: float, window: int) -> bool:
    """Retry-After is the time until the window's oldest failure leaves it."""
    left = first_failure + window - time.time()
    return left - 1 <= int(response.headers["Retry-After"]) <= left + 1


def browser(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


@needs_redis
def test_wrong_passwords_on_two_workers_count_against_one_limit(workers: list[Flask]) -> None:
    ana = fresh("ana")
    address = fresh_address()
    teacher(workers[0], ana)
    clients = [browser(app, address) for app in workers]
    codes = Counter(attempt(clients[n % 2], ana) for n in range(30))
    # 10 per minute per account and address, whichever worker answers.
    assert codes == {400: 10, 429: 20}
    refused = clients[0].post("/auth/login", data={"email": ana,
                                                   "password": "x"})
    assert PAIR_REFUSED.format(n=1, s="") in refused.get_data(as_text=True)
    assert 1 <= int(refused.headers["Retry-After"]) <= 60


@needs_redis
def test_the_limit_survives_a_restart(workers: list[Flask], tmp_path: Path) -> None:
    ana = fresh("ana")
    address = fresh_address()
    teacher(workers[0], ana)
    client = browser(workers[0], address)
    assert [attempt(client, ana) for _ in range(10)] == [400] * 10
    import redis

    # The counters are in the Redis server, not in this process.
    assert redis.Redis.from_url(REDIS_URL).keys(f"*{ana}*")
    prefix = workers[0].config["RATELIMIT_KEY_PREFIX"]
    restarted = make_site(tmp_path / "site.sqlite", redis_storage(), prefix)
    assert attempt(browser(restarted, address), ana) == 429


@needs_redis
def test_a_guessed_account_stays_open_from_other_addresses(workers: list[Flask]) -> None:
    ana = fresh("ana")
    bia = fresh("bia")
    address = fresh_address()
    elsewhere = fresh_address()
    teacher(workers[0], ana)
    teacher(workers[0], bia)
    attacker = browser(workers[0], address)
    for _ in range(12):
        attempt(attacker, ana)
    assert attempt(attacker, ana, PASSWORD) == 429
    # Ana at home logs in; a colleague behind the attacker's address logs into her own.
    assert attempt(browser(workers[1], elsewhere), ana, PASSWORD) == 302
    assert attempt(browser(workers[1], address), bia, PASSWORD) == 302


@needs_redis
def test_one_address_trying_many_accounts_is_limited(tmp_path: Path) -> None:
    address = fresh_address()
    prefix = "test-" + secrets.token_hex(6)
    apps = [make_site(tmp_path / "s.sqlite", redis_storage(), prefix,
                      LIMIT_LOGIN_PER_ADDRESS="15 per minute") for _ in range(2)]
    codes = Counter(attempt(browser(apps[n % 2], address), fresh(f"user{n}"))
                    for n in range(20))
    assert codes == {400: 15, 429: 5}


def test_limits_work_in_memory_without_redis(tmp_path: Path) -> None:
    ana = fresh("ana")
    address = fresh_address()
    """One process without REDIS_URL: the same limits, in that process's memory."""
    app = make_site(tmp_path / "m.sqlite", "memory://", "memory")
    teacher(app, ana)  # a known account: its cheap test hash, not the unknown's scrypt
    client = browser(app, address)
    assert Counter(attempt(client, ana) for _ in range(12)) == {400: 10, 429: 2}
    assert client.get("/auth/login").status_code == 200  # only attempts are limited


def test_the_site_uses_redis_when_redis_url_is_set(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setenv("REDIS_URL", "unix:///run/redis/redis.sock")
    app = create_app({"SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["RATELIMIT_STORAGE_URI"] == "redis+unix:///run/redis/redis.sock"
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/2")
    app = create_app({"SECRET_KEY": "k", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["RATELIMIT_STORAGE_URI"] == "redis://127.0.0.1:6379/2"


def test_the_client_address_comes_from_a_trusted_proxy_only(tmp_path: Path) -> None:
    ana = fresh("ana")
    address = fresh_address()
    """Behind one proxy (TRUSTED_PROXIES=1) the address is the one nginx appended to
    X-Forwarded-For; a client cannot pick another by sending the header itself."""
    proxied = make_site(tmp_path / "p.sqlite", "memory://", "proxy", TRUSTED_PROXIES=1)
    teacher(proxied, ana)
    client = proxied.test_client()
    client.environ_base["REMOTE_ADDR"] = "127.0.0.1"  # nginx
    codes = [client.post("/auth/login", data={"email": ana, "password": "x"},
                         headers={"X-Forwarded-For": f"10.9.9.{n}, {address}"}).status_code
             for n in range(12)]
    assert Counter(codes) == {400: 10, 429: 2}  # the forged first entries changed nothing
    direct = make_site(tmp_path / "d.sqlite", "memory://", "direct")
    teacher(direct, ana)
    client = direct.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    codes = [client.post("/auth/login", data={"email": ana, "password": "x"},
                         headers={"X-Forwarded-For": f"10.9.9.{n}"}).status_code
             for n in range(12)]
    assert Counter(codes) == {400: 10, 429: 2}  # no trusted proxy: the header is ignored



@pytest.fixture(params=["memory", pytest.param("redis", marks=needs_redis)])
def site_with(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., Flask]:
    """Makes one worker with the given limits, counting in its memory or in Redis."""
    storage = "memory://" if request.param == "memory" else redis_storage()

    def make(**limits: str) -> Flask:
        return make_site(tmp_path / "one.sqlite", storage, "test-" + secrets.token_hex(6),
                         **limits)
    return make


@pytest.mark.slow  # a hundred logins
def test_guesses_from_many_addresses_do_not_lock_the_owner_out(
        site_with: Callable[..., Flask]) -> None:
    """The issue's attack: 100 wrong passwords from 11 addresses, then the owner with the
    right password from a new address (it got 429, Retry-After: 3552)."""
    site = site_with()
    ana = fresh("ana")
    teacher(site, ana)
    attackers = [fresh_address() for _ in range(11)]
    codes = Counter(attempt(browser(site, attackers[n % 11]), ana) for n in range(100))
    assert codes == {400: 100}
    owner = browser(site, fresh_address())
    assert attempt(owner, ana, PASSWORD) == 302
    assert owner.get("/teach/").status_code == 200


def test_one_address_guessing_one_account_is_told_so(site_with: Callable[..., Flask]) -> None:
    site = site_with()
    ana, bia = fresh("ana"), fresh("bia")
    teacher(site, ana)
    teacher(site, bia)
    address = fresh_address()
    guesser = browser(site, address)
    started = time.time()
    assert [attempt(guesser, ana) for _ in range(10)] == [400] * 10
    # This address has failed: even the right password waits, or guessing would go on.
    refused = guesser.post("/auth/login", data={"email": ana, "password": PASSWORD})
    assert refused.status_code == 429
    assert PAIR_REFUSED.format(n=1, s="") in refused.get_data(as_text=True)
    assert waits_until(refused, started, 60)
    # Another account from the same address, and this account from another, still open.
    assert attempt(browser(site, address), bia, PASSWORD) == 302
    assert attempt(browser(site, fresh_address()), ana, PASSWORD) == 302


def test_the_wait_given_is_the_full_window_s(site_with: Callable[..., Flask]) -> None:
    site = site_with(LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS="100 per minute;5 per hour")
    ana = fresh("ana")
    teacher(site, ana)
    guesser = browser(site, fresh_address())
    started = time.time()
    assert [attempt(guesser, ana) for _ in range(5)] == [400] * 5
    refused = guesser.post("/auth/login", data={"email": ana, "password": "x"})
    assert refused.status_code == 429
    assert waits_until(refused, started, 3600)
    assert PAIR_REFUSED.format(n=60, s="s") in refused.get_data(as_text=True)


def test_one_address_guessing_many_accounts_is_told_so(
        site_with: Callable[..., Flask]) -> None:
    site = site_with(LIMIT_LOGIN_PER_ADDRESS="5 per minute")
    users = [fresh(f"user{n}") for n in range(8)]
    for user in users:
        teacher(site, user)
    address = fresh_address()
    started = time.time()
    answers = [browser(site, address).post("/auth/login", data={"email": user, "password": "x"})
               for user in users]
    assert Counter(a.status_code for a in answers) == {400: 5, 429: 3}
    last = answers[-1]
    assert last.status_code == 429
    assert ADDRESS_REFUSED.format(n=1, s="") in last.get_data(as_text=True)
    assert waits_until(last, started, 60)


def test_logins_that_succeed_never_count(site_with: Callable[..., Flask]) -> None:
    """A school's teachers behind one address: logging in is never limited, only failing."""
    site = site_with(LIMIT_LOGIN_PER_ADDRESS="3 per minute",
                     LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS="3 per minute")
    ana = fresh("ana")
    teacher(site, ana)
    school = fresh_address()
    assert [attempt(browser(site, school), ana, PASSWORD) for _ in range(8)] == [302] * 8
    # Failures still count in full after those successes.
    assert [attempt(browser(site, school), ana) for _ in range(4)] == [400] * 3 + [429]


def test_a_refused_attempt_is_not_a_failure(site_with: Callable[..., Flask]) -> None:
    """Attempts the account's limit refuses take no place in the address's windows."""
    site = site_with(LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS="2 per minute",
                     LIMIT_LOGIN_PER_ADDRESS="3 per minute")
    ana, bia = fresh("ana"), fresh("bia")
    teacher(site, ana)
    teacher(site, bia)
    address = fresh_address()
    assert [attempt(browser(site, address), ana) for _ in range(7)] == [400] * 2 + [429] * 5
    assert [attempt(browser(site, address), bia) for _ in range(2)] == [400, 429]
    last = browser(site, address).post("/auth/login", data={"email": bia, "password": "x"})
    assert ADDRESS_REFUSED.format(n=1, s="") in last.get_data(as_text=True)


def test_limits_hold_in_memory_while_redis_is_unreachable(tmp_path: Path) -> None:
    """Redis down: each worker counts in its own memory rather than refuse every login."""
    app = make_site(tmp_path / "r.sqlite", "redis://127.0.0.1:1/0", "down",
                    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=True)
    ana = fresh("ana")
    teacher(app, ana)
    client = browser(app, fresh_address())
    assert Counter(attempt(client, ana) for _ in range(12)) == {400: 10, 429: 2}
    assert attempt(browser(app, fresh_address()), ana, PASSWORD) == 302
