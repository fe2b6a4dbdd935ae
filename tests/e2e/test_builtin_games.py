"""Every built-in game starts and takes its first move through Discord."""

from __future__ import annotations

import pytest

from bot.discord.cogs.games import command_path
from engines.core.registry import BUILTIN_GAME_MODULES, get
from tests.e2e.bot_harness import (
    Table,
    answer,
    mentioned,
    open_match,
    pinged,
    png_attachments,
)
from tests.emulator import StoredMessage

pytestmark = pytest.mark.e2e

SLASH_TYPES = (str, int, bool)


async def play_default(table: Table, game: str, thread_id: int) -> StoredMessage:
    """The owed decision's default, made the way a player would: with the game's command."""
    engine = get(game)
    snap = await table.bot.service.load(1)
    decision = snap.pending()[0]
    assert decision.default is not None
    action = engine.action_to_json(decision.default)
    spec = next(s for s in engine.commands() if s.action == action["kind"])
    options = {o.name: action[o.name] for o in spec.options if o.name in action}
    assert all(isinstance(v, SLASH_TYPES) for v in options.values()), options
    user = snap.user_of(decision.seat)
    path = command_path(table.bot.texts, engine, spec)  # e.g. "krosmaster-setup team"
    inter = await table.emu.slash(user, path, options, channel_id=thread_id)
    return await answer(inter)


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

    version = (await table.bot.service.load(1)).match.version
    moved = await play_default(table, game, thread_id)
    assert not moved.ephemeral, moved.content
    assert len(png_attachments(moved)) == 1
    assert (await table.bot.service.load(1)).match.version == 1 + version


async def test_a_card_lookup_shows_only_what_the_player_may_see(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="battlescenes")
    player, other = table.alice.id, table.bruno.id

    async def offered(user: int) -> list[dict[str, object]]:
        return await emu.autocomplete(
            user, "match lookup", {"query": ""}, focused="query", channel_id=thread_id
        )

    for _ in range(6):  # who starts, then the hands are drawn
        if await offered(player) and await offered(other):
            break
        await play_default(table, "battlescenes", thread_id)
    mine, theirs = await offered(player), await offered(other)
    assert mine, "a player can look at the cards in their own hand"
    # Nobody is offered the other player's hand: the two lists share no card.
    assert not {c["value"] for c in mine} & {c["value"] for c in theirs}
    looked = await answer(
        await emu.slash(player, "match lookup", {"query": mine[0]["value"]}, channel_id=thread_id)
    )
    assert looked.ephemeral and len(png_attachments(looked)) == 1
    nosy = await answer(
        await emu.slash(other, "match lookup", {"query": mine[0]["value"]}, channel_id=thread_id)
    )
    assert nosy.ephemeral and not png_attachments(nosy)


async def test_a_krosmaster_lookup_shows_a_figure_in_play_and_the_arena(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="krosmaster")
    snap = await table.bot.service.load(1)
    unit = snap.state.units[0]
    figure = snap.state.figures[unit.figure]
    offered = await emu.autocomplete(
        table.bruno.id, "match lookup", {"query": ""}, focused="query", channel_id=thread_id
    )
    assert unit.id in {c["value"] for c in offered}  # every figure in play is public
    assert snap.state.arena.id in {c["value"] for c in offered}
    looked = await answer(
        await emu.slash(
            table.bruno.id, "match lookup", {"query": figure.name[:5]}, channel_id=thread_id
        )
    )
    assert looked.ephemeral and len(png_attachments(looked)) == 1
    (image,) = looked.attachments
    names = {figure.name, *dict(figure.names).values()}  # in the reader's language
    assert image.description and any(n in image.description for n in names)  # alt text
    nothing = await answer(
        await emu.slash(table.bruno.id, "match lookup", {"query": "zzz"}, channel_id=thread_id)
    )
    assert nothing.ephemeral and not png_attachments(nothing)


async def test_a_dice_throne_lookup_shows_a_card_of_ones_own_hand_only(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    snap = await table.bot.service.load(1)
    alice, bruno = snap.seat_of(table.alice.id), snap.seat_of(table.bruno.id)
    assert alice is not None and bruno is not None
    card = next(
        c for c in snap.state.players[alice].hand if c not in snap.state.players[bruno].hand
    )

    async def offered(user: int) -> set[str]:
        found = await emu.autocomplete(
            user, "match lookup", {"query": ""}, focused="query", channel_id=thread_id
        )
        return {str(c["value"]) for c in found}

    assert card in await offered(table.alice.id) and card not in await offered(table.bruno.id)
    looked = await answer(
        await emu.slash(table.alice.id, "match lookup", {"query": card}, channel_id=thread_id)
    )
    assert looked.ephemeral and len(png_attachments(looked)) == 1
    assert looked.attachments[0].description
    nosy = await answer(
        await emu.slash(table.bruno.id, "match lookup", {"query": card}, channel_id=thread_id)
    )
    assert nosy.ephemeral and not png_attachments(nosy)


async def test_a_battle_scenes_hand_comes_with_every_page_of_its_cards(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="battlescenes")
    player = table.alice.id
    for _ in range(6):  # who starts, then the hands are drawn
        snap = await table.bot.service.load(1)
        if all(p.hand for p in snap.state.players):
            break
        await play_default(table, "battlescenes", thread_id)
    seat = snap.seat_of(player)
    assert seat is not None
    kinds = snap.engine.private_kinds(snap.engine.view(snap.state, seat), "en-US")
    assert kinds[:3] == ("board", "hand", "cards")
    hand = await answer(await emu.slash(player, "match hand", channel_id=thread_id))
    assert hand.ephemeral
    # The board, the hand and each page of the cards (every card whole on one), each
    # with its own alt text; a player's opening hand needs more than one page.
    assert len(png_attachments(hand)) == len(hand.attachments) == len(kinds) > 3
    assert [a.filename for a in hand.attachments] == [f"match-1-{k}.png" for k in kinds]
    assert all(a.description for a in hand.attachments)
