"""graded reviews of finished hands, worked out once when a hand ends

Revision ID: 0006_review
Revises: 0005_prod
Create Date: 2026-12-01 08:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_review'
down_revision = '0005_prod'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('hand_reviews',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'hand', name='uq_hand_reviews_game_hand')
    )
    with op.batch_alter_table('hand_reviews', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_reviews_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('hand_reviews', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_reviews_game_id'))

    op.drop_table('hand_reviews')
