"""The grading job: one finished hand's review, worked out by a worker and stored.

It runs inside the worker's application context (tutor.jobs.worker).  It reads the game by
its id, grades the hand from the learner's own observations (tutor.play.review) and stores
the review unless one of the current grader is stored already: running it twice, or two
copies at once, leaves one review (the table's unique key on game and hand settles a race).
"""

from __future__ import annotations

import os
import time

from tutor.play import store
from tutor.play.review import grade_and_store, stored_data

PAUSE_ENV = "CONQUIAN_TEST_JOB_PAUSE"
"""Test hook: seconds the job waits before grading, so that a test can kill its worker
mid-job (tests/jobs/).  A site never sets it."""


def grade_review(game_id: str, hand: int) -> str:
    """Grade and store hand ``hand`` (0 for the first) of game ``game_id``; answers what
    it did."""
    loaded = store.load(game_id)
    if loaded is None:
        return "no such game"
    hands = loaded.game.hand_states()
    if not 0 <= hand < len(hands) or (hand == len(hands) - 1 and not loaded.game.hand_over):
        return "no such finished hand"
    stored = hands[hand]
    if stored_data(game_id, hand, stored) is not None:
        return "already stored"
    pause = float(os.environ.get(PAUSE_ENV) or 0)
    if pause:
        time.sleep(pause)
    grade_and_store(game_id, hand, stored, loaded.game.seed)
    return "stored"
