"""table chat and move timer

Revision ID: 0014_table_chat
Revises: 0013_table_reviews
Create Date: 2026-12-06 17:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0014_table_chat'
down_revision = '0013_table_reviews'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('moved_at', sa.DateTime(), nullable=True))
    op.create_table('table_messages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('text', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['table_id'], ['play_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('table_messages', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_messages_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_table_messages_table_id'), ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('table_messages', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_messages_table_id'))
        batch_op.drop_index(batch_op.f('ix_table_messages_learner_id'))
    op.drop_table('table_messages')
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.drop_column('moved_at')
