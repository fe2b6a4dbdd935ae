"""REST routes for channels, messages, threads and guilds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .http_util import NO_CONTENT, path_id
from .models import RecordedRequest, StoredMessage
from .validation import ApiError, form_error, not_found
from .world import THREAD_TYPES

if TYPE_CHECKING:
    from .server import DiscordEmulator

MANAGE_ROLES, CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS = 1 << 28, 1 << 35, 1 << 36
MANAGE_CHANNELS, ADD_REACTIONS, VIEW_CHANNEL, SEND_MESSAGES = 1 << 4, 1 << 6, 1 << 10, 1 << 11
MANAGE_MESSAGES, ATTACH_FILES, READ_MESSAGE_HISTORY = 1 << 13, 1 << 15, 1 << 16
MANAGE_NICKNAMES, MANAGE_THREADS, SEND_MESSAGES_IN_THREADS = 1 << 27, 1 << 34, 1 << 38


def _missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


class ChannelRoutes:
    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu

    def _require(self, channel_id: int, bits: int) -> None:
        """403 50013 unless the bot has all ``bits`` in the channel (50001 if it cannot see it)."""
        perms = self.emu.channel_permissions(channel_id, self.emu.bot.id)
        if not perms & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if perms & bits != bits:
            raise _missing_permissions()

    def _is_thread(self, channel_id: int) -> bool:
        return self.emu.channel(channel_id)["type"] in THREAD_TYPES

    # -- channels ----------------------------------------------------------------------
    async def get_channel(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self.emu.channel_payload(path_id(request, "channel_id"))

    async def patch_channel(self, request: web.Request, rec: RecordedRequest) -> Any:
        cid = path_id(request, "channel_id")
        channel, body = self.emu.channel(cid), rec.json or {}
        if channel.get("guild_id"):
            if not self._is_thread(cid):
                self._require(cid, MANAGE_CHANNELS)
            elif "locked" in body or channel["owner_id"] != str(self.emu.bot.id):
                self._require(cid, MANAGE_THREADS)  # the owner may rename or archive its own
        return dict(self.emu.update_channel(cid, body))

    async def delete_channel(self, request: web.Request, rec: RecordedRequest) -> Any:
        emu = self.emu
        cid = path_id(request, "channel_id")
        if emu.channel(cid).get("guild_id"):  # 404 if unknown
            self._require(cid, MANAGE_THREADS if self._is_thread(cid) else MANAGE_CHANNELS)
        channel = emu.channels.pop(cid)
        guild_id = int(channel["guild_id"]) if channel.get("guild_id") else None
        event = "THREAD_DELETE" if channel["type"] in THREAD_TYPES else "CHANNEL_DELETE"
        emu.dispatch(event, dict(channel), guild_id)
        return channel

    async def typing(self, request: web.Request, rec: RecordedRequest) -> Any:
        self.emu.channel(path_id(request, "channel_id"))
        return NO_CONTENT

    # -- messages ----------------------------------------------------------------------
    def _message(self, request: web.Request) -> StoredMessage:
        """A channel's message; ephemeral ones exist only for their interaction's webhook."""
        msg = self.emu.message(path_id(request, "message_id"), path_id(request, "channel_id"))
        if msg.ephemeral:
            raise not_found("Message", 10008)
        if msg.guild_id is not None:
            self._require(msg.channel_id, READ_MESSAGE_HISTORY)
        return msg

    async def list_messages(self, request: web.Request, rec: RecordedRequest) -> Any:
        emu = self.emu
        if emu.channel(path_id(request, "channel_id")).get("guild_id"):
            self._require(path_id(request, "channel_id"), READ_MESSAGE_HISTORY)
        msgs = emu.channel_messages(path_id(request, "channel_id"), include_ephemeral=False)
        if "before" in rec.query:
            msgs = [m for m in msgs if m.id < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [m for m in msgs if m.id > int(rec.query["after"])]
        limit = int(rec.query.get("limit", 50))
        return [emu.message_payload(m) for m in reversed(msgs)][:limit]

    async def post_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        emu = self.emu
        cid = path_id(request, "channel_id")
        if emu.channel(cid).get("guild_id"):
            bits = SEND_MESSAGES_IN_THREADS if self._is_thread(cid) else SEND_MESSAGES
            if rec.files:
                bits |= ATTACH_FILES
            if (rec.json or {}).get("message_reference"):
                bits |= READ_MESSAGE_HISTORY
            self._require(cid, bits)
        else:
            self._check_dm_allowed(cid)
        msg = emu.create_message(
            path_id(request, "channel_id"), emu.bot.id, rec.json or {}, rec.parts
        )
        return emu.message_payload(msg)

    def _check_dm_allowed(self, channel_id: int) -> None:
        """Discord refuses a DM to a user whose settings close DMs to the bot."""
        for recipient in self.emu.channel(channel_id).get("recipients", []):
            if not self.emu.user(int(recipient["id"])).accepts_dms:
                raise ApiError(403, 50007, "Cannot send messages to this user")

    async def get_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self.emu.message_payload(self._message(request))

    async def patch_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        msg = self._message(request)
        if msg.author_id != self.emu.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self.emu.edit_message(msg, rec.json or {}, rec.parts)
        return self.emu.message_payload(msg)

    async def delete_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        msg = self._message(request)
        if msg.author_id != self.emu.bot.id and msg.guild_id is not None:
            self._require(msg.channel_id, MANAGE_MESSAGES)
        self.emu.delete_message(msg)
        return NO_CONTENT

    async def put_reaction(self, request: web.Request, rec: RecordedRequest) -> Any:
        msg = self._message(request)
        if msg.guild_id is not None:
            self._require(msg.channel_id, ADD_REACTIONS)
        emoji = request.match_info["emoji"]
        if emoji not in msg.reactions:
            msg.reactions.append(emoji)
        return NO_CONTENT

    async def delete_reaction(self, request: web.Request, rec: RecordedRequest) -> Any:
        msg = self._message(request)
        if request.match_info["emoji"] in msg.reactions:
            msg.reactions.remove(request.match_info["emoji"])
        return NO_CONTENT

    async def pin(self, request: web.Request, rec: RecordedRequest) -> Any:
        msg = self._message(request)
        if msg.guild_id is not None:
            self._require(msg.channel_id, MANAGE_MESSAGES)
        msg.pinned = request.method == "PUT"
        return NO_CONTENT

    # -- threads -----------------------------------------------------------------------
    def _check_thread_permission(self, channel_id: int, private: bool) -> None:
        if self.emu.guild_of_channel(channel_id) is not None:
            self._require(channel_id, CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS)

    async def start_thread(self, request: web.Request, rec: RecordedRequest) -> Any:
        """``POST /channels/{id}/threads`` (no starter message; forum posts carry ``message``)."""
        emu = self.emu
        body = rec.json or {}
        cid = path_id(request, "channel_id")
        parent = emu.channel(cid)
        forum = parent["type"] in (15, 16)
        ttype = 11 if forum else int(body.get("type") or 12)
        self._check_thread_permission(cid, ttype == 12)
        if forum and not body.get("message"):
            raise form_error("message", "This field is required")
        thread = emu.create_thread(
            cid,
            str(body.get("name", "")),
            owner_id=emu.bot.id,
            type=ttype,
            auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
            invitable=bool(body.get("invitable", True)),
        )
        result = dict(thread)
        if forum:
            msg = emu.create_message(
                int(thread["id"]),
                emu.bot.id,
                body["message"],
                rec.parts,
                message_id=int(thread["id"]),
            )
            result["message"] = emu.message_payload(msg)
        return result

    async def thread_from_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        """``POST /channels/{id}/messages/{mid}/threads``: the thread id is the message id."""
        emu = self.emu
        msg = self._message(request)
        if msg.ephemeral:
            raise not_found("Message", 10008)
        body = rec.json or {}
        self._check_thread_permission(msg.channel_id, False)
        parent_type = emu.channel(msg.channel_id)["type"]
        thread = emu.create_thread(
            msg.channel_id,
            str(body.get("name", "")),
            owner_id=emu.bot.id,
            type=10 if parent_type == 5 else 11,
            thread_id=msg.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
        )
        return dict(thread)

    def _thread_member_target(self, request: web.Request) -> tuple[int, int]:
        tid = path_id(request, "channel_id")
        if self.emu.channel(tid)["type"] not in THREAD_TYPES:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        uid = request.match_info["user_id"]
        return tid, self.emu.bot.id if uid == "@me" else self.emu.user(int(uid)).id

    async def add_thread_member(self, request: web.Request, rec: RecordedRequest) -> Any:
        tid, uid = self._thread_member_target(request)
        self._require(tid, SEND_MESSAGES_IN_THREADS)
        if self.emu.channels[tid]["thread_metadata"]["archived"]:
            raise ApiError(400, 50083, "Thread is archived")
        self.emu.thread_members.setdefault(tid, set()).add(uid)
        self.emu.channels[tid]["member_count"] = len(self.emu.thread_members[tid])
        return NO_CONTENT

    async def remove_thread_member(self, request: web.Request, rec: RecordedRequest) -> Any:
        tid, uid = self._thread_member_target(request)
        if uid != self.emu.bot.id:
            self._require(tid, MANAGE_THREADS)
        self.emu.thread_members.setdefault(tid, set()).discard(uid)
        self.emu.channels[tid]["member_count"] = len(self.emu.thread_members[tid])
        return NO_CONTENT

    # -- guilds ------------------------------------------------------------------------
    async def get_guild(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild = self.emu.guild(path_id(request, "guild_id"))
        count = len(guild.members)
        return {**self.emu.guild_payload(guild), "approximate_member_count": count}

    async def guild_channels(self, request: web.Request, rec: RecordedRequest) -> Any:
        gid = str(self.emu.guild(path_id(request, "guild_id")).id)
        return [
            dict(c)
            for c in self.emu.channels.values()
            if c.get("guild_id") == gid and c["type"] not in THREAD_TYPES
        ]

    async def active_threads(self, request: web.Request, rec: RecordedRequest) -> Any:
        gid = str(self.emu.guild(path_id(request, "guild_id")).id)
        threads = [
            dict(t)
            for t in self.emu.threads
            if t["guild_id"] == gid and not t["thread_metadata"]["archived"]
        ]
        return {"threads": threads, "members": []}

    async def get_roles(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild = self.emu.guild(path_id(request, "guild_id"))
        return [r.payload() for r in guild.roles.values()]

    async def create_role(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild = self.emu.guild(path_id(request, "guild_id"))
        if not self.emu.permissions(guild, self.emu.bot.id) & MANAGE_ROLES:
            raise _missing_permissions()
        body = rec.json or {}
        role = self.emu.add_role(
            guild.id,
            str(body.get("name") or "new role"),
            permissions=int(body.get("permissions") or 0),
            color=int(body.get("color") or 0),
            hoist=bool(body.get("hoist", False)),
            mentionable=bool(body.get("mentionable", False)),
        )
        return role.payload()

    async def get_member(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild = self.emu.guild(path_id(request, "guild_id"))
        return self.emu.member_payload(guild, self.emu.member(guild, path_id(request, "user_id")))

    async def list_members(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild = self.emu.guild(path_id(request, "guild_id"))
        after = int(rec.query.get("after", 0))
        limit = int(rec.query.get("limit", 1))
        members = sorted(
            (m for m in guild.members.values() if m.user_id > after), key=lambda m: m.user_id
        )
        return [self.emu.member_payload(guild, m) for m in members[:limit]]

    def _check_role_hierarchy(self, guild_id: int, role_id: int) -> None:
        guild = self.emu.guild(guild_id)
        if role_id not in guild.roles:
            raise not_found("Role", 10011)
        bot = self.emu.member(guild, self.emu.bot.id)
        top = max((guild.roles[r].position for r in bot.roles), default=0)
        perms = self.emu.permissions(guild, self.emu.bot.id)
        if not perms & MANAGE_ROLES or guild.roles[role_id].position >= top:
            raise _missing_permissions()

    async def member_role(self, request: web.Request, rec: RecordedRequest) -> Any:
        gid, uid, rid = (path_id(request, k) for k in ("guild_id", "user_id", "role_id"))
        self._check_role_hierarchy(gid, rid)
        if request.method == "PUT":
            self.emu.add_member_role(gid, uid, rid)
        else:
            self.emu.remove_member_role(gid, uid, rid)
        return NO_CONTENT

    async def patch_member(self, request: web.Request, rec: RecordedRequest) -> Any:
        emu = self.emu
        guild = emu.guild(path_id(request, "guild_id"))
        member = emu.member(guild, path_id(request, "user_id"))
        body = rec.json or {}
        if "roles" in body:
            wanted = [int(r) for r in body["roles"]]
            for rid in set(wanted) ^ set(member.roles):
                self._check_role_hierarchy(guild.id, rid)
            member.roles = wanted
        if "nick" in body:
            if not self.emu.permissions(guild, emu.bot.id) & MANAGE_NICKNAMES:
                raise _missing_permissions()
            member.nick = body["nick"]
        emu._member_updated(guild, member)
        return emu.member_payload(guild, member)
