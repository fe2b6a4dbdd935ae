"""Injecting user actions: slash commands, autocomplete, buttons, selects, modals, messages."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .interaction import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    EmulatedInteraction,
)
from .messages import MessageWorld
from .models import (
    ADMINISTRATOR,
    DEFAULT_EVERYONE_PERMISSIONS,
    RequestPart,
    StoredAttachment,
    StoredMessage,
    as_id,
)
from .options import OptionBuilder, split_path

if TYPE_CHECKING:
    from .gateway import GatewaySession

log = logging.getLogger("tests.emulator")
T = TypeVar("T")
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
USE_APPLICATION_COMMANDS = 1 << 31
SELECT_TYPES = (3, 5, 6, 7, 8)


class UserActions(MessageWorld):
    """The user side: everything a human could do in the Discord client.

    The gateway plumbing (``live_sessions``/``wait_connected``) lives in the server.
    """

    commands: dict[int | None, list[dict[str, Any]]]
    interactions: dict[int, EmulatedInteraction]
    modals: list[tuple[EmulatedInteraction, dict[str, Any]]]
    command_overrides: set[tuple[int, str, int]]

    def live_sessions(self, guild_id: int | None = None) -> list[GatewaySession]:
        raise NotImplementedError

    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = 5.0, *, what: str | None = None
    ) -> T:
        raise NotImplementedError

    async def wait_connected(
        self, guild_id: int | None = None, timeout: float = 5.0
    ) -> GatewaySession:
        raise NotImplementedError

    # -- resolver used by OptionBuilder ------------------------------------------------
    def resolve_user(
        self, user_id: int, guild_id: int | None
    ) -> tuple[dict[str, Any], dict[str, Any] | None]:
        user = self.user(user_id)
        guild = self.guilds.get(guild_id) if guild_id else None
        if guild is None or user_id not in guild.members:
            return user.payload(), None
        member = self.member_payload(
            guild, guild.members[user_id], with_user=False, with_permissions=True
        )
        return user.payload(), member

    def resolve_role(self, guild_id: int | None, role_id: int) -> dict[str, Any] | None:
        guild = self.guilds.get(guild_id) if guild_id else None
        role = guild.roles.get(role_id) if guild else None
        return role.payload() if role else None

    def resolve_channel(self, channel_id: int, user_id: int) -> dict[str, Any]:
        data = self.channel_payload(channel_id, for_user=user_id)
        keep = ("id", "name", "type", "permissions", "parent_id", "thread_metadata", "guild_id")
        return {k: v for k, v in data.items() if k in keep}

    def upload_attachment(self, channel_id: int, value: Any) -> dict[str, Any]:
        """A file a user attaches to an ``attachment`` option: ``(filename, bytes)`` (or
        an attachment already stored). As on Discord, it is an ephemeral attachment,
        and the client cannot send one over the user's upload limit (the interaction's
        ``attachment_size_limit``) or an empty one."""
        if isinstance(value, StoredAttachment):
            return value.to_payload()
        if not (
            isinstance(value, tuple)
            and len(value) == 2
            and isinstance(value[0], str)
            and isinstance(value[1], bytes)
        ):
            raise ValueError(f"an attachment option takes (filename, bytes), not {value!r:.80}")
        filename, data = value
        if not data or len(data) > ATTACHMENT_SIZE_LIMIT:
            raise ValueError(
                f"attachment {filename!r}: {len(data)} bytes, Discord's client sends"
                f" 1 to {ATTACHMENT_SIZE_LIMIT} bytes"
            )
        part = RequestPart(name="files[0]", filename=filename, content_type=None, data=data)
        return self.upload(channel_id, part, {}, ephemeral=True).to_payload()

    # -- interaction injection ---------------------------------------------------------
    def _where(
        self, user_id: int, channel_id: int | None, guild_id: int | None, dm: bool
    ) -> tuple[int, int | None]:
        if dm:
            return self.dm_channel(user_id), None
        if channel_id is None:
            if guild_id is None:
                if not self.guilds:
                    raise ValueError("no guild: call add_guild() or pass dm=True")
                guild_id = next(iter(self.guilds))
            channel_id = self.guild(guild_id).channel_id
        guild = self.guild_of_channel(channel_id)
        return channel_id, guild.id if guild else None

    def _interaction_payload(
        self,
        itype: int,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        data: dict[str, Any],
        *,
        locale: str | None = None,
        message: StoredMessage | None = None,
    ) -> dict[str, Any]:
        user = self.user(user_id)
        payload: dict[str, Any] = {
            "id": str(self.new_id()),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": "emu-" + secrets.token_urlsafe(24),
            "version": 1,
            "locale": locale or user.locale,
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id, for_user=user_id),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild_id is not None:
            guild = self.guild(guild_id)
            if user_id not in guild.members:
                raise ValueError(f"user {user.name} is not a member of guild {guild.name}")
            payload["guild_id"] = str(guild_id)
            payload["guild"] = {"id": str(guild_id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["member"] = self.member_payload(
                guild, guild.members[user_id], with_permissions=True
            )
            payload["app_permissions"] = str(self.permissions(guild, self.bot.id))
            payload["authorizing_integration_owners"] = {"0": str(guild_id)}
            payload["context"] = 0
        else:
            payload["user"] = user.payload()
            payload["app_permissions"] = str(DEFAULT_EVERYONE_PERMISSIONS)
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["context"] = 1
        if message is not None:
            payload["message"] = self.message_payload(message)
        return payload

    async def _inject(
        self,
        itype: int,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        data: dict[str, Any],
        *,
        locale: str | None = None,
        message: StoredMessage | None = None,
        timeout: float = 5.0,
    ) -> EmulatedInteraction:
        await self.wait_connected(guild_id, timeout)
        payload = self._interaction_payload(
            itype, user_id, channel_id, guild_id, data, locale=locale, message=message
        )
        inter = EmulatedInteraction(
            self,
            payload,
            user_id=user_id,
            channel_id=channel_id,
            guild_id=guild_id,
            message_id=message.id if message else None,
        )
        self.interactions[inter.id] = inter
        sessions = self.live_sessions(guild_id)
        for session in sessions:
            session.dispatch("INTERACTION_CREATE", payload)
        return inter

    def find_command(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """The synced chat-input command ``name`` (guild commands win over global ones)."""
        pools = ([self.commands.get(guild_id, [])] if guild_id else []) + [self.commands[None]]
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        return None

    def allow_command(self, guild_id: int, command: str, user_id: int) -> None:
        """A server manager lets ``user_id`` use ``command`` despite its default permissions.

        Discord's Server Settings → Integrations can do this; the bot must check anyway.
        """
        self.command_overrides.add((guild_id, command, as_id(user_id)))

    def _check_offered(
        self, definition: dict[str, Any], user_id: int, guild_id: int | None
    ) -> None:
        """Refuse what the Discord client would not offer: only the top-level command counts.

        ``contexts`` (or the legacy ``dm_permission``) decides where a command exists, and
        ``default_member_permissions`` who sees it in a guild; subcommands have neither.
        """
        name = definition["name"]
        contexts = definition.get("contexts")
        if guild_id is None:
            allowed = (
                1 in contexts if contexts is not None else definition.get("dm_permission", True)
            )
            if not allowed:
                raise ValueError(f"/{name} is not available in DMs (contexts={contexts})")
            return
        if contexts is not None and 0 not in contexts:
            raise ValueError(f"/{name} is not available in guilds (contexts={contexts})")
        needed = definition.get("default_member_permissions")
        if needed is None or (guild_id, name, user_id) in self.command_overrides:
            return
        perms, bits = self.permissions(self.guild(guild_id), user_id), int(needed)
        if bits == 0:  # "0": administrators only
            bits = ADMINISTRATOR
        if bits & perms != bits or not perms & USE_APPLICATION_COMMANDS:
            raise ValueError(
                f"/{name} needs permissions {needed}: the client hides it from this member"
                " (emu.allow_command() is the server's override)"
            )

    def _command_data(
        self,
        user_id: int,
        command: str | Sequence[str],
        options: Mapping[str, Any] | None,
        subcommand: str | Sequence[str] | None,
        channel_id: int,
        guild_id: int | None,
        focused: str | None = None,
        checked: bool = True,
    ) -> dict[str, Any]:
        path = split_path(command, subcommand)
        definition = self.find_command(path[0], guild_id)
        if definition is None:
            log.warning("/%s is not synced; inferring option types from values", path[0])
        else:
            self._check_offered(definition, user_id, guild_id)
        builder = OptionBuilder(self, guild_id, channel_id, user_id, checked=checked)
        data = builder.build(definition, path, options or {}, focused=focused)
        data["id"] = definition["id"] if definition else str(self.new_id())
        if definition and definition.get("guild_id"):
            data["guild_id"] = definition["guild_id"]
        return data

    async def slash(
        self,
        user_id: int,
        command: str | Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        subcommand: str | Sequence[str] | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        dm: bool = False,
        locale: str | None = None,
        timeout: float = 5.0,
        outdated_client: bool = False,
    ) -> EmulatedInteraction:
        """Run ``/command [group] [subcommand] option:value...`` as ``user_id``.

        ``outdated_client``: the values skip the synced definition's choices, ranges and
        lengths, as from a client still holding an older definition of the command (a
        bot must check what it receives; option names and types are still checked)."""
        user_id = as_id(user_id)
        channel_id, guild_id = self._where(user_id, channel_id, guild_id, dm)
        data = self._command_data(
            user_id,
            command,
            options,
            subcommand,
            channel_id,
            guild_id,
            checked=not outdated_client,
        )
        return await self._inject(
            APPLICATION_COMMAND, user_id, channel_id, guild_id, data, locale=locale, timeout=timeout
        )

    async def autocomplete(
        self,
        user_id: int,
        command: str | Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        subcommand: str | Sequence[str] | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        dm: bool = False,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (value: ``options.get(focused, "")``); returns choices."""
        user_id = as_id(user_id)
        channel_id, guild_id = self._where(user_id, channel_id, guild_id, dm)
        data = self._command_data(
            user_id, command, options, subcommand, channel_id, guild_id, focused
        )
        inter = await self._inject(
            AUTOCOMPLETE, user_id, channel_id, guild_id, data, locale=locale, timeout=timeout
        )
        response = await inter.wait_response(timeout)
        return response.choices

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        *,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> EmulatedInteraction:
        """Click the button ``custom_id`` on a stored message."""
        msg = self.message(as_id(message_id))
        comp = msg.component(custom_id)
        if comp.get("type") != 2 or comp.get("style") in (5, 6):
            raise ValueError(f"{custom_id!r} is not an interactive button: {comp}")
        if comp.get("disabled"):
            raise ValueError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2, "id": comp.get("id")}
        return await self._component(as_id(user_id), msg, data, locale, timeout)

    async def select(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: Sequence[Any],
        *,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> EmulatedInteraction:
        """Choose ``values`` in the select ``custom_id`` (string/user/role/mentionable/channel)."""
        msg = self.message(as_id(message_id))
        comp = msg.component(custom_id)
        ctype = comp.get("type")
        if ctype not in SELECT_TYPES:
            raise ValueError(f"{custom_id!r} is not a select menu: {comp}")
        if comp.get("disabled"):
            raise ValueError(f"select {custom_id!r} is disabled")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": ctype,
            "id": comp.get("id"),
        }
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} not among the options {allowed} of {custom_id!r}")
            # Discord's client sends nothing when the menu closes as it opened (the
            # pre-selected options chosen again): no interaction reaches the bot.
            preset = {o["value"] for o in comp.get("options", []) if o.get("default")}
            if {str(v) for v in values} == preset:
                raise ValueError(f"choosing {custom_id!r}'s pre-selected options sends nothing")
            data["values"] = [str(v) for v in values]
        else:
            data.update(
                self._resolved_values(ctype, values, msg.guild_id, msg.channel_id, as_id(user_id))
            )
        return await self._component(as_id(user_id), msg, data, locale, timeout)

    def _resolved_values(
        self, ctype: int, values: Sequence[Any], guild_id: int | None, channel_id: int, user_id: int
    ) -> dict[str, Any]:
        otype = {5: 6, 6: 8, 7: 9, 8: 7}[ctype]  # select type -> option type
        builder = OptionBuilder(self, guild_id, channel_id, user_id)
        ids = [
            builder._convert({"name": "values", "type": otype}, v, "select", strict=False)
            for v in values
        ]
        return {"values": [str(i) for i in ids], "resolved": builder.resolved}

    async def _component(
        self,
        user_id: int,
        msg: StoredMessage,
        data: dict[str, Any],
        locale: str | None,
        timeout: float,
    ) -> EmulatedInteraction:
        if msg.ephemeral and msg.interaction_metadata:
            owner = int(msg.interaction_metadata["user"]["id"])
            if owner != user_id:
                raise ValueError("only the invoking user can see (and click) an ephemeral message")
        return await self._inject(
            MESSAGE_COMPONENT,
            user_id,
            msg.channel_id,
            msg.guild_id,
            data,
            locale=locale,
            message=msg,
            timeout=timeout,
        )

    async def submit_modal(
        self,
        user_id: int,
        modal: EmulatedInteraction | str,
        values: Mapping[str, str | Sequence[str]],
        *,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> EmulatedInteraction:
        """Submit the modal the bot opened (by the interaction that opened it, or its custom_id)."""
        user_id = as_id(user_id)
        source, form = self._find_modal(user_id, modal)
        components = [self._submitted(c, values) for c in form["components"]]
        data = {"custom_id": form["custom_id"], "components": components}
        message = self.messages.get(source.message_id) if source.message_id else None
        return await self._inject(
            MODAL_SUBMIT,
            user_id,
            source.channel_id,
            source.guild_id,
            data,
            locale=locale,
            message=message,
            timeout=timeout,
        )

    def _find_modal(
        self, user_id: int, modal: EmulatedInteraction | str
    ) -> tuple[EmulatedInteraction, dict[str, Any]]:
        for source, form in reversed(self.modals):
            if source is modal or (isinstance(modal, str) and form["custom_id"] == modal):
                if source.user_id != user_id:
                    raise ValueError("a modal can only be submitted by the user it was shown to")
                return source, form
        raise ValueError(f"the bot never opened modal {modal!r}")

    def _submitted(
        self, comp: dict[str, Any], values: Mapping[str, str | Sequence[str]]
    ) -> dict[str, Any]:
        ctype = comp.get("type")
        if ctype == 1:
            return {
                "type": 1,
                "id": comp.get("id"),
                "components": [self._submitted(c, values) for c in comp["components"]],
            }
        if ctype == 18:
            return {
                "type": 18,
                "id": comp.get("id"),
                "component": self._submitted(comp["component"], values),
            }
        out: dict[str, Any] = {"type": ctype, "id": comp.get("id")}
        custom_id = comp.get("custom_id")
        if custom_id is None:
            return out
        out["custom_id"] = custom_id
        value = values.get(custom_id)
        if ctype == 4:
            if value is None and comp.get("required", True):
                raise ValueError(f"modal field {custom_id!r} is required")
            out["value"] = str(value or "")
        else:
            out["values"] = [str(v) for v in (value or [])]
        return out

    def post_message(
        self,
        user_id: int,
        channel_id: int,
        content: str = "",
        *,
        embeds: Sequence[dict[str, Any]] = (),
    ) -> StoredMessage:
        """A user writes a message (dispatched as MESSAGE_CREATE if the bot has the intents)."""
        return self.create_message(
            channel_id, as_id(user_id), {"content": content, "embeds": list(embeds)}
        )
