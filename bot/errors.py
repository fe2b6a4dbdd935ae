"""Errors the bot shows to a user, localised through the catalogs."""

from __future__ import annotations

from typing import Any

from engines.core.errors import LocalisedError


class UserError(LocalisedError):
    """A refusal the user should read (not a bug): not a player, no such match…"""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, key=key, params=params)
