"""Kept only while ``tutor/play/profile_view.py`` (being merged into ``tutor/play/view.py``,
issue 28) imports these names; every profile is a :class:`tutor.play.games.TableGame`."""

from tutor.play.games import HUMAN
from tutor.play.games import TableGame as ProfileGame

__all__ = ["HUMAN", "ProfileGame"]
