"""What several cogs share: the ``match`` option, its autocomplete, the DM refusal."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.replies import user_locale
from bot.errors import UserError
from bot.i18n import key
from bot.match.option_completion import complete_options
from bot.match.types import engine_for
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

#: Description of the optional ``match`` option of every per-match command.
MATCH_OPTION = key("bot.command.match_option", "Match (default: this thread's)")


async def my_match_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """Autocomplete of the user's open matches in this guild (in direct messages:
    theirs in every guild); never another guild's match."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    rows = await bot.service.matches(interaction.guild_id, interaction.user.id)
    locale = user_locale(interaction)
    choices = []
    for match, seats in rows:
        names = " vs ".join(s.display_name for s in seats)
        label = f"#{match.id} {bot.texts(engine_for(match.game).title_key, locale)}: {names}"
        choices.append(app_commands.Choice(name=label[:100], value=match.id))
    return [c for c in choices if current in c.name][:25]


async def server_of(interaction: discord.Interaction) -> int | None:
    """The server a command that needs one runs in; in direct messages ``None``,
    after a private refusal that changes nothing.

    A subcommand's ``guild_only`` never reaches Discord (only a top-level
    command's contexts do), so ``/match`` subcommands can be typed in DMs and
    those that need a server refuse here, at run time.
    """
    if interaction.guild_id is not None:
        return interaction.guild_id
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    text = bot.texts("bot.error.server_only", user_locale(interaction))
    await interaction.response.send_message(text, ephemeral=True)
    return None


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
    """Autocomplete of the packs of the game already chosen this server may use: the
    built-in ones, the operator's (``CONTENT_DIRS``) and this server's uploads (never
    another server's)."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    game = getattr(interaction.namespace, "game", None)
    if not isinstance(game, str) or not game:
        return []
    try:
        engine = engine_for(game)
    except UserError:
        return []
    found = await bot.service.packs.choices(interaction.guild_id, engine)
    locale = user_locale(interaction)
    choices = []
    for pack in found:
        origin = bot.texts(f"bot.content.origin.{pack.origin}", locale, version=pack.version)
        label = f"{pack.name} · {origin}"
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=pack.name))
    return choices[:25]


async def option_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/match new``'s options text for the game already chosen: the
    option being typed, then the values its game offers with the chosen pack (e.g. a
    Battle Scenes deck by its printed name), the words already typed kept."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    game = getattr(interaction.namespace, "game", None)
    if not isinstance(game, str) or not game or interaction.guild_id is None:
        return []
    try:
        engine = engine_for(game)
        pack = getattr(interaction.namespace, "pack", None)
        values = await bot.service.packs.option_values_now(
            interaction.guild_id, engine, pack if isinstance(pack, str) and pack else None
        )
    except UserError:  # an unknown game or pack: /match new itself says so
        return []
    locale = user_locale(interaction)
    names = [(o.name, bot.texts.message(o.description, locale)) for o in engine.options]
    found = complete_options(current, names, lambda name: (values or {}).get(name, []))
    return [app_commands.Choice(name=label, value=whole) for label, whole in found]
