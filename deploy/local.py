#!/usr/bin/env python3
"""The shipped deployment, started on this machine: nginx in front of two (or more) app
servers, PostgreSQL and Redis, all on the loopback interface or unix sockets in one folder.

It is the layout of docs/deploy.md with the same files (deploy/nginx/conquian.conf, the
app servers' environment of deploy/env.example, ``gunicorn -c python:tutor.serving``), each
server a child of this script instead of a systemd service.  tests/deploy/ drives it; by
hand::

    python deploy/local.py up /tmp/conquian-stack      # prints the site's address
    python deploy/local.py down /tmp/conquian-stack

Needs Debian's nginx, postgresql and redis-server (``scripts/setup --with-postgres
--with-redis --with-nginx``) and openssl for a throw-away TLS certificate.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORTS = os.environ.get("CONQUIAN_TEST_PORTS", "18200-18299")
WORKER = "worker"
"""The grading worker's key among the pids of stack.json (the app servers' are numbers)."""
WORKER_NAME = "stack-worker"
"""The grading worker's name in RQ (its jobs record it)."""


def _free_ports(count: int, taken: set[int] | None = None) -> list[int]:
    first, last = (int(p) for p in PORTS.split("-"))
    found: list[int] = []
    for port in range(first, last + 1):
        if taken and port in taken:
            continue
        with socket.socket() as sock:
            try:
                sock.bind((HOST, port))
            except OSError:
                continue
        found.append(port)
        if len(found) == count:
            return found
    raise RuntimeError(f"not {count} free ports in {PORTS}")


def _as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _pg_bin() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                      key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    if not versions:
        raise RuntimeError("PostgreSQL is not installed (scripts/setup --with-postgres)")
    return versions[-1]


def _nginx() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if found is None:
        raise RuntimeError("nginx is not installed (scripts/setup --with-nginx)")
    return found


def _run(args: list[str], **kwargs: Any) -> None:
    """Run a setup step; when it fails, the error carries what it printed."""
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:6])} failed ({done.returncode}):\n"
                           f"{done.stdout[-2000:]}{done.stderr[-2000:]}")


