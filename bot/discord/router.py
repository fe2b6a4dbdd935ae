"""Interaction flow shared by commands and buttons.

Every handler follows the same path: acknowledge within Discord's 3 seconds
(defer) → ask the service (load → authorise → apply → commit) → render in a
worker thread → post. Errors go through :func:`bot.replies.guarded`.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import discord

from bot.discord.button_verbs import ButtonVerb, Who
from bot.discord.controls import Target, button_target, known_control
from bot.discord.host import BotHost
from bot.discord.presenter import Post, picture
from bot.discord.replies import (
    EXPECTED,
    error_text,
    followup,
    guarded,
    reply_error,
    send_kwargs,
    user_locale,
)
from bot.discord.views import build_view
from bot.errors import UserError
from bot.match.service import MatchService
from bot.match.types import MatchRef, MatchSnapshot, check_game, stale
from bot.store.errors import MatchChangedError

log = logging.getLogger(__name__)

Work = Callable[[], Awaitable[tuple[MatchSnapshot, Post]]]


class Router:
    """Routes interactions to the service and posts the results."""

    def __init__(self, bot: BotHost) -> None:
        self.bot = bot
        # One lock per match with a move in flight (gone with its last holder).
        self._moving: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # The public message each committed change being delivered has published (its
        # link; ``None`` before it is out), so a failure after it is not posted twice
        # (:meth:`_after_failed_post`). Only changes in :meth:`public_change` are kept.
        self._published: dict[int, str | None] = {}
        # The verbs of the match buttons, registered by the cogs that answer them.
        self._verbs: dict[str, ButtonVerb] = {
            "mine": ButtonVerb(Who.SEATED, lambda i, match_id, _: self.private_view(i, match_id))
        }

    def register_button(self, verb: str, handler: ButtonVerb) -> None:
        """Answer the buttons of ``verb`` with ``handler`` (a cog, when it is loaded)."""
        self._verbs[verb] = handler

    @asynccontextmanager
    async def _one_move_at_a_time(self, match_id: int | None) -> AsyncIterator[None]:
        """Hold ``match_id``'s moves in this process until this one is posted *and*
        recorded. A Dice Throne attack's post is on Discord, buttons and all, a moment
        before it is recorded as the match's post; an answer made in that moment would
        not know the post to update and would post (and ping) anew. Every interaction
        of a server comes to the process of its shard, so this covers the race."""
        if match_id is None:
            yield
            return
        lock = self._moving.get(match_id)
        if lock is None:
            lock = self._moving[match_id] = asyncio.Lock()
        async with lock:
            yield

    @property
    def service(self) -> MatchService:
        return self.bot.service

    async def public_locale(self, guild_id: int | None, snap: MatchSnapshot | None = None) -> str:
        """Locale of public posts in a guild (``snap``'s when its operation read it)."""
        return await self.bot.service.guild_locale(guild_id, self.bot.settings.default_locale, snap)

    async def match_of(self, interaction: discord.Interaction, explicit: int | None) -> int:
        """The match an interaction may reach (see :meth:`resolve`)."""
        return (await self.resolve(interaction, explicit)).id

    async def resolve(self, interaction: discord.Interaction, explicit: int | None) -> MatchRef:
        """The match of ``explicit`` (else of the thread), only among the matches of
        the interaction's server, or in DMs the user's own (:meth:`MatchService.resolve`)."""
        return await self.service.resolve(
            guild_id=interaction.guild_id,
            user_id=interaction.user.id,
            channel_id=interaction.channel_id,
            explicit=explicit,
        )

    async def refereed_match(self, interaction: discord.Interaction, explicit: int | None) -> int:
        """The match a referee tool acts on, once the user is a referee of its server."""
        ref = await self.resolve(interaction, explicit)
        if not await self.is_referee(interaction, ref.guild_id):
            raise UserError("bot.error.not_referee")
        return ref.id

    async def is_referee(self, interaction: discord.Interaction, guild_id: int | None) -> bool:
        """Whether the user referees in ``guild_id``: a member of that server's referee
        role, or one who may manage that server, asking from inside it (rights held
        in another server, or outside any server, count for nothing)."""
        if guild_id is None or interaction.guild_id != guild_id:
            return False
        if interaction.permissions.manage_guild:
            return True
        role_id = await self.service.referee_role(guild_id)
        member = interaction.user
        return (
            role_id is not None
            and isinstance(member, discord.Member)
            and any(r.id == role_id for r in member.roles)
        )

    async def require_referee(self, interaction: discord.Interaction) -> None:
        """Refuse (privately) anyone who is not a referee of the interaction's server."""
        if not await self.is_referee(interaction, interaction.guild_id):
            raise UserError("bot.error.not_referee")

    # -- public state changes -------------------------------------------------

    async def defer_private(self, interaction: discord.Interaction) -> None:
        """Acknowledge within Discord's 3 seconds without showing anything in public.

        A command's "thinking…" is ephemeral, so an error can edit it privately (the
        first follow-up after a deferral replaces it and keeps its visibility); a
        click or menu is deferred silently (its follow-ups are new messages).
        """
        if interaction.response.is_done():
            return
        if interaction.type is discord.InteractionType.application_command:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()

    async def public_change(
        self, interaction: discord.Interaction, work: Work, match_id: int | None = None
    ) -> None:
        """Defer privately, run ``work`` (one committed change), then publish the result
        (a player's move in ``match_id``: after the match's previous move is posted)."""
        async with guarded(interaction):
            await self.defer_private(interaction)
            async with self._one_move_at_a_time(match_id):
                try:
                    snap, post = await work()
                except MatchChangedError as exc:
                    await self._show_new_state(interaction, exc)
                    return
                # Committed: from here on a failure never says that nothing changed.
                self._published[interaction.id] = None
                try:
                    await self.deliver(interaction, snap, post)
                except discord.HTTPException as exc:
                    await self._after_failed_post(interaction, snap, post, exc)
                finally:
                    self._published.pop(interaction.id, None)

    async def _after_failed_post(
        self,
        interaction: discord.Interaction,
        snap: MatchSnapshot,
        post: Post,
        exc: discord.HTTPException,
    ) -> None:
        """Discord refused a call after the change was stored (the post the button is
        on could not be edited, the follow-up was refused): the change stands, so the
        public post goes out anew where it is still missing, and the user is told what
        was done, never that nothing changed."""
        log.warning("a committed change of match %s was not fully posted: %s", snap.match.id, exc)
        locale = user_locale(interaction)
        published = self._published.get(interaction.id)
        if published is not None:  # the post is out: what failed came after it
            text = self.bot.texts("bot.match.posted", locale, link=published)
        else:
            link = None
            if not post.ephemeral:
                try:
                    link = await self._post_anew(interaction, snap, post)
                except discord.HTTPException as again:
                    log.warning("nor could it be posted anew: %s", again)
            text = (
                self.bot.texts("bot.match.posted_anew", locale, link=link)
                if link is not None
                else self.bot.texts(
                    "bot.error.saved_not_posted",
                    locale,
                    match=snap.match.id,
                    seq=snap.match.version,
                )
            )
        try:
            await reply_error(interaction, text)
        except discord.HTTPException:
            log.warning("could not tell the user of interaction %s", interaction.id)

    def _note_published(
        self, interaction: discord.Interaction, message: discord.Message | discord.WebhookMessage
    ) -> None:
        """Remember that a committed change's public post is out (see ``_published``)."""
        if interaction.id in self._published:
            self._published[interaction.id] = message.jump_url

    async def _post_anew(
        self, interaction: discord.Interaction, snap: MatchSnapshot, post: Post
    ) -> str:
        """Post ``post`` as a new message of the match's thread (the interaction's
        channel if none) and record it as the match's state post; its link."""
        channel_id = snap.match.thread_id or interaction.channel_id
        assert channel_id is not None  # every interaction with a match has a channel
        post.replaces = None
        channel = self.bot.get_partial_messageable(channel_id)
        message = await channel.send(**send_kwargs(post))
        await self.posted(snap, message, post)
        return message.jump_url

    async def retire_controls(self, interaction: discord.Interaction) -> None:
        """Take the buttons off the message a (deferred) click is on, once what they
        ask is decided. A courtesy made after the change is stored: if Discord refuses
        it, the change still stands and is announced (a spent button refuses anyway)."""
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException as exc:
            log.info("could not take the controls off a message: %s", exc)

    async def _show_new_state(
        self, interaction: discord.Interaction, exc: MatchChangedError
    ) -> None:
        """Someone else moved first: say so and show the match as it is now, privately."""
        locale = user_locale(interaction)
        snap = await self.service.load(exc.match_id)
        header = [error_text(self.bot, interaction, exc)]
        post = await self.bot.presenter.public(snap, locale, header)
        post.ephemeral, post.mentions, post.buttons, post.selects = True, [], [], []
        await followup(interaction, post)

    async def public_reply(
        self, interaction: discord.Interaction, work: Callable[[], Awaitable[Post]]
    ) -> None:
        """A public answer that changes no match (an invitation, a board on request)."""
        async with guarded(interaction):
            await self.defer_private(interaction)
            post = await work()
            await self.publish(interaction, post)

    async def deliver(
        self, interaction: discord.Interaction, snap: MatchSnapshot, post: Post
    ) -> None:
        """Publish a state change in the match thread (the interaction's channel if none)."""
        thread_id = snap.match.thread_id
        thread: discord.abc.Messageable | None = None
        if thread_id is not None and thread_id != interaction.channel_id:
            found = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            assert isinstance(found, discord.abc.Messageable)
            thread = found
        await self.publish(interaction, post, thread, snap)

    async def publish(
        self,
        interaction: discord.Interaction,
        post: Post,
        channel: discord.abc.Messageable | None = None,
        state: MatchSnapshot | None = None,
    ) -> None:
        """One new public message in ``channel`` (default: the interaction's).

        A command's private deferral then becomes a short confirmation linking to it.
        A click's result is its follow-up (a new message) when it lands where the
        button is; elsewhere it is posted there and the clicker gets a private link.
        With ``state`` the message is the match's new state post (:meth:`posted`),
        recorded as soon as it exists.
        """
        if post.ephemeral:
            await followup(interaction, post)
            return
        if post.replaces is not None and state is not None:
            if await self._update(interaction, post, state):
                return
            post = await self._repinged(state)
        is_command = interaction.type is discord.InteractionType.application_command
        if channel is None and not is_command:
            message: discord.Message | discord.WebhookMessage = await followup(interaction, post)
            self._note_published(interaction, message)
            if state is not None:
                await self.posted(state, message, post)
            return
        target = channel or interaction.channel
        assert isinstance(target, discord.abc.Messageable)
        message = await target.send(**send_kwargs(post))
        self._note_published(interaction, message)
        if state is not None:
            await self.posted(state, message, post)
        note = self.bot.texts("bot.match.posted", user_locale(interaction), link=message.jump_url)
        if is_command:
            await interaction.edit_original_response(content=note)
        else:
            await interaction.followup.send(note, ephemeral=True)

    async def _update(
        self, interaction: discord.Interaction, post: Post, snap: MatchSnapshot
    ) -> bool:
        """Update the open exchange's post (a Dice Throne attack) in place with ``post``
        (which tells the attack's earlier events too, from the log); an edit pings
        nobody. False when that message is gone (deleted, thread archived): the caller
        then posts anew."""
        assert post.replaces is not None
        channel_id = snap.match.thread_id or interaction.channel_id
        if channel_id is None:
            return False
        partial = self.bot.get_partial_messageable(channel_id).get_partial_message(post.replaces)
        try:
            kwargs = send_kwargs(post)
            message = await partial.edit(
                content=kwargs["content"],
                attachments=kwargs["files"],
                view=kwargs.get("view"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            log.info("could not update the exchange post %s: %s", post.replaces, exc)
            return False
        self._note_published(interaction, message)
        await self.posted(snap, message, post)
        note = self.bot.texts("bot.match.updated", user_locale(interaction), link=message.jump_url)
        if interaction.type is discord.InteractionType.application_command:
            await interaction.edit_original_response(content=note)
        else:
            await interaction.followup.send(note, ephemeral=True)
        return True

    async def _repinged(self, snap: MatchSnapshot) -> Post:
        """The post of a state change as a new message that pings again (the exchange's
        post could not be updated)."""
        locale = await self.public_locale(snap.match.guild_id)
        fresh = replace(snap, before=None, before_version=None)
        return await self.bot.presenter.public(fresh, locale)

    async def posted(self, snap: MatchSnapshot, message: discord.abc.Snowflake, post: Post) -> None:
        """Remember ``message`` as the match's newest state post (an outdated control
        links to it) and take the decision controls off the post it supersedes.

        Taking them off is a courtesy (a click may already be on its way, and boards
        on request keep theirs): the version check on every press is the guarantee.
        """
        old = await self.service.record_state_post(
            snap.match.id, message.id, snap.match.version, post.since
        )
        thread_id = snap.match.thread_id
        if old is None or old == message.id or thread_id is None:
            return
        locale = await self.public_locale(snap.match.guild_id, snap)
        view = build_view([self.bot.presenter.view_button(snap, locale)])
        try:
            await (
                self.bot.get_partial_messageable(thread_id).get_partial_message(old).edit(view=view)
            )
        except discord.HTTPException as exc:  # deleted, or the thread archived: no matter
            log.info("could not retire the controls of message %s: %s", old, exc)

    async def act(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: dict[str, Any],
        version: int | None = None,
        game: str | None = None,
    ) -> None:
        """A player's game action, from a slash command or a button (``version``: the
        match version the button was posted for; the move is made only at it; ``game``:
        the game whose command sent it, refused in another game's match)."""

        async def work() -> tuple[MatchSnapshot, Post]:
            snap = await self.service.act(match_id, interaction.user.id, action, version, game)
            locale = await self.public_locale(snap.match.guild_id, snap)
            return snap, await self.bot.presenter.public(snap, locale)

        await self.public_change(interaction, work, match_id)

    async def choose(
        self, interaction: discord.Interaction, target: Target, values: list[str]
    ) -> None:
        """Values chosen in a decision's menu (none: its "none" button): the action
        they make, as if typed, made only if the match is still at the menu's version."""

        async def work() -> tuple[MatchSnapshot, Post]:
            snap = await self.service.load(target.match_id)
            if target.version != snap.match.version:
                raise stale(snap.match)
            seat = snap.seat_of(interaction.user.id)
            selection = next(
                (
                    sel
                    for decision in snap.pending(optional=True)
                    if decision.seat == seat
                    for sel in decision.selections
                    if (sel.kind, sel.field_name) == (target.kind, target.field_name)
                ),
                None,
            )
            by_text = {str(o.value): o.value for o in selection.options} if selection else {}
            fewest = (selection.min_values if selection.many else 1) if selection else 1
            if not values and selection is not None and selection.none is not None:
                fewest = 0
            if selection is None or len(values) < fewest or any(v not in by_text for v in values):
                # Only a changed engine could offer a menu its decision does not hold.
                raise UserError("bot.error.stale_menu")
            action = selection.action([by_text[v] for v in values])
            snap = await self.service.act(
                target.match_id, interaction.user.id, action, target.version
            )
            locale = await self.public_locale(snap.match.guild_id, snap)
            return snap, await self.bot.presenter.public(snap, locale)

        await self.public_change(interaction, work, target.match_id)

    # -- private replies ------------------------------------------------------

    async def preview(
        self,
        interaction: discord.Interaction,
        match_id: int,
        action: dict[str, Any],
        game: str | None = None,
    ) -> None:
        """Ephemeral: what ``action`` would do (the engine's preview), nothing applied."""
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            snap = await self.service.load(match_id)
            check_game(snap.engine, match_id, game)
            seat = snap.seat_of(interaction.user.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            engine = snap.engine
            view = engine.preview(snap.state, seat, engine.parse_action(action))
            if view is None:
                raise UserError("bot.error.no_preview")
            kind = "preview" if "preview" in engine.render_kinds else engine.render_kinds[0]
            locale = user_locale(interaction)
            text = self.bot.texts("bot.match.preview", locale)
            image = await picture(engine, view, kind, locale, f"match-{match_id}-preview.png", text)
            post = Post(
                lines=[text],
                images=[image],
                ephemeral=True,
            )
            await followup(interaction, post)

    async def private_view(
        self, interaction: discord.Interaction, match_id: int | None, dm: bool = False
    ) -> None:
        """Ephemeral: the user's own seat view (hand and other hidden information).

        ``match_id`` ``None`` means the match of the thread the user is in; with
        ``dm`` the same view is also sent to the user's direct messages.
        """
        async with guarded(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            match_id = await self.match_of(interaction, match_id)
            snap = await self.service.load(match_id)
            seat = snap.seat_of(interaction.user.id)
            if seat is None:
                raise UserError("bot.error.not_a_player")
            locale = user_locale(interaction)
            post = await self.bot.presenter.private(snap, seat, locale)
            if dm:
                post.lines.append(await self._by_dm(interaction, post, locale))
            await followup(interaction, post)

    async def _by_dm(self, interaction: discord.Interaction, post: Post, locale: str) -> str:
        """Send a private view to the user's direct messages; the line saying whether it
        went, and why not (the view is shown here all the same)."""
        try:
            await interaction.user.send(**send_kwargs(post))
        except discord.HTTPException as exc:
            # 50007: the user's privacy settings refuse DMs from this server's members
            # (Discord answers 403, at times 400); anything else Discord refused.
            log.info("could not send a view by DM to %s: %s", interaction.user.id, exc)
            if exc.code == 50007 or isinstance(exc, discord.Forbidden):
                return self.bot.texts("bot.error.dm_closed", locale)
            return self.bot.texts("bot.error.dm_failed", locale)
        return self.bot.texts("bot.match.sent_by_dm", locale)

    # -- buttons --------------------------------------------------------------

    async def may_press(self, interaction: discord.Interaction, verb: str, args: list[str]) -> bool:
        """Whether this user may press this button; if not, say why (ephemeral).

        The match named in the custom id must be reachable from here
        (:meth:`resolve`): a control naming another server's match is refused like
        one naming no match at all.
        """
        if not known_control(f"tt:{verb}:{':'.join(args)}"):
            return False  # the client answers "no longer in use" (TabletopBot.on_interaction)
        target = button_target(verb, args)
        if target is not None:
            return await self.may_use(interaction, target)
        match_id = int(args[0])
        ref = await self._reachable(interaction, match_id)
        if ref is None:
            return False
        handler = self._verbs.get(verb)
        allowed, refusal = False, "bot.error.not_your_button"
        if handler is not None:
            refusal = handler.who.value
            if handler.who is Who.REFEREE:
                allowed = await self.is_referee(interaction, ref.guild_id)
            else:
                allowed = await self.service.is_seated(match_id, interaction.user.id)
        if not allowed:
            text = self.bot.texts(refusal, user_locale(interaction))
            await interaction.response.send_message(text, ephemeral=True)
        return allowed

    async def may_use(self, interaction: discord.Interaction, target: Target) -> bool:
        """Whether a decision's button or menu is this user's to use now; if not, say
        privately why: the match is not reachable from here, the post is out of date
        (with a link to the current one), or what the user owes instead. The move
        checks the version again, atomically."""
        if await self._reachable(interaction, target.match_id) is None:
            return False
        try:
            await self.service.check_control(
                target.match_id, interaction.user.id, target.version, target.kind
            )
        except EXPECTED as exc:
            await reply_error(interaction, error_text(self.bot, interaction, exc))
            return False
        return True

    async def _reachable(self, interaction: discord.Interaction, match_id: int) -> MatchRef | None:
        """The match, if this interaction may reach it (:meth:`resolve`); else ``None``,
        once the user was told why."""
        try:
            return await self.resolve(interaction, match_id)
        except UserError as exc:
            await interaction.response.send_message(
                error_text(self.bot, interaction, exc), ephemeral=True
            )
            return None

    async def press(self, interaction: discord.Interaction, verb: str, args: list[str]) -> None:
        """Route a button press (already allowed by :meth:`may_press`)."""
        target = button_target(verb, args)
        if target is not None and verb == "act":
            await self.act(interaction, target.match_id, {"kind": target.kind}, target.version)
            return
        if target is not None:  # a menu's "none" button: the menu, with nothing chosen
            await self.choose(interaction, target, [])
            return
        handler = self._verbs.get(verb)
        if handler is None:
            log.warning("unknown button verb %s", verb)
            return
        await handler.press(interaction, int(args[0]), args[1:])
