"""The match's latest public state post, so an outdated control can link to it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25

``matches.state_post_id`` is the Discord message id of the newest public post
showing the match's state (in its thread) and ``state_post_version`` the match
version that post shows; both stay empty until the first post after upgrading.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("state_post_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("state_post_version", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("state_post_version")
        batch_op.drop_column("state_post_id")
