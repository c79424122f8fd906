"""table reviews: each human seat's graded review of a table hand

Revision ID: 0013_table_reviews
Revises: 0012_personal_puzzles
Create Date: 2026-12-06 17:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013_table_reviews'
down_revision = '0012_personal_puzzles'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('table_reviews',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['play_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'hand', 'seat', name='uq_table_reviews_table_hand_seat')
    )
    with op.batch_alter_table('table_reviews', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_reviews_table_id'), ['table_id'], unique=False)

    op.create_table('table_hand_grants',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.Column('granted_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['granted_by'], ['learners.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['table_id'], ['play_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'hand', name='uq_table_hand_grants_hand')
    )
    with op.batch_alter_table('table_hand_grants', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_hand_grants_table_id'), ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('table_hand_grants', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_hand_grants_table_id'))

    op.drop_table('table_hand_grants')
    with op.batch_alter_table('table_reviews', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_reviews_table_id'))

    op.drop_table('table_reviews')
