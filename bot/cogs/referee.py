"""``/ref``: referee tools. Every act is an event with its author and reason.

Only members of the referee role (``/setup referee-role``) or members who can
manage the server *of the match's server* may use them, from inside it
(``Flow.refereed_match``); everyone else is refused privately, and a match of
another server is refused as if it did not exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import MATCH_OPTION, my_match_choices
from bot.controls import ButtonSpec
from bot.errors import UserError
from bot.i18n import key
from bot.presenter import Post
from bot.replies import followup, guarded, user_locale
from bot.service import MatchSnapshot
from engines.core.serde import SerdeError, loads

if TYPE_CHECKING:
    from bot.client import TabletopBot

REASON = key("bot.command.ref.reason", "Why (shown in the log)")


@app_commands.guild_only()
class Referee(
    commands.GroupCog,
    group_name=key("bot.command.ref.name", "ref"),
    group_description=key("bot.command.ref.description", "Referee tools"),
):
    """Commands for the guild's referees."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    async def _public(
        self,
        interaction: discord.Interaction,
        match: int | None,
        header_key: str,
        act: object,
        **params: object,
    ) -> None:
        """Resolve the match (of this server only) and check the user referees there,
        run ``act(match_id)``, post the new state publicly."""

        async def work() -> tuple[MatchSnapshot, Post]:
            match_id = await self.bot.flow.refereed_match(interaction, match)
            snap: MatchSnapshot = await act(match_id)  # type: ignore[operator]
            locale = await self.bot.flow.public_locale(interaction.guild_id)
            header = [
                self.bot.texts(
                    header_key,
                    locale,
                    referee=interaction.user.mention,
                    seq=snap.match.version,
                    **params,
                )
            ]
            return snap, await self.bot.presenter.public(snap, locale, header)

        await self.bot.flow.public_change(interaction, work)

    @app_commands.command(
        name=key("bot.command.undo.name", "undo"),
        description=key("bot.command.undo.description", "Revert the match's last event (logged)"),
    )
    @app_commands.describe(reason=REASON, match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def undo(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Revert the last event as a new event; history is kept."""
        user = interaction.user.id
        await self._public(
            interaction,
            match,
            "bot.ref.undone",
            lambda m: self.bot.service.referee_undo(m, user, reason),
            reason=reason,
        )

    @app_commands.command(
        name=key("bot.command.pause.name", "pause"),
        description=key(
            "bot.command.pause.description", "Pause a match: no deadlines run until it resumes"
        ),
    )
    @app_commands.describe(reason=REASON, match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def pause(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Pause the match."""
        user = interaction.user.id
        await self._public(
            interaction,
            match,
            "bot.ref.paused",
            lambda m: self.bot.service.pause(m, user, reason),
            reason=reason,
        )

    @app_commands.command(
        name=key("bot.command.resume.name", "resume"),
        description=key(
            "bot.command.resume.description", "Resume a paused match with fresh deadlines"
        ),
    )
    @app_commands.describe(reason=REASON, match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def resume(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Resume the match."""
        user = interaction.user.id
        await self._public(
            interaction,
            match,
            "bot.ref.resumed",
            lambda m: self.bot.service.resume(m, user, reason),
            reason=reason,
        )

    @app_commands.command(
        name=key("bot.command.extend.name", "extend"),
        description=key(
            "bot.command.extend.description", "Give the players more time for the current decision"
        ),
    )
    @app_commands.describe(
        hours=key("bot.command.extend.hours", "Extra hours"), reason=REASON, match=MATCH_OPTION
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 1, 336],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Push the current deadline back."""
        user = interaction.user.id
        await self._public(
            interaction,
            match,
            "bot.ref.extended",
            lambda m: self.bot.service.referee.extend(m, user, hours, reason),
            hours=hours,
            reason=reason,
        )

    @app_commands.command(
        name=key("bot.command.rule.name", "rule"),
        description=key("bot.command.rule.description", "Record a ruling (and settle a dispute)"),
    )
    @app_commands.describe(
        ruling=key("bot.command.rule.ruling", "The ruling, as players will read it"),
        dispute=key("bot.command.rule.dispute", "Dispute number it settles"),
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def rule(
        self,
        interaction: discord.Interaction,
        ruling: app_commands.Range[str, 1, 1000],
        dispute: int | None = None,
        match: int | None = None,
    ) -> None:
        """Record a ruling in the log."""
        user = interaction.user.id
        await self._public(
            interaction,
            match,
            "bot.ref.ruled",
            lambda m: self.bot.service.referee.rule(m, user, ruling, dispute),
            ruling=ruling,
        )

    @app_commands.command(
        name=key("bot.command.result.name", "result"),
        description=key(
            "bot.command.result.description", "End the match with a winner (or a draw)"
        ),
    )
    @app_commands.describe(
        winner=key("bot.command.result.winner", "The winner; none for a draw"),
        reason=REASON,
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def result(
        self,
        interaction: discord.Interaction,
        reason: app_commands.Range[str, 1, 300],
        winner: discord.Member | None = None,
        match: int | None = None,
    ) -> None:
        """Set the result: a forfeit, a decision after a dispute…"""

        async def act(match_id: int) -> MatchSnapshot:
            snap = await self.bot.service.load(match_id)
            seats = [] if winner is None else [snap.seat_of(winner.id)]
            if None in seats:
                raise UserError("bot.error.not_a_player")
            return await self.bot.service.referee.set_result(
                match_id, interaction.user.id, [s for s in seats if s is not None], reason
            )

        await self._public(interaction, match, "bot.ref.result", act, reason=reason)

    @app_commands.command(
        name=key("bot.command.adjust.name", "adjust"),
        description=key(
            "bot.command.adjust.description", "Change the match by hand where a card's text says so"
        ),
    )
    @app_commands.describe(
        changes=key(
            "bot.command.adjust.changes", 'JSON of dotted paths, e.g. {"players.0.score": 12}'
        ),
        reason=REASON,
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def adjust(
        self,
        interaction: discord.Interaction,
        changes: app_commands.Range[str, 2, 1500],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Apply a manual change to the state, logged with the referee and reason."""
        user = interaction.user.id

        async def act(match_id: int) -> MatchSnapshot:
            try:
                parsed = loads(changes)
            except SerdeError as exc:  # invalid, or nested too deep to be a state change
                raise UserError("bot.error.bad_adjustment", detail=str(exc)) from None
            if not isinstance(parsed, dict) or not parsed:
                raise UserError("bot.error.bad_adjustment", detail=changes)
            return await self.bot.service.referee.adjust(match_id, user, parsed, reason)

        # The public post names the act and the reason, never the changes: they may be hidden.
        await self._public(interaction, match, "bot.ref.adjusted", act, reason=reason)

    @app_commands.command(
        name=key("bot.command.act.name", "act"),
        description=key(
            "bot.command.act.description", "Make a game action for a player (e.g. an adjustment)"
        ),
    )
    @app_commands.describe(
        player=key("bot.command.act.player", "For whom"),
        action=key("bot.command.act.action", 'The action as JSON, e.g. {"kind": "adjust"}'),
        reason=REASON,
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def act(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        action: app_commands.Range[str, 2, 1500],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Apply a game action on a player's behalf, whoever's turn it is."""
        user = interaction.user.id

        async def run(match_id: int) -> MatchSnapshot:
            snap = await self.bot.service.load(match_id)
            seat = snap.seat_of(player.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            # The game's codec parses the text: bad JSON is refused in the game's words.
            return await self.bot.service.referee.act(match_id, user, seat, action, reason)

        await self._public(
            interaction, match, "bot.ref.acted", run, player=player.display_name, reason=reason
        )

    @app_commands.command(
        name=key("bot.command.inspect.name", "inspect"),
        description=key(
            "bot.command.inspect.description", "See a player's hidden information (only you)"
        ),
    )
    @app_commands.describe(
        player=key("bot.command.inspect.player", "Whose view"), match=MATCH_OPTION
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def inspect(
        self, interaction: discord.Interaction, player: discord.Member, match: int | None = None
    ) -> None:
        """Ephemeral: any seat's private view."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.flow.refereed_match(interaction, match)
            snap = await self.bot.service.load(match_id)
            seat = snap.seat_of(player.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            post = await self.bot.presenter.private(snap, seat, user_locale(interaction))
            post.lines[0] = self.bot.texts(
                "bot.ref.inspecting", user_locale(interaction), player=player.display_name
            )
            await followup(interaction, post)

    @app_commands.command(
        name=key("bot.command.rollback.name", "rollback"),
        description=key(
            "bot.command.rollback.description",
            "Return the match to an earlier event (with a preview)",
        ),
    )
    @app_commands.describe(
        event=key("bot.command.replay.event", "Event number (see /match log)"),
        reason=REASON,
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def rollback(
        self,
        interaction: discord.Interaction,
        event: app_commands.Range[int, 0],
        reason: app_commands.Range[str, 1, 300],
        match: int | None = None,
    ) -> None:
        """Ephemeral preview of the state after ``event`` with a button to confirm."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.flow.refereed_match(interaction, match)
            request = await self.bot.service.requests.request_rollback(
                match_id, interaction.user.id, event, reason
            )
            snap = await self.bot.service.state_after(match_id, event)
            locale = user_locale(interaction)
            header = [self.bot.texts("bot.ref.rollback_preview", locale, seq=event, reason=reason)]
            post = await self.bot.presenter.board_only(snap, locale, header)
            post.ephemeral = True
            post.buttons = [
                ButtonSpec(
                    self.bot.texts("bot.button.confirm_rollback", locale),
                    f"tt:confirm:{match_id}:{request.id}",
                    "danger",
                )
            ]
            await followup(interaction, post)

    async def confirm_rollback(
        self, interaction: discord.Interaction, match_id: int, request_id: int
    ) -> None:
        """The preview's confirm button."""

        async def work() -> tuple[MatchSnapshot, Post]:
            snap = await self.bot.service.requests.confirm_rollback(
                match_id, request_id, interaction.user.id
            )
            locale = await self.bot.flow.public_locale(interaction.guild_id)
            header = [
                self.bot.texts(
                    "bot.ref.rolled_back",
                    locale,
                    referee=interaction.user.mention,
                    seq=snap.match.version,
                )
            ]
            return snap, await self.bot.presenter.public(snap, locale, header)

        await self.bot.flow.public_change(interaction, work)

    @app_commands.command(
        name=key("bot.command.disputes.name", "disputes"),
        description=key("bot.command.disputes.description", "Open disputes in this server"),
    )
    async def disputes(self, interaction: discord.Interaction) -> None:
        """Ephemeral: the open disputes, with links to their matches."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.flow.require_referee(interaction)
            assert interaction.guild_id is not None  # only referees of a server get here
            rows = await self.bot.service.referee.open_disputes(interaction.guild_id)
            locale = user_locale(interaction)
            lines = [self.bot.texts("bot.dispute.list_header", locale, count=len(rows))]
            for dispute, match in rows:
                where = f"<#{match.thread_id}>" if match.thread_id else f"#{match.id}"
                lines.append(
                    self.bot.texts(
                        "bot.dispute.line",
                        locale,
                        id=dispute.id,
                        where=where,
                        seq=dispute.seq,
                        user=f"<@{dispute.opened_by}>",
                        reason=dispute.reason,
                    )
                )
            await followup(interaction, Post(lines=lines, ephemeral=True))


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Referee(bot))
