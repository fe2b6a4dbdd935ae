"""A three-player Krosmaster free-for-all through Discord: a player who resigns leaves,
and the two others play on; when one of two resigns, the match ends."""

from __future__ import annotations

import pytest

from tests.e2e.bot_harness import Table, answer, pinged

pytestmark = pytest.mark.e2e


async def _resign(table: Table, user: int, thread_id: int) -> object:
    emu = table.emu
    confirm = await answer(await emu.slash(user, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    return await answer(await emu.click(user, confirm.id, button))


async def test_a_player_leaves_a_free_for_all_and_the_others_play_on(table: Table) -> None:
    emu = table.emu
    players = [table.alice.id, table.bruno.id, table.carol.id]
    invitation = await answer(
        await emu.slash(
            table.alice.id,
            "match new",
            {"game": "krosmaster", "opponent": table.bruno.id, "opponent2": table.carol.id},
            channel_id=table.guild.channel_id,
        )
    )
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    for user in players[1:]:
        await answer(await emu.click(user, invitation.id, accept))
    await emu.wait_for(lambda: len(emu.threads) == 1, 10, what="the match thread")
    thread_id = int(emu.threads[0]["id"])
    await emu.wait_for(lambda: emu.channel_messages(thread_id), 10, what="the first post")

    left = await _resign(table, table.bruno.id, thread_id)
    assert not left.ephemeral  # type: ignore[attr-defined]
    snap = await table.bot.service.load(1)
    assert snap.match.status == "active" and snap.match.result is None
    owing = {snap.user_of(d.seat) for d in snap.pending() if not d.optional}
    assert table.bruno.id not in owing and owing
    assert pinged(emu, left) == owing  # type: ignore[arg-type]
    log = await answer(await emu.slash(table.alice.id, "match log", channel_id=thread_id))
    assert "left the match" in log.content, log.content

    ended = await _resign(table, table.carol.id, thread_id)
    snap = await table.bot.service.load(1)
    assert snap.match.status == "finished"
    assert snap.match.result is not None and snap.match.result["winners"] == [0]
    assert "alice" in ended.content  # type: ignore[attr-defined]
