"""Live tables: open one, sit down, fill seats with computer players, start, and move.

The game is a :class:`tutor.play.games.TableGame` in its stored form (the one game path:
``game_rules(profile)`` deals, checks and applies every action); a table adds who sits where
and a move number.  Every change is one database transaction that locks the table's row
(``SELECT … FOR UPDATE``) and checks the move number the player saw, so two seats can never
act on a stale state, and a push channel only has to announce the new number.

No Flask here: the blueprint (tutor.tables.views) turns :class:`TableError` into answers.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import defer, joinedload

from solver.errors import ConquianError
from solver.game.matches import check_seats, match_options
from solver.game.record import state_to_dict
from solver.game.registry import GAMES, game_rules, players_of
from solver.messages import N_
from solver.rules import RuleProfile, get_profile
from tutor.extensions import db
from tutor.models import PlayTable, TableSeat
from tutor.models.common import utcnow
from tutor.play.games import LEVELS, NEXT_HAND, TableGame, game_from_dict
from tutor.play.stored_forms import MAX_SEED
from tutor.tables import memo, notify, presence, review_grading, timer

HUMAN: Final = "human"
COMPUTER: Final = "computer"
OPEN: Final = "open"
PLAYING: Final = "playing"
FINISHED: Final = "finished"
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L to misread
CODE_LENGTH: Final = 6
NAME_LENGTH: Final = 40
MAX_COMPUTER_STEPS: Final = 2000
"""A bound on the computer moves after one human move (a hand is far shorter)."""


class TableError(ConquianError):
    """A request the table cannot accept; ``status`` is its HTTP answer (400 bad input,
    403 not your seat, 404 no such table, 409 stale or out of turn)."""

    status = 400


class NotFound(TableError):
    status = 404


class Forbidden(TableError):
    status = 403


class Conflict(TableError):
    status = 409


@dataclass(frozen=True)
class TableOptions:
    """What the host chose, checked against the profile."""

    seats: int
    match: dict[str, Any]
    coaching: bool
    grace: int = presence.DEFAULT_GRACE
    """Seconds a seat waits for a player who left before a computer player takes it."""
    timer: int = 0
    """Seconds per move (0: no move timer; tutor.tables.timer)."""

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "match": dict(self.match), "coaching": self.coaching,
                "grace": self.grace, "timer": self.timer}


# --- options --------------------------------------------------------------------------------


def profile_of(rules: object) -> RuleProfile:
    if not isinstance(rules, str) or rules not in GAMES:
        raise TableError(N_("rules must be one of {known}, not {rules}"),
                         known=", ".join(GAMES), rules=repr(rules))
    return get_profile(rules)


def _whole(value: object, name: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(N_("{option} must be a whole number"), option=name)
    return value


def _flag(value: object, name: str) -> bool:
    if value in (None, "", "0", "false", "off", False):
        return False
    if value in ("1", "true", "on", True):
        return True
    raise TableError(N_("{option} must be true or false"), option=name)


def check_options(rules: RuleProfile, seats: object, match: Mapping[str, Any] | None,
                  coaching: object = True, grace: object = None,
                  move_timer: object = None) -> TableOptions:
    """The host's options, checked: the seats within the profile's players (its rule), the
    match options the profile offers (``RuleProfile.match_options``) and nothing else."""
    count = rules.min_players if seats in (None, "") else _whole(seats, "seats")
    try:
        check_seats(rules, count)
    except ConquianError as exc:
        raise TableError(exc.text) from None
    chosen: dict[str, Any] = {}
    for name, value in (match or {}).items():
        if value in (None, ""):
            continue
        if name not in rules.match_options:
            known = ", ".join(rules.match_options) or "—"
            raise TableError(N_("{game} tables take no option {option} (they take: {known})"),
                             game=rules.name, option=name, known=known)
        default = rules.match_options[name]
        chosen[name] = _flag(value, name) if isinstance(default, bool) else _whole(value, name)
    try:
        chosen = match_options(rules, chosen, count)
        game_rules(rules).new_match(0, rules, count, chosen)  # the game's own checks
    except ConquianError as exc:
        raise TableError(exc.text) from None
    wait = presence.DEFAULT_GRACE if grace in (None, "") else _whole(grace, "grace")
    if not presence.MIN_GRACE <= wait <= presence.MAX_GRACE:
        raise TableError(N_("grace must be between {low} and {high} seconds, not {grace}"),
                         low=presence.MIN_GRACE, high=presence.MAX_GRACE, grace=wait)
    try:
        seconds = timer.check(move_timer)
    except ConquianError as exc:
        raise TableError(exc.text) from None
    return TableOptions(count, chosen, _flag(coaching, "coaching"), wait, seconds)


# --- finding tables -------------------------------------------------------------------------


def get_table(table_id: str, lock: bool = False) -> PlayTable:
    """The table, its seats read in the same query (every request of a table asks who
    sits where; a move is one round trip shorter).  A locked read locks the table's row
    alone (``FOR UPDATE OF``: PostgreSQL locks no nullable side of an outer join) and
    overwrites what the session held of it, seats included.  The stored game is read only
    when asked for (``load_game`` mostly finds it loaded already: tutor.tables.memo)."""
    query = select(PlayTable).where(PlayTable.id == table_id)
    query = query.options(defer(PlayTable.state), joinedload(PlayTable.seats))
    if lock:
        query = query.with_for_update(of=PlayTable).execution_options(
            populate_existing=True)
    table = db.session.execute(query).unique().scalar_one_or_none()
    if table is None:
        raise NotFound(N_("there is no table with this address"))
    return table


def by_code(code: object) -> PlayTable:
    text = str(code or "").strip().upper().replace(" ", "").replace("-", "")
    table = db.session.execute(
        select(PlayTable).where(PlayTable.code == text)).scalar_one_or_none()
    if table is None:
        raise NotFound(N_("no table has the code {code}: check it with whoever invited you"),
                       code=text or "—")
    return table


def tables_of(learner_id: int, limit: int = 50) -> list[PlayTable]:
    """The tables a learner hosts or sits at, newest first."""
    seated = select(TableSeat.table_id).where(TableSeat.learner_id == learner_id)
    query = (select(PlayTable)
             .where((PlayTable.host_id == learner_id) | PlayTable.id.in_(seated))
             .order_by(PlayTable.created_at.desc()).limit(limit))
    return list(db.session.execute(query).scalars())


def seat_of(table: PlayTable, learner_id: int | None) -> int | None:
    """The seat a learner holds at a table (``None``: a spectator), also while a computer
    player keeps it for them."""
    for seat in table.seats:
        if learner_id is not None and seat.learner_id == learner_id:
            return seat.seat
    return None


def free_seats(table: PlayTable) -> list[int]:
    taken = {s.seat for s in table.seats}
    return [i for i in range(table.options["seats"]) if i not in taken]


def _name(name: object) -> str:
    """A person's name at the table, as typed (spaces tidied); empty: "Player n" is shown."""
    return " ".join(str(name or "").split())[:NAME_LENGTH]


