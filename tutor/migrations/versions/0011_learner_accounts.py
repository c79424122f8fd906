"""learner accounts: an account may keep a learner

Revision ID: 0011_learner_accounts
Revises: 0010_jobs
Create Date: 2026-12-06 15:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011_learner_accounts'
down_revision = '0010_jobs'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('learner_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_users_learner_id'), ['learner_id'], unique=True)
        batch_op.create_foreign_key('fk_users_learner_id_learners', 'learners',
                                    ['learner_id'], ['id'])


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint('fk_users_learner_id_learners', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_users_learner_id'))
        batch_op.drop_column('learner_id')
