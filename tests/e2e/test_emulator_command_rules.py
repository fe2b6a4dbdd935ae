"""The emulator refuses command definitions Discord refuses, as Discord does (400 50035)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.emulator_calls import call, form_errors
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e


def cmd(name: str = "game", description: str = "Play", **extra: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": description, **extra}


def opt(name: str, otype: int = 3, description: str = "An option", **extra: Any) -> dict[str, Any]:
    return {"type": otype, "name": name, "description": description, **extra}


async def sync(emu: DiscordEmulator, commands: list[dict[str, Any]], guild: int | None = None):
    base = f"/applications/{emu.application_id}"
    path = f"{base}/guilds/{guild}/commands" if guild else f"{base}/commands"
    return await call(emu, "PUT", path, commands)


async def refused(emu: DiscordEmulator, commands: list[dict[str, Any]], code: str) -> None:
    before = list(emu.commands[None])
    status, body = await sync(emu, commands)
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert code in form_errors(body), body
    assert emu.commands[None] == before  # the whole bulk overwrite is refused


async def test_the_4000_budget_counts_each_field_at_its_longest_localization(
    emulator: DiscordEmulator,
) -> None:
    group = lambda n, desc, **loc: opt(n, 2, desc, **loc)  # noqa: E731
    sub = lambda n: opt(n, 1, "x" * 100, options=[opt("value", 3, "y" * 100)])  # noqa: E731

    def command(it_text: str) -> dict[str, Any]:
        groups = [
            group(f"g{i}", "z" * 87, options=[sub(f"s{j}") for j in range(6)]) for i in range(3)
        ]
        groups[0]["description_localizations"] = {"it": it_text}
        return cmd("big", "Big", options=groups)

    # 3 + 3 + 3 * (2 + 87 + 6 * (2 + 100 + 5 + 100)) = 3999 characters in English; a longer
    # Italian description counts instead of the English one: 4000 fits, 4001 does not.
    assert (await sync(emulator, [command("i" * 88)]))[0] == 200
    await refused(emulator, [command("i" * 89)], "APPLICATION_COMMAND_TOO_LARGE")


@pytest.mark.parametrize("name", ["Match", "new match", "match!", "", "x" * 33, "🎲", "abc.def"])
async def test_invalid_names_are_refused(emulator: DiscordEmulator, name: str) -> None:
    await refused(
        emulator,
        [cmd(name)],
        "BASE_TYPE_BAD_LENGTH" if len(name) in (0, 33) else "APPLICATION_COMMAND_INVALID_NAME",
    )


async def test_localized_names_follow_the_same_rule(emulator: DiscordEmulator) -> None:
    await refused(
        emulator,
        [cmd("match", options=[opt("new", 1, name_localizations={"pt-BR": "Nova Partida"})])],
        "APPLICATION_COMMAND_INVALID_NAME",
    )


async def test_valid_names_in_other_scripts_are_accepted(emulator: DiscordEmulator) -> None:
    names = ["déjà-vu_l'été", "नमस्ते", "สวัสดี", "partita2"]
    status, _ = await sync(emulator, [cmd(n) for n in names])
    assert status == 200
    assert [c["name"] for c in emulator.commands[None]] == names


@pytest.mark.parametrize("where", ["default", "localization"])
async def test_descriptions_are_1_to_100_characters(emulator: DiscordEmulator, where: str) -> None:
    bad = (
        cmd(description="d" * 101)
        if where == "default"
        else cmd(options=[opt("x", description_localizations={"it": ""})])
    )
    await refused(emulator, [bad], "BASE_TYPE_BAD_LENGTH")


@pytest.mark.parametrize("kind", ["options", "subcommands", "choices"])
async def test_at_most_25_options_subcommands_or_choices(
    emulator: DiscordEmulator, kind: str
) -> None:
    if kind == "choices":
        choices = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
        bad = cmd(options=[opt("pick", choices=choices)])
    else:
        bad = cmd(options=[opt(f"o{i}", 3 if kind == "options" else 1) for i in range(26)])
    await refused(emulator, [bad], "BASE_TYPE_MAX_LENGTH")


async def test_required_options_come_first(emulator: DiscordEmulator) -> None:
    bad = cmd(options=[opt("maybe"), opt("must", required=True)])
    await refused(emulator, [bad], "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID")


async def test_at_most_100_global_chat_input_commands(emulator: DiscordEmulator) -> None:
    await refused(
        emulator,
        [cmd(f"c{i}") for i in range(101)],
        "APPLICATION_COMMANDS_TOO_MANY_CHAT_INPUT",
    )
    assert (await sync(emulator, [cmd(f"c{i}") for i in range(100)]))[0] == 200


async def test_locale_keys_must_be_discord_locales(emulator: DiscordEmulator) -> None:
    await refused(emulator, [cmd(description_localizations={"pt": "Jogar"})], "LOCALE_INVALID")


async def test_guild_sync_is_checked_too(emulator: DiscordEmulator) -> None:
    guild = emulator.add_guild()
    status, body = await sync(emulator, [cmd("Bad")], guild=guild.id)
    assert status == 400 and body["code"] == 50035
    assert guild.id not in emulator.commands


async def test_a_command_whose_contexts_exclude_dms_cannot_be_run_in_a_dm(
    emulator: DiscordEmulator,
) -> None:
    emulator.add_guild()
    alice = emulator.add_user("alice")
    commands = [
        cmd("setup", contexts=[0]),
        cmd("old", dm_permission=False),
        # A subcommand's own contexts never reach Discord's decision: the command's do.
        cmd("match", contexts=[0, 1], options=[opt("new", 1, contexts=[0])]),
    ]
    assert (await sync(emulator, commands))[0] == 200
    for name in ("setup", "old"):
        with pytest.raises(ValueError, match="not available in DMs"):
            await emulator.slash(alice.id, name, dm=True)
    data = emulator._command_data(
        alice.id, "match new", {}, None, emulator.dm_channel(alice.id), None
    )
    assert data["options"][0]["name"] == "new"  # would be dispatched in the DM


async def test_default_member_permissions_hide_a_command_unless_overridden(
    emulator: DiscordEmulator,
) -> None:
    guild = emulator.add_guild()
    alice = emulator.add_user("alice")
    boss = emulator.add_user("boss", permissions=0x8)  # Administrator implies Manage Server
    assert (await sync(emulator, [cmd("setup", default_member_permissions="32")]))[0] == 200
    with pytest.raises(ValueError, match="hides it"):
        emulator._check_offered(emulator.commands[None][0], alice.id, guild.id)
    emulator._check_offered(emulator.commands[None][0], boss.id, guild.id)
    emulator.allow_command(guild.id, "setup", alice.id)
    emulator._check_offered(emulator.commands[None][0], alice.id, guild.id)


async def test_an_attachment_option_is_an_ephemeral_upload_within_the_users_limit(
    emulator: DiscordEmulator,
) -> None:
    from tests.emulator.inject import ATTACHMENT_SIZE_LIMIT

    guild = emulator.add_guild()
    alice = emulator.add_user("alice")
    assert (await sync(emulator, [cmd("upload", options=[opt("file", 11)])]))[0] == 200
    data = emulator._command_data(
        alice.id, "upload", {"file": ("club.zip", b"PK")}, None, guild.channel_id, guild.id
    )
    (attachment,) = data["resolved"]["attachments"].values()
    assert data["options"][0]["value"] == attachment["id"]
    assert attachment["ephemeral"] is True and attachment["size"] == 2
    assert attachment["filename"] == "club.zip" and attachment["url"].endswith("/club.zip")
    # Discord's client sends neither an empty file nor one over the user's upload limit.
    for bad in (("big.zip", b"x" * (ATTACHMENT_SIZE_LIMIT + 1)), ("empty.yaml", b""), "a path"):
        with pytest.raises(ValueError):
            emulator._command_data(
                alice.id, "upload", {"file": bad}, None, guild.channel_id, guild.id
            )
