"""Errors the bot shows to a user, localised through the catalogs."""

from __future__ import annotations

from typing import Any

from engines.core.errors import LocalisedError


class UserError(LocalisedError):
    """A refusal the user should read (not a bug): not a player, no such match…"""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, key=key, params=params)


class StaleControlError(UserError):
    """A button or menu of a post the match has moved on from: it changes nothing.

    The reply links the match's newest state post (or its thread, before the first
    post was recorded), where the controls of what is owed now are.
    """

    def __init__(
        self, match_id: int, guild_id: int, thread_id: int | None, post_id: int | None
    ) -> None:
        if thread_id is not None and post_id is not None:
            where = f"https://discord.com/channels/{guild_id}/{thread_id}/{post_id}"
        elif thread_id is not None:
            where = f"<#{thread_id}>"
        else:
            where = "—"
        super().__init__("bot.error.stale_control", match=match_id, post=where)
        self.match_id = match_id
