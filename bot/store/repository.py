"""The store's API: create, start, load, append, revert, resign — plus simple queries.

Loading lives in :mod:`bot.store.loading` and queries in :mod:`bot.store.queries`;
both are re-exported here, so ``from bot.store import repository`` is enough.

Every function takes an :class:`AsyncSession` whose transaction the *caller*
owns (``async with sessionmaker.begin() as session:``); functions here only
flush. A move is "load → ``engine.apply`` → append" inside one transaction.

Concurrency is optimistic. Each write to a started match bumps
``matches.version`` with an UPDATE guarded by ``WHERE version = <the version
we loaded>``; a writer that lost the race matches no row (or, as a backstop,
hits the ``(match_id, seq)`` unique constraint, or the database gives up on a
lock) and gets :class:`MatchChangedError`. Engine errors propagate unchanged
and are raised before anything is written.

A :class:`LoadedMatch` is advanced in place by the append functions, so one
transaction can append several events. If the transaction then rolls back,
the object is ahead of the database: load the match again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from bot.store.conflicts import match_write
from bot.store.errors import (  # re-exported
    InvalidRevertError,
    MatchChangedError,
    MatchNotFoundError,
    MatchStateError,
    ReplayError,
    SeatError,
    StoreError,
)
from bot.store.loading import (  # re-exported
    LoadedMatch,
    check_game,
    load_match,
    meta_result_at,
    remember,
    seed_of,
    state_at,
)
from bot.store.models import EventKind, Match, MatchEvent, MatchSeat, MatchStatus, Snapshot, utcnow
from bot.store.packs import provide
from bot.store.queries import (  # re-exported
    GUILD_SETTINGS_FIELDS,
    count_events,
    events_between,
    get_guild_settings,
    get_match,
    get_seats,
    list_events,
    list_matches,
    match_by_thread,
    pause_cause,
    record_state_post,
    undo_target,
    update_guild_settings,
    visible_match,
    visible_match_id,
)
from engines.core import (
    Action,
    GameEngine,
    MatchResult,
    Outcome,
    Seat,
    SeededDice,
    new_seed,
    seed_commitment,
)
from engines.core.serde import to_json

__all__ = [
    "GUILD_SETTINGS_FIELDS",
    "SNAPSHOT_EVERY",
    "AppendResult",
    "InvalidRevertError",
    "LoadedMatch",
    "MatchChangedError",
    "MatchNotFoundError",
    "MatchStateError",
    "ReplayError",
    "SeatError",
    "StoreError",
    "accept_seat",
    "adjust",
    "append_action",
    "append_meta",
    "cancel_match",
    "count_events",
    "create_match",
    "events_between",
    "get_guild_settings",
    "get_match",
    "get_seats",
    "list_events",
    "list_matches",
    "load_match",
    "match_by_thread",
    "pause_cause",
    "record_state_post",
    "remember",
    "resign",
    "revert_to",
    "set_up",
    "start_match",
    "state_at",
    "undo_target",
    "update_guild_settings",
    "visible_match",
    "visible_match_id",
]

#: Snapshot the state at every event whose seq is a multiple of this, so a load
#: replays fewer than this many events. Read at call time: tests may patch it.
SNAPSHOT_EVERY = 50

#: Statuses of a match whose event log exists.
STARTED = frozenset({MatchStatus.ACTIVE, MatchStatus.PAUSED, MatchStatus.FINISHED})


@dataclass(frozen=True)
class AppendResult:
    """What :func:`append_action` did: the engine's outcome and the stored event."""

    outcome: Outcome[Any]
    event: MatchEvent
    #: The match's result if this action ended it.
    result: MatchResult | None = None


# -- life cycle ---------------------------------------------------------------


