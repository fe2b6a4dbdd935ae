"""The Bot subclass: opens the database, loads cogs, registers buttons, syncs commands."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot import heap, render_pool
from bot.config import Settings
from bot.discord.command_payload import InvalidCommandTree, tree_violations
from bot.discord.controls import known_control
from bot.discord.host import BotHost
from bot.discord.presenter import Presenter
from bot.discord.router import Router
from bot.discord.views import ControlHost, MatchButton, MatchSelect
from bot.i18n import BotTranslator, Texts, build_catalog, discord_locale, localise_option_names
from bot.match.clock import Clock, SystemClock
from bot.match.service import MatchService
from bot.store import db
from engines.core.packs import set_content_roots
from engines.core.registry import load_games

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.discord.cogs.matches",
    "bot.discord.cogs.guild_setup",
    "bot.discord.cogs.referee",
    "bot.discord.cogs.games",
    "bot.discord.cogs.scheduler",
    "bot.discord.cogs.player",
    "bot.discord.cogs.content",
)


class TabletopBot(BotHost):
    """The bot. All match state lives in the database, so any number of
    processes (one per group of shards) can serve the same guilds."""

    def __init__(self, settings: Settings, clock: Clock | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # threads and channels; no message content is ever read
        shard_options: dict[str, Any] = {}
        if settings.shard_count:
            shard_options["shard_count"] = settings.shard_count
            if settings.shard_ids:
                shard_options["shard_ids"] = settings.shard_ids
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shard_options,
            **kwargs,
        )
        self.settings = settings
        self.engines = load_games(settings.games)
        set_content_roots(settings.content_dirs)
        self.texts = Texts(build_catalog(self.engines))
        self.presenter = Presenter(self.texts)
        self.router = Router(self)
        self.clock = clock or SystemClock()
        self.db_engine = None
        #: Freeze what start-up loaded out of the collector's full passes (bot.heap):
        #: set by ``python -m bot run`` only, as tests start and drop many bots.
        self.freeze_heap = False

    async def setup_hook(self) -> None:
        render_pool.configure(self.settings.render_processes, self.settings.games)
        render_pool.start()
        await db.upgrade(self.settings.database_url)
        self.db_engine = db.make_engine(self.settings.database_url)
        self.service = MatchService(
            db.make_sessionmaker(self.db_engine), self.clock, self.settings.vacation_days_per_year
        )
        await self.add_commands()
        self.add_dynamic_items(MatchButton, MatchSelect)
        await self.sync_commands()
        if self.freeze_heap:
            log.info("%d objects kept out of full collections", heap.freeze_loaded(self.engines))

    async def add_commands(self) -> None:
        """Load every cog and make the command tree ready to sync, translations included."""
        await self.tree.set_translator(BotTranslator(self.texts.catalog))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        localise_option_names(self.tree, self.texts.catalog)

    async def sync_commands(self) -> None:
        """Guild-scoped sync while developing (instant), global otherwise.

        The payload is checked against Discord's limits first: Discord refuses a whole
        upload for one bad field, so a violation stops the start with the list of them.
        """
        scopes: list[discord.Object | None] = [None]
        if self.settings.dev_guild_ids:
            guilds = [discord.Object(guild_id) for guild_id in self.settings.dev_guild_ids]
            for guild in guilds:
                self.tree.copy_global_to(guild=guild)
            scopes = list(guilds)
        problems = await tree_violations(self.tree, scopes)
        if problems:
            error = InvalidCommandTree(problems)
            log.error("%s", error)
            raise error
        for scope in scopes:
            synced = await self.tree.sync(guild=scope)
            where = "global" if scope is None else f"guild {scope.id}"
            log.info("synced %d commands (%s)", len(synced), where)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu whose custom id this bot no longer knows (a post of an older
        version, a control since retired) is answered privately, not left to fail:
        discord.py hands a component to no item unless its id matches a template."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if known_control(custom_id):
            return
        text = self.texts("bot.error.unknown_control", discord_locale(interaction.locale))
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not answer an unknown control %r: %s", custom_id, exc)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guild(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        await super().close()
        if self.db_engine is not None:
            await self.db_engine.dispose()


def as_control_host(bot: TabletopBot) -> ControlHost:
    """The bot as its persistent controls reach it (``interaction.client``): typed here,
    so that mypy checks the bot is what they take it for (``views.ControlHost``)."""
    return bot
