"""The password policy: long enough, and not easy to guess.

zxcvbn (Dropbox's estimator, maintained on PyPI) scores a password against its lists of
common passwords, words and names, keyboard patterns, repeats and sequences, and the
account's own details; the site asks for a score of at least 2 (about a million guesses
or more), which refuses ``12345678``, ``aaaaaaaa``, ``password1`` and their kind while a few
unrelated words pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from zxcvbn import zxcvbn

MIN_LENGTH: Final = 8
MAX_LENGTH: Final = 200
MIN_SCORE: Final = 2
# zxcvbn's time grows with the length; its verdict on the first 64 characters stands for the
# whole (a longer password only gets stronger).
_CHECKED: Final = 64


def is_guessable(password: str, user_inputs: Iterable[str] = ()) -> bool:
    """Whether ``password`` is too common or too simple to be accepted."""
    inputs = [s for s in user_inputs if s] + ["conquian", "conquian tutor", "teacher"]
    return int(zxcvbn(password[:_CHECKED], user_inputs=inputs)["score"]) < MIN_SCORE
