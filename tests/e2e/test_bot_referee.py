"""Undo with consent, referee tools and disputes, end to end."""

from __future__ import annotations

import json

import pytest

from tests.e2e.bot_harness import (
    Table,
    answer,
    make_referee,
    mentioned,
    open_match,
    owner_of_turn,
    pinged,
    png_attachments,
)

pytestmark = pytest.mark.e2e


async def test_undo_needs_the_opponents_consent_and_never_crosses_a_roll(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)

    # The last move rolled a die: players cannot take it back.
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    refused = await answer(await emu.slash(player, "match undo", channel_id=thread_id))
    assert refused.ephemeral and (
        "cannot be taken back" in refused.content or "não pode ser desfeita" in refused.content
    )

    # Sorting the hand rolls nothing and reveals nothing: it can be undone with consent.
    await answer(
        await emu.slash(player, "testgame sort", {"descending": True}, channel_id=thread_id)
    )
    nosy = await answer(await emu.slash(other, "match undo", channel_id=thread_id))
    assert nosy.ephemeral  # only the mover asks
    asked = await answer(await emu.slash(player, "match undo", channel_id=thread_id))
    assert not asked.ephemeral and pinged(emu, asked) == {other}
    yes = next(c for c in asked.custom_ids if c.endswith(":yes"))
    mine = await answer(await emu.click(player, asked.id, yes))
    assert mine.ephemeral  # the mover cannot consent for the opponent
    done = await answer(await emu.click(other, asked.id, yes))
    assert not done.ephemeral and "taken back" in done.content
    # What was taken back, in words, and where the match stands now.
    assert "as it stood after event #1 (now at event #3)" in done.content
    assert "↩ Taken back: `#2`" in done.content
    # A decided request keeps no buttons: it is carried out once.
    assert emu.messages[asked.id].custom_ids == []

    log = await answer(await emu.slash(player, "match log", channel_id=thread_id))
    assert "`#3`" in log.content
    assert "reverted the match to event #1" in log.content or "ao evento nº 1" in log.content
    seats = (await table.bot.service.load(1)).seats
    other_name = next(s.display_name for s in seats if s.user_id == other)
    assert f"undo ✔ {other_name}" in log.content  # the log says who agreed


