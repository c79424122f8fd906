"""``systemctl`` for tests/deploy/test_deploy_doc.py, where no systemd runs.

The doc installs its units under ``$DOC_STANDIN_PREFIX/etc/systemd/system``; this starts
each as systemd would: the ``[Service]`` section's ExecStart with its User and Group (and
the user's supplementary groups, as ``initgroups``), EnvironmentFile, Environment and
WorkingDirectory, in a clean environment, ``%i``/``%H`` filled in; Type=oneshot waits and
fails with its command.  Stopping sends KillSignal to the main process only under
``KillMode=mixed`` (to the whole process group otherwise), then SIGKILL to what is left after
TimeoutStopSec.  Not emulated: Restart=, dependencies, Nice=.

Debian's own services stand in for themselves on the prefix's files:

* ``postgresql``: a cluster under ``$PREFIX/var/lib/postgresql`` made as Debian's package
  makes one (``peer`` for local connections), socket in ``$PREFIX/run/postgresql``, no TCP;
* ``redis-server``: ``redis-server $PREFIX/etc/redis/redis.conf`` as the ``redis`` user (the
  doc's edits of that file count), with the folders of Debian's unit moved into the prefix
  and the TCP port off (the machine's 6379 is not ours);
* ``nginx``: ``nginx -c $PREFIX/etc/nginx/nginx.conf``, Debian's configuration copied there by
  the test.

``stop-all`` (not systemd's) stops everything started here, for the test's clean-up.
"""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

PREFIX = Path(os.environ["DOC_STANDIN_PREFIX"])
UNITS = PREFIX / "etc/systemd/system"
STATE = PREFIX / "run/standin"
LOGS = PREFIX / "var/log/standin"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
DEBIAN = ("postgresql", "redis-server", "nginx")


def fail(message: str, status: int = 1) -> None:
    print(message, file=sys.stderr)
    sys.exit(status)


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def read_unit(name: str) -> dict[str, list[str]]:
    """The [Service] section of unit ``name`` (``conquian@8001``), specifiers filled in."""
    base, _, instance = name.partition("@")
    path = UNITS / (f"{base}@.service" if "@" in name else f"{name}.service")
    if not path.exists():
        fail(f"Unit {name}.service not found.", 5)
    section, found = "", dict[str, list[str]]()
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line
            continue
        if section == "[Service]":
            key, _, value = line.partition("=")
            value = (value.replace("%%", "\0").replace("%i", instance)
                     .replace("%H", socket.gethostname()).replace("\0", "%"))
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    env = {"PATH": PATH}
    user = service.get("User", ["root"])[-1]
    entry = pwd.getpwnam(user)
    env.update(HOME=entry.pw_dir, USER=user, LOGNAME=user, SHELL=entry.pw_shell)
    for name in service.get("EnvironmentFile", []):
        for line in Path(name.lstrip("-")).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith(("#", ";")) and "=" in line:
                key, _, value = line.partition("=")
                env[key.strip()] = value.strip().strip("\"'")
    for assignment in service.get("Environment", []):
        for word in shlex.split(assignment):
            key, _, value = word.partition("=")
            env[key] = value
    return env


def spawn(name: str, args: list[str], *, user: str = "root", group: str | None = None,
          env: dict[str, str] | None = None, cwd: str = "/",
          wait: bool = False) -> subprocess.Popen[bytes]:
    LOGS.mkdir(parents=True, exist_ok=True)
    entry = pwd.getpwnam(user)
    extra = sorted({g.gr_gid for g in grp.getgrall() if user in g.gr_mem})
    with open(LOGS / f"{name}.log", "ab") as log:
        process = subprocess.Popen(
            args, env=env if env is not None else {"PATH": PATH}, cwd=cwd, stdin=subprocess.DEVNULL,
            stdout=log, stderr=log, user=entry.pw_uid,
            group=grp.getgrnam(group).gr_gid if group else entry.pw_gid, extra_groups=extra,
            start_new_session=True)
    if wait:
        process.wait()
    return process


def pid_file(name: str) -> Path:
    return STATE / f"{name}.pid"


def start_unit(name: str) -> None:
    if pid_file(name).exists() and running(int(pid_file(name).read_text())):
        return
    service = read_unit(name)
    args = shlex.split(service["ExecStart"][-1])
    oneshot = service.get("Type", ["simple"])[-1] == "oneshot"
    process = spawn(name, args, user=service.get("User", ["root"])[-1],
                    group=service.get("Group", [""])[-1] or None, env=environment(service),
                    cwd=service.get("WorkingDirectory", ["/"])[-1], wait=oneshot)
    if oneshot:
        if process.returncode != 0:
            fail(f"Job for {name}.service failed: {args[0]} exited {process.returncode} "
                 f"(see {LOGS / name}.log)")
        return
    STATE.mkdir(parents=True, exist_ok=True)
    pid_file(name).write_text(str(process.pid))


def stop_unit(name: str) -> None:
    path = pid_file(name)
    if not path.exists():
        return
    pid = int(path.read_text())
    service = read_unit(name) if name not in DEBIAN else {}
    number = getattr(signal, service.get("KillSignal", ["SIGTERM"])[-1])
    mixed = service.get("KillMode", ["control-group"])[-1] == "mixed"
    with suppress(ProcessLookupError):
        if mixed:
            os.kill(pid, number)
        else:
            os.killpg(pid, number)
    wait_gone(pid, float(service.get("TimeoutStopSec", ["90"])[-1]))
    with suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
    wait_gone(pid, 10)
    path.unlink()


