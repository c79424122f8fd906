"""A table's public summary in Redis: what a stream heartbeat needs, so that an ordinary
heartbeat reads no database (issue 29: 800 streams beating every few seconds).

The summary holds the move number, status, seats, grace and timer options, and each
person's seat (kind, row's last-seen time, learner), tagged with the table's change count
(``notify.VERSION``, raised by every publish after a commit).  A heartbeat reads both in
one round trip; a summary missing or tagged with an older count is stale, and the caller
takes the database path and writes a new one (tagged with the count read BEFORE its
database read, so a change committed meanwhile leaves it stale, never wrong).  When a
seat's grace period or the move timer has run out, :func:`quick_beat` answers None too:
the takeover is the database's business, in one transaction with the move-number check.
Nothing here is hidden information: the stamp shown to every seat is built from it.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime, timedelta
from typing import Any, Final

from tutor.models import PlayTable
from tutor.tables import notify, presence, timer

KEY: Final = "conquian:table-summary:"
TTL: Final = 60
"""Seconds a summary lives: a publish that could not reach Redis leaves it stale at most
this long."""


def stamp_text(number: int, status: str, seats: int, away: list[presence.Away]) -> str:
    """What changes a table's page: the move number, the status, the seats taken, and which
    players left (public: everyone at the table is shown it)."""
    gone = ",".join(f"{a.seat}{'c' if a.taken_over else ''}" for a in away)
    return f"{number}.{status}.{seats}.{gone}"


def _client() -> Any | None:
    url = notify.redis_url()
    return notify.redis_client(url) if url else None


def version(table_id: str) -> int | None:
    """The table's change count (None: no Redis, or it cannot be reached)."""
    client = _client()
    if client is None:
        return None
    try:
        return int(client.get(notify.VERSION + table_id) or 0)
    except Exception:  # no summary then: the database answers
        return None


def write(table: PlayTable, count: int | None) -> None:
    """Stores the summary of ``table`` as read after the change count ``count``."""
    client = _client()
    if client is None or count is None:
        return
    body = {
        "v": count, "n": table.move_number, "status": table.status,
        "seats": len(table.seats), "grace": presence.grace_of(table),
        "timer": timer.seconds_of(table),
        "moved": None if table.moved_at is None else table.moved_at.isoformat(),
        "people": [[s.seat, s.kind, s.last_seen.isoformat(), s.learner_id]
                   for s in table.seats if s.learner_id is not None],
    }
    with contextlib.suppress(Exception):  # unwritten: the next heartbeat reads the database
        client.set(KEY + table.id, json.dumps(body), ex=TTL)


# The heartbeat's Redis work in one round trip: the change count and the summary; when the
# summary is current, the viewer's presence (their seat found in it) and every seated
# person's.  Run as a script, the presence is written only for the seat the current summary
# gives the viewer, as before in two round trips.  KEYS: the change count, the summary.
# ARGV: the table's presence key prefix, the viewer's learner id ("" for none), the time.
_BEAT_LUA: Final = """
local count = redis.call('GET', KEYS[1])
local raw = redis.call('GET', KEYS[2])
if not raw then return {count, false, false} end
local ok, body = pcall(cjson.decode, raw)
if not ok or tonumber(body['v']) ~= tonumber(count or 0) then return {count, raw, false} end
local keys, mine, learner = {}, nil, tonumber(ARGV[2])
for i, person in ipairs(body['people']) do
  keys[i] = ARGV[1] .. person[1]
  if mine == nil and learner ~= nil and person[4] == learner then mine = person[1] end
end
if mine ~= nil then
  redis.call('SET', ARGV[1] .. mine, ARGV[3], 'EX', tonumber(body['grace']) + 60)
end
local seen = {}
if #keys > 0 then seen = redis.call('MGET', unpack(keys)) end
return {count, raw, seen}
"""
_scripts: dict[int, Any] = {}


def _beat_script(client: Any) -> Any:
    """The script, registered once per client (redis-py sends it by its hash, and loads it
    again on a server that lost it)."""
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts[id(client)] = client.register_script(_BEAT_LUA)
    return script


def quick_beat(table_id: str, learner_id: int | None) -> tuple[int, str] | None:
    """Records the viewer as present and answers the table's (number, stamp) from Redis
    alone, in one round trip; None when the database must answer (no Redis, no current
    summary, or a grace period or move timer ran out)."""
    client = _client()
    if client is None:
        return None
    at = presence.now()
    try:
        count, raw, answers = _beat_script(client)(
            keys=[notify.VERSION + table_id, KEY + table_id],
            args=[presence.key_prefix(table_id), "" if learner_id is None else learner_id,
                  at.isoformat()])
        if raw is None:
            return None
        body = json.loads(raw)
        if body["v"] != int(count or 0):
            return None
        seated = [presence.Seated(seat, kind, datetime.fromisoformat(seen))
                  for seat, kind, seen, _ in body["people"]]
        mine = next((seat for seat, _, _, learner in body["people"]
                     if learner is not None and learner == learner_id), None)
        grace = int(body["grace"])
        seats = [s.seat for s in seated]
    except Exception:  # Redis unreachable or a summary that does not read: the database
        return None
    seen = {s.seat: s.last_seen for s in seated}
    if seats:
        presence.merge(seen, seats, answers)
    if mine is not None:
        seen[mine] = max(seen[mine], at)
    status = str(body["status"])
    if status == "playing":
        if presence.due_among(grace, seated, seen, at):
            return None
        if body["timer"] and body["moved"] is not None and at >= (
                datetime.fromisoformat(body["moved"]) + timedelta(seconds=body["timer"])):
            return None
    away = presence.away_among(status, grace, seated, seen, at)
    return int(body["n"]), stamp_text(int(body["n"]), status, int(body["seats"]), away)