# --- changes --------------------------------------------------------------------------------


def _new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        taken = db.session.execute(select(PlayTable.id).where(PlayTable.code == code)).first()
        if taken is None:
            return code


def open_table(host_id: int, rules: object, seats: object = None,
               match: Mapping[str, Any] | None = None, coaching: object = True,
               name: object = None, grace: object = None,
               move_timer: object = None) -> PlayTable:
    """A new table of ``rules`` hosted by ``host_id``, who sits at seat 0."""
    profile = profile_of(rules)
    options = check_options(profile, seats, match, coaching, grace, move_timer)
    table = PlayTable(id=secrets.token_hex(16), code=_new_code(), rules=profile.id,
                      options=options.to_dict(), host_id=host_id, status=OPEN, state=None,
                      move_number=0, hand_start=0)
    table.seats.append(TableSeat(seat=0, kind=HUMAN, learner_id=host_id,
                                 name=_name(name), last_seen=presence.now()))
    db.session.add(table)
    db.session.commit()
    return table


def join(table_id: str, learner_id: int, name: object = None) -> int:
    """Sits the learner at the first free seat (or answers the seat they hold already)."""
    table = get_table(table_id, lock=True)
    held = seat_of(table, learner_id)
    if held is not None:
        db.session.rollback()
        return held
    if table.status != OPEN:
        db.session.rollback()
        raise Conflict(N_("this table has started: you may watch it, but no seat is free"))
    free = free_seats(table)
    if not free:
        db.session.rollback()
        raise Conflict(N_("every seat at this table is taken: you may watch it"))
    seat = free[0]
    table.seats.append(TableSeat(seat=seat, kind=HUMAN, learner_id=learner_id,
                                 name=_name(name), last_seen=presence.now()))
    try:
        db.session.commit()
    except IntegrityError:  # someone took the seat at the same moment (no row lock)
        db.session.rollback()
        raise Conflict(N_("someone took that seat at the same moment: try again")) from None
    notify.publish(table.id, table.move_number)
    return seat