# --- Debian's services, on the prefix's files ---------------------------------------------

def pg_bin() -> Path:
    return sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                  key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)[-1]


def postgresql(action: str) -> None:
    data = PREFIX / "var/lib/postgresql/data"
    sockets = PREFIX / "run/postgresql"
    as_postgres = ["runuser", "-u", "postgres", "--"]
    if action in ("stop", "restart") and (data / "postmaster.pid").exists():
        subprocess.run([*as_postgres, str(pg_bin() / "pg_ctl"), "-D", str(data), "-m", "fast",
                        "-w", "stop"], check=True, capture_output=True)
    if action not in ("start", "restart"):
        return
    for folder in (data.parent, sockets):
        folder.mkdir(parents=True, exist_ok=True)
        os.chown(folder, pwd.getpwnam("postgres").pw_uid, grp.getgrnam("postgres").gr_gid)
    sockets.chmod(0o2775)
    if not data.exists():  # what installing Debian's package does: a cluster, peer for local
        subprocess.run([*as_postgres, str(pg_bin() / "initdb"), "-D", str(data), "-U",
                        "postgres", "--auth-local=peer", "--auth-host=scram-sha-256"],
                       check=True, capture_output=True)
    subprocess.run([*as_postgres, str(pg_bin() / "pg_ctl"), "-D", str(data), "-l",
                    str(data.parent / "server.log"), "-w", "-o",
                    f"-k {sockets} -c listen_addresses='' -p 5432", "start"],
                   check=True, capture_output=True)


def redis_server(action: str) -> None:
    if action in ("stop", "restart"):
        stop_unit("redis-server")
    if action not in ("start", "restart"):
        return
    redis = pwd.getpwnam("redis")
    folders = {"run": PREFIX / "run/redis", "lib": PREFIX / "var/lib/redis",
               "log": PREFIX / "var/log/redis"}
    for folder in folders.values():  # Debian's unit: RuntimeDirectory=redis (2755) and co.
        folder.mkdir(parents=True, exist_ok=True)
        os.chown(folder, redis.pw_uid, redis.pw_gid)
    folders["run"].chmod(0o2755)
    log = folders["log"] / "redis-server.log"
    process = spawn("redis-server", [
        "redis-server", str(PREFIX / "etc/redis/redis.conf"), "--daemonize", "no",
        "--supervised", "no", "--port", "0", "--pidfile", str(folders["run"] / "redis.pid"),
        "--logfile", str(log), "--dir", str(folders["lib"])], user="redis")
    STATE.mkdir(parents=True, exist_ok=True)
    pid_file("redis-server").write_text(str(process.pid))
    deadline = time.monotonic() + 30  # Type=notify: started once it accepts connections
    while not (log.exists() and b"ready to accept connections" in log.read_bytes().lower()):
        if process.poll() is not None or time.monotonic() > deadline:
            fail(f"Job for redis-server.service failed (see {log})")
        time.sleep(0.1)


def nginx(action: str) -> None:
    conf = PREFIX / "etc/nginx/nginx.conf"
    base = ["nginx", "-c", str(conf), "-e", str(PREFIX / "var/log/nginx/error.log")]
    pid = PREFIX / "run/nginx.pid"
    if action == "reload":
        subprocess.run([*base, "-s", "reload"], check=True)
        return
    number = pid.read_text().strip() if pid.exists() else ""
    if action in ("stop", "restart") and number.isdigit() and running(int(number)):
        subprocess.run([*base, "-s", "quit"], check=False)
        wait_gone(int(number), 30)
    if action in ("start", "restart"):
        done = subprocess.run([*base, "-g", "daemon on; master_process on;"])
        if done.returncode != 0:
            fail("Job for nginx.service failed.")


def debian(name: str, action: str) -> None:
    {"postgresql": postgresql, "redis-server": redis_server, "nginx": nginx}[name](action)


def act(action: str, name: str) -> None:
    name = name.removesuffix(".service")
    if name in DEBIAN:
        debian(name, action)
    elif action == "start":
        start_unit(name)
    elif action == "stop":
        stop_unit(name)
    elif action == "restart":
        stop_unit(name)
        start_unit(name)
    else:
        fail(f"the systemctl stand-in cannot {action} {name}")


def stop_all() -> None:
    """Every unit started here, the app's first, then Debian's services."""
    names = [p.stem for p in STATE.glob("*.pid")] if STATE.exists() else []
    # One that cannot be stopped does not keep the others running.
    for name in names:
        if name not in DEBIAN:
            with suppress(Exception, SystemExit):
                stop_unit(name)
    for name in ("nginx", "redis-server", "postgresql"):
        with suppress(Exception, SystemExit):
            debian(name, "stop")


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("-")]
    now = "--now" in argv
    if not args:
        fail("usage: systemctl COMMAND [UNIT...]")
    command, names = args[0], args[1:]
    if command == "daemon-reload":
        return
    if command == "stop-all":
        stop_all()
        return
    if command in ("enable", "disable"):
        if now:
            for name in names:
                act("start" if command == "enable" else "stop", name)
        return
    if command == "is-active":
        alive = all(pid_file(n.removesuffix(".service")).exists() and running(
            int(pid_file(n.removesuffix(".service")).read_text())) for n in names)
        print("active" if alive else "inactive")
        sys.exit(0 if alive else 3)
    for name in names:
        act(command, name)


if __name__ == "__main__":
    main(sys.argv[1:])
