"""Database tables of the bot: guild settings, matches, seats, the event log, snapshots.

The schema is created and changed only by the Alembic migrations in ``alembic/``;
these models are what the migrations are checked against (``tests/store`` asserts
that autogenerate finds no difference), so edit both together.
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Dialect,
    Enum,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator, TypeEngine

# Explicit constraint names, so migrations can drop or alter them by name on both
# PostgreSQL and SQLite (batch mode recreates tables and needs the names).
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: JSON everywhere; JSONB on PostgreSQL (smaller, indexable).
JSONType: TypeEngine[Any] = JSON().with_variant(JSONB(), "postgresql")


def utcnow() -> datetime:
    """The current time, timezone-aware UTC (every timestamp the store writes)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp that is always timezone-aware UTC in Python.

    PostgreSQL stores ``timestamptz``; SQLite has no time zones, so the value is
    stored as naive UTC and the zone is put back when it is read.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column; use datetime.now(UTC)")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    """Declarative base; ``Base.metadata`` is the migrations' target."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class MatchStatus(enum.StrEnum):
    """Life cycle of a match: proposed → active ⇄ paused → finished (or cancelled)."""

    PROPOSED = "proposed"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EventKind(enum.StrEnum):
    """Kinds of rows in ``match_events``; only ``action`` changes engine state by replay."""

    START = "start"
    ACTION = "action"
    REVERT = "revert"
    RESIGN = "resign"
    REFEREE = "referee"
    #: A missed deadline that paused the match or forfeited a player.
    DEADLINE = "deadline"
    #: A referee's manual change of the state (has a snapshot, like a revert).
    ADJUST = "adjust"
    #: A game action applied on a referee's authority (``engine.referee_apply``).
    REFEREE_ACTION = "referee_action"
    #: A player leaving a match that goes on without them (``engine.withdrawal``,
    #: applied and replayed like a referee action).
    WITHDRAW = "withdraw"


