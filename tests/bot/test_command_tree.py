"""The real bot's command tree, as discord.py uploads it, within Discord's limits.

Discord refuses the whole bulk upload for one bad field (and start-up with it), so the
exact payload of every command in every locale is checked here, with headroom under
the 4,000-character rule so the next translation or option does not break deployment.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.config import Settings
from bot.discord.client import TabletopBot
from bot.discord.cogs.games import command_path
from bot.discord.command_payload import (
    InvalidCommandTree,
    command_payload,
    command_size,
    tree_violations,
)
from bot.match.service import MatchService
from engines.core.registry import BUILTIN_GAME_MODULES, get

HEADROOM = 3600
BUILTIN = [m.split(".")[-1] for m in BUILTIN_GAME_MODULES]


@pytest.fixture
async def bot(service: MatchService) -> AsyncIterator[TabletopBot]:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token="x",
        database_url="sqlite+aiosqlite://",
        games=["tests.testgame"],
        scheduler_seconds=0,
    )
    built = TabletopBot(settings)
    built.service = service
    await built.add_commands()
    yield built  # never started, so there is no connection to close


def _named(payload: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(c for c in payload if c["name"] == name)


async def test_the_synced_payload_breaks_no_limit_and_leaves_headroom(bot: TabletopBot) -> None:
    guild = discord.Object(1234)
    bot.tree.copy_global_to(guild=guild)  # what DEV_GUILD_IDS syncs
    assert await tree_violations(bot.tree, [None, guild]) == []
    payload = await command_payload(bot.tree)
    names = {c["name"] for c in payload}
    assert {"match", "ref", "setup", "player", "testgame", *BUILTIN} <= names
    sizes = {c["name"]: command_size(c) for c in payload}
    assert all(size <= HEADROOM for size in sizes.values()), sizes
    # Every locale we translate reached the payload (the sizes count the longest one).
    krosmaster = _named(payload, "krosmaster-setup")
    assert set(krosmaster["name_localizations"]) >= {"pt-BR", "it"}


async def test_each_game_command_is_under_its_sections_top_level_command(
    bot: TabletopBot,
) -> None:
    """The engine declares the section; the bot names the top-level command, translated."""
    payload = await command_payload(bot.tree)
    for game in BUILTIN:
        engine = get(game)
        for spec in engine.commands():
            top, sub = command_path(bot.texts, engine, spec).split(" ")
            assert sub in {o["name"] for o in _named(payload, top)["options"]}, (top, sub)
    setup = _named(payload, "krosmaster-setup")
    assert {o["name"] for o in setup["options"]} == {"team", "side", "deploy"}
    assert setup["name_localizations"]["pt-BR"] == "krosmaster-preparo"
    assert {o["name"] for o in _named(payload, "krosmaster-manual")["options"]} == {
        "adjust",
        "applied",
    }
    assert "team" not in {o["name"] for o in _named(payload, "krosmaster")["options"]}
    # A section a game does not use is no command at all.
    assert "dicethrone-setup" not in {c["name"] for c in payload}
    assert command_path(bot.texts, get("dicethrone"), _spec("dicethrone", "adjust"), "it") == (
        "dicethrone-manuale correggi"
    )


def _spec(game: str, name: str) -> Any:
    return next(s for s in get(game).commands() if s.name == name)


async def test_only_match_and_player_are_offered_in_direct_messages(bot: TabletopBot) -> None:
    """Contexts reach Discord only on top-level commands: a game's, /ref's and /setup's
    are guild-only there."""
    payload = await command_payload(bot.tree)
    for command in payload:
        if command["name"] in ("match", "player"):
            assert command.get("contexts") in (None, [0, 1, 2]), command["name"]
        else:
            assert command["contexts"] == [0], command["name"]


async def test_game_options_are_described_and_renamed_through_the_public_api(
    bot: TabletopBot,
) -> None:
    payload = await command_payload(bot.tree)
    cast = next(o for o in _named(payload, "krosmaster")["options"] if o["name"] == "cast")
    spell = next(o for o in cast["options"] if o["name"] == "spell")
    assert spell["description"] == "The spell" and spell["autocomplete"] is True
    assert spell["name_localizations"]["pt-BR"] == "feitiço"
    assert [o["name"] for o in cast["options"]][-2:] == ["preview", "match"]
    mulligan = next(
        o for o in _named(payload, "battlescenes-setup")["options"] if o["name"] == "mulligan"
    )
    (mode, _) = mulligan["options"]
    assert [c["value"] for c in mode["choices"]] == ["keep", "reveal", "smaller"]
    assert mode["choices"][0]["name_localizations"]["pt-BR"] != mode["choices"][0]["name"]


async def test_a_tree_breaking_a_limit_is_not_synced(
    bot: TabletopBot, caplog: pytest.LogCaptureFixture
) -> None:
    """setup_hook's sync stops with the list of violations instead of Discord's 400."""

    async def too_long(interaction: discord.Interaction) -> None:
        """Unused."""

    bot.tree.add_command(
        app_commands.Command(name="loud", description="x" * 101, callback=too_long)
    )
    with caplog.at_level(logging.ERROR), pytest.raises(InvalidCommandTree) as refused:
        await bot.sync_commands()  # no application id: reaching Discord would raise otherwise
    assert refused.value.problems == ["global: /loud: description is 101 characters (1-100)"]
    assert "/loud: description is 101 characters" in caplog.text
