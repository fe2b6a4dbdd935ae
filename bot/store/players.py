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


@dataclass(frozen=True)
class ActiveThread:
    """An active match a player sits in: where to post, and whom it concerns."""

    guild_id: int
    thread_id: int
    #: The user ids of the player's opponents in that match.
    opponents: tuple[int, ...]


async def active_threads(session: AsyncSession, user_id: int) -> list[ActiveThread]:
    """Every active match (with a thread) the user has a seat in, with the opponents."""
    mine = select(MatchSeat.match_id).where(MatchSeat.user_id == user_id)
    rows = await session.execute(
        select(Match.id, Match.guild_id, Match.thread_id, MatchSeat.user_id)
        .join(MatchSeat, MatchSeat.match_id == Match.id)
        .where(
            Match.id.in_(mine),
            Match.status == MatchStatus.ACTIVE,
            Match.thread_id.is_not(None),
        )
        .order_by(Match.id, MatchSeat.seat)
    )
    found: dict[int, ActiveThread] = {}
    for match_id, guild, thread, seated in rows:
        if thread is None:  # not started in a thread (excluded above; for the type checker)
            continue
        entry = found.setdefault(match_id, ActiveThread(guild, thread, ()))
        if seated != user_id:
            found[match_id] = ActiveThread(guild, thread, (*entry.opponents, seated))
    return list(found.values())


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
