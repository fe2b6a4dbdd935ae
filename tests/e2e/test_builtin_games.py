"""Every built-in game starts and takes its first move through Discord."""

from __future__ import annotations

import pytest

from engines.core.registry import BUILTIN_GAME_MODULES, get
from tests.e2e.bot_harness import (
    Table,
    answer,
    mentioned,
    open_match,
    pinged,
    png_attachments,
)

pytestmark = pytest.mark.e2e

SLASH_TYPES = (str, int, bool)


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

    # The owed decision's default, made the way a player would: with the game's command.
    engine = get(game)
    snap = await table.bot.service.load(1)
    decision = snap.pending()[0]
    assert decision.default is not None
    action = engine.action_to_json(decision.default)
    spec = next(s for s in engine.commands() if s.action == action["kind"])
    options = {o.name: action[o.name] for o in spec.options if o.name in action}
    assert all(isinstance(v, SLASH_TYPES) for v in options.values()), options
    moved = await answer(
        await emu.slash(player, f"{game} {spec.name}", options, channel_id=thread_id)
    )
    assert not moved.ephemeral, moved.content
    assert len(png_attachments(moved)) == 1
    assert (await table.bot.service.load(1)).match.version == 1 + snap.match.version
