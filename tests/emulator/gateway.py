"""Gateway (websocket) side of the emulator: sessions, sequence numbers, resume, shards."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import DiscordEmulator

log = logging.getLogger("tests.emulator")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Which intent an event needs (events not listed are always sent).
EVENT_INTENTS = {
    "GUILD_CREATE": INTENT_GUILDS,
    "GUILD_UPDATE": INTENT_GUILDS,
    "GUILD_ROLE_CREATE": INTENT_GUILDS,
    "GUILD_ROLE_UPDATE": INTENT_GUILDS,
    "GUILD_ROLE_DELETE": INTENT_GUILDS,
    "CHANNEL_CREATE": INTENT_GUILDS,
    "CHANNEL_UPDATE": INTENT_GUILDS,
    "CHANNEL_DELETE": INTENT_GUILDS,
    "THREAD_CREATE": INTENT_GUILDS,
    "THREAD_UPDATE": INTENT_GUILDS,
    "THREAD_DELETE": INTENT_GUILDS,
    "GUILD_MEMBER_ADD": INTENT_GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": INTENT_GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": INTENT_GUILD_MEMBERS,
}
MESSAGE_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE")


@dataclass
class GatewaySession:
    """A logical gateway session; survives reconnects (RESUME) until the bot closes cleanly."""

    session_id: str
    shard: tuple[int, int]
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    alive: bool = True
    log: list[dict[str, Any]] = field(default_factory=list)
    connection: GatewayConnection | None = None
    ready: bool = False

    @property
    def connected(self) -> bool:
        return self.alive and self.connection is not None and not self.connection.ws.closed

    def handles_guild(self, guild_id: int | None) -> bool:
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id

    def wants(self, event: str, guild_id: int | None) -> bool:
        if event in MESSAGE_EVENTS:
            bit = INTENT_GUILD_MESSAGES if guild_id else INTENT_DIRECT_MESSAGES
            return bool(self.intents & bit)
        needed = EVENT_INTENTS.get(event)
        return needed is None or bool(self.intents & needed)

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.log.append(frame)
        if self.connection is not None:
            self.connection.send(frame)


class GatewayConnection:
    """One websocket connection; a single writer task keeps frames in order."""

    def __init__(self, emu: DiscordEmulator, ws: web.WebSocketResponse) -> None:
        self.emu = emu
        self.ws = ws
        self.session: GatewaySession | None = None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.close_code: int | None = None

    def send(self, frame: dict[str, Any] | None) -> None:
        self.queue.put_nowait(frame)

    async def _writer(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None or self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    async def run(self) -> None:
        writer = asyncio.create_task(self._writer())
        self.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for msg in self.ws:
                if msg.type == WSMsgType.TEXT:
                    await self._handle(json.loads(msg.data))
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.close_code = self.ws.close_code
            self.send(None)
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            self._detach()

    def _detach(self) -> None:
        session = self.session
        if session is None or session.connection is not self:
            return
        session.connection = None
        if self.close_code in (1000, 1001):
            # A clean close by the client ends the session (Discord invalidates it).
            # NB: discord.py's Client.close() ends up sending 4000 (aiohttp quirk), so
            # such sessions stay resumable until a new IDENTIFY for the shard.
            session.alive = False
        log.info("gateway: session %s disconnected (code %s)", session.session_id, self.close_code)
        self.emu.notify()

    async def close(self, code: int = 1000, message: bytes = b"") -> None:
        if not self.ws.closed:
            await self.ws.close(code=code, message=message)

    async def _handle(self, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        self.emu.gateway_received.append(frame)
        if op == HEARTBEAT:
            self.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(data or {})
        elif op == RESUME:
            self._resume(data or {})
        elif op == REQUEST_MEMBERS:
            self._request_members(data or {})
        elif op in (PRESENCE, VOICE):
            pass
        else:
            log.warning("gateway: unhandled op %s: %s", op, frame)

    async def _identify(self, data: dict[str, Any]) -> None:
        emu = self.emu
        if not data.get("token"):
            await self.close(4004, b"Authentication failed.")
            return
        if "intents" not in data:
            await self.close(4013, b"Invalid intent(s).")
            return
        shard_id, count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < count:
            await self.close(4010, b"Invalid shard.")
            return
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard=(shard_id, count),
            intents=int(data["intents"]),
            identify=data,
            connection=self,
        )
        self.session = session
        for old in emu.sessions:
            if old.shard == session.shard and not old.connected:
                old.alive = False  # superseded: no longer resumable
        emu.sessions.append(session)
        guilds = [g for g in emu.guilds.values() if session.handles_guild(g.id)]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": emu.bot.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": emu.ws_url,
                "session_type": "normal",
                "shard": [shard_id, count],
                "application": {"id": str(emu.application_id), "flags": emu.application_flags},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "auth": {},
                "_trace": ["discord-emulator"],
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", emu.guild_create_payload(guild, session.intents))
        session.ready = True
        log.info(
            "gateway: session %s identified (shard %s/%s)", session.session_id, shard_id, count
        )
        emu.notify()

    def _resume(self, data: dict[str, Any]) -> None:
        session = next(
            (s for s in self.emu.sessions if s.session_id == data.get("session_id")), None
        )
        if session is None or not session.alive:
            self.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not self:
            old = session.connection
            session.connection = None
            self.emu.background(old.close(4000))
        self.session = session
        session.connection = self
        last = int(data.get("seq") or 0)
        for frame in session.log:
            if frame["s"] > last:
                self.send(frame)
        session.dispatch("RESUMED", {"_trace": ["discord-emulator"]})
        log.info("gateway: session %s resumed from seq %s", session.session_id, last)
        self.emu.notify()

    def _request_members(self, data: dict[str, Any]) -> None:
        session = self.session
        if session is None:
            return
        guild = self.emu.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        query = str(data.get("query") or "").lower()
        user_ids = {int(u) for u in data.get("user_ids") or []}
        limit = int(data.get("limit") or 0) or len(guild.members)
        members = []
        for member in guild.members.values():
            user = self.emu.users[member.user_id]
            if user_ids and member.user_id not in user_ids:
                continue
            if not user_ids and query and not user.name.lower().startswith(query):
                continue
            members.append(self.emu.member_payload(guild, member))
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members[:limit],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if user_ids:
            found = {m.user_id for m in guild.members.values()}
            chunk["not_found"] = [str(u) for u in user_ids - found]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


async def gateway_handler(emu: DiscordEmulator, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
    await ws.prepare(request)
    conn = GatewayConnection(emu, ws)
    emu.connections.append(conn)
    try:
        await conn.run()
    finally:
        emu.connections.remove(conn)
    return ws