async def test_referee_rollback_with_preview(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    before = len(emu.channel_messages(thread_id, include_ephemeral=False))

    preview = await answer(
        await emu.slash(
            table.carol.id,
            "ref rollback",
            {"event": 0, "reason": "wrong die"},
            channel_id=thread_id,
        )
    )
    assert preview.ephemeral and len(png_attachments(preview)) == 1
    assert "n. 0" in preview.content and "wrong die" in preview.content  # Carol reads Italian
    # Nothing changed until the referee confirms.
    assert len(emu.channel_messages(thread_id, include_ephemeral=False)) == before
    confirm = next(c for c in preview.custom_ids if c.startswith("tt:confirm:"))
    done = await answer(await emu.click(table.carol.id, preview.id, confirm))
    assert not done.ephemeral and "rolled the match back" in done.content  # guild: English
    assert pinged(emu, done) == {player}  # the roll is owed again
    # To which event, what no longer counts, and why.
    assert "back to event #0: 1 event no longer counts (now at event #2)" in done.content
    assert "Reason: wrong die" in done.content and "↩ Taken back: `#1`" in done.content
    # The spent preview keeps no button: it cannot be confirmed twice.
    assert emu.messages[preview.id].custom_ids == []


async def test_a_dispute_round_trip(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _ = await open_match(emu, table)
    opened = await answer(
        await emu.slash(
            table.bruno.id,
            "match dispute",
            {"reason": "the die fell off the table"},
            channel_id=thread_id,
        )
    )
    assert not opened.ephemeral and len(png_attachments(opened)) == 1
    assert f"<@&{table.referee_role}>" in opened.content and "event #0" in opened.content
    requests = [
        r
        for r in emu.requests
        if isinstance(r.response, dict) and str(r.response.get("id")) == str(opened.id)
    ]
    assert [int(r) for r in requests[-1].json["allowed_mentions"]["roles"]] == [table.referee_role]

    listing = await answer(
        await emu.slash(table.carol.id, "ref disputes", channel_id=table.guild.channel_id)
    )
    assert "the die fell off the table" in listing.content
    ruled = await answer(
        await emu.slash(
            table.carol.id,
            "ref rule",
            {"ruling": "Re-roll it.", "dispute": 1},
            channel_id=thread_id,
        )
    )
    assert not ruled.ephemeral and "Re-roll it." in ruled.content
    empty = await answer(
        await emu.slash(table.carol.id, "ref disputes", channel_id=table.guild.channel_id)
    )
    assert "Contestazioni aperte: 0" in empty.content  # Carol reads Italian


async def test_pause_resume_extend_result_and_inspect(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)

    peek = await answer(
        await emu.slash(table.carol.id, "ref inspect", {"player": player}, channel_id=thread_id)
    )
    assert peek.ephemeral and len(png_attachments(peek)) == 2
    # A board on request keeps its controls: its roll button is pressed once paused.
    board = await answer(await emu.slash(player, "match board", channel_id=thread_id))
    roll = next(c for c in board.custom_ids if c.startswith("tt:act:"))
    paused = await answer(
        await emu.slash(table.carol.id, "ref pause", {"reason": "holiday"}, channel_id=thread_id)
    )
    assert "paused" in paused.content and pinged(emu, paused) == {player, other}
    blocked = await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    said = ("paused by a referee: holiday", "pausada por um árbitro: holiday")
    assert blocked.ephemeral and any(words in blocked.content for words in said), blocked.content
    pressed = await answer(await emu.click(player, board.id, roll))
    assert pressed.ephemeral and any(words in pressed.content for words in said), pressed.content
    resumed = await answer(
        await emu.slash(table.carol.id, "ref resume", {"reason": "back"}, channel_id=thread_id)
    )
    assert pinged(emu, resumed) == {player}
    extended = await answer(
        await emu.slash(
            table.carol.id, "ref extend", {"hours": 24, "reason": "travel"}, channel_id=thread_id
        )
    )
    assert "24" in extended.content
    ended = await answer(
        await emu.slash(
            table.carol.id,
            "ref result",
            {"winner": other, "reason": "agreed draw refused"},
            channel_id=thread_id,
        )
    )
    assert "won" in ended.content and "`" in ended.content  # the seed is revealed
    log = await answer(await emu.slash(table.carol.id, "match log", channel_id=thread_id))
    for words in (
        "ha messo in pausa la partita. Motivo: holiday",
        "ha ripreso la partita",
        "ha prorogato la scadenza di 24 h",
        "ha stabilito il risultato",
    ):
        assert words in log.content, log.content
    assert "bot.log" not in log.content


async def test_a_non_referee_is_refused_every_referee_command(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    commands = [
        ("ref undo", {"reason": "x"}),
        ("ref pause", {"reason": "x"}),
        ("ref resume", {"reason": "x"}),
        ("ref extend", {"hours": 2, "reason": "x"}),
        ("ref rule", {"ruling": "x"}),
        ("ref result", {"reason": "x"}),
        ("ref inspect", {"player": player}),
        ("ref rollback", {"event": 0, "reason": "x"}),
        ("ref disputes", {}),
        ("ref adjust", {"changes": '{"turn": 9}', "reason": "x"}),
        ("ref act", {"player": player, "action": '{"kind": "roll"}', "reason": "x"}),
    ]
    before = len(emu.channel_messages(thread_id, include_ephemeral=False))
    for name, options in commands:
        reply = await answer(await emu.slash(player, name, options, channel_id=thread_id))
        assert reply.ephemeral, name
        assert "Only referees" in reply.content or "Só juízes" in reply.content, name
    assert len(emu.channel_messages(thread_id, include_ephemeral=False)) == before


async def test_mine_lists_exactly_the_matches_waiting_for_me(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    waiting = await answer(await emu.slash(player, "match mine", channel_id=table.guild.channel_id))
    assert waiting.ephemeral and f"<#{thread_id}>" in waiting.content
    idle = await answer(await emu.slash(other, "match mine", channel_id=table.guild.channel_id))
    assert f"<#{thread_id}>" not in idle.content
    assert mentioned(idle) == set()


async def test_vacation_tells_the_opponents_and_the_leaderboard_counts(table: Table) -> None:
    emu = table.emu
    thread_id, _first = await open_match(emu, table)
    away = await answer(
        await emu.slash(
            table.bruno.id, "player vacation", {"days": 7}, channel_id=table.guild.channel_id
        )
    )
    assert away.ephemeral and "14" in away.content  # 21 - 7 days left
    await emu.wait_for(
        lambda: any(
            "vacation" in m.content
            for m in emu.channel_messages(thread_id, include_ephemeral=False)
        ),
        10,
        what="the vacation notice",
    )
    notice = next(
        m
        for m in emu.channel_messages(thread_id, include_ephemeral=False)
        if "vacation" in m.content
    )
    assert pinged(emu, notice) == {table.alice.id}  # the opponent it concerns, not Bruno

    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    await answer(await emu.click(table.alice.id, confirm.id, button))
    board = await answer(
        await emu.slash(
            table.carol.id,
            "match leaderboard",
            {"game": "testgame"},
            channel_id=table.guild.channel_id,
        )
    )
    assert not board.ephemeral
    assert "1. bruno — rating 1662 ± 290 · 1 pts (1 W, 0 L, 0 D)" in board.content
    assert "2. alice — rating 1338 ± 290 · 0 pts (0 W, 1 L, 0 D)" in board.content


async def test_a_manual_adjustment_is_logged_hidden_during_play_and_verifiable(
    table: Table,
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    bad = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"players.0.luck": 3}', "reason": "x"},
            channel_id=thread_id,
        )
    )
    assert bad.ephemeral
    done = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {
                "changes": '{"players.0.score": 25, "players.0.hand.0": 6}',
                "reason": "Card text: +25",
            },
            channel_id=thread_id,
        )
    )
    assert not done.ephemeral and "Card text: +25" in done.content
    # The post says what changed: a public value from → to, a hidden one only by name.
    assert "🛠 players.0.score: 0 → 25" in done.content
    assert "🛠 players.0.hand.0: changed (hidden information, not shown)" in done.content
    assert "→ 6" not in done.content
    exported = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    adjust = json.loads(exported.attachments[0].data)["events"][-1]
    assert adjust["kind"] == "adjust" and adjust["action"]["changes"] is None

    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    await answer(await emu.click(table.alice.id, confirm.id, button))
    exported = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    data = json.loads(exported.attachments[0].data)
    assert data["events"][1]["action"]["changes"] == {"players.0.score": 25, "players.0.hand.0": 6}
    verified = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert "match the seed" in verified.content


