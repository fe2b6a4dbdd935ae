"""Sending posts through discord.py, and the one place errors become replies."""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.host import BotHost
from bot.discord.presenter import Post
from bot.discord.views import build_view
from bot.i18n import discord_locale
from bot.store.errors import ReplayError
from engines.core.errors import LocalisedError

log = logging.getLogger(__name__)


def send_kwargs(post: Post) -> dict[str, Any]:
    """Keyword arguments for ``send``/``followup.send`` carrying a post."""
    kwargs: dict[str, Any] = {
        "content": post.content or None,
        "files": [
            discord.File(io.BytesIO(image.data), filename=image.name, description=image.alt or None)
            for image in post.images
        ],
        # Ping exactly the players who owe a decision, never roles or @everyone.
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=[discord.Object(r) for r in post.roles],
            users=[discord.Object(u) for u in post.mentions],
        ),
    }
    if post.buttons or post.selects:
        kwargs["view"] = build_view(post.buttons, post.selects)
    return kwargs


async def followup(interaction: discord.Interaction, post: Post) -> discord.WebhookMessage:
    """Send a post as the interaction's follow-up (ephemeral if the post is private)."""
    kwargs = send_kwargs(post)
    if post.ephemeral:
        kwargs["ephemeral"] = True
    return await interaction.followup.send(wait=True, **kwargs)


def user_locale(interaction: discord.Interaction) -> str:
    """The locale of ephemeral replies: the user's own."""
    return discord_locale(interaction.locale)


async def reply_error(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral error reply, whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def error_text(bot: BotHost, interaction: discord.Interaction, exc: BaseException) -> str:
    """The localised, player-safe text of an expected error."""
    locale = user_locale(interaction)
    if isinstance(exc, LocalisedError):
        return bot.texts.error(exc, locale)
    return bot.texts("bot.error.unexpected", locale)


#: Refusals a user should read (engine, store and bot errors alike); anything
#: else is a bug, logged with its traceback.
EXPECTED = (LocalisedError,)


@asynccontextmanager
async def guarded(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Run an interaction handler; expected errors become ephemeral replies.

    This is the one error handler of the bot: slash commands, buttons and
    selects all go through it. Unexpected errors are logged with a traceback
    and the user gets a generic apology, never a stack trace.
    """
    bot: BotHost = interaction.client  # type: ignore[assignment]
    try:
        yield
    except ReplayError as exc:  # a bug or a missing data migration: say so, keep the traceback
        log.error("match history does not replay", exc_info=exc)
        await reply_error(interaction, error_text(bot, interaction, exc))
    except EXPECTED as exc:
        await reply_error(interaction, error_text(bot, interaction, exc))
    except discord.HTTPException as exc:
        log.warning("Discord refused a request: %s", exc)
        await _safe_reply(interaction, error_text(bot, interaction, exc))
    except Exception as exc:  # the last line of defence: log it, apologise, keep running
        log.exception("unexpected error in interaction %s", interaction.id)
        await _safe_reply(interaction, error_text(bot, interaction, exc))


async def _safe_reply(interaction: discord.Interaction, text: str) -> None:
    try:
        await reply_error(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell the user about an error in interaction %s", interaction.id)
