"""live tables with people: seats, invitations, moves

Revision ID: 0008_tables
Revises: 0007_accounts
Create Date: 2026-12-06 14:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_tables'
down_revision = '0007_accounts'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('play_tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('code', sa.String(length=12), nullable=False),
    sa.Column('rules', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('host_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('state', sa.JSON(), nullable=True),
    sa.Column('move_number', sa.Integer(), server_default='0', nullable=False),
    sa.Column('hand_start', sa.Integer(), server_default='0', nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['host_id'], ['learners.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_play_tables_code'), ['code'], unique=True)
        batch_op.create_index(batch_op.f('ix_play_tables_host_id'), ['host_id'], unique=False)

    op.create_table('table_seats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=True),
    sa.Column('level', sa.String(length=16), nullable=True),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('last_seen', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['table_id'], ['play_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'seat', name='uq_table_seats_table_seat')
    )
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_seats_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_table_seats_table_id'), ['table_id'], unique=False)


def downgrade():
    with op.batch_alter_table('table_seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_seats_table_id'))
        batch_op.drop_index(batch_op.f('ix_table_seats_learner_id'))

    op.drop_table('table_seats')
    with op.batch_alter_table('play_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_play_tables_host_id'))
        batch_op.drop_index(batch_op.f('ix_play_tables_code'))

    op.drop_table('play_tables')
