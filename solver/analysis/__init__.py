"""The results of analysing a position, one module per kind of analysis a profile asks for.

Both engines (:mod:`solver.search` and :mod:`solver.cpsat`) build these same value types;
``to_dict`` gives the contract's JSON.

- :mod:`.center`: the center card melded at once (conquian-40, cooncan, kunken): every play.
- :mod:`.draw`: the upcard drawn into the hand (colonel): melds, lay-offs, deadwood.
- :mod:`.closing`: taking the center card to close (conquin): every closing discard.
"""

from solver.analysis.center import Analysis, Play, play_order
from solver.analysis.closing import ClosingAnalysis
from solver.analysis.draw import DrawAnalysis

AnyAnalysis = Analysis | DrawAnalysis | ClosingAnalysis

__all__ = ["Analysis", "AnyAnalysis", "ClosingAnalysis", "DrawAnalysis", "Play", "play_order"]
