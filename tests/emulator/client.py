"""discord.py side: point the library at the emulator and run a bot as a task."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

if TYPE_CHECKING:
    from .server import DiscordEmulator

DEFAULT_TOKEN = "emulator-token"


@contextlib.contextmanager
def point_discord_py_at(base_url: str, ws_url: str | None = None) -> Iterator[None]:
    """Route discord.py's REST calls and gateway connections to ``base_url`` meanwhile.

    Both are class attributes read at request/connect time, so keep the context open
    for the whole life of the bots.
    """
    base = base_url.rstrip("/")
    ws = ws_url or base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/gateway"
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(ws)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


class RunningBot:
    """``client.start(token)`` as a task, with a ready wait that fails fast if it dies.

    An exception in a gateway parser silently ends ``Client.start()``; everything here
    (and every ``emu.wait_for`` when the task is watched) re-raises it instead.
    """

    def __init__(
        self,
        client: discord.Client,
        *,
        emulator: DiscordEmulator | None = None,
        token: str = DEFAULT_TOKEN,
    ) -> None:
        self.client = client
        self.emulator = emulator
        self.token = token
        self.task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 10.0) -> RunningBot:
        self.task = asyncio.create_task(self.client.start(self.token), name=f"bot:{self.client}")
        if self.emulator is not None:
            self.emulator.watch(self.task)
        await self.wait_ready(timeout)
        return self

    def check(self) -> None:
        """Raise if the bot task ended with an exception (or ended at all while open)."""
        task = self.task
        if task is None or not task.done():
            return
        if not task.cancelled() and task.exception() is not None:
            raise RuntimeError("the bot task crashed") from task.exception()
        if not self.client.is_closed():
            raise RuntimeError("the bot task ended although the client was not closed")

    async def wait_ready(self, timeout: float = 10.0) -> None:
        assert self.task is not None, "call start() first"
        ready = asyncio.ensure_future(self.client.wait_until_ready())
        try:
            done, _ = await asyncio.wait(
                {ready, self.task}, timeout=timeout, return_when="FIRST_COMPLETED"
            )
        finally:
            ready.cancel()
        self.check()
        if self.task.done():
            raise RuntimeError("the bot stopped before it was ready")
        if ready not in done:
            extra = self.emulator.diagnostics() if self.emulator else ""
            raise TimeoutError(f"the bot was not ready after {timeout}s{extra}")

    async def stop(self, timeout: float = 10.0) -> None:
        """``client.close()`` then await the task; re-raises a crash of the task."""
        if self.task is None:
            return
        if self.emulator is not None and self.task in self.emulator._watched:
            self.emulator._watched.remove(self.task)
        await asyncio.wait_for(self.client.close(), timeout)
        done, _ = await asyncio.wait({self.task}, timeout=timeout)
        if not done:
            self.task.cancel()
            raise TimeoutError(f"the bot task did not end within {timeout}s of close()")
        self.check()

    async def __aenter__(self) -> RunningBot:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
