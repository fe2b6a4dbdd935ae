"""Fixtures for end-to-end tests that drive discord.py against the local emulator."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest

# ``tests`` is not an installed package; make ``tests.emulator`` importable however
# pytest was started (``python -m pytest`` adds the cwd, plain ``pytest`` does not).
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from tests.emulator import DiscordEmulator, RunningBot, point_discord_py_at  # noqa: E402

StartBot = Callable[..., Awaitable[RunningBot]]


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    """A started, empty emulator; discord.py points at it for the duration of the test."""
    emu = DiscordEmulator()
    await emu.start()
    try:
        with point_discord_py_at(emu.base_url, emu.ws_url):
            yield emu
    finally:
        await emu.stop()
    assert not emu.internal_errors, f"emulator bugs: {emu.internal_errors}"


@pytest.fixture
async def start_bot(emulator: DiscordEmulator) -> AsyncIterator[StartBot]:
    """``await start_bot(client)`` runs ``client.start()`` and waits until it is ready.

    Every bot started this way is closed (and its task awaited) at teardown.
    """
    running: list[RunningBot] = []

    async def _start(client: discord.Client, *, timeout: float = 10.0) -> RunningBot:
        bot = RunningBot(client, emulator=emulator)
        running.append(bot)
        return await bot.start(timeout)

    yield _start
    errors: list[BaseException] = []
    for bot in reversed(running):
        try:
            await bot.stop()
        except Exception as exc:  # noqa: BLE001 - stop the others, then report
            errors.append(exc)
    if errors:
        raise errors[0]


@pytest.fixture
async def table(emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path) -> Any:
    """A guild with players, and the project's bot running on a fresh SQLite database."""
    from tests.e2e.bot_harness import Table, start_tabletop

    built = Table.build(emulator)
    built.running = await start_tabletop(start_bot, tmp_path / "bot.sqlite3")
    return built
