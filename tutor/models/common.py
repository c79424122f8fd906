"""Column helpers shared by the models: the shapes that recur across tables, written once
(each call makes a new column, as every model needs its own)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ForeignKey
from sqlalchemy.orm import Mapped, MappedColumn, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def timestamp(on_update: bool = False) -> MappedColumn[datetime]:
    """Set to the site's clock (naive UTC) when the row is made, and on every update too
    with ``on_update``."""
    if on_update:
        return mapped_column(default=utcnow, onupdate=utcnow)
    return mapped_column(default=utcnow)


def reference(target: str, ondelete: str = "CASCADE") -> MappedColumn[Any]:
    """An indexed foreign key to ``target`` (``"table.column"``): the row goes with the one
    it belongs to (or, with ``ondelete="SET NULL"``, forgets it)."""
    return mapped_column(ForeignKey(target, ondelete=ondelete), index=True)


class NumberedRow:
    """Mixin of the tables keyed by a plain integer ``id``: kept the first column, where
    the migrations put it."""

    id: Mapped[int] = mapped_column(primary_key=True, sort_order=-1)
