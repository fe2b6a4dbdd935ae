"""The bot as its parts see it: a discord.py bot holding the services, the presenter and
the texts. ``client.TabletopBot`` builds them (and the router); the router and the
replies type against this class, so neither imports the client that imports them. The
cogs name the client itself: it loads them by name (``EXTENSIONS``), never imports one."""

from __future__ import annotations

from typing import Any

from discord.ext import commands
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.config import Settings
from bot.discord.presenter import Presenter
from bot.i18n import Texts
from bot.match.clock import Clock
from bot.match.service import MatchService
from engines.core import GameEngine


class BotHost(commands.AutoShardedBot):
    """A sharded discord.py bot with what every part of the bot's Discord side uses."""

    settings: Settings
    #: The games this bot plays (``engines.core.registry.load_games``).
    engines: list[GameEngine[Any]]
    texts: Texts
    presenter: Presenter
    clock: Clock
    service: MatchService
    db_engine: AsyncEngine | None
