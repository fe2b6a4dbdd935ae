"""Messages, attachments and threads of the emulated world."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .models import (
    EPHEMERAL,
    LOADING,
    RequestPart,
    StoredAttachment,
    StoredMessage,
    iso_now,
    sniff_image,
)
from .validation import ApiError, form_error, validate_message
from .world import THREAD_TYPES, World


class MessageWorld(World):
    """``World`` plus message create/edit/delete (with gateway events) and threads."""

    # -- messages ----------------------------------------------------------------------
    def store_attachments(
        self,
        channel_id: int,
        payload: dict[str, Any],
        parts: Sequence[RequestPart],
        existing: Sequence[StoredAttachment] = (),
        *,
        ephemeral: bool = False,
    ) -> list[StoredAttachment]:
        """Resolve ``attachments`` (+ ``files[n]`` parts) of a create/edit body."""
        uploads = {p.name: p for p in parts if p.name.startswith("files[")}
        specs = payload.get("attachments")
        kept = {a.id: a for a in existing}
        result: list[StoredAttachment] = [] if specs is not None else list(existing)
        used: set[str] = set()
        for i, spec in enumerate(specs or []):
            key = f"files[{spec.get('id')}]"
            if key in uploads:
                used.add(key)
                result.append(self.upload(channel_id, uploads[key], spec, ephemeral=ephemeral))
            elif str(spec.get("id", "")).isdigit() and int(spec["id"]) in kept:
                result.append(kept[int(spec["id"])])
            else:
                raise form_error(f"attachments.{i}", f"Unknown attachment {spec.get('id')!r}")
        for key, part in uploads.items():
            if key not in used:
                result.append(self.upload(channel_id, part, {}, ephemeral=ephemeral))
        return result

    def upload(
        self, channel_id: int, part: RequestPart, spec: dict[str, Any], *, ephemeral: bool = False
    ) -> StoredAttachment:
        aid = self.new_id()
        filename = spec.get("filename") or part.filename or "unknown"
        content_type, width, height = sniff_image(part.data)
        att = StoredAttachment(
            id=aid,
            filename=filename,
            data=part.data,
            url=f"{self.base_url}/attachments/{channel_id}/{aid}/{filename}",
            content_type=content_type or part.content_type,
            description=spec.get("description"),
            width=width,
            height=height,
            ephemeral=ephemeral,
        )
        self.attachments[aid] = att
        return att

    def create_message(
        self,
        channel_id: int,
        author_id: int,
        payload: dict[str, Any],
        parts: Sequence[RequestPart] = (),
        *,
        flags: int | None = None,
        validate: bool = True,
        **fields: Any,
    ) -> StoredMessage:
        channel = self.channel(channel_id)
        if validate:
            validate_message(payload, len([p for p in parts if p.name.startswith("files[")]))
        self._unarchive_for_post(channel)
        if flags is None:
            flags = int(payload.get("flags") or 0)
        msg = StoredMessage(
            id=fields.pop("message_id", None) or self.new_id(),
            channel_id=int(channel_id),
            guild_id=int(channel["guild_id"]) if channel.get("guild_id") else None,
            author_id=author_id,
            content=str(payload.get("content") or ""),
            embeds=[{"type": "rich", **e} for e in payload.get("embeds") or []],
            components=_number_components(payload.get("components") or []),
            flags=flags,
            poll=payload.get("poll"),
            **fields,
        )
        msg.attachments = self.store_attachments(
            channel_id, payload, parts, ephemeral=msg.ephemeral
        )
        reference = payload.get("message_reference")
        if reference:
            msg.type = 19 if msg.type == 0 else msg.type
            msg.message_reference = {"type": 0, "channel_id": str(channel_id), **reference}
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel["last_message_id"] = str(msg.id)
            if channel["type"] in THREAD_TYPES:
                channel["message_count"] = channel.get("message_count", 0) + 1
                channel["total_message_sent"] = channel.get("total_message_sent", 0) + 1
            self.dispatch("MESSAGE_CREATE", self.message_payload(msg, gateway=True), msg.guild_id)
        self.notify()
        return msg

    def edit_message(
        self, msg: StoredMessage, payload: dict[str, Any], parts: Sequence[RequestPart] = ()
    ) -> None:
        n_files = len([p for p in parts if p.name.startswith("files[")])
        validate_message(payload, n_files, edit=True)
        after = {
            "content": payload.get("content", msg.content),
            "embeds": payload.get("embeds", msg.embeds),
            "components": payload.get("components", msg.components),
            "attachments": payload.get("attachments", msg.attachments),
            "poll": msg.poll,
        }
        if not any(after.values()) and not n_files:
            raise ApiError(400, 50006, "Cannot send an empty message")
        if "content" in payload:
            msg.content = str(payload["content"] or "")
        if "embeds" in payload:
            msg.embeds = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "components" in payload:
            msg.components = _number_components(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & EPHEMERAL  # an edit can't change ephemerality
            msg.flags = (int(payload["flags"]) & ~(LOADING | EPHEMERAL)) | keep
        msg.flags &= ~LOADING
        if "attachments" in payload or any(p.name.startswith("files[") for p in parts):
            msg.attachments = self.store_attachments(
                msg.channel_id, payload, parts, msg.attachments, ephemeral=msg.ephemeral
            )
        msg.edited_timestamp = iso_now()
        msg.edits += 1
        if not msg.ephemeral:
            self.dispatch("MESSAGE_UPDATE", self.message_payload(msg, gateway=True), msg.guild_id)
        self.notify()

    def delete_message(self, msg: StoredMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            self.dispatch("MESSAGE_DELETE", data, msg.guild_id)
        self.notify()

    # -- threads -----------------------------------------------------------------------
    def create_thread(
        self,
        parent_id: int,
        name: str,
        *,
        owner_id: int,
        type: int = 11,
        thread_id: int | None = None,
        auto_archive_duration: int = 4320,
        invitable: bool = True,
    ) -> dict[str, Any]:
        parent = self.channel(parent_id)
        if parent["type"] not in (0, 5, 15, 16):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not 1 <= len(name) <= 100:
            raise form_error("name", "Must be between 1 and 100 in length.")
        tid = thread_id or self.new_id()
        if tid in self.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        now = iso_now()
        thread = {
            "id": str(tid),
            "type": type,
            "guild_id": parent["guild_id"],
            "parent_id": str(parent_id),
            "owner_id": str(owner_id),
            "name": name,
            "last_message_id": None,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": auto_archive_duration,
                "archive_timestamp": now,
                "locked": False,
                "invitable": invitable,
                "create_timestamp": now,
            },
        }
        self.channels[tid] = thread
        self.thread_members[tid] = {owner_id}
        self.dispatch("THREAD_CREATE", {**thread, "newly_created": True}, int(parent["guild_id"]))
        self.notify()
        return thread

    def update_channel(self, channel_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        channel = self.channel(channel_id)
        meta = channel.get("thread_metadata")
        for key, value in changes.items():
            if meta is not None and key in (
                "archived",
                "locked",
                "auto_archive_duration",
                "invitable",
            ):
                meta[key] = value
                if key == "archived":
                    meta["archive_timestamp"] = iso_now()
            elif key in (
                "name",
                "topic",
                "nsfw",
                "rate_limit_per_user",
                "position",
                "flags",
                "parent_id",
            ):
                channel[key] = value
        event = "THREAD_UPDATE" if meta is not None else "CHANNEL_UPDATE"
        guild_id = int(channel["guild_id"]) if channel.get("guild_id") else None
        self.dispatch(event, dict(channel), guild_id)
        self.notify()
        return channel

    def _unarchive_for_post(self, channel: dict[str, Any]) -> None:
        meta = channel.get("thread_metadata")
        if meta and meta["archived"]:
            if meta["locked"]:
                raise ApiError(400, 50083, "Thread is archived")
            self.update_channel(int(channel["id"]), {"archived": False})


def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy components, giving each one a numeric ``id`` like Discord does."""
    counter = 0

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        nonlocal counter
        out = []
        for item in items:
            item = dict(item)
            counter += 1
            item.setdefault("id", counter)
            if isinstance(item.get("components"), list):
                item["components"] = walk(item["components"])
            for key in ("accessory", "component"):
                if isinstance(item.get(key), dict):
                    item[key] = walk([item[key]])[0]
            out.append(item)
        return out

    return walk(components)
