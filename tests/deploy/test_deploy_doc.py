"""docs/deploy.md's "On a server", followed word for word: its ```sh blocks, read from the
document, run in order by bash as root into a fresh folder (the doc's ``PREFIX``), and the
site they install answers through nginx; then its "Upgrading" runs the same way.

Only what cannot run on a test machine is stood in for, by the commands first on PATH
(tests/deploy/doc_standins/): ``systemctl`` starts the units the doc installed, as systemd
would, with no systemd here (standin_systemctl.py says how, and how it runs Debian's
PostgreSQL, Redis and nginx on the prefix's files); ``apt-get`` only checks that the
packages are installed.  Before the doc runs, the test puts into the prefix what installing
Debian's packages would have: a copy of /etc/nginx and /etc/redis/redis.conf (paths moved
into the prefix) and a running PostgreSQL cluster with Debian's ``peer`` authentication.
The checkout is a copy of this working tree, as ``git clone`` would give.  The service user
is a throw-away OS user with a name of its own (``APP_USER``), which the doc's ``useradd``
makes and the test deletes; the doc's ``createuser``, ``usermod -a -G redis`` and ``runuser``
run for real with it.
"""

from __future__ import annotations

import json
import os
import pwd
import random
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.backends import services_required
from tests.deploy.conftest import ROOT, _missing, running, terminate_as_interrupt
from tests.play.helpers import random_action

DOC = ROOT / "docs" / "deploy.md"
STANDINS = Path(__file__).parent / "doc_standins"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Stop at the first failing command; each traced with the time it started.
PREAMBLE = "PS4='+ $(date +%T) '\nset -euo pipefail\n"
SERVER_NAME = "localhost"  # resolves to 127.0.0.1 here, as the doc's name would by DNS


def sh_blocks(section: str) -> list[str]:
    """The ```sh blocks of the doc's section ``## <section>``, in order."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start:end if end != -1 else len(text)]
    return re.findall(r"^```sh\n(.*?)^```$", body, flags=re.S | re.M)


def test_every_nginx_placeholder_is_explained_and_filled_by_the_doc() -> None:
    """Each @NAME@ of deploy/nginx/conquian.conf has its row in the doc's table and its
    substitution in the doc's sed, and the sed leaves no placeholder it does not know."""
    placeholders = set(re.findall(r"@[A-Z_]+@", (ROOT / "deploy/nginx/conquian.conf").read_text()))
    assert len(placeholders) == 8
    text = DOC.read_text(encoding="utf-8")
    blocks = "\n".join(sh_blocks("On a server"))
    for name in sorted(placeholders):
        assert re.search(rf"^\| [^|]*`{name}`", text, re.M), f"{name} is not in the table"
        assert f"s|{name}|" in blocks, f"no sed fills {name}"
    assert set(re.findall(r"s\|(@[A-Z_]+@)\|", blocks)) == placeholders


def _free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def _copy_checkout(target: Path) -> None:
    """This working tree's files (tracked and new, not ignored): what a clone would hold."""
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file():
            (target / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name.decode())


