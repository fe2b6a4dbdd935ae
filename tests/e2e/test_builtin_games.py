"""Every built-in game starts and takes a first move through Discord."""

from __future__ import annotations

import pytest

from engines.core.registry import BUILTIN_GAME_MODULES
from tests.e2e.bot_harness import (
    Table,
    answer,
    mentioned,
    open_match,
    pinged,
    png_attachments,
)

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", [m.split(".")[-1] for m in BUILTIN_GAME_MODULES])
async def test_a_builtin_game_plays_through_discord(table: Table, game: str) -> None:
    emu = table.emu
    assert any(c["name"] == game for c in emu.commands[None])
    thread_id, first = await open_match(emu, table, options=None, game=game)
    assert len(png_attachments(first)) == 1
    (player,) = mentioned(first)
    assert pinged(emu, first) == {player}

    hand = await answer(await emu.slash(player, "match hand", channel_id=thread_id))
    assert hand.ephemeral and png_attachments(hand)

    button = next(c for c in first.custom_ids if c.startswith("tt:act:"))
    moved = await answer(await emu.click(player, first.id, button))
    assert not moved.ephemeral, moved.content
    assert len(png_attachments(moved)) == 1
