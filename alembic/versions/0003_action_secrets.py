"""Action secrets: which fields of a stored action are hidden information.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25

``match_events.secret`` lists the fields of a game action that exports blank until
the match ends (``GameEngine.secret_fields``). Rows written before this revision
keep ``NULL``: the bot then blanks every field the action type declares secret.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column(
        "match_events",
        sa.Column(
            "secret",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=True,
        ),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_column("match_events", "secret")
