"""The live tables of a class for its teacher: those its learners host, and those the
teacher hosts from this browser (for the class).  Public facts only — the game, the seats'
names, whether it has started: the teacher watches each as a spectator (tutor.tables)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from solver.rules import get_profile
from tutor.extensions import db
from tutor.models import PlayTable
from tutor.models.classes import Classroom
from tutor.tables.seat_view import seat_names
from tutor.tables.services import FINISHED

LIMIT = 100


@dataclass(frozen=True)
class ClassTable:
    table: PlayTable
    host: str  # the host's nickname in the class; "" for the teacher
    rules_name: str
    seats: list[str]  # each seat's name at the table ("Free seat 3" while free)


def class_tables(classroom: Classroom, teacher_learner_id: int | None) -> list[ClassTable]:
    """The class's tables not yet finished, the newest first."""
    nicknames = {m.learner_id: m.nickname for m in classroom.memberships}
    hosts = set(nicknames)
    if teacher_learner_id is not None:
        hosts.add(teacher_learner_id)
    if not hosts:
        return []
    rows = db.session.scalars(
        select(PlayTable).where(PlayTable.host_id.in_(hosts), PlayTable.status != FINISHED)
        .order_by(PlayTable.created_at.desc()).limit(LIMIT)).all()
    return [ClassTable(table=row,
                       host="" if row.host_id == teacher_learner_id
                       else nicknames.get(row.host_id, ""),
                       rules_name=get_profile(row.rules).display_name,
                       seats=seat_names(row.seats, row.options["seats"]))
            for row in rows]
