"""a rating per learner per game

Until now one Glicko-2 rating (learners.rating) covered the puzzles of all seven games.
This makes one row of game_ratings per learner and game (the ruleset of the puzzle's set),
recomputed from the learner's stored rated rounds, which name their puzzle:

* a learner whose rated rounds are all of one game keeps their rating exactly: it was
  earned on that game alone;
* a learner with rated rounds in several games gets each game's rating replayed from that
  game's rounds in order (the same scores: clean 1, a hint or a miss ½, failed 0), each
  against the puzzle's prior from its difficulty (a puzzle's rating at the time of the
  round is not stored), and those rounds' learner_rating / learner_deviation rewritten to
  the game's figures, so that the progress page's history per game reads right.

Puzzles keep their own ratings: each puzzle belongs to one set and so to one game already.
learners.rating stays (read by nothing): SQLite drops a column only by rebuilding the
table, and rebuilding learners would cascade-delete the learners' rounds.

Revision ID: 0009_game_ratings
Revises: 0008_tables
Create Date: 2026-12-06 14:45:00

"""
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

from tutor.puzzles import glicko2

# revision identifiers, used by Alembic.
revision = '0009_game_ratings'
down_revision = '0008_tables'
branch_labels = None
depends_on = None

# As tutor.puzzles.ratings had them when this migration was written.
_SCORES = {"clean": 1.0, "after_miss": 0.5, "failed": 0.0}
_PUZZLE_STEP = 150.0
_PUZZLE_DEVIATION = 250.0


def _score(outcome, hints_used):
    score = _SCORES.get(outcome, 0.0)
    return 0.5 if outcome == "clean" and hints_used else score


def _prior(difficulty):
    return glicko2.Rating(
        glicko2.DEFAULT_RATING + _PUZZLE_STEP * ((difficulty or 3) - 3),
        _PUZZLE_DEVIATION,
        glicko2.DEFAULT_VOLATILITY,
    )


def upgrade():
    op.create_table('game_ratings',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('profile', sa.String(length=40), nullable=False),
    sa.Column('rating', sa.Double(), nullable=True),
    sa.Column('deviation', sa.Double(), nullable=True),
    sa.Column('volatility', sa.Double(), nullable=True),
    sa.Column('rated_rounds', sa.Integer(), server_default='0', nullable=False),
    sa.Column('best_streak', sa.Integer(), server_default='0', nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('learner_id', 'profile', name='uq_game_ratings_learner')
    )
    with op.batch_alter_table('game_ratings', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_game_ratings_learner_id'), ['learner_id'], unique=False
        )

    _move_ratings(op.get_bind())


def _move_ratings(conn):
    meta = sa.MetaData()
    learners = sa.Table('learners', meta, autoload_with=conn)
    rounds = sa.Table('puzzle_rounds', meta, autoload_with=conn)
    puzzles = sa.Table('puzzles', meta, autoload_with=conn)
    sets = sa.Table('puzzle_sets', meta, autoload_with=conn)
    game_ratings = sa.Table('game_ratings', meta, autoload_with=conn)
    rows = conn.execute(
        sa.select(rounds.c.id, rounds.c.learner_id, rounds.c.outcome, rounds.c.hints_used,
                  puzzles.c.difficulty, sets.c.ruleset)
        .join(puzzles, puzzles.c.id == rounds.c.puzzle_id)
        .join(sets, sets.c.id == puzzles.c.set_id)
        .where(rounds.c.rated == sa.true(), rounds.c.outcome.is_not(None))
        .order_by(rounds.c.learner_id, rounds.c.finished_at, rounds.c.id)
    ).all()
    by_learner = defaultdict(lambda: defaultdict(list))
    for row in rows:
        by_learner[row.learner_id][row.ruleset].append(row)  # never NULL
    stamp = sa.func.current_timestamp()
    for learner_id, games in by_learner.items():
        old = conn.execute(
            sa.select(learners.c.rating, learners.c.rating_deviation,
                      learners.c.rating_volatility).where(learners.c.id == learner_id)
        ).one()
        for game, played in games.items():
            if len(games) == 1 and old.rating is not None:
                rating = glicko2.Rating(
                    old.rating,
                    old.rating_deviation or glicko2.DEFAULT_DEVIATION,
                    old.rating_volatility or glicko2.DEFAULT_VOLATILITY,
                )
            else:
                rating = glicko2.Rating()
                for r in played:
                    game_ = glicko2.Game(_prior(r.difficulty), _score(r.outcome, r.hints_used))
                    rating = glicko2.rate(rating, [game_])
                    conn.execute(
                        rounds.update().where(rounds.c.id == r.id).values(
                            learner_rating=rating.rating, learner_deviation=rating.deviation
                        )
                    )
            conn.execute(game_ratings.insert().values(
                learner_id=learner_id, profile=game, rating=rating.rating,
                deviation=rating.deviation, volatility=rating.volatility,
                rated_rounds=len(played), best_streak=0, updated_at=stamp,
            ))


def downgrade():
    with op.batch_alter_table('game_ratings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_ratings_learner_id'))

    op.drop_table('game_ratings')
