"""What several cogs share: the ``match`` option and its autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import key
from bot.replies import user_locale
from bot.service import engine_for
from engines.core.packs import community_packs
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.client import TabletopBot

#: Description of the optional ``match`` option of every per-match command.
MATCH_OPTION = key("bot.command.match_option", "Match number (default: this thread's)")


async def my_match_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Autocomplete of the user's open matches in this guild."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        return []
    rows = await bot.service.matches(interaction.guild_id, interaction.user.id)
    locale = user_locale(interaction)
    choices = []
    for match, seats in rows:
        names = " vs ".join(s.display_name for s in seats)
        label = f"#{match.id} {bot.texts(engine_for(match.game).title_key, locale)}: {names}"
        choices.append(app_commands.Choice(name=label[:100], value=match.id))
    return [c for c in choices if current in c.name][:25]


async def game_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of installed games, by their localised title."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    locale = user_locale(interaction)
    choices = [
        app_commands.Choice(name=bot.texts(e.title_key, locale), value=e.name) for e in installed()
    ]
    return [c for c in choices if current.lower() in c.name.lower() or current in c.value][:25]


async def pack_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of the community packs installed for the game already chosen."""
    game = getattr(interaction.namespace, "game", None)
    if not isinstance(game, str) or not game:
        return []
    names = community_packs(game)
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][
        :25
    ]
