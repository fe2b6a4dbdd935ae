"""``/ref``: referee tools. Every act is an event with its author and reason.

Only members of the referee role (``/setup referee-role``) or members who can
manage the server *of the match's server* may use them, from inside it
(``Router.refereed_match``); everyone else is refused privately, and a match of
another server is refused as if it did not exist. A referee who plays in the
match only asks: the act waits until every other player agrees (``tt:consent``
buttons), and its logged reason names who agreed; such a referee never inspects
another seat.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.button_verbs import ButtonVerb, Who
from bot.discord.cogs.common import MATCH_OPTION, my_match_choices
from bot.discord.controls import ButtonSpec
from bot.discord.presenter import Post
from bot.discord.ref_position import export_position
from bot.discord.replies import followup, guarded, user_locale
from bot.errors import UserError
from bot.i18n import key
from bot.match.referee import check_extension
from bot.match.referee_acts import Args, act_named
from bot.match.types import MatchSnapshot
from engines.core.serde import SerdeError, loads

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

REASON = key("bot.command.ref.reason", "Why (shown in the log)")
#: Checks an act against its match and gathers its arguments.
Prepare = Callable[[int], Awaitable[Args]]


def given(args: Args) -> Prepare:
    """An act whose arguments need no look-up in the match."""

    async def prepare(match_id: int) -> Args:
        return args

    return prepare


@app_commands.guild_only()
class RefereeCommands(
    commands.GroupCog,
    group_name=key("bot.command.ref.name", "ref"),
    group_description=key("bot.command.ref.description", "Referee tools"),
):
    """Commands for the guild's referees."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        """Answer the consent buttons (players agreeing to a seated referee's act) and
        the rollback preview's confirm button."""
        self.bot.router.register_button("consent", ButtonVerb(Who.SEATED, self._press_consent))
        self.bot.router.register_button("confirm", ButtonVerb(Who.REFEREE, self._press_confirm))

    async def _press_consent(
        self, interaction: discord.Interaction, match_id: int, args: list[str]
    ) -> None:
        await self.answer_consent(interaction, match_id, int(args[0]), args[1] == "yes")

    async def _press_confirm(
        self, interaction: discord.Interaction, match_id: int, args: list[str]
    ) -> None:
        await self.confirm_rollback(interaction, match_id, int(args[0]))

    async def _public(
        self,
        interaction: discord.Interaction,
        match: int | None,
        command: str,
        prepare: Prepare,
    ) -> None:
        """Resolve the match (of this server only) and check the user referees there;
        ``prepare(match_id)`` checks and gathers the act's arguments. A referee who
        plays in the match only asks the other players to agree (:meth:`_ask_consent`);
        anyone else's act is carried out and the new state posted publicly."""
        match_id: int | None = None
        args: Args = {}
        async with guarded(interaction):
            await self.bot.router.defer_private(interaction)
            match_id = await self.bot.router.refereed_match(interaction, match)
            args = await prepare(match_id)
            if await self.bot.service.is_seated(match_id, interaction.user.id):
                await self._ask_consent(interaction, match_id, command, args)
                match_id = None  # nothing happens until the others agree
        if match_id is not None:
            await self._carry_out(interaction, match_id, interaction.user.id, command, args)

    async def _carry_out(
        self,
        interaction: discord.Interaction,
        match_id: int,
        referee: int,
        command: str,
        args: Args,
    ) -> None:
        """Run the act and post the new state, headed by what the referee did."""

        async def work() -> tuple[MatchSnapshot, Post]:
            act = act_named(command)
            snap = await act.run(self.bot.service, match_id, referee, args)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            params = {k: v for k, v in args.items() if isinstance(v, str | int)}
            details: list[str] = []
            if act.shows == "reverted":
                target, undone, _ = await self.bot.service.reverted(match_id)
                params.update(target=target, count=len(undone))
                details = self.bot.presenter.revert_lines(snap, undone, locale)
            elif act.shows == "changes":
                details = self.bot.presenter.change_lines(snap.changes, locale)
            text_key = act.header
            settled = snap.dispute  # only a ruling settles a dispute
            if settled is not None:
                params.update(
                    dispute=settled.id, opener=f"<@{settled.opened_by}>", claim=settled.reason
                )
                text_key = "bot.ref.ruled_dispute"
            header = [
                self.bot.texts(
                    text_key,
                    locale,
                    **{**params, "referee": f"<@{referee}>", "seq": snap.match.version},
                ),
                *details,
            ]
            post = await self.bot.presenter.public(snap, locale, header)
            if act.notify_all:
                post.notify([s.user_id for s in snap.seats])
            if settled is not None and settled.opened_by not in post.mentions:
                # The header names who opened the dispute: the answer pings them.
                post.mentions.append(settled.opened_by)
            return snap, post

        await self.bot.router.public_change(interaction, work)

    async def _ask_consent(
        self, interaction: discord.Interaction, match_id: int, command: str, args: Args
    ) -> None:
        """Post the seated referee's request, pinging the players who must agree."""
        request, others = await self.bot.service.requests.request_consent(
            match_id, interaction.user.id, {"command": command, "args": args}
        )
        locale = await self.bot.router.public_locale(interaction.guild_id)
        base = f"tt:consent:{match_id}:{request.id}"
        post = Post(
            lines=[
                self.bot.texts(
                    "bot.ref.consent_asked",
                    locale,
                    referee=interaction.user.mention,
                    command=f"/ref {command}",
                    reason=str(args.get("reason") or args.get("ruling") or "-"),
                    players=" ".join(f"<@{u}>" for u in others),
                )
            ],
            mentions=others,
            buttons=[
                ButtonSpec(self.bot.texts("bot.button.accept", locale), f"{base}:yes", "success"),
                ButtonSpec(self.bot.texts("bot.button.decline", locale), f"{base}:no", "danger"),
            ],
        )
        await self.bot.router.publish(interaction, post)

    async def answer_consent(
        self, interaction: discord.Interaction, match_id: int, request_id: int, accept: bool
    ) -> None:
        """Another player's answer to a seated referee's request; once all agreed the
        act is carried out, its reason naming who agreed (so the log says it)."""
        outcome = None
        async with guarded(interaction):
            await self.bot.router.defer_private(interaction)
            outcome = await self.bot.service.requests.answer_consent(
                match_id, request_id, interaction.user.id, accept
            )
            request = outcome.request
            if outcome.agreed is not None or outcome.waiting_for is None:
                # Agreed or declined, the request is decided: its buttons go.
                await self.bot.router.retire_controls(interaction)
            if outcome.agreed is None:
                locale = await self.bot.router.public_locale(interaction.guild_id)
                declined = outcome.waiting_for is None
                text = self.bot.texts(
                    "bot.ref.consent_declined" if declined else "bot.ref.consent_waiting",
                    locale,
                    user=interaction.user.mention,
                    referee=f"<@{request.requested_by}>",
                )
                mentions = [request.requested_by] if declined else []
                await self.bot.router.publish(interaction, Post(lines=[text], mentions=mentions))
                outcome = None
        if outcome is None or outcome.agreed is None:
            return
        snap = await self.bot.service.load(match_id)
        names = [s.display_name for s in snap.seats if s.user_id in outcome.agreed]
        payload = dict(outcome.request.payload)
        args: Args = dict(payload["args"])
        field = "ruling" if payload["command"] == "rule" else "reason"
        args[field] = f"{args.get(field, '')} (✔ {', '.join(names)})"
        referee = outcome.request.requested_by
        await self._carry_out(interaction, match_id, referee, str(payload["command"]), args)

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
        await self._public(interaction, match, "undo", given({"reason": reason}))

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
        await self._public(interaction, match, "pause", given({"reason": reason}))

    @app_commands.command(
        name=key("bot.command.resume.name", "resume"),
        description=key(
            "bot.command.resume.description",
            "Resume a paused match; each decision gets back the time it had left",
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
        await self._public(interaction, match, "resume", given({"reason": reason}))

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
        """Push the current deadline back (by whole hours within ``EXTEND_HOURS``: an
        outdated client may send what the command's bounds forbid)."""

        async def prepare(match_id: int) -> Args:
            check_extension(hours)
            return {"hours": hours, "reason": reason}

        await self._public(interaction, match, "extend", prepare)

    @app_commands.command(
        name=key("bot.command.rule.name", "rule"),
        description=key("bot.command.rule.description", "Record a ruling (and settle a dispute)"),
    )
    @app_commands.describe(
        ruling=key("bot.command.rule.ruling", "The ruling, as players will read it"),
        dispute=key("bot.command.rule.dispute", "Dispute it settles (default: the only open one)"),
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
        await self._public(
            interaction, match, "rule", given({"ruling": ruling, "dispute": dispute})
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

        async def prepare(match_id: int) -> Args:
            snap = await self.bot.service.load(match_id)
            seats = [] if winner is None else [snap.seat_of(winner.id)]
            if None in seats:
                raise UserError("bot.error.not_a_player")
            return {"winners": seats, "reason": reason}

        await self._public(interaction, match, "result", prepare)

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

        async def prepare(match_id: int) -> Args:
            try:
                parsed = loads(changes)
            except SerdeError:  # invalid, or nested too deep to be a state change
                raise UserError("bot.error.adjust_json") from None
            if not isinstance(parsed, dict) or not parsed:
                raise UserError("bot.error.adjust_json")
            return {"changes": parsed, "reason": reason}

        # The public post names the act and the reason, never the changes: they may be hidden.
        await self._public(interaction, match, "adjust", prepare)

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

        async def prepare(match_id: int) -> Args:
            snap = await self.bot.service.load(match_id)
            seat = snap.seat_of(player.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            # The game's codec parses the text (when the act runs): bad JSON is refused
            # in the game's words.
            snap.engine.parse_action_text(action)
            return {"seat": seat, "player": player.display_name, "action": action, "reason": reason}

        await self._public(interaction, match, "act", prepare)

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
            match_id = await self.bot.router.refereed_match(interaction, match)
            snap = await self.bot.service.load(match_id)
            if snap.seat_of(interaction.user.id) is not None:
                # A player never sees another's hidden cards, whoever agrees.
                raise UserError("bot.error.referee_plays")
            seat = snap.seat_of(player.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            post = await self.bot.presenter.private(snap, seat, user_locale(interaction))
            post.lines[0] = self.bot.texts(
                "bot.ref.inspecting", user_locale(interaction), player=player.display_name
            )
            # The player's own buttons and menus are theirs: the referee only looks.
            post.buttons, post.selects = [], []
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
            match_id = await self.bot.router.refereed_match(interaction, match)
            if await self.bot.service.is_seated(match_id, interaction.user.id):
                current = await self.bot.service.load(match_id)
                if not 0 <= event < current.match.version:
                    last = current.match.version - 1
                    raise UserError("bot.error.no_such_event", seq=event, last=last)
                args = {"to_seq": event, "reason": reason}
                await self._ask_consent(interaction, match_id, "rollback", args)
                return
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
            locale = await self.bot.router.public_locale(interaction.guild_id)
            target, undone, reason = await self.bot.service.reverted(match_id)
            header = [
                self.bot.texts(
                    "bot.ref.rolled_back",
                    locale,
                    referee=interaction.user.mention,
                    seq=snap.match.version,
                    target=target,
                    count=len(undone),
                    reason=reason,
                ),
                *self.bot.presenter.revert_lines(snap, undone, locale),
            ]
            # The preview's button is spent: take it off (a click deferred silently
            # edits the message it is on).
            await self.bot.router.retire_controls(interaction)
            return snap, await self.bot.presenter.public(snap, locale, header)

        await self.bot.router.public_change(interaction, work)

    @app_commands.command(
        name=key("bot.command.position.name", "position"),
        description=key(
            "bot.command.position.description",
            "Export the position at an event as a scenario file (only you: it shows hidden cards)",
        ),
    )
    @app_commands.describe(
        event=key("bot.command.position.event", "Event number (see /match log)"),
        match=MATCH_OPTION,
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def position(
        self,
        interaction: discord.Interaction,
        event: app_commands.Range[int, 0],
        match: int | None = None,
    ) -> None:
        """Ephemeral: a scenario file of the position after ``event`` (bot/ref_position.py)."""
        await export_position(self.bot, interaction, event, match)

    @app_commands.command(
        name=key("bot.command.disputes.name", "disputes"),
        description=key("bot.command.disputes.description", "Open disputes in this server"),
    )
    async def disputes(self, interaction: discord.Interaction) -> None:
        """Ephemeral: the open disputes, with links to their matches."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.router.require_referee(interaction)
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
    await bot.add_cog(RefereeCommands(bot))
