"""``DiscordEmulator``: the in-memory world plus its aiohttp REST + gateway server."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from .gateway import RECONNECT, GatewayConnection, GatewaySession
from .inject import UserActions
from .interaction import EmulatedInteraction
from .models import EmuGuild, EmuUser, RecordedRequest
from .rest import build_app
from .validation import ApiError

log = logging.getLogger("tests.emulator")
T = TypeVar("T")


class _ErrorCollector(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


@dataclass
class Refusal:
    """A test's order to refuse some requests (:meth:`DiscordEmulator.refuse`)."""

    method: str
    path: re.Pattern[str]
    error: ApiError
    left: int
    #: The requests refused so far.
    refused: list[RecordedRequest] = field(default_factory=list)


class DiscordEmulator(UserActions):
    """A fake Discord (REST v10 + gateway) on 127.0.0.1 for the unmodified discord.py client."""

    def __init__(
        self,
        *,
        application_id: int | None = None,
        bot_name: str = "EmulatedBot",
        shard_count: int = 1,
        ack_deadline: float | None = 3.0,
        token_lifetime: float | None = 15 * 60,
        application_flags: int = 0,
        **world: Any,
    ) -> None:
        super().__init__(application_id=application_id, bot_name=bot_name, **world)
        self.shard_count = shard_count
        self.ack_deadline = ack_deadline  # Discord drops interactions not acked within 3 s
        self.token_lifetime = token_lifetime  # interaction tokens (follow-ups) last 15 minutes
        #: (guild id, command name, user id) a server manager allowed despite the command's
        #: ``default_member_permissions`` (Server Settings → Integrations).
        self.command_overrides: set[tuple[int, str, int]] = set()
        self.application_flags = application_flags
        self.commands: dict[int | None, list[dict[str, Any]]] = {None: []}
        self.interactions: dict[int, EmulatedInteraction] = {}
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[RecordedRequest] = []
        #: Bot tokens Discord answers with 401 (e.g. one that was reset).
        self.rejected_tokens: set[str] = set()
        self.api_errors: list[tuple[RecordedRequest, ApiError]] = []
        self.internal_errors: list[tuple[RecordedRequest, BaseException]] = []
        self.bot_errors: list[logging.LogRecord] = []  # ERROR logs of the "discord" logger
        self.gateway_received: list[dict[str, Any]] = []
        self.sessions: list[GatewaySession] = []
        self.connections: list[GatewayConnection] = []
        self.modals: list[tuple[EmulatedInteraction, dict[str, Any]]] = []
        #: Requests a test told Discord to refuse (:meth:`refuse`), the first match wins.
        self.refusals: list[Refusal] = []
        self._event = asyncio.Event()
        self._watched: list[asyncio.Task[Any]] = []
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._log_handler = _ErrorCollector(self.bot_errors)
        self._background: set[asyncio.Task[Any]] = set()
        self.owner = EmuUser(id=self.new_id(), name="app-owner")
        self.users[self.owner.id] = self.owner

    def refuse(
        self,
        method: str,
        path: str,
        *,
        status: int = 404,
        code: int = 10008,
        message: str = "Unknown Message",
        times: int = 1,
    ) -> Refusal:
        """Refuse the next ``times`` requests ``method`` whose path (without ``/api/v10``)
        matches the regular expression ``path``, with Discord's answer ``status``/``code``:
        what Discord answers when the message was deleted meanwhile (the default), the
        thread archived, the channel gone. Use a 4xx: discord.py retries a 5xx with sleeps."""
        refusal = Refusal(method.upper(), re.compile(path), ApiError(status, code, message), times)
        self.refusals.append(refusal)
        return refusal

    def refuse_if_told(self, rec: RecordedRequest) -> None:
        """Raise the :meth:`refuse` answer a request matches, if any."""
        for refusal in self.refusals:
            if refusal.left and refusal.method == rec.method and refusal.path.search(rec.path):
                refusal.left -= 1
                refusal.refused.append(rec)
                raise refusal.error

    def background(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` as a task the emulator keeps a reference to."""
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- lifecycle ---------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(build_app(self), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self._port = server.sockets[0].getsockname()[1]
        logging.getLogger("discord").addHandler(self._log_handler)
        log.info("emulator listening on %s", self.base_url)

    async def stop(self) -> None:
        logging.getLogger("discord").removeHandler(self._log_handler)
        for conn in list(self.connections):
            await conn.close(1001, b"emulator stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:  # type: ignore[override]
        return f"http://127.0.0.1:{self._port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/gateway"

    # -- events and waiting ------------------------------------------------------------
    def notify(self) -> None:
        event, self._event = self._event, asyncio.Event()
        event.set()

    def watch(self, task: asyncio.Task[Any]) -> None:
        """Make every ``wait_for`` fail fast if ``task`` (e.g. ``bot.start()``) crashes."""
        self._watched.append(task)

    def _check_watched(self) -> None:
        for task in self._watched:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError(f"watched task {task.get_name()} died") from task.exception()

    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = 5.0, *, what: str | None = None
    ) -> T:
        """Poll ``predicate`` (on every state change, at least every 50 ms) until truthy."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._check_watched()
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what or predicate}"
                    + self.diagnostics()
                )
            waiter = asyncio.ensure_future(self._event.wait())
            watched = [t for t in self._watched if not t.done()]
            await asyncio.wait(
                [waiter, *watched], timeout=min(remaining, 0.05), return_when="FIRST_COMPLETED"
            )
            waiter.cancel()

    def diagnostics(self) -> str:
        lines = []
        for rec in self.bot_errors[-5:]:
            exc = f" ({rec.exc_info[1]!r})" if rec.exc_info else ""
            lines.append(f"  bot error: {rec.getMessage()}{exc}")
        lines += [f"  unknown route: {r.method} {r.path}" for r in self.unknown_routes[-5:]]
        lines += [f"  API error: {r.method} {r.path}: {e}" for r, e in self.api_errors[-5:]]
        lines += [
            f"  emulator bug: {r.method} {r.path}: {e!r}" for r, e in self.internal_errors[-5:]
        ]
        if not any(s.connected for s in self.sessions):
            lines.append("  no bot is connected to the gateway")
        return ("\n" + "\n".join(lines)) if lines else ""

    # -- gateway -----------------------------------------------------------------------
    def live_sessions(self, guild_id: int | None = None) -> list[GatewaySession]:
        return [s for s in self.sessions if s.alive and s.ready and s.handles_guild(guild_id)]

    def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None = None) -> None:
        for session in self.live_sessions(guild_id):
            if session.wants(event, guild_id):
                session.dispatch(event, self._redact(session, event, data, guild_id))

    def _redact(
        self, session: GatewaySession, event: str, data: dict[str, Any], guild_id: int | None
    ) -> dict[str, Any]:
        """Without MESSAGE_CONTENT, other users' guild messages arrive without content."""
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or session.intents & (1 << 15):
            return data
        author = int(data["author"]["id"])
        mentioned = any(int(u["id"]) == self.bot.id for u in data.get("mentions", []))
        if guild_id is None or author == self.bot.id or mentioned:
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    def on_guild_added(self, guild: EmuGuild) -> None:
        for session in self.live_sessions(guild.id):
            session.dispatch("GUILD_CREATE", self.guild_create_payload(guild, session.intents))

    async def wait_connected(
        self, guild_id: int | None = None, timeout: float = 5.0
    ) -> GatewaySession:
        """Wait until a bot session handling ``guild_id`` is identified and connected."""
        found: GatewaySession | None = await self.wait_for(
            lambda: next((s for s in self.live_sessions(guild_id) if s.connected), None),
            timeout,
            what="a connected bot session",
        )
        assert found is not None
        return found

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connection (discord.py then RESUMEs)."""
        for conn in self.connections:
            conn.send({"op": RECONNECT, "d": None})
