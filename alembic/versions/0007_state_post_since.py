"""Which events the match's state post tells, so an exchange's post is updated from the log.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29

``matches.state_post_since`` is the match version before the first event the state post
tells: the post of an exchange still open (a Dice Throne attack) is edited in place
with every event of the log after it, rather than with lines read back from Discord's
copy of the message. Empty until the first post after upgrading (that post is then
made anew, not edited).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("state_post_since", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("state_post_since")
