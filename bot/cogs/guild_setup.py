"""``/setup``: per-guild settings (referee role, language of public posts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import key
from bot.replies import guarded, user_locale
from engines.core.i18n import LOCALES

if TYPE_CHECKING:
    from bot.client import TabletopBot


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
            await self.bot.service.configure(interaction.guild_id or 0, locale=locale)
            text = self.bot.texts(
                "bot.setup.locale_set",
                locale,
                language=self.bot.texts(f"bot.locale_name.{locale}", locale),
            )
            await interaction.followup.send(text, ephemeral=True)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GuildSetup(bot))
