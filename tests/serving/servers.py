"""Real servers for the serving and deployment tests: free loopback ports, gunicorn started
the way production starts it (docs/deploy.md), and small HTTP helpers on raw sockets."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# Several test runs may share a machine: servers take ports from this range.
PORTS = os.environ.get("CONQUIAN_TEST_PORTS", "18200-18299")


def free_port() -> int:
    first, last = (int(p) for p in PORTS.split("-"))
    for port in range(first, last + 1):
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((HOST, port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


def get(url: str, timeout: float = 5.0, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def post_json(url: str, body: Any, timeout: float = 10.0,
              headers: dict[str, str] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            return error.code, raw


def wait_until_up(base: str, process: subprocess.Popen[bytes] | None = None,
                  seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server at {base} exited with {process.returncode}")
        try:
            if get(base + "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{base} did not answer /healthz within {seconds} s")


def site_env(folder: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CONQUIAN_ENV", "DATABASE_URL")}
    env.update({"DATABASE_URL": f"sqlite:///{folder / 'site.sqlite'}", "SECRET_KEY": "serving",
                "PYTHONPATH": str(ROOT)})
    if os.environ.get("TEST_REDIS_URL"):
        env["REDIS_URL"] = os.environ["TEST_REDIS_URL"]
    env.update(extra)
    return env


def prepare(env: dict[str, str]) -> None:
    """What ``flask --app tutor serve`` (and the deployment's migrate unit) does first."""
    subprocess.run([sys.executable, "-m", "flask", "--app", "tutor", "prepare"], env=env,
                   cwd=ROOT, check=True, capture_output=True, timeout=120)


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, threads: int | None = None,
             log: Path | None = None) -> Iterator[str]:
    """The site under gunicorn with tutor.serving's settings, as production runs it."""
    from tutor.commands import gunicorn_argv

    port = free_port()
    argv = gunicorn_argv(HOST, port, workers, threads)
    output = open(log, "wb") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    process = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=output, stderr=output)
    base = f"http://{HOST}:{port}"
    try:
        wait_until_up(base, process)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if log is not None:
            output.close()  # type: ignore[union-attr]


def raw_request(port: int, data: bytes, timeout: float = 10.0) -> bytes:
    """Send bytes as they are (chunked bodies, broken headers) and read the whole answer."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def chunked(body: bytes, size: int = 65536) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
             for i in range(0, len(body), size)]
    return b"".join(parts) + b"0\r\n\r\n"
