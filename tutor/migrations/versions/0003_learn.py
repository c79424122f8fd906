"""learn: puzzle rounds (honest outcomes), Glicko-2 ratings, FSRS review cards

Answers recorded before rounds existed keep round_id NULL: they still count as answers
(right or wrong) but have no outcome, since whether the solution had been seen is unknown.

Revision ID: 0003_learn
Revises: 0002
Create Date: 2026-12-01 04:29:25.771170

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003_learn'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('puzzle_rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('puzzle_id', sa.Integer(), nullable=False),
    sa.Column('suits', sa.String(length=4), nullable=False),
    sa.Column('misses', sa.Integer(), nullable=False),
    sa.Column('hints_used', sa.Integer(), nullable=False),
    sa.Column('solution_shown', sa.Boolean(), nullable=False),
    sa.Column('practice', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('outcome', sa.String(length=16), nullable=True),
    sa.Column('rated', sa.Boolean(), nullable=False),
    sa.Column('learner_rating', sa.Double(), nullable=True),
    sa.Column('learner_deviation', sa.Double(), nullable=True),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('puzzle_rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_puzzle_rounds_finished_at'), ['finished_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_puzzle_rounds_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_puzzle_rounds_puzzle_id'), ['puzzle_id'], unique=False)
        batch_op.create_index('uq_puzzle_rounds_open', ['learner_id', 'puzzle_id'], unique=True, sqlite_where=sa.text('outcome IS NULL'), postgresql_where=sa.text('outcome IS NULL'))

    op.create_table('review_cards',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('puzzle_id', sa.Integer(), nullable=False),
    sa.Column('due', sa.DateTime(), nullable=False),
    sa.Column('card', sa.JSON(), nullable=False),
    sa.Column('reviews', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('learner_id', 'puzzle_id')
    )
    with op.batch_alter_table('review_cards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_review_cards_due'), ['due'], unique=False)
        batch_op.create_index(batch_op.f('ix_review_cards_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_review_cards_puzzle_id'), ['puzzle_id'], unique=False)

    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_attempts_round_id'), ['round_id'], unique=False)
        batch_op.create_foreign_key('fk_attempts_round_id', 'puzzle_rounds', ['round_id'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('rating_deviation', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('rating_volatility', sa.Double(), nullable=True))

    with op.batch_alter_table('puzzles', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('rating_deviation', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('rating_volatility', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('rated_plays', sa.Integer(), server_default='0', nullable=False))



def downgrade():
    with op.batch_alter_table('puzzles', schema=None) as batch_op:
        batch_op.drop_column('rated_plays')
        batch_op.drop_column('rating_volatility')
        batch_op.drop_column('rating_deviation')
        batch_op.drop_column('rating')

    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_column('rating_volatility')
        batch_op.drop_column('rating_deviation')
        batch_op.drop_column('rating')

    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_constraint('fk_attempts_round_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_attempts_round_id'))
        batch_op.drop_column('round_id')

    with op.batch_alter_table('review_cards', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_review_cards_puzzle_id'))
        batch_op.drop_index(batch_op.f('ix_review_cards_learner_id'))
        batch_op.drop_index(batch_op.f('ix_review_cards_due'))

    op.drop_table('review_cards')
    with op.batch_alter_table('puzzle_rounds', schema=None) as batch_op:
        batch_op.drop_index('uq_puzzle_rounds_open', sqlite_where=sa.text('outcome IS NULL'), postgresql_where=sa.text('outcome IS NULL'))
        batch_op.drop_index(batch_op.f('ix_puzzle_rounds_puzzle_id'))
        batch_op.drop_index(batch_op.f('ix_puzzle_rounds_learner_id'))
        batch_op.drop_index(batch_op.f('ix_puzzle_rounds_finished_at'))

    op.drop_table('puzzle_rounds')
