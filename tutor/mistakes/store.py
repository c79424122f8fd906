"""Keeping a learner's graded mistakes as their own puzzles, in their review queue.

Each learner has one personal puzzle set per game (source ``"personal"``: never listed,
opened only by its learner), so a personal puzzle is a puzzle like any other: the same
page, the same checker, the same game filter and the same FSRS review queue, which it
enters due at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsrs import Card
from sqlalchemy.exc import IntegrityError

from solver.puzzles.best_move import BestMovePuzzle
from solver.rules import DEFAULT_PROFILE
from tutor.core.clock import naive, now
from tutor.extensions import db
from tutor.mistakes.owner import OWNER_KEY, SOURCE, owner_of
from tutor.mistakes.questions import Question, questions
from tutor.models import Game, PersonalPuzzle, Puzzle, PuzzleSet, ReviewCard
from tutor.play import store


def set_slug(learner_id: int, profile: str) -> str:
    return f"mine-{learner_id}-{profile}"


def personal_set(learner_id: int, profile: str) -> PuzzleSet:
    slug = set_slug(learner_id, profile)
    row = db.session.execute(db.select(PuzzleSet).filter_by(slug=slug)).scalar_one_or_none()
    if row is None:
        row = PuzzleSet(slug=slug, title="Your mistakes", ruleset=profile, source=SOURCE,
                        is_published=False, is_listed=False, extra={OWNER_KEY: learner_id})
        db.session.add(row)
        db.session.flush()
    return row


def hand_over_sets(source: int, target: int) -> None:
    """Give ``source``'s personal sets to ``target`` (a device's learner folded into an
    account's): a game's set is renamed to the target's, or its puzzles join the target's
    set of that game, so that the review cards that move with them still open."""
    rows = db.session.execute(db.select(PuzzleSet).where(
        PuzzleSet.source == SOURCE, PuzzleSet.slug.like(f"mine-{source}-%"))).scalars().all()
    for row in rows:
        if owner_of(row) != source:
            continue
        kept = db.session.execute(db.select(PuzzleSet).filter_by(
            slug=set_slug(target, row.ruleset))).scalar_one_or_none()
        if kept is None:
            row.slug = set_slug(target, row.ruleset)
            row.extra = {**(row.extra or {}), OWNER_KEY: target}
            continue
        start = len(kept.puzzles)
        for offset, puzzle in enumerate(sorted(row.puzzles, key=lambda p: p.position_index)):
            puzzle.puzzle_set = kept
            puzzle.position_index = start + offset
        db.session.flush()
        db.session.delete(row)
    db.session.flush()


def _keep(learner_id: int, game_id: str, hand: int, profile: str, found: Question) -> None:
    puzzle_set = personal_set(learner_id, profile)
    data = found.puzzle.to_dict()
    puzzle = Puzzle(
        puzzle_set=puzzle_set, key=data["id"], position_index=len(puzzle_set.puzzles),
        title=data["title"], position=data["position"], task=data["task"],
        answer=data["answer"], themes=data["themes"], difficulty=data["difficulty"],
        hints=data["hints"], explanation=data["explanation"],
        extra={"personal": {"game": game_id, "hand": hand, "step": found.step}},
    )
    db.session.add(puzzle)
    db.session.flush()
    db.session.add(PersonalPuzzle(
        learner_id=learner_id, puzzle_id=puzzle.id, game_id=game_id, hand=hand,
        step=found.step, profile=profile, kind=found.kind, grade=found.grade,
        played=found.played, accepted=_accepted(found),
    ))
    moment = now()
    card = Card(card_id=puzzle.id, due=moment)
    db.session.add(ReviewCard(learner_id=learner_id, puzzle_id=puzzle.id, due=naive(moment),
                              card=dict(card.to_dict()), reviews=0))


def _accepted(found: Question) -> list[dict[str, Any]]:
    """The grader's better moves: a best-move puzzle accepts each it rated as good."""
    if isinstance(found.puzzle, BestMovePuzzle):
        return [dict(m) for m in found.puzzle.accepted]
    return [found.best]


def keep_mistakes(game_id: str, hand: int, stored: Mapping[str, Any],
                  data: Mapping[str, Any]) -> int:
    """Make the verified puzzles of a stored review's mistakes for the game's learner;
    answers how many were made (none again for a hand already done)."""
    game = db.session.get(Game, game_id)
    if game is None or game.learner_id is None:
        return 0
    done = db.session.execute(
        db.select(PersonalPuzzle.step).filter_by(learner_id=game.learner_id, game_id=game_id,
                                                 hand=hand)
    ).scalars().all()
    profile = str(stored.get("ruleset") or DEFAULT_PROFILE.id)
    made = 0
    for found in questions(stored, data, f"{game_id}-h{hand}"):
        if found.step in done:
            continue
        _keep(game.learner_id, game_id, hand, profile, found)
        made += 1
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()  # another worker kept them meanwhile
        return 0
    return made


def from_stored_review(game_id: str, hand: int, data: Mapping[str, Any]) -> int:
    """:func:`keep_mistakes` for a review just stored, reading the hand from its game."""
    loaded = store.load(game_id)
    if loaded is None:
        return 0
    hands = loaded.game.hand_states()
    if not 0 <= hand < len(hands):
        return 0
    return keep_mistakes(game_id, hand, hands[hand], data)
