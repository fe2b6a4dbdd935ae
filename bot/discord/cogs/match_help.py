"""``/match help``: how to play here, in the reader's language (a mixin of the ``/match`` cog)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import game_choices
from bot.discord.cogs.games import command_path
from bot.discord.presenter import MAX_CONTENT, Post
from bot.discord.replies import followup, guarded, user_locale
from bot.errors import UserError
from bot.i18n import key
from bot.match.types import engine_for
from engines.core import Section
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot


def chunks(lines: list[str], limit: int = MAX_CONTENT) -> list[list[str]]:
    """``lines`` in groups that each fit one Discord message."""
    groups: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if groups[-1] and size + len(line) + 1 > limit:
            groups.append([])
            size = 0
        groups[-1].append(line[:limit])
        size += len(line) + 1
    return groups


class HelpCommands(commands.Cog):
    """The commands of a game, with what each does, for a newcomer."""

    bot: TabletopBot

    @app_commands.command(
        name=key("bot.command.help.name", "help"),
        description=key("bot.command.help.description", "How to play here: a game's commands"),
    )
    @app_commands.describe(game=key("bot.command.help.game", "Which game (default: this thread's)"))
    @app_commands.autocomplete(game=game_choices)
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Ephemeral: the game's commands (translated) and the commands every match has."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            locale = user_locale(interaction)
            t = self.bot.texts
            if game is None:
                try:
                    match_id = await self.bot.router.match_of(interaction, None)
                    game = (await self.bot.service.load(match_id)).match.game
                except UserError:
                    game = None
            if game is None:
                titles = ", ".join(t(e.title_key, locale) for e in installed())
                lines = [
                    t("bot.help.games", locale, games=titles),
                    t("bot.help.common", locale),
                    t("bot.help.referee_any", locale),
                ]
            else:
                engine = engine_for(game)
                lines = [t("bot.help.title", locale, game=t(engine.title_key, locale))]
                if t.catalog.has(f"{engine.name}.help.intro", locale):
                    lines.append(t(f"{engine.name}.help.intro", locale))
                # In the order they are needed: /<game>-setup, /<game>, /<game>-manual.
                for section in Section:
                    for spec in (s for s in engine.commands() if s.section is section):
                        path = command_path(t, engine, spec, locale)
                        lines.append(f"`/{path}` — {t.message(spec.description, locale)}")
                adjust, act = engine.referee_examples
                referee = (
                    t("bot.help.referee", locale, adjust=adjust, act=act)
                    if adjust and act
                    else t("bot.help.referee_any", locale)
                )
                lines += [t("bot.help.common", locale), referee]
            for group in chunks(lines):
                await followup(interaction, Post(lines=group, ephemeral=True))
