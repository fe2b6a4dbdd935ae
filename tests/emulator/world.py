"""In-memory Discord world: users, guilds, roles, channels, threads, messages.

Everything here is synchronous; ``dispatch``/``notify`` are hooks the server
overrides to push gateway events and wake waiters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    EmuGuild,
    EmuMember,
    EmuRole,
    EmuUser,
    SnowflakeGenerator,
    StoredAttachment,
    StoredMessage,
    iso_now,
)
from .validation import not_found

THREAD_TYPES = (10, 11, 12)
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


class World:
    def __init__(
        self,
        *,
        application_id: int | None = None,
        bot_name: str = "EmulatedBot",
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
    ) -> None:
        self.new_id = SnowflakeGenerator()
        self.shard_count = 1  # shards the emulator recommends in GET /gateway/bot
        self.application_id = application_id or self.new_id()
        # Modern applications have the bot user id equal to the application id.
        self.bot = EmuUser(id=self.application_id, name=bot_name, bot=True)
        self.bot_permissions = bot_permissions
        self.users: dict[int, EmuUser] = {self.bot.id: self.bot}
        self.guilds: dict[int, EmuGuild] = {}
        self.channels: dict[int, dict[str, Any]] = {}  # Discord channel payloads by id
        self.messages: dict[int, StoredMessage] = {}
        self.attachments: dict[int, StoredAttachment] = {}
        self.thread_members: dict[int, set[int]] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id

    # -- hooks -------------------------------------------------------------------------
    base_url = "http://127.0.0.1:0"

    def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None = None) -> None:
        """Send a gateway DISPATCH to the connected sessions (server overrides)."""

    def notify(self) -> None:
        """Wake everything waiting on emulator state (server overrides)."""

    def on_guild_added(self, guild: EmuGuild) -> None:
        """Announce a guild created while the bot is connected (server overrides)."""

    @property
    def bot_user(self) -> dict[str, Any]:
        return self.bot.payload()

    # -- building the world ------------------------------------------------------------
    def add_guild(
        self,
        name: str = "Test Guild",
        locale: str = "en-US",
        *,
        owner_id: int | None = None,
        channel_name: str = "general",
        shard: int | None = None,
    ) -> EmuGuild:
        """A guild with @everyone, the bot (and its managed role) and a text channel.

        ``shard`` picks an id with ``(id >> 22) % self.shard_count == shard``.
        """
        gid = self.new_id()
        while shard is not None and (gid >> 22) % self.shard_count != shard:
            gid += 1 << 22  # one millisecond later
        guild = EmuGuild(id=gid, name=name, locale=locale, owner_id=owner_id or self.new_id())
        guild.roles[gid] = EmuRole(
            id=gid, name="@everyone", permissions=DEFAULT_EVERYONE_PERMISSIONS
        )
        bot_role = EmuRole(
            id=self.new_id(),
            name=self.bot.name,
            permissions=self.bot_permissions,
            position=1,
            managed=True,
            tags={"bot_id": str(self.bot.id)},
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[gid] = guild
        guild.members[self.bot.id] = EmuMember(user_id=self.bot.id, roles=[bot_role.id])
        guild.channel_id = self.add_channel(gid, channel_name, announce=False)
        self.on_guild_added(guild)
        self.notify()
        return guild

    def add_channel(
        self,
        guild_id: int,
        name: str,
        *,
        type: int = 0,
        parent_id: int | None = None,
        announce: bool = True,
    ) -> int:
        guild = self.guild(guild_id)
        cid = self.new_id()
        position = sum(1 for c in self.channels.values() if c.get("guild_id") == str(guild.id))
        self.channels[cid] = {
            "id": str(cid),
            "type": type,
            "guild_id": str(guild.id),
            "name": name,
            "position": position,
            "permission_overwrites": [],
            "parent_id": str(parent_id) if parent_id else None,
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if announce:
            self.dispatch("CHANNEL_CREATE", dict(self.channels[cid]), guild.id)
        return cid

    def add_user(
        self,
        name: str,
        *,
        locale: str = "en-US",
        guild_id: int | None = None,
        roles: Iterable[int | str] = (),
        permissions: int | None = None,
        nick: str | None = None,
        member: bool = True,
        global_name: str | None = None,
    ) -> EmuUser:
        """Create a user; unless ``member=False`` they join ``guild_id`` (default: first guild)."""
        user = EmuUser(id=self.new_id(), name=name, locale=locale, global_name=global_name)
        self.users[user.id] = user
        if member and (guild_id or self.guilds):
            gid = guild_id or next(iter(self.guilds))
            self.add_member(gid, user.id, roles=roles, permissions=permissions, nick=nick)
        self.notify()
        return user

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        *,
        roles: Iterable[int | str] = (),
        permissions: int | None = None,
        nick: str | None = None,
    ) -> EmuMember:
        guild = self.guild(guild_id)
        role_ids = [self._role_id(guild, r) for r in roles]
        member = EmuMember(user_id=user_id, roles=role_ids, nick=nick, permissions=permissions)
        guild.members[user_id] = member
        self.dispatch(
            "GUILD_MEMBER_ADD",
            {**self.member_payload(guild, member), "guild_id": str(guild.id)},
            guild.id,
        )
        return member

    def add_role(
        self,
        guild_id: int,
        name: str,
        *,
        permissions: int = 0,
        color: int = 0,
        position: int | None = None,
        **extra: Any,
    ) -> EmuRole:
        """A role; like Discord, it lands just above @everyone unless ``position`` is given."""
        guild = self.guild(guild_id)
        if position is None:
            position = 1
            for other in guild.roles.values():
                if other.position >= 1:
                    other.position += 1
                    data = {"guild_id": str(guild.id), "role": other.payload()}
                    self.dispatch("GUILD_ROLE_UPDATE", data, guild.id)
        role = EmuRole(
            id=self.new_id(),
            name=name,
            permissions=permissions,
            color=color,
            position=position,
            **extra,
        )
        guild.roles[role.id] = role
        self.dispatch(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, guild.id
        )
        self.notify()
        return role

    def add_member_role(self, guild_id: int, user_id: int, role_id: int | str) -> None:
        guild = self.guild(guild_id)
        member = self.member(guild, user_id)
        rid = self._role_id(guild, role_id)
        if rid not in member.roles:
            member.roles.append(rid)
            self._member_updated(guild, member)

    def remove_member_role(self, guild_id: int, user_id: int, role_id: int | str) -> None:
        guild = self.guild(guild_id)
        member = self.member(guild, user_id)
        rid = self._role_id(guild, role_id)
        if rid in member.roles:
            member.roles.remove(rid)
            self._member_updated(guild, member)

    def dm_channel(self, user_id: int) -> int:
        """The DM channel between the bot and ``user_id`` (created on first use)."""
        if user_id not in self.dm_channels:
            cid = self.new_id()
            self.channels[cid] = {
                "id": str(cid),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.user(user_id).payload()],
            }
            self.dm_channels[user_id] = cid
        return self.dm_channels[user_id]

    def _member_updated(self, guild: EmuGuild, member: EmuMember) -> None:
        data = {**self.member_payload(guild, member), "guild_id": str(guild.id)}
        self.dispatch("GUILD_MEMBER_UPDATE", data, guild.id)
        self.notify()

    def _role_id(self, guild: EmuGuild, role: int | str) -> int:
        if isinstance(role, int):
            if role not in guild.roles:
                raise KeyError(f"role {role} not in guild {guild.id}")
            return role
        found = guild.role_named(role)
        return found.id if found else self.add_role(guild.id, role).id

    # -- lookups -----------------------------------------------------------------------
    def guild(self, guild_id: int) -> EmuGuild:
        try:
            return self.guilds[int(guild_id)]
        except KeyError:
            raise not_found("Guild", 10004) from None

    def user(self, user_id: int) -> EmuUser:
        try:
            return self.users[int(user_id)]
        except KeyError:
            raise not_found("User", 10013) from None

    def member(self, guild: EmuGuild, user_id: int) -> EmuMember:
        try:
            return guild.members[int(user_id)]
        except KeyError:
            raise not_found("Member", 10007) from None

    def channel(self, channel_id: int) -> dict[str, Any]:
        try:
            return self.channels[int(channel_id)]
        except KeyError:
            raise not_found("Channel", 10003) from None

    def guild_of_channel(self, channel_id: int) -> EmuGuild | None:
        gid = self.channel(channel_id).get("guild_id")
        return self.guilds[int(gid)] if gid else None

    def message(self, message_id: int, channel_id: int | None = None) -> StoredMessage:
        msg = self.messages.get(int(message_id))
        if (
            msg is None
            or msg.deleted
            or (channel_id is not None and msg.channel_id != int(channel_id))
        ):
            raise not_found("Message", 10008)
        return msg

    def permissions(self, guild: EmuGuild, user_id: int) -> int:
        member = self.member(guild, user_id)
        if member.permissions is not None:  # a test's override: Administrator still implies all
            return ALL_PERMISSIONS if member.permissions & ADMINISTRATOR else member.permissions
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        perms = guild.roles[guild.id].permissions
        for rid in member.roles:
            perms |= guild.roles[rid].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def channel_permissions(self, channel_id: int, user_id: int) -> int:
        """Permissions in a channel: the guild's, then the channel's (or thread parent's)
        overwrites, like Discord computes them; Administrator implies everything."""
        channel = self.channel(channel_id)
        guild = self.guild_of_channel(channel_id)
        if guild is None:
            return ALL_PERMISSIONS  # a DM: nothing the bot can be refused by permissions
        perms = self.permissions(guild, user_id)
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        if channel["type"] in THREAD_TYPES and channel.get("parent_id"):
            channel = self.channel(int(channel["parent_id"]))
        overwrites = {str(o["id"]): o for o in channel.get("permission_overwrites") or []}
        member = self.member(guild, user_id)

        def apply(perms: int, *ids: int) -> int:
            allow = deny = 0
            for oid in ids:
                over = overwrites.get(str(oid))
                if over is not None:
                    allow, deny = allow | int(over["allow"]), deny | int(over["deny"])
            return (perms & ~deny) | allow

        perms = apply(perms, guild.id)
        perms = apply(perms, *member.roles)
        return apply(perms, user_id)

    @property
    def threads(self) -> list[dict[str, Any]]:
        return [c for c in self.channels.values() if c["type"] in THREAD_TYPES]

    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = True
    ) -> list[StoredMessage]:
        """Messages of a channel or thread, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == int(channel_id)
            and not m.deleted
            and (include_ephemeral or not m.ephemeral)
        ]

    # -- payload rendering -------------------------------------------------------------
    def member_payload(
        self,
        guild: EmuGuild,
        member: EmuMember,
        *,
        with_user: bool = True,
        with_permissions: bool = False,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "avatar_decoration_data": None,
        }
        if with_user:
            data["user"] = self.user(member.user_id).payload()
        if with_permissions:
            data["permissions"] = str(self.permissions(guild, member.user_id))
        return data

    def guild_payload(self, guild: EmuGuild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": str(guild.channel_id) if guild.channel_id else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "preferred_locale": guild.locale,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "max_members": 500000,
            "max_video_channel_users": 25,
            "application_id": None,
        }

    def guild_create_payload(self, guild: EmuGuild, intents: int) -> dict[str, Any]:
        members = list(guild.members.values())
        if not intents & (1 << 1):  # without GUILD_MEMBERS only the bot itself is sent
            members = [m for m in members if m.user_id == self.bot.id]
        gid = str(guild.id)
        return {
            **self.guild_payload(guild),
            "unavailable": False,
            "joined_at": iso_now(),
            "large": len(guild.members) >= 250,
            "member_count": len(guild.members),
            "members": [self.member_payload(guild, m) for m in members],
            "channels": [
                dict(c)
                for c in self.channels.values()
                if c.get("guild_id") == gid and c["type"] not in THREAD_TYPES
            ],
            "threads": [
                dict(c)
                for c in self.channels.values()
                if c.get("guild_id") == gid
                and c["type"] in THREAD_TYPES
                and not c["thread_metadata"]["archived"]
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def channel_payload(self, channel_id: int, *, for_user: int | None = None) -> dict[str, Any]:
        data = dict(self.channel(channel_id))
        if for_user is not None:
            guild = self.guild_of_channel(channel_id)
            perms = self.permissions(guild, for_user) if guild else DEFAULT_EVERYONE_PERMISSIONS
            data["permissions"] = str(perms)
        return data

    def message_payload(self, msg: StoredMessage, *, gateway: bool = False) -> dict[str, Any]:
        author = self.user(msg.author_id)
        mentions = [int(i) for i in _USER_MENTION.findall(msg.content)]
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": author.payload(),
            "content": msg.content,
            "timestamp": msg.timestamp,
            "edited_timestamp": msg.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [self.users[i].payload() for i in mentions if i in self.users],
            "mention_roles": _ROLE_MENTION.findall(msg.content),
            "attachments": [a.to_payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": msg.pinned,
            "type": msg.type,
            "flags": msg.flags,
        }
        for key in ("webhook_id", "application_id"):
            if getattr(msg, key) is not None:
                data[key] = str(getattr(msg, key))
        for key in ("interaction_metadata", "interaction", "message_reference", "poll"):
            if getattr(msg, key) is not None:
                data[key] = getattr(msg, key)
        thread = self.channels.get(msg.id)
        if thread is not None and thread["type"] in THREAD_TYPES:
            data["thread"] = dict(thread)
        if gateway and msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            guild = self.guilds[msg.guild_id]
            if msg.webhook_id is None and msg.author_id in guild.members:
                data["member"] = self.member_payload(
                    guild, guild.members[msg.author_id], with_user=False
                )
        return data
