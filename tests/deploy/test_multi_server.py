"""More than one server: games are played through nginx while one app server, then the
other, is killed (SIGKILL, workers and all) and restarted.  No acknowledged move is lost,
no move is played twice or refused when nginx sends it on (moves carry their move number),
nobody is logged out, login limits are shared by both servers, and slow clients cannot
starve the site behind nginx."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import random
import re
import socket
import ssl
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
import sqlalchemy as sa

from tests.deploy.clients import Browser
from tests.deploy.conftest import Stack
from tests.play.helpers import random_action

pytestmark = [pytest.mark.slow, pytest.mark.deploy]

HUMAN = 0
MOVE_NUMBER = "X-Move-Number"  # tutor.play.repeats.HEADER


def _key(action: dict[str, Any]) -> tuple[Any, ...]:
    """An action as the client sent it and as the database stores it."""
    return (action["type"], None if action["type"] == "turn" else action.get("card"),
            tuple(sorted(action.get("hand_cards") or ())), action.get("discard"))


@dataclass(eq=False)  # a Thread must stay hashable
class Player(threading.Thread):
    """Plays one game through nginx with random legal moves, each sent with the move number
    it was chosen at, remembering every move the site acknowledged (200) and every request
    that failed."""

    browser: Browser
    game_id: str
    view: dict[str, Any]
    number: str
    headers: dict[str, str]
    seed: int
    stop: threading.Event
    acknowledged: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    failures: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        threading.Thread.__init__(self, daemon=True)

    def run(self) -> None:
        rng = random.Random(self.seed)
        path = f"/api/games/{self.game_id}"
        while not self.stop.is_set():
            if self.view["match"]["over"]:
                return
            action = random_action(self.view, rng)
            try:
                status, headers, answer = self.browser.json_answer(
                    "POST", path + "/actions", action, {**self.headers, MOVE_NUMBER: self.number})
            except (OSError, http.client.HTTPException) as error:
                # A server killed mid-answer cuts the response short (IncompleteRead):
                # no acknowledgement, like a refused connection.
                status, headers, answer = 0, {}, str(error)
            if status == 200:
                self.acknowledged.append((time.monotonic(), action))
                self.view, self.number = answer, headers[MOVE_NUMBER]
                continue
            self.failures[str(status)] += 1
            # Not acknowledged: it may or may not have happened.  Read the game again.
            for _ in range(50):
                try:
                    status, headers, answer = self.browser.json_answer("GET", path,
                                                                      headers=self.headers)
                except (OSError, http.client.HTTPException):
                    status = 0
                if status == 200:
                    self.view, self.number = answer, headers[MOVE_NUMBER]
                    break
                time.sleep(0.1)
            time.sleep(0.05)


def _stored_human_moves(stack: Stack, game_id: str) -> list[tuple[Any, ...]]:
    engine = sa.create_engine(stack.database_url)
    with engine.connect() as conn:
        raw = conn.execute(sa.text("SELECT state FROM games WHERE id = :id"),
                           {"id": game_id}).scalar_one()
    engine.dispose()
    state = raw if isinstance(raw, dict) else json.loads(raw)
    section = state.get("table") or state["match"]  # "match": the stored form before issue 28
    hands = [*section["finished"], state]
    return [_key(a) for hand in hands for a in hand["actions"] if a["player"] == HUMAN]


def _is_subsequence(wanted: list[Any], stored: list[Any]) -> bool:
    it = iter(stored)
    return all(any(item == s for s in it) for item in wanted)


def test_no_acknowledged_move_is_lost_and_nobody_is_logged_out(stack: Stack) -> None:
    # A teacher logged in, and a learner with games of their own (session cookie).
    teacher = Browser(stack)
    email = "teacher@example.org"
    status, _ = teacher.form("/auth/signup", "/auth/signup", {
        "display_name": "Teacher", "email": email, "password": "wombat lantern",
        "confirm": "wombat lantern"})
    assert status == 302
    assert teacher.form("/auth/login", "/auth/login",
                        {"email": email, "password": "wombat lantern"})[0] == 302
    assert teacher.send("GET", "/teach/")[0] == 200
    learner = Browser(stack)
    status, location = learner.form("/play/", "/play/", {"level": "easy"})
    assert status == 302
    page_game = location.split("#")[0].rsplit("/", 1)[1]

    stop = threading.Event()
    players = []
    for number in range(6):
        # Half the games are the learner's (their session), half a token client's.
        owner = learner if number % 2 == 0 else Browser(stack)
        status, answered, created = owner.json_answer("POST", "/api/games", {"level": "medium"})
        assert status == 200, created
        headers = {} if owner is learner else {"X-Game-Token": created["token"]}
        players.append(Player(owner, created["id"], created["view"], answered[MOVE_NUMBER],
                              headers, number, stop))
    for player in players:
        player.start()

    outages = []
    for index in (0, 1):
        time.sleep(2.5)
        killed = time.monotonic()
        stack.kill_app(index)
        time.sleep(2.5)  # the other server carries everything meanwhile
        stack.start_app(index)
        outages.append((killed, time.monotonic()))
        # Nobody was logged out by it.
        assert teacher.send("GET", "/teach/")[0] == 200
        assert learner.send("GET", f"/play/{page_game}")[0] == 200
    time.sleep(2.5)
    stop.set()
    for player in players:
        player.join(timeout=60)

    moves = [t for p in players for t, _ in p.acknowledged]
    during = [t for t in moves if any(a <= t <= b for a, b in outages)]
    assert len(moves) >= 60, f"only {len(moves)} moves were acknowledged"
    assert during, "no move was acknowledged while an app server was down"
    for player in players:
        sent = [_key(a) for _, a in player.acknowledged if a["type"] != "next_hand"]
        stored = _stored_human_moves(stack, player.game_id)
        assert _is_subsequence(sent, stored), (
            f"game {player.game_id}: an acknowledged move is missing from the database")
        # And what the site shows is what is stored: the learner still sees the game.
        status, view = player.browser.json("GET", f"/api/games/{player.game_id}",
                                           headers=player.headers)
        assert status == 200 and view == player.view
    failures = sum((p.failures for p in players), Counter())
    print(f"\n{len(moves)} moves acknowledged ({len(during)} during the two outages); "
          f"requests not acknowledged: {failures}")
    # A move nginx sent on after its server died having committed it is recognised by its
    # number and answered (200), never refused as illegal (400) or stale (409).
    assert not {"400", "409"} & set(failures), failures

    # Still logged in, on whichever server answers.
    for _ in range(4):
        assert teacher.send("GET", "/teach/")[0] == 200
        assert learner.send("GET", f"/play/{page_game}")[0] == 200


def test_login_limits_are_shared_by_both_app_servers(stack: Stack) -> None:
    victim = "limited@example.org"
    guesser = Browser(stack)
    # A server restarted by the test before may still sit out nginx's fail_timeout (3 s):
    # wait until both answer, so that the guesses below are spread over both.
    def healthz_hits() -> list[int]:
        return [len(re.findall(r'"GET /healthz', (stack.folder / f"app{i}.log").read_text()))
                for i in (0, 1)]

    before = healthz_hits()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if all(now > then for now, then in zip(healthz_hits(), before, strict=True)):
            break
        guesser.send("GET", "/healthz")
        time.sleep(0.2)
    codes: Counter[int] = Counter()
    for attempt in range(25):
        # Each guess is a GET of the form then a POST: with two servers in round robin they
        # would always split the same way, so every other guess shifts the turn by one.
        if attempt % 2:
            guesser.send("GET", "/healthz")
        codes[guesser.form("/auth/login", "/auth/login",
                           {"email": victim, "password": "a wrong guess"})[0]] += 1
    assert codes == {400: 10, 429: 15}
    served = [len(re.findall(r'"POST /auth/login ', (stack.folder / f"app{i}.log").read_text()))
              for i in (0, 1)]
    assert all(served), f"nginx sent every attempt to one server: {served}"


def test_slow_clients_wait_on_nginx_not_on_the_app_servers(stack: Stack) -> None:
    """Forty connections trickle bodies through TLS: more than all the app servers' threads
    together (2 servers x 2 workers x 4 threads), yet /healthz keeps answering."""
    context = stack.ssl_context()
    port = int(stack.url.rsplit(":", 1)[1])
    stop = threading.Event()

    def trickle() -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as raw, \
                context.wrap_socket(raw, server_hostname="127.0.0.1") as sock:
            sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
            while not stop.wait(0.5):
                try:
                    sock.sendall(b" ")
                except (OSError, ssl.SSLError):
                    return

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(40)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    probe = Browser(stack)
    times = []
    for _ in range(10):
        started = time.monotonic()
        status, _, body = probe.send("GET", "/healthz", timeout=5)
        times.append(time.monotonic() - started)
        assert (status, body) == (200, b"ok")
        time.sleep(0.3)
    stop.set()
    assert max(times) < 2.0, times
