"""a rating per learner per game

Revision ID: 0009_game_ratings
Revises: 0008_tables
Create Date: 2026-12-06 14:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009_game_ratings'
down_revision = '0008_tables'
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
