"""The Kunken players live with their game in :mod:`solver.game.kunken.players`; this
name stays importable."""

from __future__ import annotations

from solver.game.kunken.players import KunkenExpert, KunkenGreedy, kind_of, uses_pending

__all__ = ["KunkenExpert", "KunkenGreedy", "kind_of", "uses_pending"]
