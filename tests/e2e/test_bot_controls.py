"""Controls act only on the decision they were posted for (an outdated one changes nothing
and links the current post), and each game's pinged decisions can be made from the post."""

from __future__ import annotations

import pytest
import yaml

from tests.e2e.bot_harness import (
    Table,
    answer,
    make_referee,
    open_match,
    owner_of_turn,
    pinged,
    recorded,
)
from tests.e2e.test_bot_content import upload
from tests.emulator import StoredMessage
from tests.engines.krosmaster.helpers import EXAMPLES

pytestmark = pytest.mark.e2e


def _public(table: Table, thread_id: int) -> list[StoredMessage]:
    return table.emu.channel_messages(thread_id, include_ephemeral=False)


def _button(post: StoredMessage, prefix: str) -> str:
    return next(c for c in post.custom_ids if c.startswith(prefix))


async def test_an_outdated_button_changes_nothing_and_links_the_current_post(
    table: Table,
) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    alice, bruno = owner_of_turn(table, first)
    # A board posted on request carries the same controls (and keeps them).
    board = await answer(await emu.slash(bruno, "match board", channel_id=thread_id))
    old_roll = _button(board, "tt:act:1:")
    assert old_roll == _button(first, "tt:act:1:")

    # Two full turns, by the posts' own buttons and the game's command.
    post = first
    for player in (alice, bruno):
        rolled = await answer(await emu.click(player, post.id, _button(post, "tt:act:1:")))
        hand = (
            (await table.bot.service.load(1))
            .state.players[(await table.bot.service.load(1)).seat_of(player)]
            .hand
        )
        post = await answer(
            await emu.slash(player, "testgame play", {"card": hand[0]}, channel_id=thread_id)
        )
        assert not rolled.ephemeral and not post.ephemeral
    # Alice owes a roll again, and the board's roll button still shows "roll".
    assert pinged(emu, post) == {alice} and old_roll.endswith(":roll")
    # Each new state post took the decision controls off the one before (not My hand).
    older = [m for m in _public(table, thread_id) if m.id not in (post.id, board.id)]
    assert len(older) >= 4
    await emu.wait_for(
        lambda: all(m.custom_ids in ([], ["tt:mine:1"]) for m in older), 10, what="retired"
    )
    version = (await table.bot.service.load(1)).match.version
    count = len(_public(table, thread_id))

    stale = await answer(await emu.click(alice, board.id, old_roll))
    assert stale.ephemeral
    assert f"https://discord.com/channels/{table.guild.id}/{thread_id}/{post.id}" in stale.content
    assert "out of date" in stale.content or "desatualizada" in stale.content, stale.content
    assert (await table.bot.service.load(1)).match.version == version
    assert len(_public(table, thread_id)) == count

    # The current post's button is the one that rolls.
    rolled = await answer(await emu.click(alice, post.id, _button(post, "tt:act:1:")))
    assert not rolled.ephemeral
    assert (await table.bot.service.load(1)).match.version == version + 1


async def test_a_button_of_someone_elses_decision_says_what_the_presser_owes(
    table: Table,
) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    _, other = owner_of_turn(table, first)
    refused = await answer(await emu.click(other, first.id, _button(first, "tt:act:1:")))
    assert refused.ephemeral
    # Bruno reads pt-BR, Alice en-US.
    assert refused.content in (
        "You owe no decision in this match right now.",
        "Você não deve nenhuma decisão nesta partida agora.",
    ), refused.content
    assert len(_public(table, thread_id)) == 1


