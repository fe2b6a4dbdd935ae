"""Interaction rules: one initial response within 3 s, 15-minute tokens, deferral semantics,
Administrator implies every permission, missing permissions are refused (403 50013)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.emulator_calls import call, hook, pending, respond
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e
EPHEMERAL = 1 << 6
ADMINISTRATOR, ALL = 1 << 3, (1 << 51) - 1


async def test_an_answer_after_3_seconds_is_an_unknown_interaction(
    emulator: DiscordEmulator,
) -> None:
    emulator.add_guild()
    inter = pending(emulator, emulator.add_user("alice").id)
    inter.created -= 3.1
    status, body = await respond(emulator, inter, 5)
    assert (status, body["code"], body["message"]) == (404, 10062, "Unknown interaction")
    assert inter.response is None


async def test_only_one_initial_response(emulator: DiscordEmulator) -> None:
    emulator.add_guild()
    inter = pending(emulator, emulator.add_user("alice").id)
    assert (await respond(emulator, inter, 4, {"content": "first"}))[0] == 200
    status, body = await respond(emulator, inter, 4, {"content": "second"})
    assert (status, body["code"]) == (400, 40060)
    assert inter.original is not None and inter.original.content == "first"


async def test_no_follow_up_before_the_initial_response(emulator: DiscordEmulator) -> None:
    emulator.add_guild()
    inter = pending(emulator, emulator.add_user("alice").id)
    status, body = await call(emulator, "POST", hook(emulator, inter), {"content": "early"})
    assert (status, body["code"]) == (404, 10015)
    assert inter.followups == []


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("POST", "", {"content": "late"}),
        ("PATCH", "/messages/@original", {"content": "late"}),
        ("DELETE", "/messages/@original", None),
        ("GET", "/messages/@original", None),
    ],
)
async def test_interaction_tokens_expire_after_15_minutes(
    emulator: DiscordEmulator, method: str, suffix: str, body: dict[str, str] | None
) -> None:
    emulator.add_guild()
    inter = pending(emulator, emulator.add_user("alice").id)
    assert (await respond(emulator, inter, 4, {"content": "answer"}))[0] == 200
    inter.created = time.monotonic() - 15 * 60 - 1
    status, answer = await call(emulator, method, hook(emulator, inter) + suffix, body, auth=False)
    assert (status, answer["code"], answer["message"]) == (401, 50027, "Invalid Webhook Token")
    assert inter.original is not None and inter.original.content == "answer"


@pytest.mark.parametrize("deferred_ephemeral", [False, True])
async def test_the_first_follow_up_after_thinking_edits_it_and_keeps_its_visibility(
    emulator: DiscordEmulator, deferred_ephemeral: bool
) -> None:
    emulator.add_guild()
    inter = pending(emulator, emulator.add_user("alice").id)
    await respond(emulator, inter, 5, {"flags": EPHEMERAL} if deferred_ephemeral else {})
    loading = inter.original
    assert loading is not None and loading.loading
    # The bot asks for the opposite visibility: Discord keeps the deferral's.
    flags = 0 if deferred_ephemeral else EPHEMERAL
    status, first = await call(
        emulator, "POST", hook(emulator, inter) + "?wait=1", {"content": "one", "flags": flags}
    )
    assert status == 200 and first["id"] == str(loading.id)
    assert loading.ephemeral is deferred_ephemeral and not loading.loading
    # A public defer followed by an "ephemeral" error: the error is public.
    assert loading.content == "one"
    _, second = await call(
        emulator, "POST", hook(emulator, inter) + "?wait=1", {"content": "two", "flags": flags}
    )
    assert second["id"] != first["id"]
    assert emulator.message(int(second["id"])).ephemeral is not deferred_ephemeral


async def test_administrator_implies_every_permission() -> None:
    emu = DiscordEmulator(bot_permissions=ADMINISTRATOR)
    await emu.start()
    try:
        guild = emu.add_guild()
        boss = emu.add_user("boss", permissions=ADMINISTRATOR)
        inter = pending(emu, boss.id)
        assert int(inter.payload["app_permissions"]) == ALL
        assert int(inter.payload["member"]["permissions"]) == ALL
        # Routes needing Manage Roles / Manage Messages accept a bot that only has Administrator.
        status, role = await call(emu, "POST", f"/guilds/{guild.id}/roles", {"name": "Referee"})
        assert status == 200, role
        msg = emu.post_message(boss.id, guild.channel_id, "hello")
        status, _ = await call(emu, "DELETE", f"/channels/{guild.channel_id}/messages/{msg.id}")
        assert status == 204 and msg.deleted
    finally:
        await emu.stop()


SEND, ATTACH, MANAGE_MESSAGES, MANAGE_ROLES = 1 << 11, 1 << 15, 1 << 13, 1 << 28


@pytest.mark.parametrize("lacking", ["send", "attach", "manage messages", "manage roles", "pin"])
async def test_an_action_without_its_permission_is_refused(lacking: str) -> None:
    from tests.emulator.models import DEFAULT_BOT_PERMISSIONS

    missing = {
        "send": SEND,
        "attach": ATTACH,
        "manage messages": MANAGE_MESSAGES,
        "pin": MANAGE_MESSAGES,
        "manage roles": MANAGE_ROLES,
    }[lacking]
    emu = DiscordEmulator(bot_permissions=DEFAULT_BOT_PERMISSIONS & ~missing)
    await emu.start()
    try:
        guild = emu.add_guild()
        # Without the bit on @everyone either.
        guild.roles[guild.id].permissions &= ~missing
        alice = emu.add_user("alice")
        channel = f"/channels/{guild.channel_id}/messages"
        other = emu.post_message(alice.id, guild.channel_id, "hi")
        if lacking == "send":
            status, body = await call(emu, "POST", channel, {"content": "x"})
        elif lacking == "attach":
            status, body = await call(
                emu, "POST", channel, {"content": "x"}, files=[("a.png", b"x")]
            )
        elif lacking == "manage messages":
            status, body = await call(emu, "DELETE", f"{channel}/{other.id}")
        elif lacking == "pin":
            status, body = await call(emu, "PUT", f"/channels/{guild.channel_id}/pins/{other.id}")
        else:
            status, body = await call(emu, "POST", f"/guilds/{guild.id}/roles", {"name": "R"})
        assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
        assert not other.deleted and not other.pinned
        assert emu.channel_messages(guild.channel_id) == [other]
    finally:
        await emu.stop()