async def create_match(
    session: AsyncSession,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    seats: Sequence[tuple[int, str]],
    options: Mapping[str, Any],
    created_by: int,
    content_pack: str | None = None,
) -> Match:
    """Propose a match. ``seats`` are ``(user_id, display_name)`` in seat order.

    Seat 0 is the creator's and starts accepted. A fresh secret seed is drawn;
    only its SHA-256 (``seed_hash``) is meant to be published.
    """
    if not seats:
        raise SeatError("A match needs at least one seat.")
    if len({user_id for user_id, _ in seats}) != len(seats):
        raise SeatError("A player cannot take two seats.", key="store.error.duplicate_seat")
    seed = new_seed()
    match = Match(
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        status=MatchStatus.PROPOSED,
        options=dict(options),
        content_pack=content_pack,
        seed=seed.hex(),
        seed_hash=seed_commitment(seed),
        version=-1,
        created_by=created_by,
        seats=[
            MatchSeat(seat=i, user_id=user_id, display_name=name, accepted=i == 0)
            for i, (user_id, name) in enumerate(seats)
        ],
    )
    session.add(match)
    await session.flush()
    return match


async def accept_seat(session: AsyncSession, match: Match, user_id: int) -> bool:
    """Mark ``user_id``'s seat accepted; return whether every seat has accepted now.

    Two players accepting at once are serialised (the match row is written
    first), so exactly one of them sees ``True`` and starts the match.
    """
    if match.status is not MatchStatus.PROPOSED:
        raise MatchStateError("This match is no longer waiting for players.")
    with match_write(match.id):
        locked = await _execute_update(
            session,
            update(Match)
            .where(Match.id == match.id, Match.status == MatchStatus.PROPOSED)
            .values(updated_at=utcnow()),
        )
        if locked != 1:
            raise MatchChangedError(match.id)
        seated = await _execute_update(
            session,
            update(MatchSeat)
            .where(MatchSeat.match_id == match.id, MatchSeat.user_id == user_id)
            .values(accepted=True),
        )
        if seated != 1:
            raise SeatError("You have no seat in this match.", key="store.error.not_seated")
        rows = await session.execute(
            select(MatchSeat.seat, MatchSeat.accepted).where(MatchSeat.match_id == match.id)
        )
    accepted = {row.seat: row.accepted for row in rows}
    for seat in match.seats:
        set_committed_value(seat, "accepted", accepted.get(seat.seat, seat.accepted))
    return all(accepted.values())


async def set_up(
    session: AsyncSession, match: Match, engine: GameEngine[Any]
) -> tuple[Any, SeededDice]:
    """The match's set-up by the engine (its seed, options, seats and pack), written
    nowhere: :func:`start_match` stores it, and a trial before the match's thread is
    opened shows whether it would start. The engine's set-up errors propagate."""
    check_game(match, engine)
    dice = SeededDice(seed_of(match), 0)
    seats = [Seat(s.seat, s.display_name) for s in match.seats]
    await provide(session, match.game, match.content_pack)  # an uploaded pack's files
    state = engine.new_match(match.options, seats, engine.load_content(match.content_pack), dice)
    return state, dice


async def start_match(
    session: AsyncSession,
    match: Match,
    engine: GameEngine[Any],
    thread_id: int | None,
    *,
    actor_id: int | None = None,
) -> LoadedMatch:
    """Set the match up with the engine and write event 0 ("start") and snapshot 0.

    The engine's set-up errors propagate and nothing is written.
    """
    if match.status is not MatchStatus.PROPOSED:
        raise MatchStateError("This match has already started or was cancelled.")
    if not all(s.accepted for s in match.seats):
        raise MatchStateError("Not every player has accepted yet.", key="store.error.not_accepted")
    state, dice = await set_up(session, match, engine)
    event = MatchEvent(
        match_id=match.id,
        seq=0,
        kind=EventKind.START,
        actor_id=actor_id if actor_id is not None else match.created_by,
        action={"kind": "core.start"},
        dice=to_json(dice.outcomes),
        events=[],
    )
    snapshot = Snapshot(match_id=match.id, seq=0, state=engine.state_to_json(state))
    with match_write(match.id):
        await _advance(
            session, match, status=MatchStatus.ACTIVE, thread_id=thread_id, only_if_proposed=True
        )
        session.add_all([event, snapshot])
        await session.flush()
    return LoadedMatch(match, tuple(match.seats), state, engine)


