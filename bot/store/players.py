"""Players' own settings: time zone, quiet hours, vacation bank."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import PlayerSettings


async def get_player(session: AsyncSession, user_id: int) -> PlayerSettings | None:
    """A player's settings, or ``None`` if they never set any."""
    return await session.get(PlayerSettings, user_id)


async def players(session: AsyncSession, user_ids: Iterable[int]) -> dict[int, PlayerSettings]:
    """Settings of several players, by user id (absent players are missing)."""
    ids = list(set(user_ids))
    rows = await session.scalars(select(PlayerSettings).where(PlayerSettings.user_id.in_(ids)))
    return {r.user_id: r for r in rows}


async def player_for_update(session: AsyncSession, user_id: int) -> PlayerSettings:
    """A player's settings row, created with defaults if needed, to be changed."""
    row = await session.get(PlayerSettings, user_id, with_for_update=True)
    if row is None:
        row = PlayerSettings(user_id=user_id, timezone="UTC", vacation_days_used=0)
        session.add(row)
        await session.flush()
    return row
