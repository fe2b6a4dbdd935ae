"""REST API v10 routes of the emulator (aiohttp handlers)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .command_rules import validate_commands
from .gateway import gateway_handler
from .http_util import NO_CONTENT, json_response, path_id
from .interaction import ALLOWED_CALLBACKS, APPLICATION_COMMAND, AUTOCOMPLETE, EmulatedInteraction
from .models import (
    EPHEMERAL,
    LOADING,
    InteractionResponse,
    RecordedRequest,
    RequestPart,
    StoredMessage,
)
from .rest_channels import ChannelRoutes
from .validation import (
    ApiError,
    form_error,
    not_found,
    validate_choices,
    validate_message,
    validate_modal,
)

if TYPE_CHECKING:
    from .server import DiscordEmulator

log = logging.getLogger("tests.emulator")
API = "/api/v10"
RECORD = web.RequestKey("record", RecordedRequest)
Handler = Callable[[web.Request, RecordedRequest], Awaitable[Any]]
FOLLOWUP_FLAGS = EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15)  # + suppress embeds/notifications, v2


class Rest(ChannelRoutes):
    """Route handlers; each gets the request and its ``RecordedRequest``."""

    # -- plumbing ----------------------------------------------------------------------
    @web.middleware
    async def middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        rec = RecordedRequest(
            method=request.method,
            path=request.path.removeprefix(API),
            query=dict(request.query),
            headers=dict(request.headers),
        )
        self.emu.requests.append(rec)
        request[RECORD] = rec
        try:
            await self._read_body(request, rec)
            self.emu.refuse_if_told(rec)
            response = await handler(request)
        except ApiError as exc:
            log.warning("emulator: %s %s -> %s", rec.method, rec.path, exc)
            self.emu.api_errors.append((rec, exc))
            response = json_response(exc.body(), exc.status)
            rec.response = exc.body()
        except Exception as exc:  # an emulator bug: answer 400 (a 5xx makes discord.py retry)
            log.exception("emulator: internal error on %s %s", rec.method, rec.path)
            self.emu.internal_errors.append((rec, exc))
            response = json_response(
                {"message": f"emulator internal error: {exc!r}", "code": 0}, 400
            )
        rec.status = response.status
        self.emu.notify()
        return response

    async def _read_body(self, request: web.Request, rec: RecordedRequest) -> None:
        if request.content_type == "application/json":
            text = await request.text()
            rec.json = json.loads(text) if text else None
        elif request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                data = bytes(await part.read(decode=False))
                name = part.name or ""
                ctype = part.headers.get("Content-Type")
                rec.parts.append(RequestPart(name, part.filename, ctype, data))
                if name == "payload_json":
                    rec.json = json.loads(data)

    def route(
        self, handler: Handler, *, auth: bool = True
    ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def wrapped(request: web.Request) -> web.Response:
            rec = request[RECORD]
            header = request.headers.get("Authorization", "")
            if auth and (not header.startswith("Bot ") or header[4:] in self.emu.rejected_tokens):
                raise ApiError(401, 0, "401: Unauthorized")
            body = await handler(request, rec)
            rec.response = body
            if body is NO_CONTENT:
                return web.Response(status=204)
            return json_response(body)

        return wrapped

    async def unknown(self, request: web.Request) -> web.Response:
        rec = request.get(RECORD)
        if rec is not None:
            self.emu.unknown_routes.append(rec)
        log.error(
            "emulator: UNKNOWN ROUTE %s %s (add it to tests/emulator/rest.py)",
            request.method,
            request.path,
        )
        return json_response({"message": "Unknown route", "code": 0}, 404)

    async def attachment(self, request: web.Request) -> web.Response:
        att = self.emu.attachments.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    # -- users, application, gateway ----------------------------------------------------
    async def get_me(self, request: web.Request, rec: RecordedRequest) -> Any:
        return {
            **self.emu.bot.payload(),
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
        }

    async def get_user(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self.emu.user(path_id(request, "user_id")).payload()

    async def create_dm(self, request: web.Request, rec: RecordedRequest) -> Any:
        user_id = int((rec.json or {}).get("recipient_id", 0))
        return self.emu.channel_payload(self.emu.dm_channel(self.emu.user(user_id).id))

    async def application(self, request: web.Request, rec: RecordedRequest) -> Any:
        emu = self.emu
        return {
            "id": str(emu.application_id),
            "name": emu.bot.name,
            "icon": None,
            "description": "",
            "summary": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": emu.bot.payload(),
            "owner": emu.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": emu.application_flags,
            "hook": True,
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(emu.guilds),
            "redirect_uris": [],
            "tags": [],
        }

    async def gateway(self, request: web.Request, rec: RecordedRequest) -> Any:
        return {"url": self.emu.ws_url}

    async def gateway_bot(self, request: web.Request, rec: RecordedRequest) -> Any:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {
            "url": self.emu.ws_url,
            "shards": self.emu.shard_count,
            "session_start_limit": limit,
        }

    # -- application commands ----------------------------------------------------------
    def _check_app(self, request: web.Request) -> int | None:
        if path_id(request, "app_id") != self.emu.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        return self.emu.guild(int(guild_id)).id if guild_id else None

    def _store_command(
        self, guild_id: int | None, cmd: dict[str, Any], prev: dict[str, Any] | None
    ) -> dict[str, Any]:
        stored = {
            "type": 1,
            "description": "",
            "default_member_permissions": None,
            "nsfw": False,
            **cmd,
            "id": prev["id"] if prev else str(self.emu.new_id()),
            "application_id": str(self.emu.application_id),
            "version": str(self.emu.new_id()),
        }
        if guild_id:
            stored["guild_id"] = str(guild_id)
        return stored

    async def put_commands(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild_id = self._check_app(request)
        body = rec.json or []
        validate_commands(body)
        existing = {(c["name"], c.get("type", 1)): c for c in self.emu.commands.get(guild_id, [])}
        stored = [
            self._store_command(guild_id, c, existing.get((c["name"], c.get("type", 1))))
            for c in body
        ]
        self.emu.commands[guild_id] = stored
        return stored

    async def get_commands(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self.emu.commands.get(self._check_app(request), [])

    async def post_command(self, request: web.Request, rec: RecordedRequest) -> Any:
        guild_id = self._check_app(request)
        cmd = rec.json or {}
        pool = self.emu.commands.setdefault(guild_id, [])
        key = (cmd.get("name"), cmd.get("type", 1))
        prev = next((c for c in pool if (c["name"], c.get("type", 1)) == key), None)
        validate_commands([c for c in pool if c is not prev] + [cmd])
        stored = self._store_command(guild_id, cmd, prev)
        pool[:] = [c for c in pool if c is not prev] + [stored]
        return stored

    def _command(self, request: web.Request) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        pool = self.emu.commands.get(self._check_app(request), [])
        cid = request.match_info["command_id"]
        found = next((c for c in pool if c["id"] == cid), None)
        if found is None:
            raise not_found("application command", 10063)
        return pool, found

    async def get_command(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self._command(request)[1]

    async def patch_command(self, request: web.Request, rec: RecordedRequest) -> Any:
        pool, cmd = self._command(request)
        changed = {**cmd, **(rec.json or {})}
        validate_commands([c for c in pool if c is not cmd] + [changed])
        cmd.update(rec.json or {})
        cmd["version"] = str(self.emu.new_id())
        return cmd

    async def delete_command(self, request: web.Request, rec: RecordedRequest) -> Any:
        pool, cmd = self._command(request)
        pool.remove(cmd)
        return NO_CONTENT

    # -- interactions and webhooks -----------------------------------------------------
    async def callback(self, request: web.Request, rec: RecordedRequest) -> Any:
        inter = self.emu.interactions.get(path_id(request, "interaction_id"))
        if inter is None or inter.token != request.match_info["token"]:
            raise not_found("interaction", 10062)
        body = self._callback(inter, rec.json or {}, rec.parts)
        return body if rec.query.get("with_response") in ("1", "true", "True") else NO_CONTENT

    def _callback(
        self, inter: EmulatedInteraction, payload: dict[str, Any], parts: list[RequestPart]
    ) -> Any:
        emu = self.emu
        if inter.response is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        delay = time.monotonic() - inter.created
        if emu.ack_deadline is not None and delay > emu.ack_deadline:
            log.error(
                "emulator: %r acknowledged after %.2fs (limit %ss)", inter, delay, emu.ack_deadline
            )
            raise not_found("interaction", 10062)
        rtype, data = int(payload.get("type") or 0), payload.get("data") or {}
        if rtype not in ALLOWED_CALLBACKS.get(inter.type, ()):
            raise form_error(
                "type", f"Callback type {rtype} is invalid for interaction type {inter.type}"
            )
        message: StoredMessage | None = None
        source = emu.messages.get(inter.message_id) if inter.message_id else None
        if rtype == 4:
            message = self._interaction_message(
                inter, data, parts, int(data.get("flags") or 0), original=True
            )
        elif rtype == 5:
            flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
            message = self._interaction_message(inter, {}, [], flags, original=True, validate=False)
        elif rtype in (6, 7):
            if source is None:
                raise form_error("type", "Update callbacks need a component-based interaction")
            if rtype == 7:
                emu.edit_message(source, data, parts)
                message = source
            inter.original_message_id = source.id
        elif rtype == 8:
            validate_choices(data.get("choices") or [])
        elif rtype == 9:
            validate_modal(data)
            emu.modals.append((inter, data))
        inter.response = InteractionResponse(type=rtype, data=data, message=message, delay=delay)
        resource: dict[str, Any] = {"type": rtype}
        if message is not None:
            resource["message"] = emu.message_payload(message)
        return {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_id": str(inter.original_message_id)
                if inter.original_message_id
                else None,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": resource,
        }

    def _interaction_message(
        self,
        inter: EmulatedInteraction,
        data: dict[str, Any],
        parts: list[RequestPart],
        flags: int,
        *,
        original: bool = False,
        validate: bool = True,
    ) -> StoredMessage:
        emu = self.emu
        is_command = inter.type == APPLICATION_COMMAND
        msg = emu.create_message(
            inter.channel_id,
            emu.bot.id,
            data,
            parts,
            flags=flags,
            validate=validate,
            type=20 if is_command and original else 0,
            webhook_id=emu.application_id,
            application_id=emu.application_id,
            interaction_metadata=inter.metadata(),
            interaction_id=inter.id,
            interaction=(
                {
                    "id": str(inter.id),
                    "type": inter.type,
                    "name": inter.command_name,
                    "user": emu.users[inter.user_id].payload(),
                }
                if is_command and original
                else None
            ),
        )
        if original:
            inter.original_message_id = msg.id
        return msg

    def _webhook_interaction(self, request: web.Request) -> EmulatedInteraction:
        token = request.match_info["token"]
        if path_id(request, "app_id") == self.emu.application_id:
            for inter in reversed(self.emu.interactions.values()):
                if inter.token == token:
                    lifetime = self.emu.token_lifetime
                    if lifetime is not None and time.monotonic() - inter.created > lifetime:
                        # Interaction tokens are valid for 15 minutes.
                        raise ApiError(401, 50027, "Invalid Webhook Token")
                    return inter
        raise not_found("Webhook", 10015)

    async def execute_webhook(self, request: web.Request, rec: RecordedRequest) -> Any:
        inter = self._webhook_interaction(request)
        if inter.response is None or inter.type == AUTOCOMPLETE:
            raise not_found("Webhook", 10015)  # follow-ups need an acknowledged interaction
        payload = rec.json or {}
        original = inter.original
        if (
            inter.response.type == 5
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # Discord turns the first follow-up after a "thinking" defer into the original;
            # once the bot deleted that loading message, a follow-up is a new message.
            validate_message(payload, len(rec.files))
            self.emu.edit_message(original, payload, rec.parts)
            msg = original
        else:
            flags = int(payload.get("flags") or 0) & FOLLOWUP_FLAGS
            msg = self._interaction_message(inter, payload, rec.parts, flags)
        inter.followups.append(msg)
        if rec.query.get("wait") in ("1", "true", "True"):
            return self.emu.message_payload(msg)
        return NO_CONTENT

    def _webhook_message(self, request: web.Request) -> tuple[EmulatedInteraction, StoredMessage]:
        inter = self._webhook_interaction(request)
        mid = request.match_info["message_id"]
        if mid == "@original":
            if inter.original_message_id is None:
                raise not_found("Message", 10008)
            return inter, self.emu.message(inter.original_message_id)
        ids = {inter.original_message_id, *(m.id for m in inter.followups)}
        if not mid.isdigit() or int(mid) not in ids:
            raise not_found("Message", 10008)
        return inter, self.emu.message(int(mid))

    async def get_webhook_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        return self.emu.message_payload(self._webhook_message(request)[1])

    async def edit_webhook_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        _, msg = self._webhook_message(request)
        self.emu.edit_message(msg, rec.json or {}, rec.parts)
        return self.emu.message_payload(msg)

    async def delete_webhook_message(self, request: web.Request, rec: RecordedRequest) -> Any:
        self.emu.delete_message(self._webhook_message(request)[1])
        return NO_CONTENT


def build_app(emu: DiscordEmulator) -> web.Application:
    rest = Rest(emu)
    app = web.Application(middlewares=[rest.middleware], client_max_size=64 * 1024 * 1024)

    async def ws(request: web.Request) -> web.StreamResponse:
        return await gateway_handler(emu, request)

    app.router.add_get("/gateway", ws)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", rest.attachment)
    cmds = "/applications/{app_id}/commands"
    gcmds = "/applications/{app_id}/guilds/{guild_id}/commands"
    hook = "/webhooks/{app_id}/{token}"
    chan = "/channels/{channel_id}"
    msg = chan + "/messages/{message_id}"
    guild = "/guilds/{guild_id}"
    routes: list[tuple[str, str, Handler, bool]] = [
        ("GET", "/users/@me", rest.get_me, True),
        ("GET", "/users/{user_id}", rest.get_user, True),
        ("POST", "/users/@me/channels", rest.create_dm, True),
        ("GET", "/oauth2/applications/@me", rest.application, True),
        ("GET", "/applications/@me", rest.application, True),
        ("GET", "/gateway", rest.gateway, False),
        ("GET", "/gateway/bot", rest.gateway_bot, True),
        ("POST", "/interactions/{interaction_id}/{token}/callback", rest.callback, False),
        ("POST", hook, rest.execute_webhook, False),
        ("GET", hook + "/messages/{message_id}", rest.get_webhook_message, False),
        ("PATCH", hook + "/messages/{message_id}", rest.edit_webhook_message, False),
        ("DELETE", hook + "/messages/{message_id}", rest.delete_webhook_message, False),
        ("GET", chan, rest.get_channel, True),
        ("PATCH", chan, rest.patch_channel, True),
        ("DELETE", chan, rest.delete_channel, True),
        ("POST", chan + "/typing", rest.typing, True),
        ("GET", chan + "/messages", rest.list_messages, True),
        ("POST", chan + "/messages", rest.post_message, True),
        ("PUT", chan + "/messages/pins/{message_id}", rest.pin, True),
        ("DELETE", chan + "/messages/pins/{message_id}", rest.pin, True),
        ("PUT", chan + "/pins/{message_id}", rest.pin, True),
        ("DELETE", chan + "/pins/{message_id}", rest.pin, True),
        ("GET", msg, rest.get_message, True),
        ("PATCH", msg, rest.patch_message, True),
        ("DELETE", msg, rest.delete_message, True),
        ("PUT", msg + "/reactions/{emoji}/@me", rest.put_reaction, True),
        ("DELETE", msg + "/reactions/{emoji}/@me", rest.delete_reaction, True),
        ("POST", msg + "/threads", rest.thread_from_message, True),
        ("POST", chan + "/threads", rest.start_thread, True),
        ("PUT", chan + "/thread-members/{user_id}", rest.add_thread_member, True),
        ("DELETE", chan + "/thread-members/{user_id}", rest.remove_thread_member, True),
        ("GET", guild, rest.get_guild, True),
        ("GET", guild + "/channels", rest.guild_channels, True),
        ("GET", guild + "/threads/active", rest.active_threads, True),
        ("GET", guild + "/roles", rest.get_roles, True),
        ("POST", guild + "/roles", rest.create_role, True),
        ("GET", guild + "/members", rest.list_members, True),
        ("GET", guild + "/members/{user_id}", rest.get_member, True),
        ("PATCH", guild + "/members/{user_id}", rest.patch_member, True),
        ("PUT", guild + "/members/{user_id}/roles/{role_id}", rest.member_role, True),
        ("DELETE", guild + "/members/{user_id}/roles/{role_id}", rest.member_role, True),
    ]
    for base in (cmds, gcmds):
        routes += [
            ("GET", base, rest.get_commands, True),
            ("PUT", base, rest.put_commands, True),
            ("POST", base, rest.post_command, True),
            ("GET", base + "/{command_id}", rest.get_command, True),
            ("PATCH", base + "/{command_id}", rest.patch_command, True),
            ("DELETE", base + "/{command_id}", rest.delete_command, True),
        ]
    for method, path, handler, auth in routes:
        app.router.add_route(method, API + path, rest.route(handler, auth=auth))
    app.router.add_route("*", "/{tail:.*}", rest.unknown)
    return app