async def cancel_match(
    session: AsyncSession,
    match: Match,
    *,
    actor_id: int,
    reason: str | None = None,
    engine: GameEngine[Any] | None = None,
) -> None:
    """Cancel a match: a proposed one directly, a started one with a logged event.

    A started match needs its ``engine`` (it is loaded to append the event).
    """
    if match.status is MatchStatus.PROPOSED:
        with match_write(match.id):
            done = await _execute_update(
                session,
                update(Match)
                .where(Match.id == match.id, Match.status == MatchStatus.PROPOSED)
                .values(status=MatchStatus.CANCELLED, updated_at=utcnow()),
            )
        if done != 1:
            raise MatchChangedError(match.id)
        set_committed_value(match, "status", MatchStatus.CANCELLED)
        return
    if engine is None:
        raise MatchStateError("Cancelling a started match needs its engine.")
    loaded = await load_match(session, match.id, engine)
    await append_meta(
        session,
        loaded,
        kind=EventKind.REFEREE,
        actor_id=actor_id,
        seat=None,
        payload={"cancel": True},
        reason=reason,
        status=MatchStatus.CANCELLED,
    )
    set_committed_value(match, "status", MatchStatus.CANCELLED)


# -- appending ----------------------------------------------------------------


async def append_action(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    seat: int,
    actor_id: int | None,
    action: Action,
    snapshot_every: int | None = None,
    reason: str | None = None,
    referee: bool = False,
    kind: EventKind | None = None,
) -> AppendResult:
    """Apply ``action`` for ``seat`` and append it as event ``version + 1``.

    Engine errors propagate before anything is written. Ends the match
    (status finished, ``result`` set) when the engine reports a result.
    Raises :class:`MatchChangedError` if another writer appended first.
    """
    match, engine = loaded.match, loaded.engine
    # Referees may also act in a paused match (typically why it was paused).
    allowed = (MatchStatus.ACTIVE, MatchStatus.PAUSED) if referee else (MatchStatus.ACTIVE,)
    if match.status not in allowed:
        raise MatchStateError(
            f"This match is {match.status.value}; no moves are accepted.",
            key="store.error.not_active",
            params={"status": match.status.value},
        )
    seq = match.version + 1
    dice = SeededDice(seed_of(match), seq)
    # A referee acts whoever's turn it is; the event kind tells replay to do the same.
    apply = engine.referee_apply if referee else engine.apply
    outcome = apply(loaded.state, seat, action, dice)
    result = engine.result(outcome.state)
    event = MatchEvent(
        match_id=match.id,
        seq=seq,
        kind=kind or (EventKind.REFEREE_ACTION if referee else EventKind.ACTION),
        actor_id=actor_id,
        seat=seat,
        action=engine.action_to_json(action),
        dice=to_json(dice.outcomes),
        events=to_json(outcome.events),
        reason=reason,
        secret=list(engine.secret_fields(loaded.state, seat, action, outcome)),
    )
    changes: dict[str, Any] = {}
    if result is not None:
        changes = {"status": MatchStatus.FINISHED, "result": to_json(result)}
    rows: list[MatchEvent | Snapshot] = [event]
    # A finished match is snapshotted too: loading it for the log is then free.
    if _wants_snapshot(seq, snapshot_every) or result is not None:
        rows.append(_snapshot(loaded, seq, outcome.state))
    # Everything is computed before the first write, so no error can leave a
    # bumped version without its event.
    with match_write(match.id):
        await _advance(session, match, **changes)
        session.add_all(rows)
        await session.flush()
    loaded.state = outcome.state
    return AppendResult(outcome, event, result)


