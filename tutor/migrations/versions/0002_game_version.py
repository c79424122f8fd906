"""games.version: an integer counter for the compare-and-swap save of a match

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 23:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    # Existing games start at version 0; every save adds one.
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default='0',
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('version')
