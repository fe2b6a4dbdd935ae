"""Rows waiting on someone: undo/rollback requests and players' disputes.

The caller owns the transaction (see :mod:`bot.store.repository`); nothing here commits.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import Dispute, DisputeStatus, Match, MatchRequest


async def add_request(
    session: AsyncSession,
    *,
    match_id: int,
    version: int,
    kind: str,
    requested_by: int,
    payload: dict[str, Any],
) -> MatchRequest:
    """Store an open request about the match as it is at ``version`` (id assigned)."""
    request = MatchRequest(
        match_id=match_id,
        version=version,
        kind=kind,
        requested_by=requested_by,
        payload=payload,
        status="open",
        answers={},
    )
    session.add(request)
    await session.flush()
    return request


async def request_for_update(session: AsyncSession, request_id: int) -> MatchRequest | None:
    """A request, locked until the transaction ends (``None`` if there is none)."""
    return await session.scalar(
        select(MatchRequest).where(MatchRequest.id == request_id).with_for_update()
    )


async def add_dispute(
    session: AsyncSession, *, match_id: int, seq: int, opened_by: int, reason: str
) -> Dispute:
    """Store an open dispute about a match at event ``seq`` (id assigned)."""
    dispute = Dispute(
        match_id=match_id,
        seq=seq,
        opened_by=opened_by,
        reason=reason,
        status=DisputeStatus.OPEN,
    )
    session.add(dispute)
    await session.flush()
    return dispute


async def dispute_for_update(session: AsyncSession, dispute_id: int) -> Dispute | None:
    """A dispute, locked until the transaction ends (``None`` if there is none)."""
    return await session.get(Dispute, dispute_id, with_for_update=True)


async def open_disputes(session: AsyncSession, guild_id: int) -> list[tuple[Dispute, Match]]:
    """Every open dispute about a match of this guild, oldest first, with its match."""
    rows = await session.execute(
        select(Dispute, Match)
        .join(Match, Match.id == Dispute.match_id)
        .where(Match.guild_id == guild_id, Dispute.status == DisputeStatus.OPEN)
        .order_by(Dispute.id)
    )
    return [(row[0], row[1]) for row in rows]


async def open_match_disputes(session: AsyncSession, match_id: int) -> list[Dispute]:
    """The open disputes about one match, oldest first, locked until the transaction
    ends (a ruling settles one)."""
    rows = await session.scalars(
        select(Dispute)
        .where(Dispute.match_id == match_id, Dispute.status == DisputeStatus.OPEN)
        .order_by(Dispute.id)
        .with_for_update()
    )
    return list(rows)
