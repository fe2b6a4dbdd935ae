"""Content packs uploaded through Discord, per server and versioned.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25

``content_packs`` is a server's pack of one game (``/content upload``), unique by
(guild, game, name); ``removed_at`` hides it from new matches. ``content_pack_versions``
holds each upload's files ({path: text}) under ``key``, the SHA-256 a match stores in
``matches.content_pack`` to replay with exactly those files; versions are never
changed or deleted.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

# A migration keeps its own copy of the types: the models may change after it.
JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "content_packs",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_content_packs")),
        sa.UniqueConstraint(
            "guild_id", "game", "name", name=op.f("uq_content_packs_guild_id_game_name")
        ),
    )
    op.create_table(
        "content_pack_versions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("pack_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("files", JSON, nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("extends", sa.String(length=64), nullable=True),
        sa.Column("uploaded_by", sa.BigInteger(), nullable=False),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id"],
            ["content_packs.id"],
            name=op.f("fk_content_pack_versions_pack_id_content_packs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_content_pack_versions")),
        sa.UniqueConstraint(
            "pack_id", "version", name=op.f("uq_content_pack_versions_pack_id_version")
        ),
    )
    with op.batch_alter_table("content_pack_versions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_content_pack_versions_key"), ["key"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("content_pack_versions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_content_pack_versions_key"))
    op.drop_table("content_pack_versions")
    op.drop_table("content_packs")
