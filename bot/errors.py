"""Errors the bot shows to a user, localised through the catalogs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class UserError(Exception):
    """A refusal the user should read (not a bug): not a player, no such match…"""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params: Mapping[str, Any] = params