def _host(table: PlayTable, learner_id: int) -> None:
    if table.host_id != learner_id:
        db.session.rollback()
        raise Forbidden(N_("only the host of this table may do that"))


def fill_with_computers(table_id: str, learner_id: int, level: object) -> int:
    """The host fills every free seat with a computer player of ``level``; how many."""
    table = get_table(table_id, lock=True)
    _host(table, learner_id)
    if not isinstance(level, str) or level not in LEVELS:
        db.session.rollback()
        raise TableError(N_("level must be one of {levels}, not {level}"),
                         levels=", ".join(LEVELS), level=repr(level))
    if table.status != OPEN:
        db.session.rollback()
        raise Conflict(N_("this table has started: its seats are set"))
    free = free_seats(table)
    for seat in free:
        table.seats.append(TableSeat(seat=seat, kind=COMPUTER, level=level, name=""))
    table.options = {**table.options, "level": level}  # the level a takeover plays at
    db.session.commit()
    notify.publish(table.id, table.move_number)
    return len(free)


def start(table_id: str, learner_id: int, seed: int | None = None) -> int:
    """The host deals the first hand (every seat must be taken); the new move number."""
    table = get_table(table_id, lock=True)
    _host(table, learner_id)
    if table.status != OPEN:
        db.session.rollback()
        raise Conflict(N_("this table has started already"))
    free = free_seats(table)
    if free:
        db.session.rollback()
        raise Conflict(N_("{count} seat(s) are still free: wait for players, or fill them "
                          "with computer players"), count=len(free))
    rules = get_profile(table.rules)
    seats = table.options["seats"]
    seed = secrets.randbelow(MAX_SEED) if seed is None else seed
    match = game_rules(rules).new_match(seed, rules, seats, table.options["match"])
    game = TableGame(rules=rules, level="medium",
                     coaching="full" if table.options["coaching"] else "none",
                     match=match, state=match.next_hand(), finished=[], seats=seats,
                     options=dict(table.options["match"]))
    game.deal_salt = game.new_salt()  # the deal's commitment (the next hands': next_hand)
    table.hand_start = table.move_number + 1
    for row in table.seats:  # every grace period counts from the start at the latest
        row.last_seen = max(row.last_seen, presence.now())
    moved = 1 + len(computer_moves(game, table.seats))
    return _store(table, game, table.move_number + moved, dealt=True)


def load_game(table: PlayTable) -> TableGame:
    """The table's game as stored, shared by every reader of this move number in the
    process (tutor.tables.memo): read it, never change it."""
    if not started(table):
        raise Conflict(N_("this table has not started yet"))
    return memo.game(table.id, table.move_number, table.hand_start,
                     lambda: _stored_game(table))


def started(table: PlayTable) -> bool:
    """Whether the table has a game (it is dealt when the table starts), without reading
    the stored game."""
    return table.status != OPEN


def _game_to_change(table: PlayTable) -> TableGame:
    """The table's game for a change: the caller's own copy (of the one its readers
    share, when this process holds it)."""
    if not started(table):
        raise Conflict(N_("this table has not started yet"))
    if memo.on():
        return load_game(table).copy()
    return _stored_game(table)


def _stored_game(table: PlayTable) -> TableGame:
    if table.state is None:
        raise Conflict(N_("this table has not started yet"))
    return game_from_dict(table.state)


def computer_moves(game: TableGame, seats: list[TableSeat]) -> list[tuple[int, Any]]:
    """Computer seats act until a person is to act or the hand is over."""
    rules = game_rules(game.rules)
    levels = {s.seat: s.level or "medium" for s in seats if s.kind == COMPUTER}
    players: dict[int, Any] = {}
    made = []
    while not game.state.is_terminal() and game.state.current_player() in levels:
        seat = game.state.current_player()
        if seat not in players:
            players[seat] = _computer_player(game, seat, levels[seat])
        action = players[seat].choose(rules.observe(game.state, seat), _rng(game))
        game.state.apply_action(action)
        made.append((seat, action))
        if len(made) > MAX_COMPUTER_STEPS:
            raise ConquianError(N_("the computer players did not finish their moves"))
    return made


def _computer_player(game: TableGame, seat: int, level: str) -> Any:
    player = players_of(game.rules)[LEVELS[level]]()
    if hasattr(player, "remember"):  # its earlier decisions of this hand
        for observation, action in game.past_decisions(seat):
            player.remember(observation, action)
    return player


