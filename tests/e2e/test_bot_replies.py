"""How the bot answers commands: a private "thinking…", then a private error, or one
new public post in the match thread and a private confirmation linking to it."""

from __future__ import annotations

import pytest

from tests.e2e.bot_harness import Table, answer, open_match, owner_of_turn

pytestmark = pytest.mark.e2e


async def test_a_refused_command_never_shows_anything_in_public(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    _, other = owner_of_turn(table, first)
    public_before = emu.channel_messages(thread_id, include_ephemeral=False)

    inter = await emu.slash(other, "testgame roll", channel_id=thread_id)
    response = await inter.wait_response()
    assert response.type == 5 and response.ephemeral  # "thinking…" only for the user
    refused = await answer(inter)
    assert refused.id == inter.original_message_id and refused.ephemeral
    assert "turn" in refused.content or "vez" in refused.content
    assert emu.channel_messages(thread_id, include_ephemeral=False) == public_before


async def test_each_state_change_is_one_new_post_in_the_thread(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    public_before = emu.channel_messages(thread_id, include_ephemeral=False)

    # From the main channel, naming the match: the post lands in the thread all the same.
    match_id = int(first.custom_ids[0].split(":")[2])
    inter = await emu.slash(
        player, "testgame roll", {"match": match_id}, channel_id=table.guild.channel_id
    )
    response = await inter.wait_response()
    assert response.type == 5 and response.ephemeral
    confirmation = await inter.wait_original()
    assert confirmation.ephemeral
    public_after = emu.channel_messages(thread_id, include_ephemeral=False)
    assert len(public_after) == len(public_before) + 1
    posted = public_after[-1]
    assert f"/{thread_id}/{posted.id}" in confirmation.content
    assert "rolled" in posted.content
