"""``python -m bot run`` as a real process, pointed at the emulator by its settings."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e.bot_harness import Table, answer
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


async def test_the_bot_process_logs_in_syncs_and_answers(
    emulator: DiscordEmulator, tmp_path: Path
) -> None:
    emu = emulator
    table = Table.build(emu)
    env = {
        **os.environ,
        "DISCORD_TOKEN": "emulator-token",
        "DISCORD_API_BASE": f"{emu.base_url}/api/v10",
        "DISCORD_GATEWAY_URL": emu.ws_url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "DEV_GUILD_IDS": str(table.guild.id),
        "GAMES": "tests.testgame",
        "LOG_LEVEL": "WARNING",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        # DEV_GUILD_IDS: the commands are synced to that guild, instantly usable there.
        await emu.wait_for(
            lambda: any(c["name"] == "match" for c in emu.commands.get(table.guild.id, [])),
            60,
            what="guild command sync",
        )
        # A process starting on a busy machine (loading every game's content) may take
        # a while between syncing and identifying on the gateway.
        await emu.wait_connected(timeout=60)
        listing = await answer(
            await emu.slash(table.alice.id, "match list", channel_id=table.guild.channel_id)
        )
        assert listing.ephemeral
        assert "Open matches: 0" in listing.content
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
        _, stderr = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, stderr.decode()
    assert b"Traceback" not in stderr


async def test_a_rejected_token_is_explained(emulator: DiscordEmulator, tmp_path: Path) -> None:
    emulator.rejected_tokens.add("reset-token")
    env = {
        **os.environ,
        "DISCORD_TOKEN": "reset-token",
        "DISCORD_API_BASE": f"{emulator.base_url}/api/v10",
        "DISCORD_GATEWAY_URL": emulator.ws_url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "LOG_LEVEL": "INFO",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 2
    assert "Discord refused DISCORD_TOKEN" in stderr.decode()
    assert b"Traceback" not in stderr
