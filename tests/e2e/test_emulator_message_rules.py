"""The emulator refuses messages Discord refuses, on every route that carries one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.emulator_calls import call, form_errors, hook, pending, respond
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def select(custom_id: str = "pick", n: int = 2, **extra: Any) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def embed(**fields: Any) -> dict[str, Any]:
    return {"title": "t", **fields}


field = {"name": "n", "value": "v"}
BAD_MESSAGES: dict[str, dict[str, Any]] = {
    "content > 2000": {"content": "x" * 2001},
    "> 10 embeds": {"embeds": [embed() for _ in range(11)]},
    "embed title > 256": {"embeds": [embed(title="x" * 257)]},
    "embed description > 4096": {"embeds": [embed(description="x" * 4097)]},
    "> 25 embed fields": {"embeds": [embed(fields=[field] * 26)]},
    "field name > 256": {"embeds": [embed(fields=[{"name": "x" * 257, "value": "v"}])]},
    "field value > 1024": {"embeds": [embed(fields=[{"name": "n", "value": "x" * 1025}])]},
    "footer > 2048": {"embeds": [embed(footer={"text": "x" * 2049})]},
    "author > 256": {"embeds": [embed(author={"name": "x" * 257})]},
    "embeds > 6000 in total": {"embeds": [embed(description="x" * 4000)] * 2},
    "> 5 action rows": {"components": [row(button(f"b{i}")) for i in range(6)]},
    "> 5 buttons a row": {"components": [row(*(button(f"b{i}") for i in range(6)))]},
    "a select shares its row": {"components": [row(select(), button("b"))]},
    "> 25 select options": {"components": [row(select(n=26))]},
    "option label > 100": {
        "components": [row({**select(), "options": [{"label": "x" * 101, "value": "v"}]})]
    },
    "option value > 100": {
        "components": [row({**select(), "options": [{"label": "l", "value": "x" * 101}]})]
    },
    "option description > 100": {
        "components": [
            row({**select(), "options": [{"label": "l", "value": "v", "description": "x" * 101}]})
        ]
    },
    "placeholder > 150": {"components": [row(select(placeholder="x" * 151))]},
    "min_values > max_values": {"components": [row(select(min_values=2, max_values=1))]},
    "max_values > options": {"components": [row(select(n=2, max_values=3))]},
    "custom id > 100": {"components": [row(button("x" * 101))]},
    "empty custom id": {"components": [row(button(""))]},
    "duplicate custom ids": {"components": [row(button("same")), row(button("same"))]},
    "button label > 80": {"components": [row(button("b", label="x" * 81))]},
    "> 10 attachments": {
        "content": "files",
        "attachments": [{"id": i, "filename": f"f{i}.txt"} for i in range(11)],
    },
    "alt text > 1024": {
        "content": "file",
        "attachments": [{"id": 0, "filename": "f.txt", "description": "x" * 1025}],
    },
    "empty message": {"content": ""},
}


def _files(body: dict[str, Any]) -> list[tuple[str, bytes]]:
    return [(a["filename"], b"data") for a in body.get("attachments", [])]


def assert_refused(status: int, body: Any) -> None:
    assert status == 400, body
    assert body["code"] in (50035, 50006), body
    assert body["code"] == 50006 or form_errors(body), body


@pytest.mark.parametrize("case", list(BAD_MESSAGES))
async def test_a_channel_message_breaking_a_limit_is_refused(
    emulator: DiscordEmulator, case: str
) -> None:
    guild = emulator.add_guild()
    body = BAD_MESSAGES[case]
    status, answer = await call(
        emulator, "POST", f"/channels/{guild.channel_id}/messages", body, files=_files(body)
    )
    assert_refused(status, answer)
    if answer["code"] == 50035:  # the error names the offending field, as Discord's does
        assert set(answer["errors"]) == {
            next(k for k in body if k != "content") if len(body) > 1 else next(iter(body))
        }
    assert emulator.channel_messages(guild.channel_id) == []


async def test_the_limits_are_not_refusing_what_discord_accepts(emulator: DiscordEmulator) -> None:
    guild = emulator.add_guild()
    body = {
        "content": "x" * 2000,
        "embeds": [embed(description="x" * 4096, fields=[field] * 25)],
        "components": [row(*(button(f"b{i}", "x" * 80) for i in range(5)))]
        + [row(select(f"s{i}", n=25, max_values=25, placeholder="x" * 150)) for i in range(4)],
        "attachments": [
            {"id": i, "filename": f"f{i}.txt", "description": "x" * 1024} for i in range(10)
        ],
    }
    status, answer = await call(
        emulator, "POST", f"/channels/{guild.channel_id}/messages", body, files=_files(body)
    )
    assert status == 200, answer


@pytest.mark.parametrize(
    "route", ["callback", "follow-up", "edit original", "edit channel message"]
)
@pytest.mark.parametrize("case", ["content > 2000", "> 5 buttons a row", "duplicate custom ids"])
async def test_every_route_that_carries_a_message_checks_it(
    emulator: DiscordEmulator, route: str, case: str
) -> None:
    guild = emulator.add_guild()
    alice = emulator.add_user("alice")
    bad = BAD_MESSAGES[case]
    inter = pending(emulator, alice.id)
    if route == "callback":
        status, answer = await respond(emulator, inter, 4, bad)
        assert_refused(status, answer)
        assert inter.response is None  # still unanswered: the bot may try again
        return
    assert (await respond(emulator, inter, 4, {"content": "ok"}))[0] == 200
    if route == "follow-up":
        status, answer = await call(emulator, "POST", hook(emulator, inter) + "?wait=1", bad)
    elif route == "edit original":
        status, answer = await call(
            emulator, "PATCH", hook(emulator, inter) + "/messages/@original", bad
        )
    else:
        _, posted = await call(
            emulator, "POST", f"/channels/{guild.channel_id}/messages", {"content": "ok"}
        )
        status, answer = await call(
            emulator, "PATCH", f"/channels/{guild.channel_id}/messages/{posted['id']}", bad
        )
    assert_refused(status, answer)
    assert all(m.content in ("ok", "") for m in emulator.messages.values())


async def test_an_edit_cannot_empty_a_message(emulator: DiscordEmulator) -> None:
    guild = emulator.add_guild()
    _, posted = await call(
        emulator, "POST", f"/channels/{guild.channel_id}/messages", {"content": "hi"}
    )
    status, answer = await call(
        emulator, "PATCH", f"/channels/{guild.channel_id}/messages/{posted['id']}", {"content": ""}
    )
    assert (status, answer["code"]) == (400, 50006)
