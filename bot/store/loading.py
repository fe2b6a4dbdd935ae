"""Rebuilding a match's engine state: latest snapshot, then replay of later events.

Replay re-applies each stored action with ``SeededDice(seed, seq)``, which
draws exactly the dice the original move drew. Meta events (resignations,
referee notes) do not change the engine state; every revert has a snapshot at
its own seq, so a load never replays across one.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Row, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.errors import MatchNotFoundError, MatchStateError, ReplayError, StoreError
from bot.store.models import EventKind, Match, MatchEvent, MatchSeat, Snapshot
from bot.store.packs import provide
from bot.store.queries import forget_guilds, with_seats
from engines.core import EngineError, GameEngine, Seat, SeededDice
from engines.core.serde import SerdeError


@dataclass
class LoadedMatch:
    """A started match and its engine state as of ``match.version``.

    ``replayed`` is how many events were read after the latest snapshot to
    rebuild ``state`` (0 right after a start, revert or snapshot).
    """

    match: Match
    seats: tuple[MatchSeat, ...]
    state: Any
    engine: GameEngine[Any]
    replayed: int = 0

    @property
    def version(self) -> int:
        """The seq of the match's last event."""
        return self.match.version

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of ``user_id``, or ``None`` if they do not play."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def engine_seats(self) -> list[Seat]:
        """The seats as the engine knows them."""
        return [Seat(s.seat, s.display_name) for s in self.seats]


async def load_match(
    session: AsyncSession,
    match_id: int,
    engine: GameEngine[Any],
    *,
    fresh: Match | None = None,
) -> LoadedMatch:
    """Load a started match: its latest snapshot plus the events after it.

    ``fresh``: the match row the caller has just re-read in this same transaction
    (``populate_existing``, as :func:`fresh_match` does), used instead of reading
    the row and its seats a second time.

    Raises :class:`MatchNotFoundError`, or :class:`MatchStateError` if the
    match has not started (there is no state yet).
    """
    match = fresh if fresh is not None else await fresh_match(session, match_id)
    if match is None:
        raise MatchNotFoundError(match_id)
    if match.version < 0:
        raise MatchStateError("This match has not started yet.", key="store.error.not_started")
    check_game(match, engine)
    # Even a kept state needs its uploaded pack in this process: views and renders
    # read the pack (another process may have removed the local copy meanwhile).
    await provide(session, match.game, match.content_pack)
    states = _states_of(session)
    key = _state_key(match, engine, match.version)
    cached = states.get(key)
    if cached is not None:
        states.move_to_end(key)
        return LoadedMatch(match, tuple(match.seats), cached, engine, 0)
    state, replayed = await rebuild_state(session, match, engine, match.version)
    return LoadedMatch(match, tuple(match.seats), state, engine, replayed)


#: Engine states of recently used matches, per database engine (the pool of one
#: database), by (game class, match id, seed, version). The state after a given
#: event of a match never changes (the log is append-only; an undo is a new event)
#: and engines never change a state in place, so a state read from the database or
#: committed by this process can be handed out again instead of parsing the
#: snapshot and replaying. Per database engine, because match ids and (in tests)
#: seeds repeat across databases; weakly, so a disposed engine's states go with it.
_STATES: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[type, int, str, int], Any]] = (
    weakref.WeakKeyDictionary()
)
#: Matches whose state is kept per database (about 10–80 KiB each).
STATE_CACHE_SIZE = 128


def _states_of(session: AsyncSession) -> OrderedDict[tuple[type, int, str, int], Any]:
    return _STATES.setdefault(session.sync_session.get_bind(), OrderedDict())


def _state_key(match: Match, engine: GameEngine[Any], version: int) -> tuple[type, int, str, int]:
    return (type(engine), match.id, match.seed, version)


def forget_states() -> None:
    """Drop every kept state (and match guild), so the next loads read the database
    (for tests that change a stored match behind the bot's back)."""
    _STATES.clear()
    forget_guilds()


def remember(session: AsyncSession, loaded: LoadedMatch) -> None:
    """Keep ``loaded``'s state for the next load of the match at the same version
    from ``session``'s database.

    Call it only once the state is committed (or was read from committed data): a
    state of a transaction that rolled back could be replaced by another event at
    the same version.
    """
    states = _states_of(session)
    key = _state_key(loaded.match, loaded.engine, loaded.match.version)
    states[key] = loaded.state
    states.move_to_end(key)
    while len(states) > STATE_CACHE_SIZE:
        states.popitem(last=False)


async def state_at(
    session: AsyncSession, loaded_or_match: LoadedMatch | Match, seq: int, engine: GameEngine[Any]
) -> Any:
    """The engine state right after event ``seq`` (for replays, previews and reverts)."""
    if isinstance(loaded_or_match, LoadedMatch):
        if seq == loaded_or_match.version:
            return loaded_or_match.state
        match = loaded_or_match.match
    else:
        match = loaded_or_match
    if not 0 <= seq <= match.version:
        raise StoreError(
            f"Match {match.id} has no event {seq} (its events are 0–{match.version}).",
            key="store.error.no_such_event",
            params={"match": match.id, "seq": seq, "last": match.version},
        )
    state, _ = await rebuild_state(session, match, engine, seq)
    return state