async def test_a_referee_acts_for_a_player_and_it_replays(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    await answer(
        await emu.slash(table.carol.id, "ref pause", {"reason": "away"}, channel_id=thread_id)
    )
    acted = await answer(
        await emu.slash(
            table.carol.id,
            "ref act",
            {"player": player, "action": '{"kind": "roll"}', "reason": "rolled at the table"},
            channel_id=thread_id,
        )
    )
    assert not acted.ephemeral and "rolled at the table" in acted.content
    assert "rolled" in acted.content  # the game's own event
    illegal = await answer(
        await emu.slash(
            table.carol.id,
            "ref act",
            {"player": player, "action": '{"kind": "play", "card": 99}', "reason": "x"},
            channel_id=thread_id,
        )
    )
    assert illegal.ephemeral  # the rules still judge the action itself
    # Bad JSON, JSON nested past any parser's patience, an action of another phase:
    # each a private, worded refusal (issue 10 §7), never an unexpected error.
    for text in ('{"kind": ', "[" * 600 + "]" * 600, '["roll"]', '{"kind": "choose", "option": 1}'):
        refused = await answer(
            await emu.slash(
                table.carol.id,
                "ref act",
                {"player": player, "action": text, "reason": "x"},
                channel_id=thread_id,
            )
        )
        assert refused.ephemeral, refused.content
        # bot.error.unexpected, in any of its words, would mean an exception escaped
        assert not any(w in refused.content for w in ("went wrong", "storto", "deu errado"))

    await answer(
        await emu.slash(table.carol.id, "ref resume", {"reason": "back"}, channel_id=thread_id)
    )
    log = await answer(await emu.slash(table.carol.id, "match log", channel_id=thread_id))
    assert "ha agito per" in log.content and "rolled at the table" in log.content
    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    await answer(await emu.click(table.alice.id, confirm.id, button))
    verified = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert "match the seed" in verified.content
