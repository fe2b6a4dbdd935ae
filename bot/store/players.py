"""Players' own settings (time zone, quiet hours, vacation bank) and their matches."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Match, MatchSeat, MatchStatus, PlayerSettings


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


async def active_threads(session: AsyncSession, user_id: int) -> list[tuple[int, int]]:
    """``(guild id, thread id)`` of every active match the user has a seat in."""
    rows = await session.execute(
        select(Match.guild_id, Match.thread_id)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(MatchSeat.user_id == user_id, Match.status == MatchStatus.ACTIVE)
        .order_by(Match.id)
    )
    return [(guild, thread) for guild, thread in rows if thread is not None]


@dataclass(frozen=True)
class FinishedSeat:
    """One seat of a finished match, for standings."""

    match_id: int
    result: dict[str, Any] | None
    seat: int
    user_id: int
    name: str


async def finished_seats(session: AsyncSession, guild_id: int, game: str) -> list[FinishedSeat]:
    """Every seat of the guild's finished matches of ``game``, in the order they ended."""
    rows = await session.execute(
        select(Match.id, Match.result, MatchSeat.seat, MatchSeat.user_id, MatchSeat.display_name)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(
            Match.guild_id == guild_id,
            Match.game == game,
            Match.status == MatchStatus.FINISHED,
        )
        .order_by(Match.updated_at, Match.id, MatchSeat.seat)
    )
    return [FinishedSeat(*row) for row in rows]
