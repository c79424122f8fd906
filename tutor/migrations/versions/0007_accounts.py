"""learner accounts, sessions that can be ended everywhere, password reset tokens

Revision ID: 0007_accounts
Revises: 0006_review
Create Date: 2026-12-06 14:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007_accounts'
down_revision = '0006_review'
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
