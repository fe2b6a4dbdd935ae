"""Runs due reminders and deadline expiries, and announces them in the match threads.

The queue lives in the database (bot/deadlines.py); this cog only ticks it
every ``SCHEDULER_SECONDS`` and turns outcomes into posts. Tests set the
interval to 0 and call :meth:`Scheduler.tick` with a frozen clock.
"""

from __future__ import annotations

import logging
import os
import socket
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord.presenter import Post, discord_time
from bot.discord.replies import send_kwargs
from bot.match.deadlines import DeadlineRunner, JobOutcome

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

log = logging.getLogger(__name__)


class Scheduler(commands.Cog):
    """Deadline and reminder processing for this bot process."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        worker = f"{socket.gethostname()}:{os.getpid()}:{id(bot):x}"
        self.runner = DeadlineRunner(bot.service.access, worker)
        self.loop = tasks.loop(seconds=max(bot.settings.scheduler_seconds, 1))(self._loop)

    async def cog_load(self) -> None:
        if self.bot.settings.scheduler_seconds > 0:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _loop(self) -> None:
        try:
            await self.tick()
        except Exception:  # keep ticking: one bad job must not stop every deadline
            log.exception("scheduler tick failed")

    async def tick(self) -> list[JobOutcome]:
        """Run every due job and announce the outcomes; returns them."""
        outcomes = await self.runner.run_due()
        for outcome in outcomes:
            try:
                await self.announce(outcome)
            except discord.HTTPException:
                log.warning("could not announce %s for match %s", outcome.outcome, outcome.match_id)
            except Exception:  # a match that cannot be shown must not silence the others
                log.exception(
                    "announcing %s for match %s failed", outcome.outcome, outcome.match_id
                )
        return outcomes

    async def announce(self, outcome: JobOutcome) -> None:
        """Post one outcome in the match thread, pinging exactly who must know."""
        if outcome.thread_id is None:
            return
        bot = self.bot
        locale = await bot.router.public_locale(outcome.guild_id)
        user = f"<@{outcome.user_id}>"
        if outcome.outcome == "sent":
            snap = await bot.service.load(outcome.match_id)
            decision = next((d for d in snap.pending() if d.seat == outcome.seat), None)
            prompt = bot.texts.message(decision.prompt, locale) if decision else "—"
            # The player's own deadline (a late reminder moved it; seats may differ).
            deadline = discord_time(outcome.deadline or snap.match.deadline_at)
            post = Post(
                lines=[
                    bot.texts(
                        "bot.deadline.reminder", locale, user=user, prompt=prompt, deadline=deadline
                    )
                ],
                mentions=[outcome.user_id],
            )
            if decision is not None:  # the reminder carries what answers the decision
                bot.presenter.add_controls(post, snap, decision, locale)
        elif outcome.outcome == "failed":
            post = Post(
                lines=[
                    bot.texts(
                        f"bot.deadline.failed_{outcome.kind}",
                        locale,
                        player=outcome.name or user,
                    )
                ]
            )
            await self._call_referees(post, outcome.guild_id, locale)
        else:
            snap = await bot.service.load(outcome.match_id)
            snap.events = outcome.events
            decision = outcome.decision
            prompt = bot.texts.message(decision.prompt, locale) if decision else "—"
            default = (
                bot.presenter.action_label(snap.engine, decision.default.kind, locale)
                if decision is not None and decision.default is not None
                else "—"
            )
            others = [s.user_id for s in snap.seats if s.user_id != outcome.user_id]
            header = [
                bot.texts(
                    f"bot.deadline.{outcome.outcome}",
                    locale,
                    user=user,
                    prompt=prompt,
                    default=default,
                    missed=outcome.missed,
                    opponents=" ".join(f"<@{u}>" for u in others) or "—",
                )
            ]
            post = await bot.presenter.public(snap, locale, header)
            if outcome.outcome == "forfeit":  # the match is over: both sides must know
                post.mentions = [outcome.user_id, *others]
            if outcome.outcome == "paused":
                await self._call_referees(post, outcome.guild_id, locale)
        thread = bot.get_channel(outcome.thread_id) or await bot.fetch_channel(outcome.thread_id)
        assert isinstance(thread, discord.abc.Messageable)
        message = await thread.send(**send_kwargs(post))
        if outcome.outcome not in ("sent", "failed"):  # a new state: outdated controls link here
            await bot.router.posted(snap, message, post)

    async def _call_referees(self, post: Post, guild_id: int, locale: str) -> None:
        """Add the call to the server's referee role (pinged), if it has one."""
        role = await self.bot.service.referee_role(guild_id)
        if role is not None:
            post.lines.append(
                self.bot.texts("bot.deadline.call_referees", locale, role=f"<@&{role}>")
            )
            post.roles.append(role)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Scheduler(bot))