def _wait(check: Any, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start within {seconds:.0f} s")


@dataclass
class Stack:
    folder: Path
    app_count: int = 2
    workers: int = 2
    threads: int = 4
    app_ports: list[int] = field(default_factory=list)
    http_port: int = 0
    https_port: int = 0
    apps: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    grader: subprocess.Popen[bytes] | None = None
    """The grading worker (what deploy/systemd/conquian-worker@.service runs)."""
    secret_key: str = field(default_factory=lambda: secrets.token_hex(32))

    # --- where things are -----------------------------------------------------------

    @property
    def url(self) -> str:
        return f"https://{HOST}:{self.https_port}"

    @property
    def cert(self) -> Path:
        return self.folder / "tls" / "cert.pem"

    @property
    def pg_dir(self) -> Path:
        return self.folder / "pg"

    @property
    def redis_socket(self) -> Path:
        return self.folder / "redis" / "redis.sock"

    @property
    def database_url(self) -> str:
        return f"postgresql+psycopg://postgres@/conquian?host={self.pg_dir}&port=5432"

    def app_env(self) -> dict[str, str]:
        """deploy/env.example, filled in for this stack."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TEST_", "CONQUIAN_", "DATABASE_URL", "REDIS_URL",
                                    "PYTHONDONTWRITEBYTECODE"))}
        env.update({
            # Bytecode kept in the stack's folder (not the source tree), as an installed
            # site has it from pip: a restarted app server skips compiling its modules.
            "PYTHONPYCACHEPREFIX": str(self.folder / "pycache"),
            "CONQUIAN_ENV": "production",
            "SECRET_KEY": self.secret_key,
            "DATABASE_URL": self.database_url,
            "REDIS_URL": f"unix://{self.redis_socket}",
            "TRUSTED_PROXIES": "1",
            "WEB_CONCURRENCY": str(self.workers),
            "GUNICORN_THREADS": str(self.threads),
            "PYTHONPATH": str(ROOT),
        })
        return env

    def ssl_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cert))

    # --- starting ---------------------------------------------------------------------

    def up(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o755)  # nginx's workers and PostgreSQL's user look inside
        taken: set[int] = set()
        self.app_ports = _free_ports(self.app_count)
        taken.update(self.app_ports)
        self.http_port, self.https_port = _free_ports(2, taken)
        self._certificate()
        self._postgres()
        self._redis()
        self._migrate()
        self.start_worker()
        for index in range(self.app_count):
            self.start_app(index)
        self._nginx()
        self._record()

    def _record(self) -> None:
        """stack.json: where the site is, and the pids of the app servers and the grading
        worker (``down`` stops them)."""
        pids = {str(i): p.pid for i, p in self.apps.items()}
        if self.grader is not None:
            pids[WORKER] = self.grader.pid
        (self.folder / "stack.json").write_text(json.dumps({
            "url": self.url, "app_ports": self.app_ports, "secret_key": self.secret_key,
            "pids": pids, "cert": str(self.cert),
        }))

    def _certificate(self) -> None:
        folder = self.cert.parent
        folder.mkdir(exist_ok=True)
        _run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", f"/CN={HOST}",
             "-addext", f"subjectAltName=IP:{HOST}", "-keyout", str(folder / "key.pem"),
             "-out", str(self.cert)])

    def _postgres(self) -> None:
        pg = _pg_bin()
        data = self.pg_dir / "data"
        self.pg_dir.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.pg_dir, "postgres")
        _run([*_as_postgres(), str(pg / "initdb"), "-D", str(data), "-A", "trust",
              "-U", "postgres"])
        self.start_postgres()
        _run([*_as_postgres(), str(pg / "createdb"), "-h", str(self.pg_dir), "-p", "5432",
              "-U", "postgres", "conquian"])

    def postgres_running(self) -> bool:
        done = subprocess.run([*_as_postgres(), str(_pg_bin() / "pg_ctl"), "-D",
                               str(self.pg_dir / "data"), "status"], capture_output=True)
        return done.returncode == 0

    def start_postgres(self) -> None:
        # Unix socket only (no TCP), and the defaults that make a commit durable (fsync,
        # synchronous_commit): an acknowledged move is on disk.
        _run([*_as_postgres(), str(_pg_bin() / "pg_ctl"), "-D", str(self.pg_dir / "data"),
              "-l", str(self.pg_dir / "server.log"), "-w", "-o",
              f"-k {self.pg_dir} -c listen_addresses='' -p 5432", "start"])

    def stop_postgres(self) -> None:
        _run([*_as_postgres(), str(_pg_bin() / "pg_ctl"), "-D", str(self.pg_dir / "data"),
              "-m", "fast", "-w", "stop"])

    def _redis(self) -> None:
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed (scripts/setup --with-redis)")
        folder = self.redis_socket.parent
        folder.mkdir()
        _run(["redis-server", "--port", "0", "--unixsocket", str(self.redis_socket),
              "--unixsocketperm", "700", "--daemonize", "yes", "--pidfile",
              str(folder / "redis.pid"), "--logfile", str(folder / "redis.log"),
              "--dir", str(folder), "--save", ""])
        _wait(self.redis_socket.exists, "Redis")

    def _migrate(self) -> None:
        """What deploy/systemd/conquian-migrate.service runs before the app servers."""
        _run([sys.executable, "-m", "flask", "--app", "tutor", "prepare"],
             env=self.app_env(), cwd=ROOT, timeout=300)

    def start_worker(self) -> None:
        """The grading worker, a process of its own beside the app servers (what
        deploy/systemd/conquian-worker@.service runs): it takes finished hands off the
        Redis queue, each job in a fork of it (so in its process group)."""
        log = open(self.folder / "worker.log", "ab")  # noqa: SIM115
        self.grader = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "tutor", "jobs", "worker",
             "--name", WORKER_NAME],
            env=self.app_env(), cwd=ROOT, stdout=log, stderr=log, start_new_session=True)
        log.close()
        self._record()
        process = self.grader
        import redis  # the site's own dependency, as the worker's

        connection = redis.Redis(unix_socket_path=str(self.redis_socket))

        def registered() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"the grading worker exited: see {self.folder}/worker.log")
            # Registered on the queue: the review pages count on it from now on.
            return bool(connection.exists(f"rq:worker:{WORKER_NAME}"))

        try:
            _wait(registered, "the grading worker")
        finally:
            connection.close()

    def stop_worker(self, timeout: float = 30) -> None:
        """Stop the grading worker as systemd does: SIGTERM (RQ finishes the job at hand),
        then SIGKILL to whatever is left of its process group."""
        process, self.grader = self.grader, None
        if process is None:
            return
        self._record()
        _stop_group(process, timeout)

    def start_app(self, index: int, extra: dict[str, str] | None = None) -> None:
        """App server ``index`` (what deploy/systemd/conquian@.service runs); ``extra``:
        more environment (a test's hooks)."""
        env = {**self.app_env(), "HOST": HOST, "PORT": str(self.app_ports[index]),
               **(extra or {})}
        log = open(self.folder / f"app{index}.log", "ab")  # noqa: SIM115
        self.apps[index] = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:tutor.serving",
             "--graceful-timeout", "20", "--preload", "tutor:create_app()"],
            env=env, cwd=ROOT, stdout=log, stderr=log,
            start_new_session=True)  # its own process group: killed whole, workers too
        log.close()
        self._record()
        port = self.app_ports[index]
        process = self.apps[index]

        listening = f"Listening at: http://{HOST}:{port} ({process.pid})".encode()
        log_path = self.folder / f"app{index}.log"

        def answers() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"app server {index} exited: see {log_path}")
            # Our own gunicorn holds the port: another process that took it between choosing
            # the port and binding it would answer /readyz too.
            if listening not in log_path.read_bytes():
                return False
            # Ready, not merely alive: it reaches PostgreSQL and Redis (tutor/health).
            with urllib.request.urlopen(f"http://{HOST}:{port}/readyz", timeout=2) as r:
                return bool(r.status == 200)

        _wait(answers, f"app server {index}")

    def wait_in_rotation(self, seconds: float = 30) -> None:
        """Return once nginx sends requests to every running app server again (after a
        failure nginx skips a server for its ``fail_timeout``): probes go through nginx
        until each server's log shows one."""
        logs = {i: self.folder / f"app{i}.log" for i in self.apps}
        seen = {i: log.read_bytes().count(b'"GET /livez') for i, log in logs.items()}
        context = self.ssl_context()

        def all_reached() -> bool:
            with urllib.request.urlopen(self.url + "/livez", timeout=5, context=context):
                pass
            return all(log.read_bytes().count(b'"GET /livez') > seen[i]
                       for i, log in logs.items())

        _wait(all_reached, "nginx's rotation of every app server", seconds)

    def stop_app(self, index: int, timeout: float = 60) -> float:
        """Stop app server ``index`` the way systemd stops deploy/systemd/conquian@.service
        (``KillMode=mixed``): SIGTERM to gunicorn's master only, which stops listening and
        lets its workers finish the requests they hold; whatever is left of its process
        group after ``timeout`` gets SIGKILL.  Answers how long it took to exit."""
        process = self.apps.pop(index)
        self._record()
        started = time.monotonic()
        _stop_group(process, timeout)
        return time.monotonic() - started

    def kill_app(self, index: int) -> None:
        """SIGKILL the app server and its workers at once: nothing gets to finish."""
        process = self.apps.pop(index)
        self._record()
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def _nginx(self) -> None:
        folder = self.folder / "nginx"
        folder.mkdir()
        static = self.folder / "static"
        from tutor.paths import STATIC_DIR

        shutil.copytree(STATIC_DIR, static)
        for path in [static, *static.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        site = (ROOT / "deploy" / "nginx" / "conquian.conf").read_text()
        servers = "\n    ".join(f"server {HOST}:{port} max_fails=5 fail_timeout=2s;"
                                 for port in self.app_ports)
        for key, value in {
            "APP_SERVERS": servers, "HTTP_LISTEN": f"{HOST}:{self.http_port}",
            "HTTPS_LISTEN": f"{HOST}:{self.https_port}", "HTTPS_PORT": str(self.https_port),
            "SERVER_NAME": HOST, "TLS_CERT": str(self.cert),
            "TLS_KEY": str(self.cert.parent / "key.pem"), "STATIC_ROOT": str(static),
        }.items():
            site = site.replace(f"@{key}@", value)
        (folder / "conquian.conf").write_text(site)
        user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {folder}/nginx.pid;\n"
            # Each live table's stream holds two connections (the browser's and the app
            # server's) for its whole life: room for thousands (scripts/bench-tables).
            "worker_rlimit_nofile 16384;\n"
            f"error_log {folder}/error.log warn;\nevents {{ worker_connections 8192; }}\n"
            "http {\n"
            # Which app server answered, after how many tries (refused ones included), and
            # when: a killed server's streams can be followed (scripts/bench-tables).
            "    log_format upstreams '$remote_addr [$time_local] \"$request\" $status "
            "$body_bytes_sent \"$http_referer\" \"$http_user_agent\" t=$msec "
            "rt=$request_time up=\"$upstream_addr\" ups=\"$upstream_status\" "
            "uct=\"$upstream_connect_time\" urt=\"$upstream_response_time\"';\n"
            f"    access_log {folder}/access.log upstreams;\n"
            f"    client_body_temp_path {folder}/body;\n    proxy_temp_path {folder}/proxy;\n"
            f"    fastcgi_temp_path {folder}/fastcgi;\n    uwsgi_temp_path {folder}/uwsgi;\n"
            f"    scgi_temp_path {folder}/scgi;\n"
            "    types { text/html html; text/css css; application/javascript js;"
            " image/svg+xml svg; image/png png; }\n"
            "    default_type application/octet-stream;\n"
            f"    include {folder}/conquian.conf;\n}}\n")
        _run([_nginx(), "-p", str(folder), "-e", str(folder / "error.log"),
              "-c", str(folder / "nginx.conf")])
        context = self.ssl_context()

        def answers() -> bool:
            with urllib.request.urlopen(self.url + "/healthz", timeout=2,
                                        context=context) as r:
                return bool(r.status == 200)

        _wait(answers, "nginx")

    # --- stopping -----------------------------------------------------------------------

    def down(self) -> None:
        try:
            try:
                for index in list(self.apps):
                    self.stop_app(index, timeout=30)
            finally:
                self.stop_worker()
        finally:  # whatever happened to the app servers, the rest is stopped too
            stop_stack_servers(self.folder)


