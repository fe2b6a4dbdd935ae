"""``/setup``: per-guild settings (referee role, language of public posts)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.replies import guarded, user_locale
from bot.errors import UserError
from bot.i18n import deadline_choices, key
from bot.match.pace import DEADLINE_CHOICES, ExpiryPolicy, Pace
from engines.core.i18n import LOCALES

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot


def require_manager(interaction: discord.Interaction) -> None:
    """Server managers only; Discord hides the commands from others, we check anyway."""
    if not interaction.permissions.manage_guild:
        raise UserError("bot.error.not_manager")


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class GuildSetup(
    commands.GroupCog,
    group_name=key("bot.command.setup.name", "setup"),
    group_description=key("bot.command.setup.description", "Configure the bot for this server"),
):
    """Guild configuration; needs the Manage Server permission."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=key("bot.command.referee_role.name", "referee-role"),
        description=key(
            "bot.command.referee_role.description", "The role whose members referee matches"
        ),
    )
    @app_commands.describe(role=key("bot.command.referee_role.role", "Referee role"))
    async def referee_role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        """Set the referee role."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            require_manager(interaction)
            await self.bot.service.configure(interaction.guild_id or 0, referee_role_id=role.id)
            text = self.bot.texts(
                "bot.setup.referee_role_set", user_locale(interaction), role=role.mention
            )
            await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name=key("bot.command.locale.name", "locale"),
        description=key(
            "bot.command.locale.description", "Language of the bot's public posts here"
        ),
    )
    @app_commands.describe(locale=key("bot.command.locale.locale", "Language"))
    @app_commands.choices(
        locale=[
            app_commands.Choice(name=key(f"bot.locale_name.{loc}", loc), value=loc)
            for loc in LOCALES
        ]
    )
    async def locale(self, interaction: discord.Interaction, locale: str) -> None:
        """Set the language of public posts."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            require_manager(interaction)
            mine = user_locale(interaction)  # the admin reads the answer in their own language
            if locale not in LOCALES:  # an outdated client may send what the choices lack
                supported = ", ".join(
                    f"{self.bot.texts(f'bot.locale_name.{known}', mine)} (`{known}`)"
                    for known in LOCALES
                )
                raise UserError("bot.error.unknown_locale", locale=locale, supported=supported)
            await self.bot.service.configure(interaction.guild_id or 0, locale=locale)
            text = self.bot.texts(
                "bot.setup.locale_set",
                mine,
                language=self.bot.texts(f"bot.locale_name.{locale}", mine),
            )
            await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name=key("bot.command.deadlines.name", "deadlines"),
        description=key(
            "bot.command.deadlines.description",
            "How long decisions may take in new matches here, and what happens after",
        ),
    )
    @app_commands.describe(
        deadline=key("bot.command.new.deadline", "Time each player has for each decision"),
        half_time=key("bot.command.deadlines.half_time", "Remind at half time"),
        hours_before=key(
            "bot.command.deadlines.hours_before",
            "Remind this many hours before the deadline (0: no)",
        ),
        forfeit_after=key(
            "bot.command.deadlines.forfeit_after",
            "Missed deadlines that forfeit a match (0: never)",
        ),
        on_expiry=key("bot.command.deadlines.on_expiry", "When a deadline passes"),
    )
    @app_commands.choices(deadline=deadline_choices(DEADLINE_CHOICES))
    @app_commands.choices(
        on_expiry=[
            app_commands.Choice(name=key(f"bot.expiry_choice.{p.value}", p.value), value=p.value)
            for p in ExpiryPolicy
        ]
    )
    async def deadlines(
        self,
        interaction: discord.Interaction,
        deadline: int | None = None,
        half_time: bool | None = None,
        hours_before: app_commands.Range[int, 0, 24] | None = None,
        forfeit_after: app_commands.Range[int, 0, 10] | None = None,
        on_expiry: str | None = None,
    ) -> None:
        """Change the guild's default pace; options not given keep their value."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            require_manager(interaction)
            pace = await self.bot.service.guild_pace(interaction.guild_id or 0)
            changes: dict[str, object] = {}
            if deadline is not None:
                changes["deadline_hours"] = deadline or None
            if half_time is not None:
                changes["remind_fractions"] = (0.5,) if half_time else ()
            if hours_before is not None:
                changes["remind_hours_before"] = (hours_before,) if hours_before else ()
            if forfeit_after is not None:
                changes["forfeit_after"] = forfeit_after or None
            if on_expiry is not None:
                changes["policy"] = ExpiryPolicy(on_expiry)
            pace = dataclasses.replace(pace, **changes)  # type: ignore[arg-type]
            await self.bot.service.configure(interaction.guild_id or 0, pace=pace.to_data())
            locale = user_locale(interaction)
            await interaction.followup.send(self.describe_pace(pace, locale), ephemeral=True)

    def describe_pace(self, pace: Pace, locale: str) -> str:
        """The pace in words."""
        t = self.bot.texts
        if not pace.deadline_hours:
            return t("bot.setup.pace_none", locale)
        reminders = [f"{int(f * 100)}%" for f in pace.remind_fractions]
        reminders += [
            t("bot.setup.hours_before", locale, hours=h) for h in pace.remind_hours_before
        ]
        return t(
            "bot.setup.pace",
            locale,
            hours=pace.deadline_hours,
            reminders=", ".join(reminders) or "—",
            expiry=t(f"bot.expiry_choice.{pace.policy.value}", locale),
            forfeit=pace.forfeit_after or "—",
        )


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GuildSetup(bot))
