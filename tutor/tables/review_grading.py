"""After a table hand: each person's graded review of their own decisions.

A seat's review is made by the play review's playout grader (solver.review.profiles) from
that seat's own observations only, exactly as a game against the computer grades seat 0:
the cards the seat could not see are sampled, never read.  It grades any seat of every
registered game, conquian-40 included, and its sentences speak of seats; the center
analysis grader (solver.review.grading) grades seat 0 against the computer and says "the
computer" in its reasons, which a table's people are not.  Grading goes the play review's way
(tutor.play.review.prepare): to the job queue on Redis when there is one, else to this web
worker's grading process, or inside the request under ``REVIEW_GRADING=inline``.  A seat a
person holds gets a review (also while a computer player keeps it for them); a computer's
seat gets none.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from flask import current_app
from redis.exceptions import RedisError
from rq import Retry
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from solver.review.profiles import HAND_PLAYOUTS, VERSION, grade_profile_hand
from tutor.extensions import db
from tutor.jobs import queue as jobs
from tutor.models import PlayTable
from tutor.models.table_reviews import TableReview
from tutor.play import grader
from tutor.play.games import TableGame, game_from_dict

JOB: Final = "tutor.tables.review_grading.grade_job"
PAGE_WAIT: Final = 30.0
"""Seconds the review page waits for this worker's grading process before grading the hand
itself (as tutor.play.review.PAGE_WAIT)."""


def grade_seat(stored: Mapping[str, Any], seat: int, seed: int, number: int,
               playouts: int | None = None) -> dict[str, Any]:
    """The graded decisions of ``seat`` in a finished hand (its ``state_to_dict``), each
    from that seat's own observation; as stored.  Top level: the grading process runs it."""
    return grade_profile_hand(stored, seat, f"{seed}:{number}",
                              playouts=HAND_PLAYOUTS if playouts is None else playouts)


def _grade(stored: Mapping[str, Any], seat: int, seed: int, number: int) -> dict[str, Any]:
    # REVIEW_PLAYOUTS: the test servers' smaller budget, as for the play reviews.
    playouts = current_app.config.get("REVIEW_PLAYOUTS")
    return grade_seat(stored, seat, seed, number,
                      None if playouts is None else int(playouts))


def person_seats(table: PlayTable) -> list[int]:
    """The seats people hold (a computer keeping a seat for its player included)."""
    return sorted(row.seat for row in table.seats if row.learner_id is not None)


def _read(table_id: str, hand: int, seat: int) -> TableReview | None:
    return db.session.execute(select(TableReview).filter_by(
        table_id=table_id, hand=hand, seat=seat)).scalar_one_or_none()


def stored_data(table_id: str, hand: int, seat: int) -> dict[str, Any] | None:
    """The seat's stored review by the current grader, or None."""
    row = _read(table_id, hand, seat)
    if row is not None and row.data.get("version") == VERSION:
        return dict(row.data)
    return None


def _store(key: tuple[str, int], data: dict[str, Any]) -> None:
    """Stores a review (``key``: "<table id>:<seat>" and the hand, the grading process's
    key); one of the current version stored meanwhile stays."""
    table_id, seat = key[0].rsplit(":", 1)
    row = _read(table_id, key[1], int(seat))
    if row is not None and row.data.get("version") == data.get("version"):
        return
    try:
        if row is None:
            db.session.add(TableReview(table_id=table_id, hand=key[1], seat=int(seat),
                                       data=data))
        else:
            row.data = data
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # another server stored the same grading meanwhile


def _job_id(table_id: str, hand: int, seat: int) -> str:
    return f"table-review-{table_id}-{hand}-{seat}"


