"""The bot's command tree: refuses guild-only subcommands that arrive from a DM."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.replies import user_locale

if TYPE_CHECKING:
    from bot.client import TabletopBot


def guild_only(command: app_commands.Command[Any, ..., Any] | app_commands.Group | None) -> bool:
    """Whether the command or one of its parent groups was declared guild-only."""
    while command is not None:
        if getattr(command, "guild_only", False):
            return True
        command = command.parent
    return False


class Tree(app_commands.CommandTree["TabletopBot"]):
    """Discord decides where a command exists from the top-level command's ``contexts``
    only: a subcommand's ``guild_only`` never reaches it, so such a subcommand of a
    command offered in DMs does arrive from DMs. It is refused here, privately, before
    its options (members, channels of a server) are converted."""

    async def interaction_check(self, interaction: discord.Interaction[TabletopBot]) -> bool:
        """Let everything through except a guild-only (sub)command used outside a server."""
        command = interaction.command
        if interaction.guild_id is not None or isinstance(command, app_commands.ContextMenu):
            return True
        if not guild_only(command):
            return True
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            text = interaction.client.texts("bot.error.guild_only", user_locale(interaction))
            await interaction.response.send_message(text, ephemeral=True)
        return False
