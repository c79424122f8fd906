"""The results of analysing a position, one module per kind of analysis a profile asks for.

Both engines (:mod:`solver.search` and :mod:`solver.cpsat`) build these same value types;
``to_dict`` gives the contract's JSON.

- :mod:`.center`: the center card melded at once (conquian-40, cooncan, kunken): every play.
"""

from solver.analysis.center import Analysis, Play, play_order

__all__ = ["Analysis", "Play", "play_order"]
