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
    pass


def downgrade():
    pass
