"""Command line: ``python -m bot run`` and ``python -m bot db upgrade``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from bot.config import Settings

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Put it in a file named .env at the top of the repository:
         DISCORD_TOKEN=your-token-here
     (see .env.example for every setting), or export DISCORD_TOKEN.
  3. Invite the bot with the "bot" and "applications.commands" scopes.
  4. Run `make run` again.

The database was prepared at: {url}
"""


BAD_TOKEN = """\
Discord refused DISCORD_TOKEN: it is not a valid bot token (it may have been reset).
Get a new one at https://discord.com/developers/applications → your app → Bot →
"Reset Token", and put it in .env as DISCORD_TOKEN=…
"""


def configure_logging(level: str) -> None:
    """Log to stderr at ``level``; discord.py's own logs included."""
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    if logging.getLogger().level > logging.DEBUG:
        # Alembic announces each of its plugins at INFO; only the migrations matter.
        logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)


def point_at(settings: Settings) -> None:
    """Use other Discord REST/gateway URLs (e.g. the local emulator) when configured."""
    import discord
    import yarl

    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def _run(settings: Settings) -> int:
    from bot.client import TabletopBot
    from bot.store import db

    token = settings.token
    if token is None:
        # Prepare the database anyway, so the next run only needs the token.
        await db.upgrade(settings.database_url)
        print(NO_TOKEN.format(url=settings.database_url), file=sys.stderr)
        return 2
    point_at(settings)  # the bot's setup_hook applies the migrations
    import discord

    async with TabletopBot(settings) as bot:
        try:
            await bot.start(token)
        except discord.LoginFailure:
            print(BAD_TOKEN, file=sys.stderr)
            return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bot")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="apply migrations and start the bot")
    db_parser = sub.add_parser("db", help="database maintenance")
    db_parser.add_argument("action", choices=["upgrade"])
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "\n".join(
            f"  {'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in exc.errors()
        )
        print(f"Invalid settings (environment or .env):\n{problems}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    if args.command == "db":
        from bot.store import db

        asyncio.run(db.upgrade(settings.database_url))
        print(f"database upgraded: {settings.database_url}")
        return 0
    try:
        return asyncio.run(_run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
