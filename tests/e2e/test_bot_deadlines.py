"""Deadlines end to end: a frozen clock, the scheduler ticked by hand, restarts."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import cast

import pytest

from bot.discord.client import TabletopBot
from bot.discord.cogs.scheduler import Scheduler
from bot.match.clock import FrozenClock
from bot.store.loading import forget_states
from tests.e2e.bot_harness import (
    Table,
    answer,
    make_referee,
    mentioned,
    name_referee_role,
    open_match,
    pinged,
    start_tabletop,
)
from tests.e2e.conftest import StartBot
from tests.emulator import DiscordEmulator, RunningBot, StoredMessage

pytestmark = pytest.mark.e2e


async def tick(running: RunningBot) -> int:
    bot = cast(TabletopBot, running.client)
    scheduler = bot.get_cog("Scheduler")
    assert scheduler is not None
    return len(await cast(Scheduler, scheduler).tick())


async def clocked_table(
    emu: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> tuple[Table, FrozenClock, RunningBot]:
    """A table and a running bot whose clock the test moves."""
    table, clock = Table.build(emu), FrozenClock()
    table.running = await start_tabletop(start_bot, tmp_path / "bot.sqlite3", clock)
    return table, clock, table.running


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


def public(emu: DiscordEmulator, thread_id: int) -> list[StoredMessage]:
    return emu.channel_messages(thread_id, include_ephemeral=False)


async def posted(emu: DiscordEmulator, thread_id: int, count: int, what: str) -> StoredMessage:
    """Wait until the thread holds ``count`` public posts; returns the last."""
    await emu.wait_for(lambda: len(public(emu, thread_id)) == count, 10, what=what)
    return public(emu, thread_id)[-1]


async def open_another(emu: DiscordEmulator, table: Table) -> tuple[int, StoredMessage]:
    """A further match between Alice and Bruno (open_match expects the first thread)."""
    before = len(emu.threads)
    inter = await emu.slash(
        table.alice.id,
        "match new",
        {"game": "testgame", "opponent": table.bruno.id, "options": "target=200", "deadline": 12},
        channel_id=table.guild.channel_id,
    )
    invitation = await answer(inter)
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    await answer(await emu.click(table.bruno.id, invitation.id, accept))
    await emu.wait_for(lambda: len(emu.threads) == before + 1, 10, what="the new thread")
    thread_id = int(emu.threads[-1]["id"])
    await emu.wait_for(lambda: public(emu, thread_id), 10, what="the first post")
    return thread_id, public(emu, thread_id)[0]


async def test_reminders_held_by_quiet_hours_become_one_and_the_default_is_named(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table, clock, running = await clocked_table(
        emu, start_bot, tmp_path
    )  # 12:00 UTC: reminders at 18:00 and 22:00, deadline at 00:00
    thread_id, first = await open_match(emu, table, deadline=12)
    (player,) = mentioned(first)
    for command, values in (
        ("player timezone", {"zone": "UTC"}),
        ("player quiet-hours", {"start": 17, "end": 23}),
    ):
        done = await answer(
            await emu.slash(player, command, values, channel_id=table.guild.channel_id)
        )
        assert done.ephemeral
    clock.advance(hours=10)  # both reminder times passed inside quiet hours
    assert await tick(running) == 0
    clock.advance(hours=1)  # 23:00: one reminder, not two (and no failure)
    assert await tick(running) == 1
    reminder = await posted(emu, thread_id, 2, "the reminder")
    assert "reminder" in reminder.content and pinged(emu, reminder) == {player}
    assert await tick(running) == 0
    clock.advance(hours=1)
    assert await tick(running) == 1
    expired = await posted(emu, thread_id, 3, "the expiry post")
    assert "the default was applied for them: Roll the turn's die." in expired.content
    name = "alice" if player == table.alice.id else "bruno"
    log = await answer(await emu.slash(player, "match log", channel_id=thread_id, locale="en-US"))
    assert (
        f"{name} let the deadline pass; the default was applied (Roll the turn's die):"
        in log.content
    )
    assert "<@" not in log.content  # names, not raw mentions


async def test_one_failing_job_never_stalls_the_other_matches(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table = Table.build(emu)
    db, clock = tmp_path / "bot.sqlite3", FrozenClock()
    running = await start_tabletop(start_bot, db, clock)
    await name_referee_role(table)
    broken_thread, _ = await open_match(emu, table, deadline=12)
    clock.advance(minutes=1)  # the other match's jobs fall due just after the broken one's
    other_thread, other_first = await open_another(emu, table)
    (other_player,) = mentioned(other_first)
    clock.advance(hours=10)
    assert await tick(running) == 2  # a reminder in each match
    await posted(emu, broken_thread, 2, "the first match's reminder")
    # The first match's stored state is damaged: its deadline cannot be applied.
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM snapshots WHERE match_id = 1")
    forget_states()  # the damage is behind the bot's back: it must read the database
    clock.advance(hours=2, minutes=1)
    assert await tick(running) == 1  # the broken job failed; the other match went on
    expired = await posted(emu, other_thread, 3, "the other match's expiry post")
    assert "let the deadline pass" in expired.content
    assert pinged(emu, expired) == {other_player}
    assert len(public(emu, broken_thread)) == 2
    clock.advance(minutes=6)
    assert await tick(running) == 0  # failed again, retried after a back-off
    clock.advance(minutes=11)
    assert await tick(running) == 1  # the third failure sets it aside and says so
    note = await posted(emu, broken_thread, 3, "the note to the referees")
    assert "could not apply" in note.content and "set it aside" in note.content
    assert f"<@&{table.referee_role}>" in note.content
    sent = [r.json for r in emu.requests if isinstance(r.json, dict) and r.json.get("content")]
    assert [int(r) for r in sent[-1]["allowed_mentions"]["roles"]] == [table.referee_role]
    clock.advance(days=1)
    await tick(running)
    assert len(public(emu, broken_thread)) == 3  # never retried again


async def test_vacation_pings_the_opponent_and_restarts_the_reminders(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table, clock, running = await clocked_table(emu, start_bot, tmp_path)
    thread_id, first = await open_match(emu, table, deadline=12)
    (player,) = mentioned(first)
    opponent = ({table.alice.id, table.bruno.id} - {player}).pop()
    clock.advance(hours=1)
    done = await answer(
        await emu.slash(player, "player vacation", {"days": 1}, channel_id=table.guild.channel_id)
    )
    assert done.ephemeral
    notice = await posted(emu, thread_id, 2, "the vacation notice")
    assert "on vacation" in notice.content
    assert mentioned(notice) == {player, opponent} and pinged(emu, notice) == {opponent}
    back = clock.now() + timedelta(days=1)
    clock.advance(hours=11)  # the old reminders and the old deadline all pass on vacation
    assert await tick(running) == 0
    clock.current = back + timedelta(hours=6)  # half time of the deadline after the vacation
    assert await tick(running) == 1
    reminder = await posted(emu, thread_id, 3, "the reminder after the vacation")
    assert f"<t:{int((back + timedelta(hours=12)).timestamp())}:R>" in reminder.content
    assert pinged(emu, reminder) == {player}


async def test_a_bot_down_past_the_deadline_reminds_before_applying_it(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table, clock, running = await clocked_table(emu, start_bot, tmp_path)
    thread_id, first = await open_match(emu, table, deadline=12)
    (player,) = mentioned(first)
    clock.advance(hours=20)
    assert await tick(running) == 1
    late = await posted(emu, thread_id, 2, "the late reminder")
    assert "reminder" in late.content and pinged(emu, late) == {player}
    assert f"<t:{int((clock.now() + timedelta(hours=2)).timestamp())}:R>" in late.content
    clock.advance(hours=2)
    assert await tick(running) == 1
    expired = await posted(emu, thread_id, 3, "the expiry post")
    assert "let the deadline pass" in expired.content


async def test_a_forfeit_notifies_both_players(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table, clock, running = await clocked_table(emu, start_bot, tmp_path)
    await answer(
        await emu.slash(
            table.admin.id,
            "setup deadlines",
            {"deadline": 12, "forfeit_after": 1},
            channel_id=table.guild.channel_id,
        )
    )
    thread_id, first = await open_match(emu, table)
    mentioned(first)
    clock.advance(hours=10)
    assert await tick(running) == 1
    clock.advance(hours=2)
    assert await tick(running) == 1
    forfeit = await posted(emu, thread_id, 3, "the forfeit post")
    assert "forfeits the match against" in forfeit.content
    assert pinged(emu, forfeit) == {table.alice.id, table.bruno.id}


async def test_no_deadline_is_labelled_as_such(table: Table) -> None:
    emu = table.emu
    for name in ("new", "deadlines"):
        (command,) = [
            o
            for c in emu.commands[None]
            for o in c.get("options", [])
            if o["name"] == name and c["name"] in ("match", "setup")
        ]
        (deadline,) = [o for o in command["options"] if o["name"] == "deadline"]
        (none,) = [c for c in deadline["choices"] if c["value"] == 0]
        assert none["name"] == "No deadline"
        assert none["name_localizations"]["pt-BR"] == "Sem prazo"
        assert none["name_localizations"]["it"] == "Nessuna scadenza"
    done = await answer(
        await emu.slash(
            table.admin.id, "setup deadlines", {"deadline": 0}, channel_id=table.guild.channel_id
        )
    )
    assert "have no deadlines" in done.content and "0 h" not in done.content


async def test_pause_and_resume_give_back_the_time_left_extension_included(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table, clock, _running = await clocked_table(emu, start_bot, tmp_path)
    await make_referee(table)
    thread_id, _first = await open_match(emu, table, deadline=24)

    async def deadline() -> object:
        return (await table.bot.service.load(1)).match.deadline_at

    async def ref(command: str, options: dict[str, object]) -> StoredMessage:
        return await answer(
            await emu.slash(table.carol.id, f"ref {command}", options, channel_id=thread_id)
        )

    await ref("extend", {"hours": 48, "reason": "travel"})
    extended = await deadline()
    assert extended == clock.now() + timedelta(hours=72)
    clock.advance(hours=10)
    await ref("pause", {"reason": "rules question"})
    assert await deadline() is None
    clock.advance(hours=30)  # paused time does not count
    resumed = await ref("resume", {"reason": "answered"})
    assert await deadline() == extended + timedelta(hours=30)
    assert f"<t:{int((extended + timedelta(hours=30)).timestamp())}:R>" in resumed.content
