"""Plain data types of the emulated Discord world (no networking here)."""

from __future__ import annotations

import datetime as dt
import struct
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
DEFAULT_EVERYONE_PERMISSIONS = (
    (1 << 0)  # CREATE_INSTANT_INVITE
    | (1 << 6)  # ADD_REACTIONS
    | (1 << 10)  # VIEW_CHANNEL
    | (1 << 11)  # SEND_MESSAGES
    | (1 << 14)  # EMBED_LINKS
    | (1 << 15)  # ATTACH_FILES
    | (1 << 16)  # READ_MESSAGE_HISTORY
    | (1 << 18)  # USE_EXTERNAL_EMOJIS
    | (1 << 20)  # CONNECT
    | (1 << 21)  # SPEAK
    | (1 << 26)  # CHANGE_NICKNAME
    | (1 << 31)  # USE_APPLICATION_COMMANDS
    | (1 << 35)  # CREATE_PUBLIC_THREADS
    | (1 << 38)  # SEND_MESSAGES_IN_THREADS
)
DEFAULT_BOT_PERMISSIONS = (
    DEFAULT_EVERYONE_PERMISSIONS
    | (1 << 13)  # MANAGE_MESSAGES
    | (1 << 28)  # MANAGE_ROLES
    | (1 << 34)  # MANAGE_THREADS
    | (1 << 36)  # CREATE_PRIVATE_THREADS
)

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15


class SnowflakeGenerator:
    """Discord-style ids: (ms since 2015 << 22) | worker | counter, strictly increasing."""

    def __init__(self) -> None:
        self._last_ms = 0
        self._counter = 0

    def __call__(self) -> int:
        ms = max(int(time.time() * 1000), self._last_ms)
        if ms == self._last_ms:
            self._counter += 1
            if self._counter > 0xFFF:
                ms += 1
                self._counter = 0
        else:
            self._counter = 0
        self._last_ms = ms
        return ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | self._counter


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def iso_from_snowflake(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).isoformat()


def as_id(value: Any) -> int:
    """Accept an int, a numeric string, an object with ``.id`` or a payload dict."""
    if isinstance(value, bool):
        raise TypeError(f"not an id: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, dict) and "id" in value:
        return int(value["id"])
    if hasattr(value, "id"):
        return int(value.id)
    raise TypeError(f"not an id: {value!r}")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Depth-first walk over (v1 and v2) message/modal components."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def sniff_image(data: bytes) -> tuple[str | None, int | None, int | None]:
    """(content_type, width, height) for PNG/JPEG/GIF/WEBP, best effort."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return "image/png", width, height
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return "image/gif", width, height
    if data.startswith(b"\xff\xd8"):
        return "image/jpeg", None, None
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp", None, None
    return None, None, None


@dataclass
class RequestPart:
    """One part of a multipart/form-data request body."""

    name: str
    filename: str | None
    content_type: str | None
    data: bytes

    def text(self) -> str:
        return self.data.decode()


@dataclass
class RecordedRequest:
    """A REST request the bot made (path is relative to ``/api/v10``)."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    json: Any = None
    parts: list[RequestPart] = field(default_factory=list)
    status: int = 0
    response: Any = None

    @property
    def files(self) -> list[RequestPart]:
        return [p for p in self.parts if p.name.startswith("files[")]

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    width: int | None = None
    height: int | None = None
    ephemeral: bool = False

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            payload["content_type"] = self.content_type
        if self.description is not None:
            payload["description"] = self.description
        if self.width is not None:
            payload["width"], payload["height"] = self.width, self.height
        if self.ephemeral:
            payload["ephemeral"] = True
        return payload


@dataclass
class StoredMessage:
    """A message in the emulated world; the emulator renders it as a Discord payload."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    interaction_id: int | None = None
    pinned: bool = False
    reactions: list[str] = field(default_factory=list)
    poll: dict[str, Any] | None = None
    deleted: bool = False
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def walk_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.walk_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise KeyError(f"no component {custom_id!r} on message {self.id}; have {self.custom_ids}")

    def attachment(self, filename: str) -> StoredAttachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(f"no attachment {filename!r}; have {[a.filename for a in self.attachments]}")

    @property
    def text(self) -> str:
        """Content plus embed titles/descriptions/fields and text displays, for loose asserts."""
        chunks = [self.content]
        for embed in self.embeds:
            chunks += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                chunks += [fld.get("name", ""), fld.get("value", "")]
            chunks.append((embed.get("footer") or {}).get("text", ""))
        chunks += [c.get("content", "") for c in self.walk_components() if c.get("type") == 10]
        return "\n".join(c for c in chunks if c)

    def __repr__(self) -> str:
        return (
            f"<StoredMessage id={self.id} channel={self.channel_id} flags={self.flags} "
            f"{'DELETED ' if self.deleted else ''}"
            f"content={self.content[:40]!r} embeds={len(self.embeds)} "
            f"files={[a.filename for a in self.attachments]}>"
        )


@dataclass
class EmuUser:
    id: int
    name: str
    locale: str = "en-US"
    global_name: str | None = None
    bot: bool = False
    #: ``False``: the user's privacy settings refuse direct messages from the bot (no
    #: server in common allows them); a DM is then refused with 403 50007.
    accepts_dms: bool = True

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name if self.global_name is not None else self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class EmuRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    managed: bool = False
    mentionable: bool = False
    hoist: bool = False
    tags: dict[str, Any] | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": self.hoist,
            "managed": self.managed,
            "mentionable": self.mentionable,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.tags is not None:
            data["tags"] = self.tags
        return data


@dataclass
class EmuMember:
    user_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)
    permissions: int | None = None  # explicit override of the computed permissions


@dataclass
class EmuGuild:
    id: int
    name: str
    locale: str
    owner_id: int
    channel_id: int = 0  # the default text channel
    roles: dict[int, EmuRole] = field(default_factory=dict)
    members: dict[int, EmuMember] = field(default_factory=dict)

    @property
    def everyone_role_id(self) -> int:
        return self.id

    def role_named(self, name: str) -> EmuRole | None:
        return next((r for r in self.roles.values() if r.name == name), None)


@dataclass
class InteractionResponse:
    """The initial interaction callback the bot sent (``POST /interactions/.../callback``)."""

    type: int
    data: dict[str, Any]
    message: StoredMessage | None = None
    delay: float = 0.0  # seconds between dispatch and callback

    @property
    def flags(self) -> int:
        return int(self.data.get("flags", 0) or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices", []))

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components", []))

    def __repr__(self) -> str:
        return f"<InteractionResponse type={self.type} flags={self.flags} data={self.data!r:.120}>"