async def append_meta(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    kind: str,
    actor_id: int | None,
    seat: int | None,
    payload: Mapping[str, Any],
    reason: str | None = None,
    result: Mapping[str, Any] | None = None,
    status: MatchStatus | None = None,
    snapshot_every: int | None = None,
) -> MatchEvent:
    """Append an event that does not change the engine state (resignation, referee note…).

    Stored with action ``{"kind": "core.<kind>", **payload}``. ``result`` ends
    the match with that result (it is also stored in the action, so a revert
    can tell whether the match was over); ``status`` sets another status
    (paused, active, cancelled). Guarded by the version like an action.
    """
    match = loaded.match
    if kind in (EventKind.START, EventKind.ACTION, EventKind.REVERT):
        raise StoreError(f"Events of kind {kind!r} have their own function.")
    if "kind" in payload or "result" in payload:
        raise StoreError("The payload may not set 'kind' or 'result'.")
    if match.status not in STARTED:
        raise MatchStateError(f"This match is {match.status.value}.", key="store.error.not_started")
    if result is not None and match.status is MatchStatus.FINISHED:
        raise MatchStateError("This match is already over.", key="store.error.finished")
    action: dict[str, Any] = {"kind": f"core.{kind}", **payload}
    changes: dict[str, Any] = {}
    if result is not None:
        action["result"] = dict(result)
        changes = {"status": MatchStatus.FINISHED, "result": dict(result)}
    elif status is not None:
        if status in (MatchStatus.PROPOSED, MatchStatus.FINISHED):
            raise StoreError(f"Cannot set status {status.value} with a meta event.")
        changes = {"status": status}
    seq = match.version + 1
    event = MatchEvent(
        match_id=match.id,
        seq=seq,
        kind=kind,
        actor_id=actor_id,
        seat=seat,
        action=action,
        dice=[],
        events=[],
        reason=reason,
    )
    rows: list[MatchEvent | Snapshot] = [event]
    if _wants_snapshot(seq, snapshot_every):
        rows.append(_snapshot(loaded, seq, loaded.state))
    with match_write(match.id):
        await _advance(session, match, **changes)
        session.add_all(rows)
        await session.flush()
    return event


async def resign(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    seat: int,
    actor_id: int | None,
    reason: str | None = None,
) -> MatchEvent:
    """``seat`` resigns: the match ends as the engine says a concession ends it
    (every other seat wins, unless the game has teams) — or, where the game lets
    the others play on, the seat withdraws (:func:`withdraw`)."""
    seats = [s.seat for s in loaded.seats]
    if seat not in seats:
        raise SeatError(f"There is no seat {seat} in this match.")
    if loaded.match.status not in (MatchStatus.ACTIVE, MatchStatus.PAUSED):
        raise MatchStateError("This match is not being played.", key="store.error.not_active")
    withdrawn = await withdraw(session, loaded, seat=seat, actor_id=actor_id, reason=reason)
    if withdrawn is not None:
        return withdrawn.event
    winners = list(loaded.engine.concede(loaded.state, seat, seats).winners)
    return await append_meta(
        session,
        loaded,
        kind=EventKind.RESIGN,
        actor_id=actor_id,
        seat=seat,
        payload={},
        reason=reason,
        result={"kind": "win", "winners": winners, "reason": "resign"},
    )


async def withdraw(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    seat: int,
    actor_id: int | None,
    reason: str | None = None,
) -> AppendResult | None:
    """``seat`` leaves and the match goes on, if the game allows it now
    (``engine.withdrawal``); ``None`` if leaving would end the match instead."""
    action = loaded.engine.withdrawal(loaded.state, seat)
    if action is None:
        return None
    return await append_action(
        session,
        loaded,
        seat=seat,
        actor_id=actor_id,
        action=action,
        reason=reason,
        referee=True,
        kind=EventKind.WITHDRAW,
    )