def _enqueue(table_id: str, hand: int, seat: int) -> None:
    """One job per seat and hand (its id is that key): a job still waiting or running is
    left as it is; one finished, failed or expired is replaced (as jobs.enqueue_review)."""
    key = _job_id(table_id, hand, seat)
    work = jobs.queue()
    for _ in range(2):
        try:
            work.enqueue(JOB, table_id, hand, seat, job_id=key, unique=True,
                         job_timeout=jobs.TIMEOUT, retry=Retry(max=jobs.RETRIES),
                         result_ttl=jobs.KEEP, failure_ttl=jobs.KEEP,
                         description=f"grade seat {seat + 1}, hand {hand + 1} of table "
                                     f"{table_id}")
            return
        except DuplicateJobError:
            try:
                job = Job.fetch(key, connection=work.connection)
            except NoSuchJobError:
                continue
            if job.get_status() in jobs.WAITING:
                return
            job.delete()
    raise RuntimeError(f"could not enqueue {key}")  # pragma: no cover (two expiries)


def _hand(table_id: str, hand: int) -> tuple[dict[str, Any], int] | None:
    """A finished hand of a table (its stored form) and the table's seed."""
    row = db.session.get(PlayTable, table_id)
    if row is None or row.state is None:
        return None
    game = game_from_dict(row.state)
    hands = game.hand_states()
    if not 0 <= hand < len(hands) or (hand == len(hands) - 1 and not game.hand_over):
        return None
    return hands[hand], game.seed


def grade_job(table_id: str, hand: int, seat: int) -> str:
    """The grading worker's job (tutor.jobs.worker): grade and store one seat's review."""
    found = _hand(table_id, hand)
    if found is None:
        return "no such finished hand"
    stored, seed = found
    if stored_data(table_id, hand, seat) is not None:
        return "already stored"
    _store((f"{table_id}:{seat}", hand), _grade(stored, seat, seed, hand))
    return "stored"


def prepare(table: PlayTable, game: TableGame) -> None:
    """Has the hand that just ended graded for every person's seat (tutor.tables.services
    calls it once the move that ended the hand is committed).  A failure is logged and the
    review page grades the hand when asked: the move that ended it stays."""
    if not game.hand_over:
        return
    stored = game.hand_states()[game.hand_index]
    for seat in person_seats(table):
        try:
            if stored_data(table.id, game.hand_index, seat) is not None:
                continue
            if jobs.enabled():
                try:
                    _enqueue(table.id, game.hand_index, seat)
                    continue
                except RedisError:
                    current_app.logger.exception("the grading queue is unreachable: seat %s "
                                                 "of table %s is graded here", seat, table.id)
            key = (f"{table.id}:{seat}", game.hand_index)
            if grader.is_background(current_app):
                playouts = current_app.config.get("REVIEW_PLAYOUTS")
                grader.submit(key, partial(grade_seat, playouts=None if playouts is None
                                           else int(playouts)),
                              (stored, seat, game.seed, game.hand_index), _store)
                continue
            _store(key, _grade(stored, seat, game.seed, game.hand_index))
        except Exception:  # logged; the review page grades the hand again when asked
            db.session.rollback()
            current_app.logger.exception("grading seat %s, hand %s of table %s failed", seat,
                                         game.hand_index, table.id)


def ready_review(table_id: str, hand: int, seat: int, stored: Mapping[str, Any], seed: int
                 ) -> dict[str, Any] | None:
    """The seat's review for its page, or None while a grading worker has it.  Without the
    queue (or no worker listening, or Redis unreachable) the hand is graded here, waiting
    first for this worker's grading process if it has the hand."""
    data = stored_data(table_id, hand, seat)
    if data is not None:
        return data
    if jobs.enabled():
        try:
            if jobs.workers_listening():
                _enqueue(table_id, hand, seat)
                return None
        except RedisError:
            current_app.logger.exception("the grading queue is unreachable: grading seat %s "
                                         "of table %s here", seat, table_id)
    if grader.wait((f"{table_id}:{seat}", hand), PAGE_WAIT):
        db.session.expire_all()
        data = stored_data(table_id, hand, seat)
        if data is not None:
            return data
    data = _grade(stored, seat, seed, hand)
    _store((f"{table_id}:{seat}", hand), data)
    return data
