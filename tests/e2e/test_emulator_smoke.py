"""Smoke tests of the Discord emulator with a tiny throwaway discord.py bot."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.e2e.conftest import StartBot
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FRUITS = ["apple", "apricot", "banana", "cherry"]


def make_png(size: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


class PanelView(discord.ui.View):
    """Persistent: timeout=None and a fixed custom_id, registered with ``bot.add_view``."""

    def __init__(self, clicks: list[int]) -> None:
        super().__init__(timeout=None)
        self.clicks = clicks

    @discord.ui.button(
        label="Click me", custom_id="demo:click:42", style=discord.ButtonStyle.primary
    )
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.clicks.append(interaction.user.id)
        await interaction.response.send_message(
            f"clicked by {interaction.user.name}", ephemeral=True
        )


class NameModal(discord.ui.Modal, title="Name the match"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="demo:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"renamed to {self.name.value}", view=None)


class FruitView(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:fruit", options=[discord.SelectOption(label=f) for f in FRUITS]
    )
    async def fruit(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_modal(NameModal())


class DemoBot(commands.Bot):
    def __init__(self, clicks: list[int]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.1,
        )
        self.clicks = clicks
        self.add_commands()

    async def setup_hook(self) -> None:
        self.add_view(PanelView(self.clicks))
        await self.tree.sync()

    def add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Roll a die and get a picture")
        async def roll(interaction: discord.Interaction, label: str, sides: int) -> None:
            await interaction.response.defer(thinking=True)
            png = await asyncio.to_thread(make_png, sides)
            file = discord.File(io.BytesIO(png), filename="roll.png")
            await interaction.followup.send(f"{label}: d{sides}", file=file)

        @roll.autocomplete("label")
        async def roll_label(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=f, value=f) for f in FRUITS if f.startswith(current)]

        @tree.command(description="An ephemeral reply")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"only you ({interaction.locale.value})", ephemeral=True
            )

        @tree.command(description="Post the persistent panel")
        async def panel(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Panel", view=PanelView(self.clicks))

        match = app_commands.Group(name="match", description="Matches")
        config = app_commands.Group(name="config", description="Settings", parent=match)

        @match.command(name="new", description="Start a match in a thread")
        async def match_new(
            interaction: discord.Interaction, opponent: discord.Member, name: str
        ) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            thread = await interaction.channel.create_thread(
                name=name, type=discord.ChannelType.public_thread
            )
            await thread.send(f"{interaction.user.mention} vs {opponent.mention}", view=FruitView())
            await interaction.response.send_message(f"created {thread.mention}", ephemeral=True)

        @config.command(name="set", description="Change a setting")
        @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("fast", "slow")])
        async def config_set(interaction: discord.Interaction, mode: str) -> None:
            await interaction.response.send_message(f"mode={mode}")

        tree.add_command(match)


async def test_login_commands_attachments_and_persistent_view(
    emulator: DiscordEmulator, start_bot: StartBot
) -> None:
    async with asyncio.timeout(30):
        emulator.add_guild("Test Guild", locale="en-US")
        alice = emulator.add_user("alice", locale="pt-BR")
        clicks: list[int] = []
        bot = await start_bot(DemoBot(clicks))

        # Login and command sync went through the recorded REST API.
        app = emulator.application_id
        calls = [(r.method, r.path) for r in emulator.requests]
        assert ("GET", "/users/@me") in calls
        assert ("PUT", f"/applications/{app}/commands") in calls
        assert {c["name"] for c in emulator.commands[None]} == {"roll", "secret", "panel", "match"}
        assert all(c["application_id"] == str(app) and c["id"] for c in emulator.commands[None])

        # defer + follow-up with a real PNG uploaded as multipart.
        inter = await emulator.slash(alice.id, "roll", {"label": "attack", "sides": 20})
        response = await inter.wait_response()
        assert response.type == 5
        [followup] = await inter.wait_followups(1)
        assert followup.content == "attack: d20"
        attachment = followup.attachment("roll.png")
        assert attachment.data.startswith(PNG_SIGNATURE)
        assert (attachment.width, attachment.height) == (20, 20)
        upload = next(r for r in emulator.requests if r.path == f"/webhooks/{app}/{inter.token}")
        assert upload.files[0].data.startswith(PNG_SIGNATURE)
        assert upload.json["content"] == "attack: d20"

        # Ephemeral reply carries flag 64 (and the user's locale reached the bot).
        inter = await emulator.slash(alice.id, "secret")
        response = await inter.wait_response()
        assert response.type == 4
        assert response.flags & 64
        assert response.content == "only you (pt-BR)"

        # Persistent view: click it, restart the bot, click the same old message again.
        inter = await emulator.slash(alice.id, "panel")
        panel = (await inter.wait_response()).message
        assert panel is not None and panel.custom_ids == ["demo:click:42"]
        click = await emulator.click(alice.id, panel.id, "demo:click:42")
        assert (await click.wait_response()).content == "clicked by alice"
        assert clicks == [alice.id]

        await bot.stop()
        clicks_after_restart: list[int] = []
        await start_bot(DemoBot(clicks_after_restart))
        assert len(emulator.sessions) == 2 and not emulator.sessions[0].alive
        click = await emulator.click(alice.id, panel.id, "demo:click:42")
        response = await click.wait_response()
        assert response.ephemeral and response.content == "clicked by alice"
        assert clicks_after_restart == [alice.id]

        # Autocomplete answers with choices.
        choices = await emulator.autocomplete(alice.id, "roll", {"label": "ap"}, focused="label")
        assert [c["value"] for c in choices] == ["apple", "apricot"]

        assert not emulator.unknown_routes
        assert not emulator.bot_errors


async def test_groups_threads_select_modal_and_resume(
    emulator: DiscordEmulator, start_bot: StartBot
) -> None:
    async with asyncio.timeout(30):
        guild = emulator.add_guild("Test Guild")
        alice = emulator.add_user("alice", roles=["Referee"])
        bob = emulator.add_user("bob")
        await start_bot(DemoBot([]))

        # Sub-command with a USER option (resolved member) that creates a thread.
        inter = await emulator.slash(alice.id, "match new", {"opponent": bob.id, "name": "Finals"})
        response = await inter.wait_response()
        [thread] = emulator.threads
        assert thread["name"] == "Finals" and thread["parent_id"] == str(guild.channel_id)
        assert response.content == f"created <#{thread['id']}>" and response.ephemeral
        [post] = emulator.channel_messages(int(thread["id"]))
        assert post.content == f"<@{alice.id}> vs <@{bob.id}>"

        # Select -> modal -> submit -> the modal edits the message with the select.
        pick = await emulator.select(alice.id, post.id, "demo:fruit", ["banana"])
        assert (await pick.wait_response()).type == 9
        submit = await emulator.submit_modal(alice.id, pick, {"demo:name": "Grand Final"})
        assert (await submit.wait_response()).type == 7
        assert post.content == "renamed to Grand Final" and post.components == []

        # Nested group + choices; bad choices are refused like the Discord client would.
        inter = await emulator.slash(alice.id, ["match", "config", "set"], {"mode": "slow"})
        assert (await inter.wait_response()).content == "mode=slow"
        with pytest.raises(ValueError, match="not one of"):
            await emulator.slash(alice.id, "match config set", {"mode": "warp"})

        # Gateway RECONNECT -> discord.py RESUMEs the same session; interactions still work.
        session = emulator.sessions[0]
        emulator.request_reconnect()
        await emulator.wait_for(lambda: any(f["t"] == "RESUMED" for f in session.log))
        await emulator.wait_connected()
        inter = await emulator.slash(alice.id, "secret")
        assert (await inter.wait_response()).content == "only you (en-US)"
        assert len(emulator.sessions) == 1
        assert not emulator.unknown_routes


class FastShardedBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before every non-initial IDENTIFY; not needed here."""


