"""The merge of an anonymous learner into an account's learner, row by row: where both hold
a row that may exist once, the better one stays (lessons, review cards, ratings per game,
classes, open rounds, table seats); everything else moves; an account's learner is never
taken."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa
from flask import Flask

from solver.rules import PROFILES
from tests.learner_accounts.helpers import puzzle_ids
from tutor.extensions import db
from tutor.learner_accounts.merge import RESOLVED, NotAnonymous, learner_columns, merge
from tutor.models import (
    Game,
    GameRating,
    Learner,
    LessonProgress,
    PlayTable,
    Puzzle,
    PuzzleRound,
    PuzzleSet,
    ReviewCard,
    TableSeat,
    User,
)
from tutor.models.classes import Classroom, Membership

DAY = datetime(2026, 12, 1)


def learner() -> Learner:
    row = Learner(token=secrets.token_urlsafe(16))
    db.session.add(row)
    db.session.flush()
    return row


def account(owner: Learner | None, email: str) -> User:
    user = User(email=email, display_name="x", password_hash="x",
                learner_id=owner.id if owner else None)
    db.session.add(user)
    db.session.flush()
    return user


def both() -> tuple[Learner, Learner]:
    source, target = learner(), learner()
    account(target, "t@example.org")
    return source, target


@pytest.mark.parametrize("game", list(PROFILES))
def test_a_games_rating_with_more_rated_rounds_wins(app: Flask, game: str) -> None:
    with app.app_context():
        source, target = both()
        other = next(p for p in PROFILES if p != game)
        db.session.add_all([
            GameRating(learner_id=source.id, profile=game, rating=1620.0, deviation=80.0,
                       volatility=0.06, rated_rounds=9, best_streak=2),
            GameRating(learner_id=target.id, profile=game, rating=1450.0, deviation=200.0,
                       volatility=0.06, rated_rounds=3, best_streak=5),
            GameRating(learner_id=target.id, profile=other, rating=1700.0, deviation=90.0,
                       volatility=0.06, rated_rounds=12, best_streak=1),
            GameRating(learner_id=source.id, profile=other, rating=1300.0, deviation=150.0,
                       volatility=0.06, rated_rounds=4, best_streak=7),
        ])
        db.session.commit()
        merge(source, target)
        rows = {r.profile: r for r in db.session.execute(sa.select(GameRating)).scalars()}
        assert set(rows) == {game, other}
        assert all(r.learner_id == target.id for r in rows.values())
        assert (rows[game].rating, rows[game].rated_rounds, rows[game].best_streak) == (
            1620.0, 9, 5)
        assert (rows[other].rating, rows[other].rated_rounds, rows[other].best_streak) == (
            1700.0, 12, 7)
        assert db.session.get(Learner, source.id) is None


def test_the_later_review_card_the_earlier_lesson_and_the_accounts_class_stay(
        app: Flask) -> None:
    first_id, second_id = puzzle_ids(app)[:2]
    with app.app_context():
        first, second = db.session.get(Puzzle, first_id), db.session.get(Puzzle, second_id)
        assert first is not None and second is not None
        source, target = both()
        teacher = account(None, "teacher@example.org")
        shared, only_source = (Classroom(owner_id=teacher.id, name=n, code=n) for n in "AB")
        db.session.add_all([shared, only_source])
        db.session.flush()
        db.session.add_all([
            ReviewCard(learner_id=source.id, puzzle_id=first.id, due=DAY + timedelta(days=9),
                       card={"from": "source"}, reviews=4),
            ReviewCard(learner_id=target.id, puzzle_id=first.id, due=DAY, card={}, reviews=1),
            ReviewCard(learner_id=source.id, puzzle_id=second.id, due=DAY, card={}, reviews=1),
            LessonProgress(learner_id=source.id, lesson="melds", completed_at=DAY),
            LessonProgress(learner_id=target.id, lesson="melds",
                           completed_at=DAY + timedelta(days=3)),
            LessonProgress(learner_id=source.id, lesson="layoffs", completed_at=DAY),
            Membership(classroom_id=shared.id, learner_id=source.id, nickname="anon"),
            Membership(classroom_id=shared.id, learner_id=target.id, nickname="lia"),
            Membership(classroom_id=only_source.id, learner_id=source.id, nickname="lia"),
        ])
        db.session.commit()
        merge(source, target)
        cards = {c.puzzle_id: c for c in db.session.execute(sa.select(ReviewCard)).scalars()}
        assert {c.learner_id for c in cards.values()} == {target.id}
        assert (cards[first.id].due, cards[first.id].reviews) == (DAY + timedelta(days=9), 4)
        assert second.id in cards
        lessons = {x.lesson: x.completed_at for x in db.session.execute(
            sa.select(LessonProgress).filter_by(learner_id=target.id)).scalars()}
        assert lessons == {"melds": DAY, "layoffs": DAY}
        members = {(m.classroom_id, m.nickname) for m in db.session.execute(
            sa.select(Membership).filter_by(learner_id=target.id)).scalars()}
        assert members == {(shared.id, "lia"), (only_source.id, "lia")}
        assert db.session.execute(sa.select(sa.func.count()).select_from(Membership)
                                  ).scalar_one() == 2


def test_rounds_games_and_tables_move_and_one_open_round_a_puzzle_stays(app: Flask) -> None:
    with app.app_context():
        puzzle = db.session.get(Puzzle, puzzle_ids(app)[0])
        assert puzzle is not None
        source, target = both()
        db.session.add_all([
            PuzzleRound(learner_id=source.id, puzzle_id=puzzle.id, outcome="failed"),
            PuzzleRound(learner_id=source.id, puzzle_id=puzzle.id, hints_used=2),
            PuzzleRound(learner_id=target.id, puzzle_id=puzzle.id, hints_used=1),
            Game(id="g-source", learner_id=source.id, state={}),
            PlayTable(id="t1", code="T1", rules=next(iter(PROFILES)), options={},
                      host_id=source.id),
        ])
        db.session.flush()
        db.session.add_all([
            TableSeat(table_id="t1", seat=0, kind="human", learner_id=source.id, name="a"),
            TableSeat(table_id="t1", seat=1, kind="human", learner_id=target.id, name="b"),
        ])
        db.session.commit()
        merge(source, target)
        rounds = db.session.execute(sa.select(PuzzleRound)).scalars().all()
        assert {r.learner_id for r in rounds} == {target.id}
        assert sorted((r.outcome or "open", r.hints_used) for r in rounds) == [
            ("failed", 0), ("open", 1)]
        assert db.session.get(Game, "g-source").learner_id == target.id
        table = db.session.get(PlayTable, "t1")
        assert table.host_id == target.id
        assert [(s.seat, s.learner_id) for s in table.seats] == [(0, None), (1, target.id)]


def test_an_accounts_learner_is_never_folded_into_another(app: Flask) -> None:
    with app.app_context():
        source, target = both()
        account(source, "s@example.org")
        db.session.add(Game(id="g-owned", learner_id=source.id, state={}))
        db.session.commit()
        with pytest.raises(NotAnonymous):
            merge(source, target)
        assert db.session.get(Game, "g-owned").learner_id == source.id
        assert db.session.get(Learner, source.id) is not None


def test_a_failed_merge_changes_nothing(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    with app.app_context():
        source, target = both()
        db.session.add_all([
            Game(id="g-1", learner_id=source.id, state={}),
            LessonProgress(learner_id=source.id, lesson="melds", completed_at=DAY),
            LessonProgress(learner_id=target.id, lesson="melds", completed_at=DAY),
        ])
        db.session.commit()
        source_id = source.id

        def broken() -> list[sa.Column[int]]:
            raise RuntimeError("the database went away")

        # Fails after the lessons are resolved, before anything moves.
        monkeypatch.setattr("tutor.learner_accounts.merge.learner_columns", broken)
        with pytest.raises(RuntimeError):
            merge(source, target)
        game = db.session.get(Game, "g-1")
        assert game is not None and game.learner_id == source_id
        assert db.session.execute(sa.select(sa.func.count()).select_from(LessonProgress).where(
            LessonProgress.learner_id == source_id)).scalar_one() == 1


def test_every_learner_table_with_a_unique_row_is_resolved_by_the_merge(app: Flask) -> None:
    """A new table holding one row per learner and something must teach the merge which
    row stays, or a log-in would fail on it."""
    with app.app_context():
        for column in learner_columns():
            table = column.table
            uniques = [
                {c.name for c in constraint.columns}
                for constraint in table.constraints if isinstance(constraint, sa.UniqueConstraint)
            ] + [{c.name for c in index.columns} for index in table.indexes if index.unique]
            for names in uniques:
                if column.name in names and names != {column.name}:
                    assert names - {column.name} == set(RESOLVED.get(table.name, ())), (
                        table.name, names)


def _personal_puzzle(owner: Learner, profile: str, key: str) -> Puzzle:
    from tutor.mistakes.store import personal_set

    puzzle = Puzzle(puzzle_set=personal_set(owner.id, profile), key=key, title="t",
                    position={}, task="discard", answer={}, position_index=0)
    db.session.add(puzzle)
    db.session.flush()
    db.session.add(ReviewCard(learner_id=owner.id, puzzle_id=puzzle.id, due=DAY, card={},
                              reviews=0))
    db.session.flush()
    return puzzle


def test_personal_puzzle_sets_go_to_the_account(app: Flask) -> None:
    """A device's personal sets become the account's: a game the account has no set of
    is renamed to it, another game's puzzles join the account's set; none is left owned by
    the deleted learner, so the review cards that moved still open their puzzles."""
    from tutor.mistakes.owner import owner_of

    games = list(PROFILES)[:2]
    with app.app_context():
        source, target = both()
        alone = _personal_puzzle(source, games[0], "a")
        joined = _personal_puzzle(source, games[1], "b")
        theirs = _personal_puzzle(target, games[1], "c")
        merge(source, target)
        for puzzle in (alone, joined, theirs):
            db.session.refresh(puzzle)
            assert owner_of(puzzle.puzzle_set) == target.id
        assert joined.set_id == theirs.set_id
        assert joined.position_index != theirs.position_index
        cards = db.session.execute(sa.select(ReviewCard.puzzle_id).where(
            ReviewCard.learner_id == target.id)).scalars().all()
        assert sorted(cards) == sorted([alone.id, joined.id, theirs.id])
        left = [s for s in db.session.execute(sa.select(PuzzleSet)).scalars()
                if owner_of(s) == source.id]
        assert left == []
