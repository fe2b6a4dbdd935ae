"""A local, test-only Discord (REST v10 + gateway) for driving the real discord.py client.

See README.md next to this file for the API and the pitfalls.
"""

from __future__ import annotations

from .client import DEFAULT_TOKEN, RunningBot, point_discord_py_at
from .interaction import EmulatedInteraction
from .models import (
    EPHEMERAL,
    LOADING,
    EmuGuild,
    EmuMember,
    EmuRole,
    EmuUser,
    InteractionResponse,
    RecordedRequest,
    RequestPart,
    StoredAttachment,
    StoredMessage,
)
from .server import DiscordEmulator
from .validation import ApiError

__all__ = [
    "DEFAULT_TOKEN",
    "EPHEMERAL",
    "LOADING",
    "ApiError",
    "DiscordEmulator",
    "EmuGuild",
    "EmuMember",
    "EmuRole",
    "EmuUser",
    "EmulatedInteraction",
    "InteractionResponse",
    "RecordedRequest",
    "RequestPart",
    "RunningBot",
    "StoredAttachment",
    "StoredMessage",
    "point_discord_py_at",
]
