"""Decision menus (select menus): a hand's menu only in the player's own view, and a
choice there makes the move exactly as the slash command would."""

from __future__ import annotations

from tests.e2e.bot_harness import (
    Table,
    answer,
    open_match,
    owner_of_turn,
    pinged,
    png_attachments,
    recorded,
)


async def test_a_hand_menu_is_private_and_playing_from_it_makes_the_move(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    rolled = await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    match_id = rolled.custom_ids[0].split(":")[2]
    version = (await table.bot.service.load(int(match_id))).match.version
    menu_id = f"ts:{match_id}:{version}:play:card"
    # The public post never lists the hand: no menu there.
    assert not any(c.startswith("ts:") for c in rolled.custom_ids), rolled.custom_ids

    mine = await answer(await emu.click(player, rolled.id, f"tt:mine:{match_id}"))
    assert mine.ephemeral and menu_id in mine.custom_ids
    menu = mine.component(menu_id)
    hand = [int(o["value"]) for o in menu["options"]]
    # Labels and placeholder in the player's own language (Alice: en-US, Bruno: pt-BR).
    word, prompt = ("Card", "Play a card") if player == table.alice.id else ("Carta", "Jogue")
    assert hand and [o["label"] for o in menu["options"]] == [f"{word} {c}" for c in hand]
    assert menu["placeholder"].startswith(prompt), menu["placeholder"]

    # Only the player sees that reply; the opponent's own view offers no such menu.
    theirs = await answer(await emu.click(other, rolled.id, f"tt:mine:{match_id}"))
    assert theirs.ephemeral and not any(c.startswith("ts:") for c in theirs.custom_ids)

    played = await answer(await emu.select(player, mine.id, menu_id, [str(hand[-1])]))
    assert not played.ephemeral
    assert f"played {hand[-1]}" in played.content, played.content
    assert pinged(emu, played) == {other}

    # The same menu again: that decision is over, so it is refused and nothing moves.
    await recorded(table, played)
    after = len(emu.channel_messages(thread_id, include_ephemeral=False))
    again = await answer(await emu.select(player, mine.id, menu_id, [str(hand[0])]))
    # Out of date, with a link to the post that is current now (the one the move made).
    assert again.ephemeral and f"/{thread_id}/{played.id}" in again.content, again.content
    assert len(emu.channel_messages(thread_id, include_ephemeral=False)) == after


async def test_dice_on_the_table_are_kept_from_a_public_menu(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    snap = await table.bot.service.load(1)
    while "roll" not in snap.pending()[0].kinds:  # the first player's Income/Main first
        decision = snap.pending()[0]
        assert decision.default is not None
        user = snap.user_of(decision.seat)
        snap = await table.bot.service.act(1, user, snap.engine.action_to_json(decision.default))
    player = snap.user_of(snap.pending()[0].seat)
    other = table.bruno.id if player == table.alice.id else table.alice.id
    rolled = await answer(await emu.slash(player, "dicethrone roll", channel_id=thread_id))
    menu_id = f"ts:1:{(await table.bot.service.load(1)).match.version}:keep:dice"
    assert menu_id in rolled.custom_ids, rolled.custom_ids
    menu = rolled.component(menu_id)
    assert len(menu["options"]) == 5 and menu["min_values"] == 0 and menu["max_values"] == 5

    refused = await answer(await emu.select(other, rolled.id, menu_id, ["1", "3"]))
    assert refused.ephemeral

    kept = await answer(await emu.select(player, rolled.id, menu_id, ["1", "3"]))
    assert not kept.ephemeral
    state = (await table.bot.service.load(1)).state
    assert state.roll.kept == (True, False, True, False, False), state.roll


async def test_a_previewable_command_shows_the_move_privately_and_makes_nothing(
    table: Table,
) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    hand = (
        (await table.bot.service.load(1))
        .state.players[(await table.bot.service.load(1)).seat_of(player)]
        .hand
    )
    version = (await table.bot.service.load(1)).match.version

    shown = await answer(
        await emu.slash(
            player, "testgame play", {"card": hand[0], "preview": True}, channel_id=thread_id
        )
    )
    assert shown.ephemeral and len(png_attachments(shown)) == 1
    assert "Preview only" in shown.content or "Só uma prévia" in shown.content
    missing = next(c for c in range(1, 10) if c not in hand)
    refused = await answer(
        await emu.slash(
            player, "testgame play", {"card": missing, "preview": True}, channel_id=thread_id
        )
    )
    assert refused.ephemeral and not png_attachments(refused)
    assert (await table.bot.service.load(1)).match.version == version  # nothing moved

    played = await answer(
        await emu.slash(player, "testgame play", {"card": hand[0]}, channel_id=thread_id)
    )
    assert not played.ephemeral
    assert (await table.bot.service.load(1)).match.version == version + 1
