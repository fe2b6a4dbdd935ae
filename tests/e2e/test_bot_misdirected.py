"""End to end: input aimed at the wrong place or out of bounds is refused with words that
say where to go, and controls shown or kept where they do nothing are not left silent."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.bot_harness import (
    Table,
    answer,
    make_referee,
    open_match,
    owner_of_turn,
    png_attachments,
)

pytestmark = pytest.mark.e2e


def _public(table: Table, channel_id: int) -> list[Any]:
    return [m for m in table.emu.channel_messages(channel_id) if not m.ephemeral and not m.deleted]


async def test_another_games_command_names_the_threads_game(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table)
    before = len(_public(table, thread_id))
    refused = await answer(await emu.slash(table.alice.id, "dicethrone roll", channel_id=thread_id))
    assert refused.ephemeral
    assert "its commands are /testgame, not /dicethrone" in refused.content, refused.content

    invitation = await answer(
        await emu.slash(
            table.alice.id,
            "match new",
            {"game": "krosmaster", "opponent": table.bruno.id},
            channel_id=table.guild.channel_id,
        )
    )
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    await answer(await emu.click(table.bruno.id, invitation.id, accept))
    await emu.wait_for(lambda: len(emu.threads) == 2, 10, what="the Krosmaster thread")
    k_thread = int(emu.threads[1]["id"])
    refused = await answer(
        await emu.slash(table.bruno.id, "dicethrone roll", channel_id=k_thread, locale="pt-BR")
    )
    assert refused.ephemeral
    # Bruno reads Portuguese: the game's three command families, as his client names them.
    assert "é de Krosmaster" in refused.content, refused.content
    assert "/krosmaster, /krosmaster-preparo e /krosmaster-manual" in refused.content
    assert len(_public(table, thread_id)) == before


async def test_ref_extend_takes_only_a_positive_bounded_number_of_hours(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _ = await open_match(emu, table, deadline=24)
    match = await table.bot.service.load(1)
    deadline = match.match.deadline_at
    assert deadline is not None

    # Discord's clients hold the bounds too: the synced command says them.
    ref = next(c for c in emu.commands[None] if c["name"] == "ref")
    extend = next(o for o in ref["options"] if o["name"] == "extend")
    hours = next(o for o in extend["options"] if o["name"] == "hours")
    assert (hours["min_value"], hours["max_value"]) == (1, 336)

    for bad in (-5, 0, 337):
        refused = await answer(
            await emu.slash(
                table.carol.id,
                "ref extend",
                {"hours": bad, "reason": "oops"},
                channel_id=thread_id,
                locale="it",
                outdated_client=True,
            )
        )
        assert refused.ephemeral, bad
        assert "da 1 a 336" in refused.content and str(bad) in refused.content, refused.content
    assert (await table.bot.service.load(1)).match.deadline_at == deadline


async def test_inspected_views_and_retired_controls_hold_no_live_buttons(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    own = await answer(await emu.slash(player, "match hand", channel_id=thread_id))
    assert own.custom_ids  # the player's own view answers the decision they owe
    peek = await answer(
        await emu.slash(table.carol.id, "ref inspect", {"player": player}, channel_id=thread_id)
    )
    assert peek.ephemeral and len(png_attachments(peek)) == 2
    assert peek.custom_ids == []

    # Posts of an older version of the bot, with controls this one has no use for.
    old = emu.create_message(
        thread_id,
        emu.bot.id,
        {
            "content": "an old post",
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Old", "custom_id": "kr:roll:1"},
                        {"type": 2, "style": 1, "label": "Gone", "custom_id": "tt:shuffle:1"},
                        {"type": 2, "style": 1, "label": "Bad", "custom_id": "tt:mine:x"},
                    ],
                }
            ],
        },
    )
    for custom_id, locale, words in (
        ("kr:roll:1", "en-US", "no longer in use"),
        ("tt:shuffle:1", "pt-BR", "não está mais em uso"),
        ("tt:mine:x", "it", "non è più in uso"),
    ):
        reply = await answer(await emu.click(player, old.id, custom_id, locale=locale))
        assert reply.ephemeral and words in reply.content, (custom_id, reply.content)


async def test_the_hand_by_dm_falls_back_to_the_thread_when_dms_are_closed(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table)
    emu.user(table.bruno.id).accepts_dms = False
    hand = await answer(
        await emu.slash(table.bruno.id, "match hand", {"dm": True}, channel_id=thread_id)
    )
    assert hand.ephemeral
    assert len(png_attachments(hand)) == 2  # the view itself, here
    assert "mensagens diretas" in hand.content, hand.content  # and why (Bruno: pt-BR)
    assert emu.channel_messages(emu.dm_channel(table.bruno.id)) == []
    assert any(err.code == 50007 for _, err in emu.api_errors)

    # Discord has also been seen answering 400 with the same code, and may refuse a DM
    # for other reasons: the view is still shown here, with the reason, never an apology.
    for status, code, words in ((400, 50007, "fechadas"), (400, 50035, "não o entregou")):
        emu.refuse(
            "POST",
            rf"/channels/{emu.dm_channel(table.alice.id)}/messages",
            status=status,
            code=code,
            message="refused",
        )
        hand = await answer(
            await emu.slash(
                table.alice.id, "match hand", {"dm": True}, channel_id=thread_id, locale="pt-BR"
            )
        )
        assert hand.ephemeral and len(png_attachments(hand)) == 2
        assert words in hand.content, hand.content


async def test_setup_locale_answers_the_admin_in_their_language_and_refuses_unknown_ones(
    table: Table,
) -> None:
    emu = table.emu
    where = table.guild.channel_id
    refused = await answer(
        await emu.slash(
            table.admin.id, "setup locale", {"locale": "fr"}, channel_id=where, outdated_client=True
        )
    )
    assert refused.ephemeral and "no language “fr”" in refused.content, refused.content
    assert "English (`en-US`)" in refused.content and "Italiano (`it`)" in refused.content
    assert "locale_name" not in refused.content
    # The admin reads English; public posts will be in Portuguese: the answer stays English.
    done = await answer(
        await emu.slash(table.admin.id, "setup locale", {"locale": "pt-BR"}, channel_id=where)
    )
    assert done.content == "Public posts here will be in Português (Brasil).", done.content

    # Each game's help shows referee examples of that game (read in the admin's English).

    shown: dict[str, str] = {}
    for game in ("krosmaster", "dicethrone", "battlescenes"):
        inter = await emu.slash(
            table.alice.id, "match help", {"game": game}, channel_id=table.guild.channel_id
        )
        await answer(inter)

        def referee_line(inter: Any = inter) -> str:
            found = [m.content for m in [inter.original, *inter.followups] if m is not None]
            return next(
                (line for text in found for line in text.split("\n") if "/ref act action:" in line),
                "",
            )

        await emu.wait_for(referee_line, 10, what=f"the referee line of {game}'s help")
        shown[game] = referee_line()
    assert '/ref act action:{"kind": "end_turn"}' in shown["krosmaster"]
    assert '"players.0.kamas"' in shown["krosmaster"]
    assert '/ref act action:{"kind": "keep", "dice": "1 3"}' in shown["dicethrone"]
    assert '/ref act action:{"kind": "play", "card": 3}' in shown["battlescenes"]
    assert '"card": 3' not in shown["krosmaster"] + shown["dicethrone"]
