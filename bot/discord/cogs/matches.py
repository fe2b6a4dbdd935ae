"""``/match``: propose, accept, start, status, board, hand, log, resign, list."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.button_verbs import ButtonVerb, Who
from bot.discord.cogs.common import (
    MATCH_OPTION,
    game_choices,
    my_match_choices,
    option_choices,
    pack_choices,
    server_of,
)
from bot.discord.cogs.match_help import HelpCommands
from bot.discord.cogs.match_history import HistoryCommands
from bot.discord.cogs.match_players import PlayerCommands
from bot.discord.controls import ButtonSpec
from bot.discord.presenter import Post
from bot.discord.replies import followup, guarded, send_kwargs, user_locale
from bot.errors import UserError
from bot.i18n import deadline_choices, key
from bot.match.pace import DEADLINE_CHOICES, Pace
from bot.match.types import MatchSnapshot, Player, engine_for
from engines.core import EngineError

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

LOG_PAGE = 15

log = logging.getLogger(__name__)


def _player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name, user.bot)


class Matches(
    HelpCommands,
    HistoryCommands,
    PlayerCommands,
    commands.GroupCog,
    group_name=key("bot.command.match.name", "match"),
    group_description=key("bot.command.match.description", "Play-by-post matches"),
):
    """Match lifecycle for every installed game."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        """Answer the invitation, resignation and undo buttons."""
        self.bot.router.register_button("invite", ButtonVerb(Who.INVITED, self._press_invite))
        self.bot.router.register_button("resign", ButtonVerb(Who.SEATED, self._press_resign))
        self.bot.router.register_button("undo", ButtonVerb(Who.SEATED, self._press_undo))

    async def _press_invite(
        self, interaction: discord.Interaction, match_id: int, args: list[str]
    ) -> None:
        await self.answer_invite(interaction, match_id, args[0] == "yes")

    async def _press_resign(
        self, interaction: discord.Interaction, match_id: int, _: list[str]
    ) -> None:
        await self.confirm_resign(interaction, match_id)

    async def _press_undo(
        self, interaction: discord.Interaction, match_id: int, args: list[str]
    ) -> None:
        await self.answer_undo(interaction, match_id, int(args[0]), args[1] == "yes")

    @app_commands.command(
        name=key("bot.command.new.name", "new"),
        description=key("bot.command.new.description", "Propose a match"),
    )
    @app_commands.describe(
        game=key("bot.command.new.game", "Which game"),
        opponent=key("bot.command.new.opponent", "Who you challenge"),
        opponent2=key("bot.command.new.opponent2", "A third player, for games that allow one"),
        opponent3=key("bot.command.new.opponent3", "A fourth player, for games that allow one"),
        options=key("bot.command.new.options", "Match options as name=value pairs"),
        deadline=key("bot.command.new.deadline", "Time each player has for each decision"),
        pack=key(
            "bot.command.new.pack",
            "Content pack: built-in, installed with the bot or uploaded here (/content)",
        ),
    )
    @app_commands.choices(deadline=deadline_choices(DEADLINE_CHOICES))
    @app_commands.autocomplete(game=game_choices, pack=pack_choices, options=option_choices)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        # Member | User: in DMs Discord sends a user, and the refusal below must run.
        opponent: discord.Member | discord.User,
        opponent2: discord.Member | discord.User | None = None,
        opponent3: discord.Member | discord.User | None = None,
        options: str | None = None,
        deadline: int | None = None,
        pack: str | None = None,
    ) -> None:
        """Propose a match; the opponents accept with a button."""
        guild_id = await server_of(interaction)
        if guild_id is None:
            return

        async def work() -> Post:
            others = [o for o in (opponent, opponent2, opponent3) if o is not None]
            match, seats = await self.bot.service.create(
                guild_id=guild_id,
                channel_id=interaction.channel_id or 0,
                game=game,
                creator=_player(interaction.user),
                opponents=[_player(o) for o in others],
                options_text=options,
                pace=await self._pace(guild_id, deadline),
                pack=pack,
            )
            locale = await self.bot.router.public_locale(guild_id)
            title = self._title(match.game, match.id, [s.display_name for s in seats], locale)
            post = self.bot.presenter.invitation(title, match.id, [o.id for o in others], locale)
            if match.content_pack:  # which pack, and an upload's version, the match keeps
                shown = await self.bot.service.packs.shown(guild_id, match.content_pack)
                post.lines.append(self.bot.texts("bot.content.in_match", locale, pack=shown))
            return post

        await self.bot.router.public_reply(interaction, work)

    async def answer_invite(
        self, interaction: discord.Interaction, match_id: int, accept: bool
    ) -> None:
        """Accept/decline button; when everyone accepted, open the thread and start."""
        async with guarded(interaction):
            await interaction.response.defer()
            outcome = await self.bot.service.respond_invite(match_id, interaction.user.id, accept)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            names = [s.display_name for s in outcome.seats]
            title = self._title(outcome.match.game, match_id, names, locale)
            if outcome.cancelled:
                text = self.bot.texts(
                    "bot.match.declined", locale, user=interaction.user.display_name, title=title
                )
                await interaction.followup.send(text)
                return
            if not outcome.everyone_accepted:
                text = self.bot.texts(
                    "bot.match.accepted", locale, user=interaction.user.display_name
                )
                await interaction.followup.send(text)
                return
            await self._start(interaction, match_id, title, locale)

    async def _start(
        self, interaction: discord.Interaction, match_id: int, title: str, locale: str
    ) -> None:
        channel = interaction.channel or await self.bot.fetch_channel(interaction.channel_id or 0)
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent  # proposed inside a thread: the match gets a sibling thread
        if not isinstance(channel, discord.TextChannel):
            raise UserError("bot.error.text_channel_only")
        try:
            await self.bot.service.check_start(match_id)
        except EngineError as exc:  # the set-up fails (a pack changed since the proposal)
            await self._unstartable(interaction, match_id, title, locale, exc)
            return
        try:
            thread = await channel.create_thread(
                name=title[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.Forbidden:
            # Nothing was started: accepting again once the permission is granted works.
            raise UserError("bot.error.cannot_create_thread") from None
        try:
            snap = await self.bot.service.start(match_id, thread.id)
        except BaseException:
            await _remove_thread(thread)  # nothing started: no empty thread left behind
            raise
        header = [
            f"**{title}**",
            self.bot.texts("bot.match.seed_hash", locale, hash=snap.match.seed_hash),
        ]
        post = await self.bot.presenter.public(snap, locale, header)
        await self.bot.router.posted(snap, await thread.send(**send_kwargs(post)), post)
        await interaction.followup.send(
            self.bot.texts("bot.match.started", locale, title=title, thread=thread.mention)
        )

    async def _unstartable(
        self,
        interaction: discord.Interaction,
        match_id: int,
        title: str,
        locale: str,
        exc: EngineError,
    ) -> None:
        """Everyone accepted but the set-up fails: cancel the proposal (it would fail
        again), take the invitation's buttons off and tell every player why, publicly."""
        seats = await self.bot.service.cancel_unstartable(match_id, interaction.user.id)
        # The invitation's buttons go (a courtesy: a cancelled proposal refuses them).
        await self.bot.router.retire_controls(interaction)
        text = self.bot.texts(
            "bot.match.cannot_start",
            locale,
            players=" ".join(f"<@{s.user_id}>" for s in seats),
            title=title,
            reason=self.bot.texts.error(exc, locale),
        )
        await interaction.followup.send(
            text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False)
        )

    @app_commands.command(
        name=key("bot.command.status.name", "status"),
        description=key(
            "bot.command.status.description", "Where the match stands and who must play"
        ),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def status(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Ephemeral: the public board and whose decision it is."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            snap = await self.bot.service.load(match_id)
            locale = user_locale(interaction)
            post = await self.bot.presenter.public(
                snap, locale, [f"**{self._snap_title(snap, locale)}**"]
            )
            post.ephemeral, post.mentions, post.buttons, post.selects = True, [], [], []
            await followup(interaction, post)

    @app_commands.command(
        name=key("bot.command.board.name", "board"),
        description=key("bot.command.board.description", "Post the public board in the channel"),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def board(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Public: the board as everyone may see it."""

        async def work() -> Post:
            match_id = await self.bot.router.match_of(interaction, match)
            snap = await self.bot.service.load(match_id)
            locale = await self.bot.router.public_locale(interaction.guild_id)
            post = await self.bot.presenter.public(
                snap, locale, [f"**{self._snap_title(snap, locale)}**"]
            )
            post.mentions = []  # a board on request names whose turn it is but pings nobody
            return post

        await self.bot.router.public_reply(interaction, work)

    @app_commands.command(
        name=key("bot.command.hand.name", "hand"),
        description=key(
            "bot.command.hand.description", "See your own hand and hidden information (only you)"
        ),
    )
    @app_commands.describe(
        match=MATCH_OPTION,
        dm=key("bot.command.hand.dm", "Also send it to your direct messages"),
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def hand(
        self, interaction: discord.Interaction, match: int | None = None, dm: bool = False
    ) -> None:
        """Ephemeral (and by DM on request): the user's seat view."""
        await self.bot.router.private_view(interaction, match, dm=dm)

    @app_commands.command(
        name=key("bot.command.log.name", "log"),
        description=key("bot.command.log.description", "The match's event log"),
    )
    @app_commands.describe(
        match=MATCH_OPTION,
        page=key("bot.command.log.page", "Page number (default: the latest)"),
    )
    @app_commands.autocomplete(match=my_match_choices)
    async def log(
        self,
        interaction: discord.Interaction,
        match: int | None = None,
        page: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Ephemeral: one page of the event log (by default the latest, where a player
        catching up looks first), as this user may see it."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.bot.router.match_of(interaction, match)
            snap = await self.bot.service.load(match_id)
            rows, page, pages = await self.bot.service.log(match_id, page, LOG_PAGE)
            locale = user_locale(interaction)
            seat = snap.seat_of(interaction.user.id)
            lines = [
                self.bot.texts(
                    "bot.log.header",
                    locale,
                    title=self._snap_title(snap, locale),
                    page=page,
                    pages=pages,
                )
            ]
            for row in rows:
                lines.append(self.bot.presenter.log_line(row, seat, locale, snap))
            await followup(interaction, Post(lines=lines, ephemeral=True))

    @app_commands.command(
        name=key("bot.command.resign.name", "resign"),
        description=key("bot.command.resign.description", "Concede the match"),
    )
    @app_commands.describe(match=MATCH_OPTION)
    @app_commands.autocomplete(match=my_match_choices)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        """Ask for confirmation with a button before conceding."""
        async with guarded(interaction):
            match_id = await self.bot.router.match_of(interaction, match)
            if not await self.bot.service.is_seated(match_id, interaction.user.id):
                await interaction.response.send_message(
                    self.bot.texts("bot.error.not_a_player", user_locale(interaction)),
                    ephemeral=True,
                )
                return
            locale = user_locale(interaction)
            post = Post(
                lines=[self.bot.texts("bot.match.resign_confirm", locale, match=match_id)],
                buttons=[
                    ButtonSpec(
                        self.bot.texts("bot.button.resign", locale),
                        f"tt:resign:{match_id}",
                        "danger",
                    )
                ],
            )
            await interaction.response.send_message(ephemeral=True, **send_kwargs(post))

    async def confirm_resign(self, interaction: discord.Interaction, match_id: int) -> None:
        """The confirmation button: concede and announce it in the thread."""

        async def work() -> tuple[MatchSnapshot, Post]:
            snap = await self.bot.service.resign(match_id, interaction.user.id)
            locale = await self.bot.router.public_locale(snap.match.guild_id)
            header = [
                self.bot.texts("bot.match.resigned", locale, user=interaction.user.display_name)
            ]
            post = await self.bot.presenter.public(snap, locale, header)
            if snap.match.status == "finished":  # the others learn they won, or how it ended
                post.notify([s.user_id for s in snap.seats if s.user_id != interaction.user.id])
            return snap, post

        await self.bot.router.public_change(interaction, work)

    @app_commands.command(
        name=key("bot.command.list.name", "list"),
        description=key("bot.command.list.description", "Open matches in this server"),
    )
    @app_commands.describe(mine=key("bot.command.list.mine", "Only matches you play in"))
    async def list_(self, interaction: discord.Interaction, mine: bool = False) -> None:
        """Ephemeral: proposed and active matches, with links to their threads (in
        direct messages: the user's own, in every server)."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user.id if mine or interaction.guild_id is None else None
            rows = await self.bot.service.matches(interaction.guild_id, user)
            locale = user_locale(interaction)
            lines = [self.bot.texts("bot.list.header", locale, count=len(rows))]
            for match, seats in rows:
                where = f"<#{match.thread_id}>" if match.thread_id else f"<#{match.channel_id}>"
                title = self._title(match.game, match.id, [s.display_name for s in seats], locale)
                status = self.bot.texts(f"bot.status.{match.status}", locale)
                lines.append(f"• {title} — {status} — {where}")
            await followup(interaction, Post(lines=lines, ephemeral=True))

    async def _pace(self, guild_id: int | None, deadline: int | None) -> Pace:
        """The guild's pace (``/setup deadlines``), with the deadline chosen here, if any."""
        pace = await self.bot.service.guild_pace(guild_id) if guild_id is not None else Pace()
        if deadline is None:
            return pace
        return dataclasses.replace(pace, deadline_hours=deadline or None)

    def _title(self, game: str, match_id: int, names: list[str], locale: str) -> str:
        return self.bot.texts(
            "bot.match.title",
            locale,
            game=self.bot.texts(engine_for(game).title_key, locale),
            id=match_id,
            players=" vs ".join(names),
        )

    def _snap_title(self, snap: MatchSnapshot, locale: str) -> str:
        return self.bot.presenter.title(snap, locale)


async def _remove_thread(thread: discord.Thread) -> None:
    """Delete a match thread that holds no match; archive it where deleting is refused."""
    try:
        await thread.delete()
    except discord.HTTPException:
        try:
            await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not remove the empty match thread %s", thread.id)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Matches(bot))