def _rng(game: TableGame) -> random.Random:
    return random.Random(f"conquian-table:{game.rules.id}:{game.seed}:"
                         f"{game.hand_index}:{len(game.state.history)}")


def _store(table: PlayTable, game: TableGame, move_number: int, dealt: bool = False) -> int:
    """Saves the game at ``move_number`` (compare-and-swap on the number the lock read).
    ``dealt``: a hand was dealt in memory (its readers load the stored form, which lists
    the hands' cards in their stored order)."""
    done = update(PlayTable).where(PlayTable.id == table.id,
                                   PlayTable.move_number == table.move_number)
    status = FINISHED if game.match_over else PLAYING
    result = db.session.execute(done.values(
        state=game.to_dict(), move_number=move_number, status=status,
        hand_start=table.hand_start, moved_at=presence.now(), updated_at=utcnow()))
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise Conflict(N_("the table moved on while your move was made: look again"))
    # Read before the commit expires them: reading them after it would read the row again
    # (a connection, a transaction and a query) before the news goes out.
    table_id, hand_start = table.id, table.hand_start
    db.session.commit()
    notify.publish(table_id, move_number)  # after the commit: a reader finds the move
    if not dealt:
        memo.keep(table_id, move_number, hand_start, game)  # its readers' next load
    review_grading.prepare(table, game)  # each person's review of a hand just over
    return move_number


def move(table_id: str, learner_id: int | None, seen: object, action: object) -> int:
    """Applies one action of the learner's seat, made on the state at move number ``seen``,
    then the computer seats' replies, in one transaction; the new move number.  A stale
    number, a move out of turn or an illegal action changes nothing."""
    table = get_table(table_id, lock=True)
    try:
        seat = seat_of(table, learner_id)
        if seat is None:
            raise Forbidden(N_("you have no seat at this table: spectators cannot move"))
        if isinstance(seen, str) and seen.strip().isdigit():
            seen = int(seen)
        if isinstance(seen, bool) or not isinstance(seen, int):
            raise TableError(N_("a move must name the move number it was made at (move)"))
        if seen != table.move_number:
            answered = _replayed(table, seat, seen, action)
            if answered is not None:  # a retry of a move already made: the same answer
                db.session.rollback()
                return answered
            raise Conflict(N_("your view is out of date (move {seen}, the table is at move "
                              "{now}): look at the table again and choose anew"),
                           seen=seen, now=table.move_number)
        game = _game_to_change(table)
        if presence.seat_row(table, seat).kind == COMPUTER:
            raise Conflict(N_("a computer player keeps your seat: take it back first"))
        if isinstance(action, Mapping) and "player" in action:
            raise Forbidden(N_("a move is sent without 'player': you always play your own "
                               "seat"))
        dealt = isinstance(action, Mapping) and action.get("type") == NEXT_HAND
        moved = _next_hand(table, game) if dealt else _play(game, seat, action)
        moved += len(computer_moves(game, table.seats))
        presence.seat_row(table, seat).last_seen = presence.now()
    except TableError:
        db.session.rollback()
        raise
    except ConquianError as exc:  # a stored game that no longer reads, say
        db.session.rollback()
        raise Conflict(exc.text) from None
    try:
        return _store(table, game, table.move_number + moved, dealt)
    except Conflict:  # another transaction saved first: this same move, sent twice?
        answered = _replayed(get_table(table_id), seat, seen, action)
        db.session.rollback()
        if answered is None:
            raise
        return answered


def _replayed(table: PlayTable, seat: int, seen: int, action: object) -> int | None:
    """The move number a move answered when ``seat`` made ``action`` at ``seen`` already
    (nginx re-sends a POST whose server failed, a client one whose answer was lost), or
    None.  Recognised in the current hand: the step made at ``seen`` is this seat's and
    this action, or ``seen`` is the number the current hand was dealt from; the answer is
    the number the table reached before another person moved."""
    if seen > table.move_number or not started(table):
        return None
    game = load_game(table)
    history = game.state.history
    first = seen - table.hand_start
    if isinstance(action, Mapping) and action.get("type") == NEXT_HAND:
        if first != -1 or not game.finished:  # (the first hand is dealt by the start)
            return None
    else:
        if not 0 <= first < len(history) or history[first][0] != seat:
            return None
        try:
            again = game_rules(game.rules).action_from_dict(action, "action")
        except ConquianError:
            return None
        if again != history[first][1]:
            return None
    computers = {s.seat for s in table.seats if s.kind == COMPUTER}
    step = first + 1
    while step < len(history) and history[step][0] in computers:
        step += 1  # the computer seats' replies, made in the same transaction
    return table.hand_start + step