def _debian_files(prefix: Path) -> None:
    """What installing Debian's nginx and redis-server puts in /etc, copied into the prefix,
    nginx's own paths (pid, logs, temporary files) moved there too."""
    etc = prefix / "etc"
    shutil.copytree("/etc/nginx", etc / "nginx", symlinks=True)
    for link in (etc / "nginx").rglob("*"):
        if link.is_symlink() and os.readlink(link).startswith("/etc/nginx/"):
            target = os.readlink(link)
            link.unlink()
            link.symlink_to(etc / target.removeprefix("/etc/"))
    conf = (etc / "nginx/nginx.conf").read_text()
    conf = (conf.replace("/etc/nginx", str(etc / "nginx"))
            .replace("/run/nginx.pid", str(prefix / "run/nginx.pid"))
            .replace("/var/log/nginx", str(prefix / "var/log/nginx")))
    temp = "".join(f"\t{kind}_temp_path {prefix}/var/lib/nginx/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (etc / "nginx/nginx.conf").write_text(conf.replace("http {\n", "http {\n" + temp, 1))
    for folder in ("var/log/nginx", "var/lib/nginx", "etc/systemd/system", "run"):
        (prefix / folder).mkdir(parents=True, exist_ok=True)
    (etc / "redis").mkdir()
    shutil.copy2("/etc/redis/redis.conf", etc / "redis/redis.conf")
    shutil.chown(etc / "redis/redis.conf", "redis", "redis")


def _bash(script: str, env: dict[str, str], cwd: Path, log: Path) -> float:
    """Run ``script`` (the doc's blocks) with bash, stopping at the first failing command;
    answers how long it took."""
    started = time.monotonic()
    with log.open("ab") as out:
        done = subprocess.run(["bash", "-x", "-c", PREAMBLE + script], env=env,
                              cwd=cwd, stdout=out, stderr=subprocess.STDOUT, timeout=1500)
    if done.returncode != 0:
        tail = log.read_text(errors="replace")[-6000:]
        raise AssertionError(f"the doc's commands failed ({done.returncode}); end of {log}:\n"
                             f"{tail}")
    return time.monotonic() - started


class Client:
    """HTTPS to nginx by the site's name, trusting the doc's certificate."""

    def __init__(self, base: str, cafile: Path) -> None:
        self.base = base
        self.context = ssl.create_default_context(cafile=str(cafile))

    def send(self, method: str, path: str, data: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any, bytes]:
        body = None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(self.base + path, data=body, method=method, headers={
            "Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30, context=self.context) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _unit_pid(prefix: Path, unit: str) -> int:
    return int((prefix / "run/standin" / f"{unit}.pid").read_text())


def _uid_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))  # type: ignore[union-attr]


def _processes_under(prefix: Path) -> list[str]:
    """The running processes whose command line names a file in ``prefix``."""
    found = []
    for path in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            command = path.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(prefix) in command and running(int(path.parent.name)):
            found.append(f"{path.parent.name}: {command}")
    return found


def _remove_user(name: str) -> None:
    subprocess.run(["userdel", name], capture_output=True)
    subprocess.run(["groupdel", name], capture_output=True)


@pytest.mark.slow
@pytest.mark.deploy
def test_the_deploy_doc_installs_a_site_that_answers_through_nginx() -> None:
    missing = _missing() + ([] if os.geteuid() == 0 else ["root (useradd, runuser)"])
    if missing:
        if services_required():
            pytest.fail("following docs/deploy.md needs " + ", ".join(missing))
        pytest.skip("following docs/deploy.md needs " + ", ".join(missing))
    install, upgrade = sh_blocks("On a server"), sh_blocks("Upgrading")
    assert len(install) >= 9 and upgrade
    # Not under pytest's private folder: PostgreSQL's, Redis's and nginx's users look inside.
    prefix = Path(tempfile.mkdtemp(prefix="conquian-doc-"))
    prefix.chmod(0o755)
    user = "cqdoc" + secrets.token_hex(3)
    http_port, https_port, *app_ports = _free_ports(4)
    checkout = prefix / "src/conquian"
    env = {
        "PATH": f"{STANDINS}:{SYSTEM_PATH}", "HOME": "/root", "LANG": "C.UTF-8",
        **{k: v for k, v in os.environ.items() if k.startswith("PIP_")},  # this machine's index
        "DOC_STANDIN_PREFIX": str(prefix),
        # The doc's settings (step 1 keeps values from the environment).
        "PREFIX": str(prefix), "CHECKOUT": str(checkout), "SERVER_NAME": SERVER_NAME,
        "APP_USER": user, "APP_PORTS": " ".join(map(str, app_ports)), "GRADING_WORKERS": "1",
        "HTTP_LISTEN": f"127.0.0.1:{http_port}", "HTTPS_LISTEN": f"127.0.0.1:{https_port}",
        "HTTPS_PORT": str(https_port), "CONQUIAN_COMPILE": "0",  # the pure wheel: seconds
    }
    log = prefix / "doc-commands.log"
    passed = False
    with terminate_as_interrupt():
        try:
            checkout.mkdir(parents=True)
            _copy_checkout(checkout)
            _debian_files(prefix)
            # Installing Debian's postgresql starts a cluster: the doc finds it running.
            subprocess.run([str(STANDINS / "systemctl"), "start", "postgresql"], env=env,
                           check=True)
            installed = _bash("\n".join(install), env, checkout, log)
            site = Client(f"https://{SERVER_NAME}:{https_port}",
                          prefix / "etc/ssl/conquian/fullchain.pem")
            game = _check_the_site(prefix, site, user, app_ports, http_port, https_port)

            # "Upgrading": a static file gone stale in nginx's folder comes back, every app
            # server restarts, the data and the key stay.
            stale = prefix / "srv/conquian/static/css/site.css"
            stale.write_text("stale")
            env_file = (prefix / "etc/conquian/env").read_bytes()
            before = {port: _unit_pid(prefix, f"conquian@{port}") for port in app_ports}
            upgraded = _bash("\n".join([install[0], *upgrade]), env, checkout, log)
            assert stale.read_bytes() == (checkout / "static/css/site.css").read_bytes()
            for port in app_ports:
                assert _unit_pid(prefix, f"conquian@{port}") != before[port]
                assert not running(before[port])
                assert _get(f"http://127.0.0.1:{port}/readyz")[0] == 200
            assert (prefix / "etc/conquian/env").read_bytes() == env_file
            status, _, body = site.send("GET", f"/api/games/{game['id']}",
                                        headers={"X-Game-Token": game["token"]})
            assert status == 200 and json.loads(body) == game["view"]
            status, _, body = site.send("GET", "/static/css/site.css")
            assert status == 200 and body == stale.read_bytes()
            print(f"\nthe doc's install took {installed:.0f} s, its upgrade {upgraded:.0f} s")
            passed = True
        finally:
            subprocess.run([str(STANDINS / "systemctl"), "stop-all"], env=env,
                           capture_output=True)
            left = _processes_under(prefix)
            _remove_user(user)
            if passed:
                shutil.rmtree(prefix, ignore_errors=True)
            else:
                print(f"\nthe doc's run is kept in {prefix} ({log.name}, var/log/)")
    assert left == []  # every server the doc started is stopped
    with pytest.raises(KeyError):
        pwd.getpwnam(user)


def _check_the_site(prefix: Path, site: Client, user: str, app_ports: list[int],
                    http_port: int, https_port: int) -> dict[str, Any]:
    """What the doc set up, asked from outside: answers the game it played."""
    uid = pwd.getpwnam(user).pw_uid
    # Each app server is ready (PostgreSQL and Redis reached, as the service user) and runs
    # the wheel the doc built (the pure one, as asked).
    for port in app_ports:
        status, body = _get(f"http://127.0.0.1:{port}/readyz")
        assert status == 200, body
        ready = json.loads(body)
        assert ready["status"] == "ready" and ready["solver"] == "pure Python"
        assert set(ready["checked"]) == {"database", "redis"}
        assert _uid_of(_unit_pid(prefix, f"conquian@{port}")) == uid
    assert running(_unit_pid(prefix, "conquian-worker@1"))
    assert _uid_of(_unit_pid(prefix, "conquian-worker@1")) == uid

    # Through nginx, by name, with the doc's certificate: a page, a static file nginx serves
    # from the doc's folder (its own Expires header), and plain HTTP redirected.
    status, headers, body = site.send("GET", "/")
    assert status == 200 and b"<html" in body, body[:300]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    status, headers, body = site.send("GET", "/static/css/site.css")
    static = prefix / "srv/conquian/static/css/site.css"
    assert status == 200 and body == static.read_bytes() and len(body) > 1000
    assert headers["Cache-Control"] == "max-age=3600"
    request = urllib.request.Request(f"http://{SERVER_NAME}:{http_port}/puzzles/")
    with pytest.raises(urllib.error.HTTPError) as redirect:
        urllib.request.build_opener(_NoRedirect()).open(request, timeout=10)
    assert redirect.value.code == 301
    assert redirect.value.headers["Location"] == f"https://{SERVER_NAME}:{https_port}/puzzles/"
    assert not (prefix / "etc/nginx/sites-enabled/default").exists()

    # A game through nginx (CONTRACT.md's HTTP API): started, one legal move played.
    status, headers, body = site.send("POST", "/api/games", {})
    assert status == 200, body
    created = json.loads(body)
    action = random_action(created["view"], random.Random(10))
    status, _, body = site.send("POST", f"/api/games/{created['id']}/actions", action,
                                {"X-Game-Token": created["token"]})
    assert status == 200, body
    view = json.loads(body)
    assert view != created["view"]
    status, _, body = site.send("GET", f"/api/games/{created['id']}",
                                headers={"X-Game-Token": created["token"]})
    assert status == 200 and json.loads(body) == view

    # The environment file: the service user's to read, no one else's, with a real key.
    env_file = prefix / "etc/conquian/env"
    assert env_file.stat().st_mode & 0o777 == 0o640
    assert (env_file.stat().st_uid, env_file.stat().st_gid) == (0, pwd.getpwnam(user).pw_gid)
    key = re.search(r"^SECRET_KEY=(\w+)$", env_file.read_text(), re.M)
    assert key is not None and len(key.group(1)) == 64
    return {"id": created["id"], "token": created["token"], "view": view}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None
