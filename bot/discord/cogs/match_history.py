"""``/match verify``, ``/match export`` and ``/match replay``: the match's history.

A mixin of the ``/match`` group cog (bot/cogs/matches.py), kept apart so each
file reads in one sitting.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import MATCH_OPTION, game_choices, my_match_choices, server_of
from bot.discord.presenter import Post
from bot.discord.replies import followup, guarded, user_locale
from bot.i18n import key
from bot.match import history
from bot.match.types import engine_for

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot


class HistoryCommands(commands.Cog):
    """Verification, export and replay of a match (mixed into the ``/match`` group)."""

    bot: TabletopBot

    @app_commands.command(
        name=key("bot.command.verify.name", "verify"),
        description=key(
            "bot.command.verify.description",
            "Check every dice roll of a finished match against its seed",
        ),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def verify(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Ephemeral: check the log; once the match has ended, replay it from the seed."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            snap, report = await history.verify_match(self.bot.service, match_id)
            locale = user_locale(interaction)
            lines = [f"**{self.bot.presenter.title(snap, locale)}**"]
            lines += [f"❌ {self.bot.texts.message(p, locale)}" for p in report.problems]
            if report.ok and not report.complete:
                # A running match: only the log's shape can be checked until the seed is out.
                events = report.checked_events
                lines.append("⏳ " + self.bot.texts("bot.verify.partial", locale, events=events))
            elif report.ok:
                lines.append("✅ " + self.bot.texts.message(report.summary(), locale))
            await followup(interaction, Post(lines=lines, ephemeral=True))

    @app_commands.command(
        name=key("bot.command.export.name", "export"),
        description=key("bot.command.export.description", "Download the whole match as JSON"),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def export(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Ephemeral: the export file (secrets, hidden details and the seed only after
        the end, see bot/export.py)."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            final, data = await history.export_file(self.bot.service, match_id)
            # Once the match is over the file holds the seed: say so, not that it will.
            ready = "bot.export.ready_final" if final else "bot.export.ready"
            text = self.bot.texts(ready, user_locale(interaction), match=match_id)
            await interaction.followup.send(
                text,
                ephemeral=True,
                file=discord.File(io.BytesIO(data), filename=f"match-{match_id}.json"),
            )

    @app_commands.command(
        name=key("bot.command.leaderboard.name", "leaderboard"),
        description=key(
            "bot.command.leaderboard.description", "Wins, losses and draws of a game in this server"
        ),
    )
    @app_commands.describe(game=key("bot.command.new.game", "Which game"))
    @app_commands.autocomplete(game=game_choices)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """Public: the standings of a game in this guild."""
        guild_id = await server_of(interaction)
        if guild_id is None:
            return

        async def work() -> Post:
            engine = engine_for(game)
            rows = await self.bot.service.players.standings(guild_id, engine.name)
            locale = await self.bot.router.public_locale(guild_id)
            lines = [
                self.bot.texts(
                    "bot.leaderboard.header", locale, game=self.bot.texts(engine.title_key, locale)
                )
            ]
            for rank, s in enumerate(rows[:20], start=1):
                lines.append(
                    self.bot.texts(
                        "bot.leaderboard.line",
                        locale,
                        rank=rank,
                        name=s.name,
                        wins=s.wins,
                        losses=s.losses,
                        draws=s.draws,
                        points=f"{s.points:g}",
                        rating=round(s.rating.rating),
                        deviation=round(s.rating.deviation),
                    )
                )
            if not rows:
                lines.append(self.bot.texts("bot.leaderboard.empty", locale))
            return Post(lines=lines)

        await self.bot.router.public_reply(interaction, work)

    @app_commands.command(
        name=key("bot.command.replay.name", "replay"),
        description=key("bot.command.replay.description", "See the board as it was after an event"),
    )
    @app_commands.describe(
        event=key("bot.command.replay.event", "Event number (see /match log)"), match=MATCH_OPTION
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def replay(
        self,
        interaction: discord.Interaction,
        event: app_commands.Range[int, 0],
        match: int | None = None,
    ) -> None:
        """Ephemeral: the public render of the state right after event ``event``."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            snap = await self.bot.service.state_after(match_id, event)
            locale = user_locale(interaction)
            header = [
                self.bot.texts(
                    "bot.replay.header",
                    locale,
                    title=self.bot.presenter.title(snap, locale),
                    seq=event,
                )
            ]
            post = await self.bot.presenter.board_only(snap, locale, header)
            post.ephemeral = True
            await followup(interaction, post)
