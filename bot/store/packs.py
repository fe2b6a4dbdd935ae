"""Content packs uploaded through Discord: per server, per game, versioned.

A server sees only its own packs (every query takes its guild id). A version is
never changed or deleted: a match stores its ``key`` and is loaded, replayed and
verified with exactly those files for ever, even once the pack is removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.errors import StoreError
from bot.store.models import GuildPack, GuildPackVersion, utcnow
from engines.core.packs import UPLOAD_KEY, install_upload, is_installed_upload


@dataclass(frozen=True)
class PackInfo:
    """A server's pack as listed: its name, game and current version."""

    name: str
    game: str
    version: int
    key: str
    size: int
    extends: str | None
    files: int


async def add_version(
    session: AsyncSession,
    *,
    guild_id: int,
    game: str,
    name: str,
    key: str,
    files: Mapping[str, bytes],
    extends: str | None,
    user_id: int,
) -> PackInfo:
    """Store an upload as the next version of the server's pack ``name`` (created, or
    brought back if it was removed). The files must already have been validated."""
    try:
        # Two uploads of one pack at the same moment: the unique (pack, version) or
        # (guild, game, name) makes the later one fail here instead of merging them.
        async with session.begin_nested():
            pack = await session.scalar(
                select(GuildPack)
                .where(
                    GuildPack.guild_id == guild_id, GuildPack.game == game, GuildPack.name == name
                )
                .with_for_update()
            )
            if pack is None:
                pack = GuildPack(guild_id=guild_id, game=game, name=name, created_by=user_id)
                session.add(pack)
                await session.flush()
            pack.removed_at = None
            last = await session.scalar(
                select(func.max(GuildPackVersion.version)).where(
                    GuildPackVersion.pack_id == pack.id
                )
            )
            texts = {path: content.decode("utf-8") for path, content in files.items()}
            row = GuildPackVersion(
                pack_id=pack.id,
                version=(last or 0) + 1,
                key=key,
                files=texts,
                size=sum(len(c) for c in files.values()),
                extends=extends,
                uploaded_by=user_id,
            )
            session.add(row)
            await session.flush()
    except IntegrityError:
        raise StoreError(
            f"Pack {name} changed meanwhile.", key="store.error.pack_changed", params={"pack": name}
        ) from None
    return _info(pack, row)


async def list_packs(
    session: AsyncSession, guild_id: int, game: str | None = None
) -> list[PackInfo]:
    """The server's packs not removed (of one game, or all), with their current version."""
    latest = (
        select(GuildPackVersion.pack_id, func.max(GuildPackVersion.version).label("version"))
        .group_by(GuildPackVersion.pack_id)
        .subquery()
    )
    query = (
        select(GuildPack, GuildPackVersion)
        .join(latest, latest.c.pack_id == GuildPack.id)
        .join(
            GuildPackVersion,
            (GuildPackVersion.pack_id == GuildPack.id)
            & (GuildPackVersion.version == latest.c.version),
        )
        .where(GuildPack.guild_id == guild_id, GuildPack.removed_at.is_(None))
        .order_by(GuildPack.game, GuildPack.name)
    )
    if game is not None:
        query = query.where(GuildPack.game == game)
    rows = await session.execute(query)
    return [_info(pack, version) for pack, version in rows.all()]


async def current(session: AsyncSession, guild_id: int, game: str, name: str) -> PackInfo | None:
    """The current version of the server's pack ``name`` of ``game`` (``None`` if it has
    none or it was removed)."""
    found = [p for p in await list_packs(session, guild_id, game) if p.name == name]
    return found[0] if found else None


async def remove(session: AsyncSession, guild_id: int, game: str, name: str) -> PackInfo | None:
    """Hide the server's pack from new matches; its versions stay for the matches that
    use them. Returns what was removed (``None``: no such pack)."""
    info = await current(session, guild_id, game, name)
    if info is None:
        return None
    pack = await session.scalar(
        select(GuildPack).where(
            GuildPack.guild_id == guild_id, GuildPack.game == game, GuildPack.name == name
        )
    )
    assert pack is not None  # current() found it
    pack.removed_at = utcnow()
    await session.flush()
    return info


async def provide(session: AsyncSession, game: str, key: str | None) -> None:
    """Make the uploaded version ``key`` readable by the engines in this process (no-op
    for built-in and ``CONTENT_DIRS`` packs, or when it already is). Every load of a
    match passes here first, so any bot process sharing the database can play it."""
    if key is None or not UPLOAD_KEY.match(key) or is_installed_upload(game, key):
        return
    files = await session.scalar(
        select(GuildPackVersion.files).where(GuildPackVersion.key == key).limit(1)
    )
    if files is not None:  # else the engine reports the unknown pack
        install_upload(game, key, {p: t.encode("utf-8") for p, t in files.items()})


async def name_of(session: AsyncSession, guild_id: int, key: str) -> tuple[str, int] | None:
    """The name and version the server knows the upload ``key`` by (the latest, if it
    uploaded the same files twice), removed packs included; ``None`` if none."""
    row = (
        await session.execute(
            select(GuildPack.name, GuildPackVersion.version)
            .join(GuildPackVersion, GuildPackVersion.pack_id == GuildPack.id)
            .where(GuildPack.guild_id == guild_id, GuildPackVersion.key == key)
            .order_by(GuildPackVersion.version.desc())
            .limit(1)
        )
    ).first()
    return (row[0], row[1]) if row is not None else None


def _info(pack: GuildPack, version: GuildPackVersion) -> PackInfo:
    return PackInfo(
        pack.name,
        pack.game,
        version.version,
        version.key,
        version.size,
        version.extends,
        len(version.files),
    )
