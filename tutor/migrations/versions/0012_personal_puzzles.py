"""personal puzzles: a learner's graded mistakes as puzzles

Revision ID: 0012_personal_puzzles
Revises: 0011_learner_accounts
Create Date: 2026-12-06 15:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0012_personal_puzzles'
down_revision = '0011_learner_accounts'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('personal_puzzles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('puzzle_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.Column('step', sa.Integer(), nullable=False),
    sa.Column('profile', sa.String(length=40), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('grade', sa.String(length=16), nullable=False),
    sa.Column('played', sa.JSON(), nullable=False),
    sa.Column('accepted', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('learner_id', 'game_id', 'hand', 'step',
                        name='uq_personal_puzzles_decision'),
    sa.UniqueConstraint('puzzle_id')
    )
    with op.batch_alter_table('personal_puzzles', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_personal_puzzles_learner_id'), ['learner_id'], unique=False
        )


def downgrade():
    with op.batch_alter_table('personal_puzzles', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_personal_puzzles_learner_id'))
    op.drop_table('personal_puzzles')