async def revert_to(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    to_seq: int,
    actor_id: int | None,
    reason: str | None,
) -> LoadedMatch:
    """Return the match to the state right after event ``to_seq``, as a new event.

    History is kept: a "revert" event and a snapshot of the restored state are
    appended at ``version + 1``. The status and result follow the restored
    point (a match ended by the reverted events is active again; a paused
    match stays paused). Returns ``loaded``, updated in place.
    """
    match, engine = loaded.match, loaded.engine
    if match.status not in STARTED:
        raise MatchStateError(f"This match is {match.status.value}.", key="store.error.not_started")
    if not 0 <= to_seq < match.version:
        raise InvalidRevertError(
            f"Can only revert to an earlier event, 0–{match.version - 1}; got {to_seq}.",
            params={"seq": to_seq, "last": match.version - 1},
        )
    state = await state_at(session, match, to_seq, engine)
    result = await meta_result_at(session, match, to_seq)
    if result is None:
        engine_result = engine.result(state)
        result = None if engine_result is None else to_json(engine_result)
    if result is not None:
        status = MatchStatus.FINISHED
    else:
        status = MatchStatus.PAUSED if match.status is MatchStatus.PAUSED else MatchStatus.ACTIVE
    seq = match.version + 1
    event = MatchEvent(
        match_id=match.id,
        seq=seq,
        kind=EventKind.REVERT,
        actor_id=actor_id,
        action={"kind": "core.revert", "to_seq": to_seq},
        dice=[],
        events=[],
        reason=reason,
    )
    # Replay never crosses a revert: loading starts at this snapshot or later.
    snapshot = _snapshot(loaded, seq, state)
    with match_write(match.id):
        await _advance(session, match, status=status, result=result)
        session.add_all([event, snapshot])
        await session.flush()
    loaded.state = state
    loaded.replayed = 0
    return loaded


async def adjust(
    session: AsyncSession,
    loaded: LoadedMatch,
    *,
    state: Any,
    changes: Mapping[str, Any],
    actor_id: int | None,
    reason: str,
) -> LoadedMatch:
    """Replace the engine state by hand (a referee applying a card's text, say).

    Stored as an ``adjust`` event with the ``changes`` and a snapshot of the new
    state, so replay never has to re-apply it; a state the engine says has ended
    finishes the match with that result. Returns ``loaded``, updated.
    """
    match = loaded.match
    if match.status not in (MatchStatus.ACTIVE, MatchStatus.PAUSED):
        raise MatchStateError("This match is not being played.", key="store.error.not_active")
    seq = match.version + 1
    event = MatchEvent(
        match_id=match.id,
        seq=seq,
        kind=EventKind.ADJUST,
        actor_id=actor_id,
        action={"kind": "core.adjust", "changes": dict(changes)},
        dice=[],
        events=[],
        reason=reason,
    )
    snapshot = _snapshot(loaded, seq, state)
    # The adjusted state may have ended the match (a last figure knocked out).
    ended = loaded.engine.result(state)
    finished = {} if ended is None else {"status": MatchStatus.FINISHED, "result": to_json(ended)}
    with match_write(match.id):
        await _advance(session, match, **finished)
        session.add_all([event, snapshot])
        await session.flush()
    loaded.state = state
    loaded.replayed = 0
    return loaded


# -- helpers ------------------------------------------------------------------


def _wants_snapshot(seq: int, every: int | None) -> bool:
    every = every or SNAPSHOT_EVERY
    return seq % every == 0


def _snapshot(loaded: LoadedMatch, seq: int, state: Any) -> Snapshot:
    return Snapshot(match_id=loaded.match.id, seq=seq, state=loaded.engine.state_to_json(state))


async def _execute_update(session: AsyncSession, stmt: Any) -> int:
    """Run an UPDATE without touching objects in the session; return the row count."""
    result = await session.execute(stmt, execution_options={"synchronize_session": False})
    return cast(CursorResult[Any], result).rowcount


async def _advance(
    session: AsyncSession, match: Match, *, only_if_proposed: bool = False, **changes: Any
) -> None:
    """Bump ``matches.version`` by one if nobody else did; apply ``changes`` with it.

    The UPDATE takes the row's write lock (PostgreSQL) or the database's
    (SQLite) before any event is inserted, so a second writer waits and then
    finds the version moved on: 0 rows, :class:`MatchChangedError`.
    """
    values = {"version": match.version + 1, "updated_at": utcnow(), **changes}
    stmt = update(Match).where(Match.id == match.id, Match.version == match.version)
    if only_if_proposed:
        stmt = stmt.where(Match.status == MatchStatus.PROPOSED)
    if await _execute_update(session, stmt.values(**values)) != 1:
        raise MatchChangedError(match.id)
    # Keep the in-memory row in step without marking it dirty (no second UPDATE).
    for key, value in values.items():
        set_committed_value(match, key, value)
