"""Scheduled jobs: failed attempts are counted; only open jobs must be unique.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25

``scheduled_jobs.attempts`` counts the runs of a job that failed, so the
scheduler retries it with back-off and sets it aside after a few (instead of
retrying it at every tick ahead of every other match's jobs). The unique
constraint on (match, version, kind, seat, due time) becomes a unique index on
*open* jobs only: a closed job no longer forbids a new one at the same moment
(two reminders pushed to the end of quiet hours merge instead of colliding).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ["match_id", "version", "kind", "seat", "due_at"]
OLD_UNIQUE = "uq_scheduled_jobs_match_id_version_kind_seat_due_at"
OPEN = sa.text("done_at IS NULL")


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("scheduled_jobs", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("attempts", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.drop_constraint(OLD_UNIQUE, type_="unique")
    op.create_index(
        "uq_scheduled_jobs_open",
        "scheduled_jobs",
        COLUMNS,
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )


def downgrade() -> None:
    """Downgrade schema (closed duplicates are dropped first, keeping the oldest)."""
    op.drop_index("uq_scheduled_jobs_open", table_name="scheduled_jobs")
    op.execute(
        "DELETE FROM scheduled_jobs WHERE id NOT IN (SELECT MIN(id) FROM scheduled_jobs"
        " GROUP BY match_id, version, kind, seat, due_at)"
    )
    with op.batch_alter_table("scheduled_jobs", schema=None) as batch_op:
        batch_op.drop_column("attempts")
        batch_op.create_unique_constraint(OLD_UNIQUE, COLUMNS)
