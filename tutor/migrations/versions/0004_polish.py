"""learners.coaching (play coaching level) and puzzle_sets.is_listed (public vs unlisted)

Revision ID: 0004_polish
Revises: 0003_learn
Create Date: 2026-12-01 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004_polish'
down_revision = '0003_learn'
branch_labels = None
depends_on = None


def upgrade():
    # Every learner keeps today's coaching; every published set stays listed as before.
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('coaching', sa.String(length=8), server_default='full',
                                      nullable=False))
    with op.batch_alter_table('puzzle_sets', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_listed', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('puzzle_sets', schema=None) as batch_op:
        batch_op.drop_column('is_listed')
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_column('coaching')
