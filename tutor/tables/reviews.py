"""Who may read what of a finished table hand: each player their own review, and the
class's teacher the hands once the host grants them (tutor.tables.review_grading makes the
reviews)."""

from __future__ import annotations

from typing import Any

from flask import has_request_context, url_for
from flask_login import current_user
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from solver.messages import N_
from tutor.extensions import db
from tutor.models import PlayTable
from tutor.models.classes import Classroom, Membership
from tutor.models.table_reviews import TableHandGrant
from tutor.play.games import TableGame
from tutor.tables.review_grading import person_seats
from tutor.tables.services import (
    Conflict,
    Forbidden,
    NotFound,
    get_table,
    load_game,
    seat_of,
)


def finished_hand(table_id: str, number: int) -> tuple[PlayTable, TableGame, dict[str, Any]]:
    """Table ``table_id``, its game and its finished hand ``number`` (from 1)."""
    table = get_table(table_id)
    if table.state is None:
        raise NotFound(N_("this table has not dealt a hand yet"))
    game = load_game(table)
    hands = game.hand_states()
    if not 1 <= number <= len(hands):
        raise NotFound(N_("this table has no hand {number}"), number=number)
    if number == len(hands) and not game.hand_over:
        raise NotFound(N_("hand {number} has not been played to its end yet"), number=number)
    return table, game, hands[number - 1]


def own_seat(table: PlayTable, learner_id: int | None) -> int:
    """The seat whose review the viewer may read: their own, or a clear refusal."""
    seat = seat_of(table, learner_id)
    if seat is None:
        raise Forbidden(N_("only the players at this table may read its reviews, each their "
                           "own"))
    return seat


def review_link(table: PlayTable, game: TableGame, seat: int) -> str | None:
    """The address of ``seat``'s review of the hand just over (its review exists or is
    being made), or None: the hand is not over, or a computer holds the seat."""
    if not game.hand_over or seat not in person_seats(table):
        return None
    return url_for("table_reviews.review", table_id=table.id, number=game.hand_index + 1)


def grant(table_id: str, learner_id: int | None, number: int) -> None:
    """The host grants the class's teacher the cards of finished hand ``number`` (from 1):
    the hands as they ended and the deal's reveal, which every seat is shown already."""
    table, _game, _stored = finished_hand(table_id, number)
    if learner_id is None or table.host_id != learner_id:
        raise Forbidden(N_("only the host of this table may show its hands to the teacher"))
    if granted(table_id, number - 1):
        return
    try:
        db.session.add(TableHandGrant(table_id=table_id, hand=number - 1,
                                      granted_by=learner_id))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # granted at the same moment: one grant
        if not granted(table_id, number - 1):
            raise Conflict(N_("the grant could not be saved: try again")) from None


def granted(table_id: str, hand: int) -> bool:
    return db.session.execute(select(TableHandGrant.id).filter_by(
        table_id=table_id, hand=hand)).first() is not None


def teaches_table(table: PlayTable) -> bool:
    """Whether this request's user is a teacher of a class whose member plays or hosts at
    the table (a teacher watching a class table)."""
    if not has_request_context() or not getattr(current_user, "is_authenticated", False):
        return False
    players = {table.host_id, *(r.learner_id for r in table.seats if r.learner_id is not None)}
    found = db.session.execute(
        select(Membership.id).join(Classroom, Classroom.id == Membership.classroom_id)
        .where(Classroom.owner_id == current_user.id, Membership.learner_id.in_(players))
    ).first()
    return found is not None


def granted_to_viewer(table: PlayTable, game: TableGame) -> bool:
    """Whether this request's viewer, a spectator, is the class's teacher and the host
    granted the hand now on the table, which is over (a next hand is never granted)."""
    return game.hand_over and granted(table.id, game.hand_index) and teaches_table(table)