def _stop_group(process: subprocess.Popen[bytes], timeout: float) -> None:
    """SIGTERM to the process itself, then, after it exits or after ``timeout``, SIGKILL to
    whatever is left of its process group."""
    try:
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises KeyboardInterrupt in the main thread, as Ctrl-C does, so
    that ``finally`` blocks and pytest's fixture finalizers stop every server this stack
    started (left alone, SIGTERM ends Python without running either).  A second SIGTERM
    is ignored: the clean-up is under way."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise KeyboardInterrupt(f"stopped by signal {signum}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def stack_pids(folder: Path) -> dict[str, int]:
    """Every process the stack in ``folder`` runs, by what it is: each app server's
    gunicorn master and the rest of its process group (workers, graders), the grading
    worker and its job processes, nginx, Redis and PostgreSQL's postmaster (from their pid
    files)."""
    found: dict[str, int] = {}
    files = {"nginx": folder / "nginx" / "nginx.pid", "redis": folder / "redis" / "redis.pid",
             "postgres": folder / "pg" / "data" / "postmaster.pid"}
    for name, path in files.items():
        with suppress(OSError, ValueError, IndexError):
            found[name] = int(path.read_text().split()[0])
    try:
        masters = json.loads((folder / "stack.json").read_text())["pids"]
    except (OSError, ValueError, KeyError):
        masters = {}
    groups = {int(pid): index if index == WORKER else f"app{index}"
              for index, pid in masters.items()}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pgid = int(fields[2])  # after the state and the parent's pid
        if pgid in groups:
            found[f"{groups[pgid]} pid {stat.parent.name}"] = int(stat.parent.name)
    return found


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, exited but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def stop_stack_servers(folder: Path, seconds: float = 30) -> None:
    """Stop nginx, Redis and PostgreSQL of the stack in ``folder`` (each by its pid file),
    and return once they have exited."""
    pids = [pid for name, pid in stack_pids(folder).items()
            if name in ("nginx", "redis", "postgres")]
    if (folder / "nginx" / "nginx.pid").exists():
        subprocess.run([_nginx(), "-p", str(folder / "nginx"), "-e",
                        str(folder / "nginx" / "error.log"), "-c",
                        str(folder / "nginx" / "nginx.conf"), "-s", "quit"],
                       capture_output=True)
    redis_pid = folder / "redis" / "redis.pid"
    if redis_pid.exists():
        with suppress(ValueError, ProcessLookupError):
            os.kill(int(redis_pid.read_text().strip()), signal.SIGTERM)
    data = folder / "pg" / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run([*_as_postgres(), str(_pg_bin() / "pg_ctl"), "-D", str(data),
                        "-m", "fast", "stop"], capture_output=True)
    deadline = time.monotonic() + seconds
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["up", "down"])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--apps", type=int, default=2, help="app servers (2)")
    args = parser.parse_args()
    if args.command == "up":
        stack = Stack(args.folder, app_count=args.apps)
        try:
            with terminate_as_interrupt():
                stack.up()
        except BaseException:
            stack.down()
            raise
        print(f"The site is at {stack.url} (certificate: {stack.cert}); app servers on "
              + ", ".join(f"{HOST}:{p}" for p in stack.app_ports))
        # The app servers are children of this process: it stays until interrupted (Ctrl-C
        # or SIGTERM), then stops everything.
        try:
            with terminate_as_interrupt():
                signal.pause()
        except KeyboardInterrupt:
            pass
        finally:
            stack.down()
        return 0
    for pid in json.loads((args.folder / "stack.json").read_text())["pids"].values():
        with suppress(ProcessLookupError):
            os.killpg(int(pid), signal.SIGTERM)
    stop_stack_servers(args.folder)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
