"""``/player``: a player's own settings — time zone, quiet hours, vacation."""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.presenter import discord_time
from bot.discord.replies import guarded, user_locale
from bot.i18n import key
from bot.store.players import ActiveThread
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

ZONES = sorted(available_timezones())


async def zone_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """IANA time zones containing what was typed (``sao`` → America/Sao_Paulo)."""
    typed = current.lower().replace(" ", "_")
    return [app_commands.Choice(name=z, value=z) for z in ZONES if typed in z.lower()][:25]


async def preference_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The standing preferences of every installed game, in the user's language."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    locale = user_locale(interaction)
    choices = []
    for engine in installed():
        game = bot.texts(engine.title_key, locale)
        for pref in engine.preferences:
            label = f"{game}: {bot.texts.message(pref.description, locale)}"[:100]
            if current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label, value=pref.key))
    return choices[:25]


class PlayerSettingsCog(
    commands.GroupCog,
    name="Player",
    group_name=key("bot.command.player.name", "player"),
    group_description=key("bot.command.player.description", "Your own settings"),
):
    """Settings that follow a player into every match and server."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=key("bot.command.timezone.name", "timezone"),
        description=key("bot.command.timezone.description", "Your time zone, for quiet hours"),
    )
    @app_commands.describe(zone=key("bot.command.timezone.zone", "e.g. America/Sao_Paulo"))
    @app_commands.autocomplete(zone=zone_choices)
    async def timezone(self, interaction: discord.Interaction, zone: str) -> None:
        """Set the player's time zone."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.service.players.set_timezone(interaction.user.id, zone)
            await interaction.followup.send(
                self.bot.texts("bot.player.timezone_set", user_locale(interaction), zone=zone),
                ephemeral=True,
            )

    @app_commands.command(
        name=key("bot.command.quiet.name", "quiet-hours"),
        description=key(
            "bot.command.quiet.description", "Hours when reminders wait (same hours: none)"
        ),
    )
    @app_commands.describe(
        start=key("bot.command.quiet.start", "From (hour, 0–23)"),
        end=key("bot.command.quiet.end", "Until (hour, 0–23)"),
    )
    async def quiet_hours(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[int, 0, 23],
        end: app_commands.Range[int, 0, 23],
    ) -> None:
        """Set the player's quiet hours."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.service.players.set_quiet_hours(interaction.user.id, start, end)
            text_key = "bot.player.quiet_off" if start == end else "bot.player.quiet_set"
            await interaction.followup.send(
                self.bot.texts(text_key, user_locale(interaction), start=start, end=end),
                ephemeral=True,
            )

    @app_commands.command(
        name=key("bot.command.auto.name", "auto"),
        description=key(
            "bot.command.auto.description", "Decisions the bot may take for you without asking"
        ),
    )
    @app_commands.describe(
        preference=key("bot.command.auto.preference", "Which decision"),
        enabled=key("bot.command.auto.enabled", "On or off"),
    )
    @app_commands.autocomplete(preference=preference_choices)
    async def auto(self, interaction: discord.Interaction, preference: str, enabled: bool) -> None:
        """Turn a standing preference on or off."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.service.players.set_preference(interaction.user.id, preference, enabled)
            locale = user_locale(interaction)
            label = next(
                self.bot.texts.message(p.description, locale)
                for e in installed()
                for p in e.preferences
                if p.key == preference
            )
            text_key = "bot.player.auto_on" if enabled else "bot.player.auto_off"
            await interaction.followup.send(
                self.bot.texts(text_key, locale, preference=label), ephemeral=True
            )

    @app_commands.command(
        name=key("bot.command.vacation.name", "vacation"),
        description=key("bot.command.vacation.description", "Take days off: your deadlines wait"),
    )
    @app_commands.describe(days=key("bot.command.vacation.days", "How many days"))
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 60]
    ) -> None:
        """Start a vacation and tell the opponents in every active match."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            away = await self.bot.service.players.start_vacation(interaction.user.id, days)
            await self._tell(
                interaction, away.threads, "bot.player.away", until=discord_time(away.until, "F")
            )
            await interaction.followup.send(
                self.bot.texts(
                    "bot.player.vacation_set",
                    user_locale(interaction),
                    until=discord_time(away.until, "F"),
                    left=away.days_left,
                ),
                ephemeral=True,
            )

    @app_commands.command(
        name=key("bot.command.back.name", "back"),
        description=key("bot.command.back.description", "End your vacation early"),
    )
    async def back(self, interaction: discord.Interaction) -> None:
        """End the vacation; unused whole days return to the bank."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            back = await self.bot.service.players.end_vacation(interaction.user.id)
            await self._tell(interaction, back.threads, "bot.player.returned")
            await interaction.followup.send(
                self.bot.texts("bot.player.back", user_locale(interaction), left=back.days_left),
                ephemeral=True,
            )

    async def _tell(
        self,
        interaction: discord.Interaction,
        threads: list[ActiveThread],
        text_key: str,
        **params: object,
    ) -> None:
        """Opponents are told, in each active match thread, in the language of that
        match's server: they are mentioned (their waits change), nobody else is."""
        for where in threads:
            locale = await self.bot.router.public_locale(where.guild_id)
            opponents = " ".join(f"<@{u}>" for u in where.opponents) or "—"
            text = self.bot.texts(
                text_key, locale, user=interaction.user.mention, opponents=opponents, **params
            )
            thread = self.bot.get_channel(where.thread_id) or await self.bot.fetch_channel(
                where.thread_id
            )
            if isinstance(thread, discord.abc.Messageable):
                pinged = [discord.Object(u) for u in where.opponents]
                await thread.send(
                    text,
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=pinged
                    ),
                )


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(PlayerSettingsCog(bot))
