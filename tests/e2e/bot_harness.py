"""Runs the project's real TabletopBot against the emulator, on a temporary database."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path

from bot.config import Settings
from bot.discord.client import TabletopBot
from bot.match.clock import Clock
from tests.e2e.conftest import StartBot
from tests.emulator import DiscordEmulator, EmuGuild, EmuUser, RunningBot, StoredMessage
from tests.emulator.models import DEFAULT_EVERYONE_PERMISSIONS

PNG = b"\x89PNG\r\n\x1a\n"
MENTION = re.compile(r"<@!?(\d+)>")
JUMP_URL = re.compile(r"https://discord\.com/channels/(?:\d+|@me)/\d+/(\d+)")


def settings_for(db_path: Path, **overrides: object) -> Settings:
    """Settings of a test bot: its own SQLite file and the test game installed."""
    values: dict[str, object] = {
        "discord_token": "emulator-token",
        "database_url": f"sqlite+aiosqlite:///{db_path}",
        "games": ["tests.testgame"],
        "default_locale": "en-US",
        "scheduler_seconds": 0,  # tests tick the scheduler with a frozen clock
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


@dataclass
class Table:
    """A guild with three members (two players and a bystander) and a referee role."""

    emu: DiscordEmulator
    guild: EmuGuild
    alice: EmuUser
    bruno: EmuUser
    carol: EmuUser
    admin: EmuUser
    referee_role: int
    #: The bot under test, once started (the ``table`` fixture starts one).
    running: RunningBot | None = None

    @property
    def bot(self) -> TabletopBot:
        """The running bot (to read its state, never to drive it: tests act through Discord)."""
        assert self.running is not None
        bot = self.running.client
        assert isinstance(bot, TabletopBot)
        return bot

    @classmethod
    def build(cls, emu: DiscordEmulator) -> Table:
        guild = emu.add_guild("Krosfans", locale="en-US")
        role = emu.add_role(guild.id, "Referee")
        return cls(
            emu=emu,
            guild=guild,
            alice=emu.add_user("alice", locale="en-US", guild_id=guild.id),
            bruno=emu.add_user("bruno", locale="pt-BR", guild_id=guild.id),
            carol=emu.add_user("carol", locale="it", guild_id=guild.id),
            # Manage Server (0x20) makes a member an administrator of the bot (on top of
            # what every member may do, such as using application commands).
            admin=emu.add_user(
                "admin",
                locale="en-US",
                guild_id=guild.id,
                permissions=DEFAULT_EVERYONE_PERMISSIONS | 0x20,
            ),
            referee_role=role.id,
        )


async def start_tabletop(
    start_bot: StartBot, db_path: Path, clock: Clock | None = None, **overrides: object
) -> RunningBot:
    """Start a TabletopBot and wait until it is ready."""
    bot = TabletopBot(settings_for(db_path, **overrides), clock=clock, guild_ready_timeout=0.1)
    return await start_bot(bot, timeout=20)


def mentioned(message: StoredMessage) -> set[int]:
    """User ids mentioned in a message's text."""
    return {int(m) for m in MENTION.findall(message.content or "")}


def png_attachments(message: StoredMessage) -> list[bytes]:
    """The PNG files attached to a message."""
    return [a.data for a in message.attachments if a.data.startswith(PNG)]


async def answer(inter: object, timeout: float = 10.0) -> StoredMessage:
    """The message a command or click produced for its user.

    A command's private "thinking…" ends as the private answer (an error, a view), or
    as a confirmation linking to the public post it made: then that post is returned.
    A deferred click is answered by a new follow-up; an immediate reply carries it.
    """
    from tests.emulator import EmulatedInteraction

    assert isinstance(inter, EmulatedInteraction)
    response = await inter.wait_response(timeout)
    if response.type == 4 and response.message is not None:
        return response.message
    if response.type == 5:
        original = await inter.wait_original(timeout=timeout)
        link = JUMP_URL.search(original.content or "")
        if link is None:
            return original
        assert original.ephemeral, "a confirmation is private"
        return inter.emu.message(int(link.group(1)))

    def visible() -> list[StoredMessage]:
        return [m for m in inter.followups if not m.deleted]

    await inter.emu.wait_for(lambda: visible(), timeout, what=f"an answer to {inter!r}")
    return visible()[0]


def pinged(emu: DiscordEmulator, message: StoredMessage) -> set[int]:
    """Users a message notifies, as Discord decides: mentioned *and* allowed to be pinged
    when it was created (an edit notifies nobody: a Dice Throne attack's post is updated
    in place)."""
    sent = [
        r.json
        for r in emu.requests
        if isinstance(r.response, dict)
        and str(r.response.get("id")) == str(message.id)
        and isinstance(r.json, dict)
    ]
    assert sent, f"no request created message {message.id}"
    allowed = sent[0].get("allowed_mentions")
    users = {int(m) for m in MENTION.findall(str(sent[0].get("content") or ""))}
    if allowed is None or "users" in allowed.get("parse", []):
        return users
    return users & {int(u) for u in allowed.get("users", [])}


async def open_match(
    emu: DiscordEmulator,
    table: Table,
    options: str | None = "target=200",
    game: str = "testgame",
    **extra: object,
) -> tuple[int, StoredMessage]:
    """Alice challenges Bruno, Bruno accepts; returns the thread id and its first post.

    ``extra`` are more /match new options (``deadline=24``).
    """
    values: dict[str, object] = {"game": game, "opponent": table.bruno.id, **extra}
    if options is not None:
        values["options"] = options
    inter = await emu.slash(table.alice.id, "match new", values, channel_id=table.guild.channel_id)
    invitation = await answer(inter)
    assert not invitation.ephemeral
    assert pinged(emu, invitation) == {table.bruno.id}
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    await answer(await emu.click(table.bruno.id, invitation.id, accept))
    await emu.wait_for(lambda: len(emu.threads) == 1, 10, what="the match thread")
    thread_id = int(emu.threads[0]["id"])
    await emu.wait_for(lambda: emu.channel_messages(thread_id), 10, what="the first post")
    return thread_id, emu.channel_messages(thread_id)[0]


def owner_of_turn(table: Table, post: StoredMessage) -> tuple[int, int]:
    """(player who owes the decision, the other player), read from a post's mention."""
    owed = mentioned(post)
    assert len(owed) == 1, post.content
    (player,) = owed
    other = table.bruno.id if player == table.alice.id else table.alice.id
    return player, other


async def recorded(table: Table, post: StoredMessage, match_id: int = 1) -> None:
    """Wait until the bot has recorded ``post`` as the match's current state post (it
    does so right after Discord accepted the message, a moment after a test sees it)."""
    for _ in range(100):
        if (await table.bot.service.load(match_id)).match.state_post_id == post.id:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"post {post.id} was never recorded as the current one")


async def name_referee_role(table: Table) -> None:
    """The server's admin names the table's referee role with ``/setup referee-role``."""
    await answer(
        await table.emu.slash(
            table.admin.id,
            "setup referee-role",
            {"role": table.referee_role},
            channel_id=table.guild.channel_id,
        )
    )


async def make_referee(table: Table) -> None:
    """The referee role is named and Carol (the bystander) is given it."""
    await name_referee_role(table)
    table.emu.add_member_role(table.guild.id, table.carol.id, table.referee_role)
