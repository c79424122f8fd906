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
    pass


def downgrade():
    pass
