"""The Cooncan players live with their game in :mod:`solver.game.cooncan.players`; this
name stays importable."""

from __future__ import annotations

from solver.game.cooncan.players import CooncanExpert, CooncanGreedy

__all__ = ["CooncanExpert", "CooncanGreedy"]
