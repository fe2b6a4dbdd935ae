"""``/ref``: referee tools. Every act is an event with its author and reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import MATCH_OPTION, my_match_choices
from bot.errors import UserError
from bot.i18n import key
from bot.presenter import Post
from bot.service import MatchSnapshot

if TYPE_CHECKING:
    from bot.client import TabletopBot


@app_commands.guild_only()
class Referee(
    commands.GroupCog,
    group_name=key("bot.command.ref.name", "ref"),
    group_description=key("bot.command.ref.description", "Referee tools"),
):
    """Commands only the guild's referees (or server managers) may use."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    async def is_referee(self, interaction: discord.Interaction) -> bool:
        """Members of the referee role, or anyone who may manage the server."""
        if interaction.permissions.manage_guild:
            return True
        role_id = await self.bot.service.referee_role(interaction.guild_id or 0)
        member = interaction.user
        return (
            role_id is not None
            and isinstance(member, discord.Member)
            and any(r.id == role_id for r in member.roles)
        )

    @app_commands.command(
        name=key("bot.command.undo.name", "undo"),
        description=key("bot.command.undo.description", "Revert the match's last event (logged)"),
    )
    @app_commands.describe(
        reason=key("bot.command.undo.reason", "Why (shown in the log)"),
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def undo(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Revert the last event as a new event; history is kept."""

        async def work() -> tuple[MatchSnapshot, Post]:
            if not await self.is_referee(interaction):
                raise UserError("bot.error.not_referee")
            match_id = await self.bot.service.match_for_channel(interaction.channel_id, match)
            snap = await self.bot.service.referee_undo(match_id, interaction.user.id, reason)
            locale = await self.bot.flow.public_locale(interaction.guild_id)
            header = [
                self.bot.texts(
                    "bot.ref.undone",
                    locale,
                    referee=interaction.user.mention,
                    seq=snap.match.version,
                    reason=reason,
                )
            ]
            return snap, await self.bot.presenter.public(snap, locale, header)

        await self.bot.flow.public_change(interaction, work)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Referee(bot))