async def test_shards_and_discord_like_errors(
    emulator: DiscordEmulator, start_bot: StartBot
) -> None:
    async with asyncio.timeout(30):
        emulator.shard_count = 2  # what GET /gateway/bot recommends to AutoShardedBot
        emulator.ack_deadline = 0.2
        zero, one = emulator.add_guild("zero", shard=0), emulator.add_guild("one", shard=1)
        alice = emulator.add_user("alice", guild_id=zero.id)
        emulator.add_member(one.id, alice.id)
        outcomes: dict[str, Any] = {}
        bot = FastShardedBot(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.1,
        )

        @bot.tree.command(description="Which shard")
        async def where(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            await interaction.response.send_message(f"shard {interaction.guild.shard_id}")

        @bot.tree.command(description="Break the rules")
        async def misbehave(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            await interaction.response.send_message("ok")
            calls = {
                "empty": lambda: interaction.followup.send(""),
                "twice": lambda: interaction.response.send_message("again"),
                "unknown": interaction.guild.fetch_emojis,
            }
            for name, call in calls.items():
                try:
                    await call()
                except discord.HTTPException as exc:
                    outcomes[name] = exc.code
                except discord.InteractionResponded:
                    outcomes[name] = "responded"

        @bot.tree.command(description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.4)
            try:
                await interaction.response.send_message("late")
            except discord.HTTPException as exc:
                outcomes["slow"] = exc.code

        await start_bot(bot)
        await bot.tree.sync()
        assert ("GET", "/gateway/bot") in [(r.method, r.path) for r in emulator.requests]
        assert sorted(s.shard for s in emulator.sessions) == [(0, 2), (1, 2)]
        for guild, shard in ((zero, 0), (one, 1)):
            inter = await emulator.slash(alice.id, "where", guild_id=guild.id)
            assert (await inter.wait_response()).content == f"shard {shard}"

        await emulator.slash(alice.id, "misbehave", guild_id=zero.id)
        await emulator.wait_for(lambda: len(outcomes) == 3)
        assert outcomes == {"empty": 50006, "twice": "responded", "unknown": 0}
        assert [r.path for r in emulator.unknown_routes] == [f"/guilds/{zero.id}/emojis"]

        inter = await emulator.slash(alice.id, "slow", guild_id=zero.id)
        await emulator.wait_for(lambda: "slow" in outcomes)
        assert outcomes["slow"] == 10062 and inter.response is None