async def test_the_dice_throne_defence_is_rolled_from_the_post(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    service = table.bot.service
    snap = await service.load(1)
    while "defend" not in snap.pending()[0].kinds:  # the attack, by its defaults
        decision = snap.pending()[0]
        assert decision.default is not None
        user = snap.user_of(decision.seat)
        snap = await service.act(1, user, snap.engine.action_to_json(decision.default))
    defender = snap.user_of(snap.pending()[0].seat)
    board = await answer(await emu.slash(defender, "match board", channel_id=thread_id))
    version = snap.match.version
    defend = f"tt:act:1:{version}:defend"
    assert defend in board.custom_ids, board.custom_ids

    rolled = await answer(await emu.click(defender, board.id, defend))
    assert not rolled.ephemeral
    after = await service.load(1)
    assert after.match.version > version
    assert not any("defend" in d.kinds for d in after.pending())


def _examples_pack() -> bytes:
    """The rulebook-example test figures (playable, made-up numbers) as one pack file: the
    built-in roster has too few playable figures for a constructed team from a menu."""
    folder = EXAMPLES
    merged: dict[str, object] = {}
    for name in ("figures.yaml", "teams.yaml"):
        merged |= yaml.safe_load((folder / name).read_text(encoding="utf-8"))
    return yaml.safe_dump(merged, allow_unicode=True, sort_keys=False).encode()


async def test_krosmaster_teams_are_submitted_from_the_first_post(table: Table) -> None:
    emu = table.emu
    await make_referee(table)  # Carol referees here and uploads the test figures
    stored = await upload(table, table.carol, "krosmaster", "examples", "ex.yaml", _examples_pack())
    assert "examples" in stored, stored
    _, first = await open_match(
        emu, table, options="teams=submit", game="krosmaster", pack="examples"
    )
    menu = _button(first, "ts:1:")
    assert menu.endswith(":team:figures")
    assert pinged(emu, first) == {table.alice.id, table.bruno.id}
    options = {o["value"] for o in first.component(menu)["options"]}
    raiders = ["tristepan", "vigg-arysta", "gui-yermetel", "merkator", "koa-gullar"]
    guard = ["gultar", "evangelyne", "quentin-flush", "gasper-feyto"]
    assert set(raiders) | set(guard) <= options

    # Alice's team reaches only the bot: the post says she submitted one, not which.
    sent = await answer(await emu.select(table.alice.id, first.id, menu, raiders))
    assert not sent.ephemeral
    assert "Tristepan" not in sent.content, sent.content
    assert pinged(emu, sent) == {table.bruno.id}
    # The first post's menu is gone (outdated): Bruno answers from the new post.
    await recorded(table, sent)
    await emu.wait_for(lambda: menu not in first.custom_ids, 10, what="the old menu retired")
    done = await answer(await emu.select(table.bruno.id, sent.id, _button(sent, "ts:1:"), guard))
    assert not done.ephemeral
    state = (await table.bot.service.load(1)).state
    assert state.units and all(ids for ids in state.submitted)


async def test_battle_scenes_resources_are_chosen_in_the_view_the_post_points_to(
    table: Table,
) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="battlescenes")
    service = table.bot.service
    snap = await service.load(1)
    while "initial_resources" not in snap.pending()[0].kinds:  # who starts, mulligans
        decision = snap.pending()[0]
        assert decision.default is not None
        user = snap.user_of(decision.seat)
        snap = await service.act(1, user, snap.engine.action_to_json(decision.default))
    player = snap.user_of(snap.pending()[0].seat)
    board = await answer(await emu.slash(player, "match board", channel_id=thread_id))
    # No menu of hand cards in public; the post says the choice is in the player's view.
    assert not any(c.startswith("ts:") for c in board.custom_ids), board.custom_ids
    assert "in your own view" in board.content or "na sua própria visão" in board.content

    mine = await answer(await emu.click(player, board.id, _button(board, "tt:mine:")))
    version = snap.match.version
    assert mine.ephemeral and f"ts:1:{version}:initial_resources:cards" in mine.custom_ids
    none = f"tt:none:1:{version}:initial_resources:cards"
    # A menu cannot be sent with nothing chosen (Discord sends nothing)...
    with pytest.raises(ValueError, match="sends nothing"):
        await emu.select(player, mine.id, f"ts:1:{version}:initial_resources:cards", [])
    # ...so "no resources" is a button of its own.
    kept = await answer(await emu.click(player, mine.id, none))
    assert not kept.ephemeral
    after = await service.load(1)
    seat = after.seat_of(player)
    assert after.state.players[seat].resources_done and not after.state.players[seat].resources
