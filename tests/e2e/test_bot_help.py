"""``/match help``: a game's commands in the reader's language, and the commands every
match has, named as that reader's Discord shows them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.e2e.bot_harness import Table, answer, open_match

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


async def test_help_lists_the_games_commands_in_the_readers_language(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="krosmaster")
    asked = await emu.slash(table.alice.id, "match help", channel_id=thread_id)
    english = await answer(asked)
    assert english.ephemeral and "**Krosmaster Arena**" in english.content
    assert "`/krosmaster move`" in english.content
    assert "`/krosmaster-setup team`" in english.content
    # The list goes on in further private messages, down to the manual commands.
    await emu.wait_for(
        lambda: any("`/krosmaster-manual adjust`" in m.content for m in asked.followups),
        10,
        what="the manual commands in the help",
    )
    assert all(m.ephemeral for m in asked.followups)
    portuguese = await answer(await emu.slash(table.bruno.id, "match help", channel_id=thread_id))
    assert "Krosmaster" in portuguese.content and "comandos" in portuguese.content
    assert "`/krosmaster-preparo team`" in portuguese.content  # set-up comes first

    elsewhere = await answer(
        await emu.slash(table.carol.id, "match help", channel_id=table.guild.channel_id)
    )
    assert "Dice Throne" in elsewhere.content and "/partita nuova" in elsewhere.content


def test_the_common_commands_named_in_help_exist_in_each_language() -> None:
    """The help names commands by their translated names: a renamed command must be renamed
    there too (checked against the names the bot registers)."""
    for locale in ("en-US", "pt-BR", "it"):
        bot = yaml.safe_load((ROOT / "bot" / "locales" / f"{locale}.yaml").read_text())["bot"]
        named = set(re.findall(r"`(/[^` ]+ [^` ]+)`", bot["help"]["common"]))
        commands = bot["command"]
        real = {
            f"/{commands[group]['name']} {commands[sub]['name']}"
            for group, subs in (
                ("match", ("hand", "status", "log", "takeback", "dispute", "resign", "new")),
                ("player", ("auto", "vacation")),
            )
            for sub in subs
        }
        assert named and named <= real, (locale, named - real)
