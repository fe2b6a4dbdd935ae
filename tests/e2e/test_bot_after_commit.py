"""End to end: when Discord refuses a call after a change was stored, the change is still
announced, and nobody is told that nothing changed."""

from __future__ import annotations

import pytest

from tests.e2e.bot_harness import Table, answer, open_match, owner_of_turn

pytestmark = pytest.mark.e2e

#: The path of an interaction's follow-up, and of an edit of the message a click is on.
FOLLOW_UP = r"^/webhooks/\d+/[^/]+$"
EDIT_CLICKED = r"^/webhooks/\d+/[^/]+/messages/@original$"
NOTHING = ("nothing was changed", "nada foi alterado")


async def test_an_accepted_undo_is_announced_when_its_request_cannot_be_edited(
    table: Table,
) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    await answer(
        await emu.slash(player, "testgame sort", {"descending": True}, channel_id=thread_id)
    )
    asked = await answer(await emu.slash(player, "match undo", channel_id=thread_id))
    yes = next(c for c in asked.custom_ids if c.endswith(":yes"))

    # Taking the request's buttons off is refused (deleted meanwhile, say).
    refusal = emu.refuse("PATCH", EDIT_CLICKED)
    done = await answer(await emu.click(other, asked.id, yes, locale="en-US"))
    assert refusal.refused, "the edit was attempted"
    assert not done.ephemeral and "taken back" in done.content, done.content
    assert done.channel_id == thread_id
    assert (await table.bot.service.load(1)).match.version == 3  # the undo is stored
    said = [m.content for m in emu.channel_messages(thread_id) if m.ephemeral]
    assert not any(words in text for text in said for words in NOTHING), said


async def test_a_move_whose_post_is_refused_is_posted_anew_or_said_saved(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    roll = next(c for c in first.custom_ids if c.startswith("tt:act:"))

    # The click's follow-up is refused: the new state goes into the thread all the same.
    emu.refuse("POST", FOLLOW_UP, status=401, code=50027, message="Invalid Webhook Token")
    told = await answer(await emu.click(player, first.id, roll, locale="en-US"))
    assert told.ephemeral and "posted anew" in told.content, told.content
    posts = [m for m in emu.channel_messages(thread_id, include_ephemeral=False) if not m.deleted]
    assert len(posts) == 2 and "rolled" in posts[-1].content
    assert str(posts[-1].id) in told.content  # the reply links the post
    assert (await table.bot.service.load(1)).match.state_post_id == posts[-1].id

    # Neither the thread nor a second try will take it: the player learns it was saved.
    now = (await table.bot.service.load(1)).match
    hand = await emu.autocomplete(
        player, "testgame play", {"card": ""}, focused="card", channel_id=thread_id
    )
    emu.refuse("POST", rf"^/channels/{thread_id}/messages$", status=403, code=50001, times=2)
    told = await answer(
        await emu.slash(
            player,
            "testgame play",
            {"card": int(hand[0]["value"])},
            channel_id=thread_id,
            locale="pt-BR",
        )
    )
    after = (await table.bot.service.load(1)).match
    assert after.version > now.version  # the move is stored
    assert told.ephemeral and f"evento nº {after.version}" in told.content, told.content
    assert not any(words in told.content for words in NOTHING)
