"""background jobs: graded reviews done by workers

Revision ID: 0010_jobs
Revises: 0009_game_ratings
Create Date: 2026-12-06 14:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010_jobs'
down_revision = '0009_game_ratings'
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
