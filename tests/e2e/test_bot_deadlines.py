"""Deadlines end to end: a frozen clock, the scheduler ticked by hand, restarts."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from bot.client import TabletopBot
from bot.clock import FrozenClock
from bot.cogs.scheduler import Scheduler
from tests.e2e.bot_harness import (
    Table,
    answer,
    mentioned,
    open_match,
    pinged,
    start_tabletop,
)
from tests.e2e.conftest import StartBot
from tests.emulator import DiscordEmulator, RunningBot

pytestmark = pytest.mark.e2e


async def tick(running: RunningBot) -> int:
    bot = cast(TabletopBot, running.client)
    scheduler = bot.get_cog("Scheduler")
    assert scheduler is not None
    return len(await cast(Scheduler, scheduler).tick())


async def test_reminder_then_expiry_across_a_restart(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table = Table.build(emu)
    db, clock = tmp_path / "bot.sqlite3", FrozenClock()
    first_bot = await start_tabletop(start_bot, db, clock)
    thread_id, first = await open_match(emu, table, deadline=24)
    (player,) = mentioned(first)
    deadline = int(clock.now().timestamp() + 24 * 3600)
    assert f"(deadline <t:{deadline}:R>)" in first.content

    def posts() -> list[str]:
        return [m.content for m in emu.channel_messages(thread_id, include_ephemeral=False)]

    clock.advance(hours=11)
    assert await tick(first_bot) == 0
    clock.advance(hours=1)
    assert await tick(first_bot) == 1
    await emu.wait_for(lambda: len(posts()) == 2, 10, what="the reminder")
    reminder = emu.channel_messages(thread_id, include_ephemeral=False)[-1]
    assert "reminder" in reminder.content and f"<t:{deadline}:R>" in reminder.content
    assert pinged(emu, reminder) == {player}
    # The reminder carries what answers the decision: the roll of this very version.
    version = (await cast(TabletopBot, first_bot.client).service.load(1)).match.version
    assert set(reminder.custom_ids) == {f"tt:act:1:{version}:roll", "tt:mine:1"}
    assert await tick(first_bot) == 0  # sent once

    # The bot restarts; the deadline passes while it is down.
    await first_bot.stop()
    clock.advance(hours=13)
    second_bot = await start_tabletop(start_bot, db, clock)
    assert await tick(second_bot) == 1
    await emu.wait_for(lambda: len(posts()) == 3, 10, what="the expiry post")
    expired = emu.channel_messages(thread_id, include_ephemeral=False)[-1]
    assert "let the deadline pass" in expired.content and "rolled" in expired.content
    assert pinged(emu, expired) == {player}  # the same player now owes the card to play
    # The expiry post is the current one now: the first post's roll button is gone.
    await emu.wait_for(lambda: first.custom_ids == ["tt:mine:1"], 10, what="retired")
    assert await tick(second_bot) == 0
    log = await answer(await emu.slash(player, "match log", channel_id=thread_id))
    assert "`#1`" in log.content


async def test_a_match_without_deadline_never_expires(table: Table) -> None:
    emu = table.emu
    _, first = await open_match(emu, table, deadline=0)
    assert "deadline" not in first.content


async def test_the_guild_pace_applies_to_new_matches(table: Table) -> None:
    emu = table.emu
    # Discord hides /setup from non-managers; a server's Integrations settings can show it
    # anyway, and then the bot itself must refuse.
    emu.allow_command(table.guild.id, "setup", table.alice.id)
    refused = await answer(
        await emu.slash(
            table.alice.id, "setup deadlines", {"deadline": 12}, channel_id=table.guild.channel_id
        )
    )
    assert refused.ephemeral and "manage this server" in refused.content
    done = await answer(
        await emu.slash(
            table.admin.id,
            "setup deadlines",
            {
                "deadline": 72,
                "half_time": False,
                "hours_before": 6,
                "forfeit_after": 0,
                "on_expiry": "pause",
            },
            channel_id=table.guild.channel_id,
        )
    )
    assert done.ephemeral
    assert "72 h per decision; reminders: 6 h before; on expiry: Always pause" in done.content
    assert "forfeit after — missed" in done.content
    again = await answer(
        await emu.slash(
            table.admin.id,
            "setup deadlines",
            {"hours_before": 0},
            channel_id=table.guild.channel_id,
        )
    )
    assert "72 h per decision; reminders: —" in again.content  # the rest was kept


async def test_a_standing_preference_answers_for_the_player(table: Table) -> None:
    emu = table.emu
    for user in (table.alice, table.bruno):
        done = await answer(
            await emu.slash(
                user.id,
                "player auto",
                {"preference": "testgame.auto_roll", "enabled": True},
                channel_id=table.guild.channel_id,
            )
        )
        assert done.ephemeral
    unknown = await answer(
        await emu.slash(
            table.alice.id,
            "player auto",
            {"preference": "chess.resign", "enabled": True},
            channel_id=table.guild.channel_id,
        )
    )
    assert "no preference" in unknown.content
    choices = await emu.autocomplete(
        table.alice.id,
        "player auto",
        {"preference": "roll"},
        focused="preference",
        channel_id=table.guild.channel_id,
    )
    assert "testgame.auto_roll" in [c["value"] for c in choices]

    thread_id, first = await open_match(emu, table, options=None)
    # Nobody is asked to roll: the first player's die was rolled at once, by preference.
    assert "rolled" in first.content
    (player,) = mentioned(first)
    choices = await emu.autocomplete(
        player, "testgame play", {"card": ""}, focused="card", channel_id=thread_id
    )
    played = await answer(
        await emu.slash(
            player, "testgame play", {"card": int(choices[0]["value"])}, channel_id=thread_id
        )
    )
    assert "rolled" in played.content  # the opponent's roll followed automatically
    assert pinged(emu, played) == {player} ^ {table.alice.id, table.bruno.id}
    log = await answer(await emu.slash(player, "match log", channel_id=thread_id))
    assert "standing preference" in log.content or "preferência do jogador" in log.content
