"""``/content``: content packs a server uploads through Discord (bot/content.py).

Referees and server managers upload and remove (``Router.require_referee``, as for
``/ref``); everyone in the server lists and previews. Each server sees its own
packs only, plus the built-in ones and those the operator installed. Every reply
is private and in the user's language.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import game_choices, pack_choices
from bot.discord.presenter import MAX_ALT_TEXT, Picture, Post
from bot.discord.replies import followup, guarded, user_locale
from bot.errors import UserError
from bot.i18n import key
from bot.match.types import engine_for
from engines.core import GameEngine, Message
from engines.core.i18n import fold
from engines.core.packs import MAX_PACK_BYTES
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

GAME = key("bot.command.content.game", "Which game")
PACK = key("bot.command.content.pack", "The pack")


async def server_pack_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of this server's uploaded packs of the game chosen (for removal)."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    game = getattr(interaction.namespace, "game", None)
    if interaction.guild_id is None or not isinstance(game, str) or not game:
        return []
    packs = await bot.service.packs.listed(interaction.guild_id, game)
    return [
        app_commands.Choice(name=f"{p.name} v{p.version}", value=p.name)
        for p in packs
        if current.lower() in p.name
    ][:25]


async def entry_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of the entries of the pack chosen, in the user's language."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    game = getattr(interaction.namespace, "game", None)
    pack = getattr(interaction.namespace, "pack", None)
    if interaction.guild_id is None or not isinstance(game, str) or not isinstance(pack, str):
        return []
    try:
        engine = engine_for(game)
        labels = await bot.service.packs.entry_labels_now(
            interaction.guild_id, engine, pack, user_locale(interaction)
        )
    except Exception:  # noqa: BLE001 - a half-typed option suggests nothing
        return []
    if labels is None:  # being loaded: the next keystroke will have it
        return []
    return [
        app_commands.Choice(name=label[:100], value=entry_id[:100])
        for entry_id, label in labels
        if current.lower() in label.lower()
    ][:25]


async def template_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of the game's built-in entries a server completes from its own
    component (not-yet-playable Krosmasters), matching a part of their names."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    game = getattr(interaction.namespace, "game", None)
    if not isinstance(game, str) or not game:
        return []
    try:
        labels = await bot.service.packs.template_labels_now(
            engine_for(game), user_locale(interaction)
        )
    except Exception:  # noqa: BLE001 - a half-typed option suggests nothing
        return []
    wanted = fold(current.strip())
    return [
        app_commands.Choice(name=label[:100], value=entry_id[:100])
        for entry_id, label in labels or []
        if wanted in fold(label)
    ][:25]


@app_commands.guild_only()
class ContentCommands(
    commands.GroupCog,
    group_name=key("bot.command.content.name", "content"),
    group_description=key(
        "bot.command.content.description", "Content packs of this server: upload, list, preview"
    ),
):
    """The server's own figures, heroes and cards."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    def _engine(self, game: str) -> GameEngine[Any]:
        return engine_for(game)

    @app_commands.command(
        name=key("bot.command.content.upload.name", "upload"),
        description=key(
            "bot.command.content.upload.description",
            "Upload a pack (a .yaml file or a .zip of its folder); referees only",
        ),
    )
    @app_commands.describe(
        file=key("bot.command.content.upload.file", "The pack: a .yaml file or a .zip"),
        game=GAME,
        name=key(
            "bot.command.content.upload.name_option", "The pack's name (a new version if it exists)"
        ),
    )
    @app_commands.autocomplete(game=game_choices)
    async def upload(
        self, interaction: discord.Interaction, file: discord.Attachment, game: str, name: str
    ) -> None:
        """Validate and store an upload as the next version of the server's pack."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.router.require_referee(interaction)
            engine = self._engine(game)
            if file.size > MAX_PACK_BYTES:
                raise UserError(
                    "bot.content.bad_upload",
                    file=file.filename,
                    problem=Message("core.upload.upload_size", {"mib": MAX_PACK_BYTES >> 20}),
                )
            try:
                data = await file.read()
            except discord.HTTPException:
                raise UserError("bot.content.download_failed", file=file.filename) from None
            info = await self.bot.service.packs.upload(
                guild_id=interaction.guild_id or 0,
                user_id=interaction.user.id,
                engine=engine,
                name=name.strip().lower(),  # “Club” and “club” are one pack
                filename=file.filename,
                data=data,
            )
            locale = user_locale(interaction)
            lines = [
                self.bot.texts(
                    "bot.content.uploaded",
                    locale,
                    pack=info.name,
                    version=info.version,
                    game=Message(engine.title_key),
                    count=info.files,
                    kib=max(1, info.size >> 10),
                )
            ]
            if info.extends:
                lines.append(self.bot.texts("bot.content.extends", locale, base=info.extends))
            await followup(interaction, Post(lines=lines, ephemeral=True))

    @app_commands.command(
        name=key("bot.command.content.list.name", "list"),
        description=key("bot.command.content.list.description", "The packs of this server"),
    )
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def list_packs(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's uploaded packs (current versions) and the built-in ones."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            engines = [self._engine(game)] if game else None
            locale = user_locale(interaction)
            packs = await self.bot.service.packs.listed(interaction.guild_id or 0, game)
            lines = [self.bot.texts("bot.content.list_title", locale)]
            for p in packs:
                title = self.bot.texts(self._engine(p.game).title_key, locale)
                extends = (
                    " · " + self.bot.texts("bot.content.extends", locale, base=p.extends)
                    if p.extends
                    else ""
                )
                lines.append(f"• **{p.name}** v{p.version} — {title}{extends}")
            if not packs:
                lines.append(self.bot.texts("bot.content.list_empty", locale))
            for engine in engines or installed():
                choices = await self.bot.service.packs.choices(None, engine)
                names = ", ".join(c.name for c in choices) or "—"
                lines.append(
                    self.bot.texts(
                        "bot.content.list_builtin",
                        locale,
                        game=Message(engine.title_key),
                        packs=names,
                    )
                )
            await followup(interaction, Post(lines=lines, ephemeral=True))

    @app_commands.command(
        name=key("bot.command.content.show.name", "show"),
        description=key(
            "bot.command.content.show.description", "Preview a figure, hero or card of a pack"
        ),
    )
    @app_commands.describe(
        game=GAME,
        pack=PACK,
        entry=key("bot.command.content.show.entry", "The figure, hero or card"),
    )
    @app_commands.autocomplete(game=game_choices, pack=pack_choices, entry=entry_choices)
    async def show(
        self, interaction: discord.Interaction, game: str, pack: str, entry: str
    ) -> None:
        """A rendered preview of one entry, in the reader's language."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            engine = self._engine(game)
            content = await self.bot.service.packs.content(interaction.guild_id or 0, engine, pack)
            view = engine.entry_view(content, entry)
            if view is None:
                raise UserError("bot.content.no_entry", entry=entry[:80], pack=pack)
            locale = user_locale(interaction)
            png = await asyncio.to_thread(engine.render_entry, view, locale)
            alt = engine.describe_entry(view, locale)[:MAX_ALT_TEXT]
            image = Picture(f"{engine.name}-entry.png", png, alt)
            await followup(
                interaction, Post(lines=[f"**{pack}** · {entry}"], images=[image], ephemeral=True)
            )

    @app_commands.command(
        name=key("bot.command.content.template.name", "template"),
        description=key(
            "bot.command.content.template.description",
            "A ready file to complete a not-yet-playable figure from your own card",
        ),
    )
    @app_commands.describe(
        game=GAME,
        entry=key(
            "bot.command.content.template.entry", "The figure (a part of its name is enough)"
        ),
    )
    @app_commands.autocomplete(game=game_choices, entry=template_choices)
    async def template(self, interaction: discord.Interaction, game: str, entry: str) -> None:
        """The pack file completing one built-in entry, its printed facts filled in
        (public facts only: anyone may ask; uploading it stays with referees)."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            engine = self._engine(game)
            locale = user_locale(interaction)
            entry_id, made = await self.bot.service.packs.template(engine, entry, locale)
            filename = re.sub(r"[^a-z0-9_-]+", "-", fold(entry_id)).strip("-")[:60] + ".yaml"
            text = self.bot.texts(
                "bot.content.template", locale, entry=entry_id, file=filename, game=engine.name
            )
            # A Picture is any attachment with its description; here, the YAML file.
            attached = Picture(filename, made.encode(), filename)
            await followup(interaction, Post(lines=[text], images=[attached], ephemeral=True))

    @app_commands.command(
        name=key("bot.command.content.remove.name", "remove"),
        description=key(
            "bot.command.content.remove.description",
            "Remove a pack from new matches (started ones keep it); referees only",
        ),
    )
    @app_commands.describe(game=GAME, pack=PACK)
    @app_commands.autocomplete(game=game_choices, pack=server_pack_choices)
    async def remove(self, interaction: discord.Interaction, game: str, pack: str) -> None:
        """Hide the server's pack from new matches and the lists."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.router.require_referee(interaction)
            engine = self._engine(game)
            info = await self.bot.service.packs.remove(interaction.guild_id or 0, engine, pack)
            text = self.bot.texts(
                "bot.content.removed",
                user_locale(interaction),
                pack=info.name,
                game=Message(engine.title_key),
            )
            await followup(interaction, Post(lines=[text], ephemeral=True))


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(ContentCommands(bot))