def _play(game: TableGame, seat: int, action: object) -> int:
    if game.match_over:
        raise Conflict(N_("the match at this table is over"))
    if game.hand_over:
        raise Conflict(N_("this hand is over: deal the next one first"))
    if game.state.current_player() != seat:
        raise Conflict(N_("it is not your move: it is seat {turn}'s"),
                       turn=game.state.current_player() + 1)
    try:
        game.state.apply_action(game_rules(game.rules).action_from_dict(action, "action"))
    except ConquianError as exc:
        raise TableError(exc.text) from None
    return 1


def _next_hand(table: PlayTable, game: TableGame) -> int:
    if not game.hand_over:
        raise Conflict(N_("the current hand is not over yet: finish it first"))
    if game.match_over:
        raise Conflict(N_("the match at this table is over"))
    game.next_hand()
    table.hand_start = table.move_number + 1
    return 1


def touch(table: PlayTable, seat: int | None) -> None:
    """Marks a seat seen now (its grace period starts again); no move number change."""
    presence.record_seen(table, seat)


def take_over_due(table_id: str, read: PlayTable | None = None,
                  seen: dict[int, datetime] | None = None) -> int | None:
    """Computer players take the seats whose grace period is over, and play them if it is
    their turn: one transaction with the move-number check (so two servers checking at the
    same moment take over once).  The new move number, or None when nothing was due.
    ``read``: the table as the caller read it already (checked first, not read again);
    ``seen``: its seats' ``presence.last_seen``, when the caller read them too."""
    table = get_table(table_id) if read is None else read
    if table.status != PLAYING or not presence.due(table, seen=seen if read else None):
        if read is None:
            db.session.rollback()
        return None
    table = get_table(table_id, lock=True)
    db.session.refresh(table)  # the row as the lock read it, seats included
    seats = presence.due(table)
    if table.status != PLAYING or not seats:
        db.session.rollback()
        return None
    for seat in seats:
        row = presence.seat_row(table, seat)
        row.kind = COMPUTER
        row.level = presence.level_of(table)
    try:
        game = _game_to_change(table)
        moved = 0 if game.hand_over else len(computer_moves(game, table.seats))
    except ConquianError as exc:
        db.session.rollback()
        raise Conflict(exc.text) from None
    return _store(table, game, table.move_number + moved)


def time_out_due(table_id: str, read: PlayTable | None = None) -> int | None:
    """The move timer ran out on a person's move: the computer player of the table's level
    makes that one move (the seat stays theirs), then the computer seats reply; one
    transaction with the move-number check, so a human move racing it and the timeout
    cannot both apply.  The new move number, or None when nothing was due.  ``read``: the
    table as the caller read it already."""
    if not timer.overdue(get_table(table_id) if read is None else read):
        if read is None:
            db.session.rollback()
        return None
    table = get_table(table_id, lock=True)
    db.session.refresh(table)  # the row as the lock read it
    try:
        game = _game_to_change(table)
        seat = None if game.hand_over else game.state.current_player()
        if not timer.overdue(table) or seat is None \
                or presence.seat_row(table, seat).kind != HUMAN:
            db.session.rollback()
            return None
        player = _computer_player(game, seat, presence.level_of(table))
        rules = game_rules(game.rules)
        game.state.apply_action(player.choose(rules.observe(game.state, seat), _rng(game)))
        moved = 1 + len(computer_moves(game, table.seats))
    except ConquianError as exc:
        db.session.rollback()
        raise Conflict(exc.text) from None
    return _store(table, game, table.move_number + moved)


def reclaim(table_id: str, learner_id: int | None) -> int:
    """The player takes back the seat a computer player kept for them; the computer's moves
    were whole transactions, so it stops at a move boundary."""
    table = get_table(table_id, lock=True)
    seat = seat_of(table, learner_id)
    if seat is None:
        db.session.rollback()
        raise Forbidden(N_("you have no seat at this table"))
    row = presence.seat_row(table, seat)
    if row.kind != COMPUTER:
        db.session.rollback()
        raise Conflict(N_("your seat is yours already"))
    row.kind = HUMAN
    row.last_seen = presence.now()
    db.session.commit()
    presence.record_seen(table, seat)
    notify.publish(table.id, table.move_number)
    return seat


def record(table: PlayTable) -> list[dict[str, Any]]:
    """Every hand of the table in the record form (``conquian replay`` reads them)."""
    game = load_game(table)
    return [*game.finished, state_to_dict(game.state)]
