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
    pass


def downgrade():
    pass