class GuildSettings(Base):
    """Per-guild configuration."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    referee_role_id: Mapped[int | None] = mapped_column(BigInteger)
    locale: Mapped[str] = mapped_column(String(16), default="en-US")
    # The guild's default pace for new matches (bot.pace.Pace as JSON).
    pace: Mapped[dict[str, Any]] = mapped_column(
        JSONType, default=dict, server_default=text("'{}'")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class Match(Base):
    """One match; its moves live in ``match_events``."""

    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_guild_id_status", "guild_id", "status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    thread_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    game: Mapped[str] = mapped_column(String(64))
    # A string column with a CHECK, not a native PG enum: adding a status later is
    # then a one-line migration on both databases.
    status: Mapped[MatchStatus] = mapped_column(
        Enum(
            MatchStatus,
            name="match_status",
            native_enum=False,
            create_constraint=True,
            length=16,
            values_callable=lambda e: [m.value for m in e],
        ),
        default=MatchStatus.PROPOSED,
    )
    options: Mapped[dict[str, Any]] = mapped_column(JSONType)
    content_pack: Mapped[str | None] = mapped_column(String(128))
    # The dice seed (hex). Secret until the match ends; only seed_hash is published.
    seed: Mapped[str] = mapped_column(String(64))
    seed_hash: Mapped[str] = mapped_column(String(64))
    # seq of the last event; -1 until the match starts. Writers guard on it.
    version: Mapped[int] = mapped_column(Integer, default=-1)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
    deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    # The newest public post of the match's state in its thread (a Discord message id)
    # and the version it shows: an outdated button or menu answers with a link to it.
    state_post_id: Mapped[int | None] = mapped_column(BigInteger)
    state_post_version: Mapped[int | None] = mapped_column(Integer)
    # The version before the first event that post tells: an exchange's post still open
    # (a Dice Throne attack) is edited with every event of the log after it.
    state_post_since: Mapped[int | None] = mapped_column(Integer)
    # Play-by-post pace, chosen at /match new (bot.pace.Pace as JSON): the
    # deadline of each decision, when to remind, what happens on expiry.
    pace: Mapped[dict[str, Any]] = mapped_column(
        JSONType, default=dict, server_default=text("'{}'")
    )

    # Seats are always needed with the match and are few: load them eagerly
    # (async sessions cannot lazy-load on attribute access).
    seats: Mapped[list[MatchSeat]] = relationship(
        back_populates="match",
        lazy="selectin",
        order_by="MatchSeat.seat",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.game} {self.status} v{self.version}>"


class MatchSeat(Base):
    """A player's place in a match; ``seat`` is the engine's seat index."""

    __tablename__ = "match_seats"
    __table_args__ = (UniqueConstraint("match_id", "user_id"),)

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    display_name: Mapped[str] = mapped_column(String(100))
    accepted: Mapped[bool] = mapped_column(default=False)

    match: Mapped[Match] = relationship(back_populates="seats")


class MatchEvent(Base):
    """One entry of a match's append-only log.

    ``events`` holds the engine's events unredacted: the database is private and
    the bot redacts per viewer when it shows them.
    """

    __tablename__ = "match_events"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSONType)
    dice: Mapped[list[Any]] = mapped_column(JSONType)
    events: Mapped[list[Any]] = mapped_column(JSONType)
    reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    #: The action's fields that are hidden information (``GameEngine.secret_fields``),
    #: blanked in exports until the match ends. ``None`` on rows that are not game
    #: actions and on actions stored before migration 0003.
    secret: Mapped[list[str] | None] = mapped_column(JSONType, nullable=True)

    def __repr__(self) -> str:
        return f"<MatchEvent match={self.match_id} seq={self.seq} {self.kind}>"


class Snapshot(Base):
    """The engine state right after event ``seq`` (JSON from ``engine.state_to_json``)."""

    __tablename__ = "snapshots"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    state: Mapped[Any] = mapped_column(JSONType)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class JobKind(enum.StrEnum):
    """What a scheduled job does when it is due."""

    REMINDER = "reminder"
    EXPIRY = "expiry"


class ScheduledJob(Base):
    """A reminder or a deadline expiry, due at ``due_at``, for one match version.

    A job belongs to the state the match was in when it was scheduled
    (``version``); once the match has moved on it is obsolete and is closed
    without effect. ``done_at`` is set in the same transaction as the job's
    effect, so a job never acts twice; ``claimed_by``/``claimed_until`` let
    several bot processes share the queue without two working on one job.
    Only *open* jobs are unique per decision and moment (a job closed at 20:00
    does not forbid a new one at 20:00); ``attempts`` counts failed runs, so a
    job that keeps failing is retried with back-off and then set aside.
    """

    __tablename__ = "scheduled_jobs"
    __table_args__ = (
        Index(
            "uq_scheduled_jobs_open",
            "match_id",
            "version",
            "kind",
            "seat",
            "due_at",
            unique=True,
            sqlite_where=text("done_at IS NULL"),
            postgresql_where=text("done_at IS NULL"),
        ),
        Index("ix_scheduled_jobs_pending", "done_at", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(BigInteger)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime())
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    outcome: Mapped[str | None] = mapped_column(String(32))
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    def __repr__(self) -> str:
        return f"<ScheduledJob {self.id} {self.kind} match={self.match_id} v{self.version}>"


class PlayerSettings(Base):
    """A player's own settings, the same in every guild: time zone, quiet hours, vacation."""

    __tablename__ = "player_settings"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    # Reminders due between these local hours are held until the end (None: no quiet hours).
    quiet_start: Mapped[int | None] = mapped_column(Integer)
    quiet_end: Mapped[int | None] = mapped_column(Integer)
    vacation_year: Mapped[int | None] = mapped_column(Integer)
    vacation_days_used: Mapped[int] = mapped_column(Integer, default=0)
    vacation_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # Standing preferences turned on, by key ("testgame.auto_roll": true).
    preferences: Mapped[dict[str, bool]] = mapped_column(
        JSONType, default=dict, server_default=text("'{}'")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class DisputeStatus(enum.StrEnum):
    """A dispute is open until a referee rules on it."""

    OPEN = "open"
    RESOLVED = "resolved"


class Dispute(Base):
    """A player's dispute about a match at event ``seq``, and the referee's ruling."""

    __tablename__ = "disputes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    opened_by: Mapped[int] = mapped_column(BigInteger)
    reason: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default=DisputeStatus.OPEN)
    ruling: Mapped[str | None] = mapped_column(Text)
    resolved_by: Mapped[int | None] = mapped_column(BigInteger)
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MatchRequest(Base):
    """Something waiting for a confirmation: a player's undo (the opponents consent)
    or a referee's rollback (confirmed after seeing the preview).

    It is about the match as it was at ``version`` and lapses once the match moves on.
    """

    __tablename__ = "match_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    requested_by: Mapped[int] = mapped_column(BigInteger)
    # What to do once confirmed, e.g. {"to_seq": 4, "reason": "misclick"}.
    payload: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    status: Mapped[str] = mapped_column(String(16), default="open")
    # user id (as text) -> True/False for each player who answered.
    answers: Mapped[dict[str, bool]] = mapped_column(JSONType, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class GuildPack(Base):
    """A content pack a server uploaded through Discord (``/content upload``), for one
    game. Only that server sees it; its files live in :class:`GuildPackVersion` rows.
    ``removed_at`` hides it from new matches (started ones keep their version)."""

    __tablename__ = "content_packs"
    __table_args__ = (UniqueConstraint("guild_id", "game", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class GuildPackVersion(Base):
    """One upload of a :class:`GuildPack`: its files, validated before they were stored,
    and never changed or deleted afterwards — a match names the version it uses by
    ``key`` (``matches.content_pack``) and replays with it for ever."""

    __tablename__ = "content_pack_versions"
    __table_args__ = (UniqueConstraint("pack_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    pack_id: Mapped[int] = mapped_column(ForeignKey("content_packs.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    # engines.core.packs.upload_key: "@" + SHA-256 of the game and the files.
    key: Mapped[str] = mapped_column(String(80), index=True)
    # {relative path: UTF-8 text} (every file is YAML that was read successfully).
    files: Mapped[dict[str, str]] = mapped_column(JSONType)
    size: Mapped[int] = mapped_column(Integer)
    extends: Mapped[str | None] = mapped_column(String(64))
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    uploaded_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