async def rebuild_state(
    session: AsyncSession,
    match: Match,
    engine: GameEngine[Any],
    seq: int,
    *,
    from_scratch: bool = False,
) -> tuple[Any, int]:
    """State after event ``seq``: nearest snapshot at or before it, then replay.

    Returns the state and the number of events read after the snapshot.
    Only events up to ``seq`` (at most the version we read) are used, so a
    writer committing meanwhile cannot make the state and version disagree.
    ``from_scratch`` starts at snapshot 0 (benchmarks and consistency checks).
    """
    await provide(session, match.game, match.content_pack)  # an uploaded pack's files
    start = 0 if from_scratch else seq
    snap_seq = await session.scalar(
        select(func.max(Snapshot.seq)).where(Snapshot.match_id == match.id, Snapshot.seq <= start)
    )
    if snap_seq is None:
        raise ReplayError(match.id, 0, "no snapshot")
    state = await _snapshot_state(session, match, engine, snap_seq)
    rows = await session.execute(
        select(MatchEvent.seq, MatchEvent.kind, MatchEvent.seat, MatchEvent.action)
        .where(MatchEvent.match_id == match.id, MatchEvent.seq > snap_seq, MatchEvent.seq <= seq)
        .order_by(MatchEvent.seq)
    )
    seed = seed_of(match)
    replayed = 0
    moves: list[Row[Any]] = []
    for row in rows:
        replayed += 1
        if row.kind in (EventKind.REVERT, EventKind.ADJUST):
            # Only reached from scratch: reverts and adjustments have a snapshot at their seq.
            await _replayed(match, engine, seed, state, moves)  # checked, then replaced
            state, moves = await _snapshot_state(session, match, engine, row.seq), []
        else:
            moves.append(row)
    return await _replayed(match, engine, seed, state, moves), replayed


async def _replayed(
    match: Match, engine: GameEngine[Any], seed: bytes, state: Any, rows: Sequence[Row[Any]]
) -> Any:
    """``state`` with the moves of ``rows`` applied. Several are applied in a thread:
    up to ``SNAPSHOT_EVERY`` moves of a few milliseconds each would hold the event loop
    (and every other match) for too long."""
    if len(rows) <= 1:
        return _apply_moves(match, engine, seed, state, rows)
    return await asyncio.to_thread(_apply_moves, match, engine, seed, state, rows)


def _apply_moves(
    match: Match, engine: GameEngine[Any], seed: bytes, state: Any, rows: Sequence[Row[Any]]
) -> Any:
    for row in rows:
        if row.kind in (EventKind.ACTION, EventKind.REFEREE_ACTION, EventKind.WITHDRAW):
            try:
                action = engine.parse_action(row.action)
                apply = engine.apply if row.kind == EventKind.ACTION else engine.referee_apply
                state = apply(state, row.seat, action, SeededDice(seed, row.seq)).state
            except EngineError as exc:
                raise ReplayError(match.id, row.seq, str(exc)) from exc
        # Other kinds (resign, referee notes…) do not change the engine state.
    return state


async def _snapshot_state(
    session: AsyncSession, match: Match, engine: GameEngine[Any], seq: int
) -> Any:
    data = await session.scalar(
        select(Snapshot.state).where(Snapshot.match_id == match.id, Snapshot.seq == seq)
    )
    if data is None:
        raise ReplayError(match.id, seq, "snapshot missing")
    try:
        return engine.state_from_json(data)
    except SerdeError as exc:
        raise ReplayError(match.id, seq, f"snapshot does not parse: {exc}") from exc


async def meta_result_at(session: AsyncSession, match: Match, seq: int) -> dict[str, Any] | None:
    """The result a meta event (e.g. a resignation) had given the match as of event ``seq``.

    Walks back through the meta events, following earlier reverts to the
    point they restored.
    """
    rows = await session.execute(
        select(MatchEvent.seq, MatchEvent.kind, MatchEvent.action)
        .where(
            MatchEvent.match_id == match.id,
            MatchEvent.seq <= seq,
            MatchEvent.kind.not_in([EventKind.START, EventKind.ACTION]),
        )
        .order_by(MatchEvent.seq.desc())
    )
    limit = seq
    for row in rows:
        if row.seq > limit:
            continue
        if row.kind == EventKind.REVERT:
            limit = int(row.action["to_seq"])
        elif "result" in row.action:
            return cast(dict[str, Any], row.action["result"])
    return None


def seed_of(match: Match) -> bytes:
    """The match's dice seed as bytes."""
    return bytes.fromhex(match.seed)


def check_game(match: Match, engine: GameEngine[Any]) -> None:
    """Refuse to replay a match with another game's engine."""
    if match.game != engine.name:
        raise StoreError(f"Match {match.id} is a {match.game} match, not {engine.name}.")


async def fresh_match(session: AsyncSession, match_id: int) -> Match | None:
    """The match re-read from the database even if this session already holds it."""
    stmt = with_seats(select(Match).where(Match.id == match_id))
    return (await session.execute(stmt)).unique().scalar_one_or_none()
