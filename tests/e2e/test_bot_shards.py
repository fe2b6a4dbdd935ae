"""Two bot processes (shards 0 and 1 of 2) share one database: no state in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.bot_harness import answer, mentioned, start_tabletop
from tests.e2e.conftest import StartBot
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e


async def test_two_shards_serve_their_guilds_from_one_database(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    emu.shard_count = 2
    guilds = [emu.add_guild("zero", shard=0), emu.add_guild("one", shard=1)]
    players = [
        (emu.add_user(f"a{g.id}", guild_id=g.id), emu.add_user(f"b{g.id}", guild_id=g.id))
        for g in guilds
    ]
    db = tmp_path / "shared.sqlite3"
    for shard in (0, 1):
        await start_tabletop(start_bot, db, shard_count=2, shard_ids=[shard])
    assert sorted(s.shard for s in emu.sessions) == [(0, 2), (1, 2)]

    for guild, (alice, bruno) in zip(guilds, players, strict=True):
        invite = await answer(
            await emu.slash(
                alice.id,
                "match new",
                {"game": "testgame", "opponent": bruno.id},
                channel_id=guild.channel_id,
            )
        )
        accept = next(c for c in invite.custom_ids if c.endswith(":yes"))
        await answer(await emu.click(bruno.id, invite.id, accept))
    await emu.wait_for(lambda: len(emu.threads) == 2, 10, what="two match threads")

    # Match ids come from the one shared database: 1 and 2, one per guild.
    titles = sorted(t["name"] for t in emu.threads)
    assert titles[0].startswith("High Card Dice #1") and titles[1].startswith("High Card Dice #2")
    for thread in emu.threads:
        thread_id = int(thread["id"])
        await emu.wait_for(lambda t=thread_id: emu.channel_messages(t), 10, what="first post")
        first = emu.channel_messages(thread_id)[0]
        (player,) = mentioned(first)
        rolled = await answer(
            await emu.slash(
                player, "testgame roll", channel_id=thread_id, guild_id=int(thread["guild_id"])
            )
        )
        assert "rolled" in rolled.content
