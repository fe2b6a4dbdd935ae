"""Direct REST calls to the emulator, for tests of its rules that need no bot."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiohttp

from tests.emulator import DiscordEmulator, EmulatedInteraction

API = "/api/v10"


async def call(
    emu: DiscordEmulator,
    method: str,
    path: str,
    body: Any = None,
    *,
    files: Sequence[tuple[str, bytes]] = (),
    auth: bool = True,
) -> tuple[int, Any]:
    """``(status, decoded body)`` of one request, sent like discord.py sends it."""
    headers = {"Authorization": "Bot emulator-token"} if auth else {}
    async with aiohttp.ClientSession() as session:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, (name, data) in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=name)
            kwargs: dict[str, Any] = {"data": form}
        else:
            kwargs = {"json": body} if body is not None else {}
        async with session.request(
            method, emu.base_url + API + path, headers=headers, **kwargs
        ) as r:
            text = await r.text()
            return r.status, (json.loads(text) if text else None)


def pending(
    emu: DiscordEmulator,
    user_id: int,
    *,
    itype: int = 2,
    channel_id: int | None = None,
    dm: bool = False,
    data: dict[str, Any] | None = None,
) -> EmulatedInteraction:
    """An interaction the bot has just received (registered, not sent to any session)."""
    channel, guild = emu._where(user_id, channel_id, None, dm)
    payload = emu._interaction_payload(
        itype, user_id, channel, guild, data or {"name": "cmd", "type": 1, "id": "1"}
    )
    inter = EmulatedInteraction(emu, payload, user_id=user_id, channel_id=channel, guild_id=guild)
    emu.interactions[inter.id] = inter
    return inter


async def respond(
    emu: DiscordEmulator, inter: EmulatedInteraction, rtype: int, data: dict[str, Any] | None = None
) -> tuple[int, Any]:
    """The interaction callback (discord.py always asks ``with_response``)."""
    body: dict[str, Any] = {"type": rtype}
    if data is not None:
        body["data"] = data
    return await call(
        emu,
        "POST",
        f"/interactions/{inter.id}/{inter.token}/callback?with_response=1",
        body,
        auth=False,
    )


def hook(emu: DiscordEmulator, inter: EmulatedInteraction) -> str:
    """The interaction's webhook path (follow-ups, ``messages/@original``)."""
    return f"/webhooks/{emu.application_id}/{inter.token}"


def form_errors(body: Any) -> list[str]:
    """Every ``_errors`` code in a 50035 answer, whatever its nesting."""
    codes: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "_errors":
                    codes.extend(e["code"] for e in value)
                else:
                    walk(value)

    walk(body.get("errors") if isinstance(body, dict) else None)
    return codes
