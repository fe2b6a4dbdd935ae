"""``/match undo``, ``/match dispute`` and ``/match mine``: a mixin of the ``/match`` cog."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import MATCH_OPTION, my_match_choices, server_of
from bot.discord.controls import ButtonSpec
from bot.discord.presenter import Post, discord_time, picture
from bot.discord.replies import followup, guarded, user_locale
from bot.errors import UserError
from bot.i18n import key
from bot.match.types import MatchSnapshot

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot


async def lookup_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """What the user may look up in the match of this thread (or the ``match`` given)."""
    bot: TabletopBot = interaction.client  # type: ignore[assignment]
    explicit = getattr(interaction.namespace, "match", None)
    try:
        match_id = await bot.router.match_of(interaction, explicit)
        snap = await bot.service.load(match_id)
    except UserError:
        return []
    locale = user_locale(interaction)
    found = snap.engine.lookup_choices(snap.state, snap.seat_of(interaction.user.id), current)
    return [
        app_commands.Choice(name=bot.texts.message(c.label, locale)[:100], value=str(c.value))
        for c in found
    ][:25]


class PlayerCommands(commands.Cog):
    """What players ask of their matches besides moves."""

    bot: TabletopBot

    @app_commands.command(
        name=key("bot.command.takeback.name", "undo"),
        description=key(
            "bot.command.takeback.description", "Ask your opponents to take back your last move"
        ),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def undo(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Public: the request, with buttons for the opponents (so only in a server,
        where they can answer)."""
        if await server_of(interaction) is None:
            return

        async def work() -> Post:
            match_id = await self.bot.router.match_of(interaction, match)
            request = await self.bot.service.requests.request_undo(match_id, interaction.user.id)
            snap = await self.bot.service.load(match_id)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            others = [s.user_id for s in snap.seats if s.user_id != interaction.user.id]
            base = f"tt:undo:{match_id}:{request.id}"
            return Post(
                lines=[
                    self.bot.texts(
                        "bot.undo.asked",
                        locale,
                        user=interaction.user.mention,
                        seq=snap.match.version,
                        opponents=" ".join(f"<@{u}>" for u in others),
                    )
                ],
                mentions=others,
                buttons=[
                    ButtonSpec(
                        self.bot.texts("bot.button.accept", locale), f"{base}:yes", "success"
                    ),
                    ButtonSpec(
                        self.bot.texts("bot.button.decline", locale), f"{base}:no", "danger"
                    ),
                ],
            )

        await self.bot.router.public_reply(interaction, work)

    async def answer_undo(
        self, interaction: discord.Interaction, match_id: int, request_id: int, accept: bool
    ) -> None:
        """An opponent's answer; once all accepted, the move is taken back."""

        async def work() -> tuple[MatchSnapshot, Post]:
            outcome = await self.bot.service.requests.answer_undo(
                match_id, request_id, interaction.user.id, accept
            )
            snap = outcome.snapshot or await self.bot.service.load(match_id)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            user = interaction.user.mention
            if outcome.snapshot is not None or not accept:
                # The request is decided: its buttons go (a silent click's deferral
                # edits the message it is on).
                await self.bot.router.retire_controls(interaction)
            if outcome.snapshot is not None:
                target, undone, _ = await self.bot.service.reverted(match_id)
                header = [
                    self.bot.texts(
                        "bot.undo.done", locale, user=user, seq=snap.match.version, target=target
                    ),
                    *self.bot.presenter.revert_lines(snap, undone, locale),
                ]
                return snap, await self.bot.presenter.public(snap, locale, header)
            if not accept:  # the player who asked learns it at once
                asker = outcome.request.requested_by
                text = self.bot.texts(
                    "bot.undo.declined", locale, user=user, requester=f"<@{asker}>"
                )
                return snap, Post(lines=[text], mentions=[asker])
            return snap, Post(lines=[self.bot.texts("bot.undo.waiting", locale, user=user)])

        await self.bot.router.public_change(interaction, work)

    @app_commands.command(
        name=key("bot.command.dispute.name", "dispute"),
        description=key("bot.command.dispute.description", "Call a referee about this match"),
    )
    @app_commands.describe(
        reason=key("bot.command.dispute.reason", "What is wrong"), match=MATCH_OPTION
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def dispute(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 1000],
        match: int | None = None,
    ) -> None:
        """Public: the dispute, pinging the referee role, with the board as it stands
        (so only in a server, where its referees read it)."""
        guild_id = await server_of(interaction)
        if guild_id is None:
            return

        async def work() -> Post:
            match_id = await self.bot.router.match_of(interaction, match)
            dispute = await self.bot.service.referee.open_dispute(
                match_id, interaction.user.id, reason
            )
            snap = await self.bot.service.load(match_id)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            role = await self.bot.service.referee_role(guild_id)
            referees = f"<@&{role}>" if role else self.bot.texts("bot.dispute.no_role", locale)
            header = [
                self.bot.texts(
                    "bot.dispute.opened",
                    locale,
                    id=dispute.id,
                    user=interaction.user.mention,
                    seq=dispute.seq,
                    reason=reason,
                    referees=referees,
                )
            ]
            post = await self.bot.presenter.board_only(snap, locale, header, current=True)
            post.roles = [role] if role else []
            return post

        await self.bot.router.public_reply(interaction, work)

    @app_commands.command(
        name=key("bot.command.lookup.name", "lookup"),
        description=key("bot.command.lookup.description", "Look at a card or figure (only you)"),
    )
    @app_commands.describe(
        query=key("bot.command.lookup.query", "Its name or number"), match=MATCH_OPTION
    )
    @app_commands.autocomplete(query=lookup_choices)
    @app_commands.autocomplete(match=my_match_choices)
    async def lookup(
        self,
        interaction: discord.Interaction,
        query: app_commands.Range[str, 1, 100],
        match: int | None = None,
    ) -> None:
        """Ephemeral: the render of one thing the user may see (never hidden information)."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            snap = await self.bot.service.load(match_id)
            locale = user_locale(interaction)
            view = snap.engine.lookup(snap.state, snap.seat_of(interaction.user.id), query)
            if view is None:
                raise UserError("bot.error.nothing_found", query=query)
            name = f"match-{match_id}-lookup.png"
            image = await picture(snap.engine, view, snap.engine.lookup_kind, locale, name, query)
            post = Post(images=[image], ephemeral=True)
            await followup(interaction, post)

    @app_commands.command(
        name=key("bot.command.mine.name", "mine"),
        description=key("bot.command.mine.description", "Matches where you owe a decision"),
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        """Ephemeral: every match of this guild waiting for the user, with links (in
        direct messages: of every guild)."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            locale = user_locale(interaction)
            lines = []
            rows = await self.bot.service.matches(
                interaction.guild_id, interaction.user.id, statuses=("active",)
            )
            for match, _ in rows:
                snap = await self.bot.service.load(match.id)
                seat = snap.seat_of(interaction.user.id)
                for decision in (d for d in snap.pending() if d.seat == seat):
                    where = f"<#{match.thread_id}>" if match.thread_id else f"#{match.id}"
                    lines.append(
                        self.bot.texts(
                            "bot.mine.line",
                            locale,
                            title=self.bot.presenter.title(snap, locale),
                            prompt=self.bot.texts.message(decision.prompt, locale),
                            where=where,
                            deadline=discord_time(match.deadline_at),
                        )
                    )
            header = self.bot.texts(
                "bot.mine.header" if lines else "bot.mine.none", locale, count=len(lines)
            )
            await followup(interaction, Post(lines=[header, *lines], ephemeral=True))
