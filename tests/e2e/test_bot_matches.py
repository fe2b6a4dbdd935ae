"""End to end: the real bot, the real discord.py client, the local Discord emulator."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from pathlib import Path
from typing import Any

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
    start_tabletop,
)
from tests.e2e.conftest import StartBot
from tests.e2e.test_builtin_games import play_default
from tests.emulator import DiscordEmulator

pytestmark = pytest.mark.e2e


async def test_a_match_from_invitation_to_actions(table: Table) -> None:
    emu = table.emu
    assert any(c["name"] == "match" for c in emu.commands[None])
    assert any(c["name"] == "testgame" for c in emu.commands[None])

    thread_id, first = await open_match(emu, table)
    assert "SHA-256" in first.content
    assert len(png_attachments(first)) == 1
    player, other = owner_of_turn(table, first)
    assert pinged(emu, first) == {player}
    roll_button = next(c for c in first.custom_ids if c.startswith("tt:act:"))

    # The player who does not owe the decision is refused, privately, and nothing happens.
    refused = await answer(await emu.click(other, first.id, roll_button))
    assert refused.ephemeral
    assert len(emu.channel_messages(thread_id, include_ephemeral=False)) == 1

    # The slash command of the game acts in the match thread.
    inter = await emu.slash(player, "testgame roll", channel_id=thread_id)
    rolled = await answer(inter)
    assert not rolled.ephemeral
    assert "rolled" in rolled.content or "rolou" in rolled.content
    assert len(png_attachments(rolled)) == 1
    assert pinged(emu, rolled) == {player}

    # Autocomplete offers exactly the player's hand; the private view shows it, ephemerally.
    choices = await emu.autocomplete(
        player, "testgame play", {"card": ""}, focused="card", channel_id=thread_id
    )
    hand = sorted({int(c["value"]) for c in choices})
    assert hand and all(1 <= c <= 9 for c in hand)
    mine = await answer(
        await emu.click(player, rolled.id, f"tt:mine:{rolled.custom_ids[0].split(':')[2]}")
    )
    assert mine.ephemeral
    assert len(png_attachments(mine)) == 2  # board and hand

    played = await answer(
        await emu.slash(player, "testgame play", {"card": hand[0]}, channel_id=thread_id)
    )
    assert not played.ephemeral
    # A public post says a card was drawn, never which one.
    assert "drew a card" in played.content or "comprou uma carta" in played.content
    assert pinged(emu, played) == {other}


async def test_illegal_actions_are_refused_privately_in_the_users_language(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    before = len(emu.channel_messages(thread_id, include_ephemeral=False))

    refused = await answer(
        await emu.slash(other, "testgame roll", channel_id=thread_id, locale="it")
    )
    assert refused.ephemeral
    assert "Non tocca a te" in refused.content

    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    choices = await emu.autocomplete(
        player, "testgame play", {"card": ""}, focused="card", channel_id=thread_id
    )
    missing = min(set(range(1, 10)) - {int(c["value"]) for c in choices})
    wrong = await answer(
        await emu.slash(
            player, "testgame play", {"card": missing}, channel_id=thread_id, locale="pt-BR"
        )
    )
    assert wrong.ephemeral
    assert f"Você não tem {missing} na mão. (regra 2)" in wrong.content
    # Only the roll produced a public post; refusals left no trace in the thread.
    public = [m for m in emu.channel_messages(thread_id, include_ephemeral=False) if not m.deleted]
    assert len(public) == before + 1


async def test_persistent_buttons_survive_a_restart(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    table = Table.build(emu)
    db = tmp_path / "bot.sqlite3"
    running = await start_tabletop(start_bot, db)
    _thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    roll_button = next(c for c in first.custom_ids if c.startswith("tt:act:"))
    await running.stop()

    await start_tabletop(start_bot, db)
    rolled = await answer(await emu.click(player, first.id, roll_button))
    assert not rolled.ephemeral
    assert "rolled" in rolled.content
    assert len(png_attachments(rolled)) == 1


async def test_a_bystander_cannot_accept_and_a_decline_cancels(table: Table) -> None:
    emu = table.emu
    inter = await emu.slash(
        table.alice.id,
        "match new",
        {"game": "testgame", "opponent": table.bruno.id},
        channel_id=table.guild.channel_id,
    )
    invitation = await answer(inter)
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    decline = next(c for c in invitation.custom_ids if c.endswith(":no"))
    refused = await answer(await emu.click(table.carol.id, invitation.id, accept))
    assert refused.ephemeral and "Non sei invitato" in refused.content
    declined = await answer(await emu.click(table.bruno.id, invitation.id, decline))
    assert "cancel" in declined.content
    late = await answer(await emu.click(table.bruno.id, invitation.id, accept))
    assert late.ephemeral
    assert emu.threads == []


async def test_bad_match_requests_explain_themselves(table: Table) -> None:
    emu = table.emu
    cases = [
        ({"game": "chess", "opponent": table.bruno.id}, "no game called"),
        ({"game": "testgame", "opponent": table.alice.id}, "only one seat"),
        ({"game": "testgame", "opponent": table.bruno.id, "options": "target=2"}, "target"),
        (
            {"game": "testgame", "opponent": table.bruno.id, "options": "colour=red"},
            "Unknown option",
        ),
        ({"game": "testgame", "opponent": table.bruno.id, "options": "oops"}, "name=value"),
    ]
    for options, text in cases:
        reply = await answer(
            await emu.slash(table.alice.id, "match new", options, channel_id=table.guild.channel_id)
        )
        assert reply.ephemeral, options
        assert text in reply.content, (options, reply.content)
    # No invitation was left behind in the channel.
    assert not [
        m
        for m in emu.channel_messages(table.guild.channel_id)
        if not m.ephemeral and not m.deleted and m.custom_ids
    ]


async def test_referee_undo_and_the_log(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))

    # Not a referee: refused.
    refused = await answer(
        await emu.slash(table.carol.id, "ref undo", {"reason": "oops"}, channel_id=thread_id)
    )
    assert refused.ephemeral and "arbitri" in refused.content

    # The admin names the referee role; a member of it undoes the roll.
    await make_referee(table)
    undone = await answer(
        await emu.slash(
            table.carol.id, "ref undo", {"reason": "misclick"}, channel_id=thread_id, locale="it"
        )
    )
    assert not undone.ephemeral
    assert "misclick" in undone.content
    assert mentioned(undone) >= {player}

    # The roll is owed again, and the log keeps every event including the revert.
    again = await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    assert "rolled" in again.content
    log = await answer(await emu.slash(other, "match log", channel_id=thread_id))
    assert log.ephemeral
    assert "`#0`" in log.content and "`#2`" in log.content and "misclick" in log.content
    assert "`#3`" in log.content


async def test_the_log_opens_on_its_latest_page(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table)
    for _ in range(16):  # eight turns of a roll and a play: events #1 to #16 after the start
        assert not (await play_default(table, "testgame", thread_id)).ephemeral
    player = table.alice.id
    latest = await answer(await emu.slash(player, "match log", channel_id=thread_id))
    assert latest.ephemeral and "page 2/2" in latest.content
    assert "`#16`" in latest.content and "`#0`" not in latest.content
    first = await answer(await emu.slash(player, "match log", {"page": 1}, channel_id=thread_id))
    assert "page 1/2" in first.content and "`#0`" in first.content
    assert "`#16`" not in first.content


async def test_guild_locale_sets_the_language_of_public_posts(table: Table) -> None:
    emu = table.emu
    # Discord hides /setup from non-managers; a server's Integrations settings can show it
    # anyway, and then the bot itself must refuse.
    emu.allow_command(table.guild.id, "setup", table.alice.id)
    forbidden = await answer(
        await emu.slash(
            table.alice.id, "setup locale", {"locale": "pt-BR"}, channel_id=table.guild.channel_id
        )
    )
    assert forbidden.ephemeral
    done = await answer(
        await emu.slash(
            table.admin.id, "setup locale", {"locale": "pt-BR"}, channel_id=table.guild.channel_id
        )
    )
    assert done.ephemeral and "Português" in done.content
    thread_id, first = await open_match(emu, table)
    assert "semente" in first.content
    player, _ = owner_of_turn(table, first)
    rolled = await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    assert "rolou" in rolled.content


async def test_commands_are_localised_for_discord_clients(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    emu = emulator
    await start_tabletop(start_bot, tmp_path / "bot.sqlite3")
    match = next(c for c in emu.commands[None] if c["name"] == "match")
    assert {"pt-BR": "partida", "it": "partita"}.items() <= match["name_localizations"].items()
    new = next(o for o in match["options"] if o["name"] == "new")
    assert new["name_localizations"]["pt-BR"] == "nova"
    assert new["description_localizations"]["it"] == "Proponi una partita"
    game = next(c for c in emu.commands[None] if c["name"] == "testgame")
    assert game["description_localizations"]["pt-BR"] == "Dado e Carta Alta"
    new_options = {o["name"]: o.get("name_localizations") or {} for o in new["options"]}
    assert {"pt-BR": "oponente", "it": "avversario"}.items() <= new_options["opponent"].items()
    # Discord refuses the whole sync for one bad name: check every option of every command.
    for command in emu.commands[None]:
        for path, options in _option_lists(command):
            for locale in ("pt-BR", "it"):
                shown = [
                    (o.get("name_localizations") or {}).get(locale, o["name"]) for o in options
                ]
                assert len(set(shown)) == len(shown), (path, locale, shown)
                for name in shown:
                    assert OPTION_NAME.match(name) and name == name.lower(), (path, name)
    reason = _find_option(emu.commands[None], "ref", "result", "reason")
    assert {"pt-BR": "motivo", "it": "motivo"}.items() <= reason["name_localizations"].items()
    match_option = _find_option(emu.commands[None], "testgame", "roll", "match")
    assert match_option["name_localizations"]["pt-BR"] == "partida"


OPTION_NAME = re.compile(r"^[-_\w]{1,32}$")


def _option_lists(command: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every list of leaf options (a sub-command's parameters) below ``command``."""
    found: list[tuple[str, list[dict[str, Any]]]] = []
    stack = [(command["name"], command)]
    while stack:
        path, node = stack.pop()
        options = node.get("options") or []
        leaves = [o for o in options if o["type"] not in (1, 2)]
        if leaves:
            found.append((path, leaves))
        stack += [(f"{path} {o['name']}", o) for o in options if o["type"] in (1, 2)]
    return found


def _find_option(commands: list[dict[str, Any]], *path: str) -> dict[str, Any]:
    node: dict[str, Any] = {"options": commands}
    for name in path:
        node = next(o for o in node["options"] if o["name"] == name)
    return node


async def test_two_clicks_on_the_same_decision_make_exactly_one_move(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    roll = next(c for c in first.custom_ids if c.startswith("tt:act:"))
    clicks = await asyncio.gather(*(emu.click(player, first.id, roll) for _ in range(2)))
    answers = [await answer(c) for c in clicks]
    moved = [a for a in answers if not a.ephemeral]
    refused = [a for a in answers if a.ephemeral]
    assert len(moved) == 1 and len(refused) == 1, [a.content for a in answers]
    # The loser is told why, in their language. Depending on where the race was lost:
    # the match changed under the write (with the board as it is now), or the roll
    # was already made when the button's decision (its version) was checked.
    loser_text = refused[0].content
    reasons = ("changed", "mudou", "out of date", "desatualizada")
    assert any(t in loser_text for t in reasons), loser_text
    if "changed" in loser_text or "mudou" in loser_text:
        assert len(png_attachments(refused[0])) == 1
    public = [m for m in emu.channel_messages(thread_id, include_ephemeral=False)]
    assert sum("rolled" in m.content for m in public) == 1


async def test_public_posts_never_show_a_hand(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    for _ in range(3):  # a few turns of both players, playing their lowest card
        for who in (player, other):
            await answer(await emu.slash(who, "testgame roll", channel_id=thread_id))
            choices = await emu.autocomplete(
                who, "testgame play", {"card": ""}, focused="card", channel_id=thread_id
            )
            card = min(int(c["value"]) for c in choices)
            await answer(
                await emu.slash(who, "testgame play", {"card": card}, channel_id=thread_id)
            )
    public = emu.channel_messages(thread_id, include_ephemeral=False)
    assert len(public) == 1 + 12
    for message in public:
        assert "drew a card" in message.content or "drew" not in message.content
        assert re.search(r"drew an? \d", message.content) is None


async def test_status_board_hand_and_list_from_outside_the_thread(table: Table) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table)
    channel = table.guild.channel_id

    # Outside the thread without a match number: a clear refusal.
    lost = await answer(await emu.slash(table.alice.id, "match status", channel_id=channel))
    assert lost.ephemeral and "not a match thread" in lost.content

    status = await answer(
        await emu.slash(table.carol.id, "match status", {"match": 1}, channel_id=channel)
    )
    assert status.ephemeral and len(png_attachments(status)) == 1
    assert "Dado e Carta Alta n. 1" in status.content  # Carol reads Italian

    board = await answer(await emu.slash(table.carol.id, "match board", channel_id=thread_id))
    assert not board.ephemeral and len(png_attachments(board)) == 1
    assert pinged(emu, board) == set()  # a board on request names whose turn it is, pings nobody

    hand = await answer(
        await emu.slash(table.bruno.id, "match hand", {"match": 1}, channel_id=channel)
    )
    assert hand.ephemeral and len(png_attachments(hand)) == 2
    nosy = await answer(await emu.slash(table.carol.id, "match hand", channel_id=thread_id))
    assert nosy.ephemeral and not png_attachments(nosy)
    assert "Non stai giocando" in nosy.content

    mine = await answer(
        await emu.slash(table.bruno.id, "match list", {"mine": True}, channel_id=channel)
    )
    assert mine.ephemeral and f"<#{thread_id}>" in mine.content
    assert "em andamento" in mine.content


async def test_resigning_ends_the_match_for_everyone(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    assert confirm.ephemeral and "resign" in confirm.content
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    done = await answer(await emu.click(table.alice.id, confirm.id, button))
    assert not done.ephemeral
    assert "alice resigned" in done.content
    assert "bruno won. (by resignation)" in done.content
    # Nobody owes anything any more, but Bruno learns at once that he won.
    assert pinged(emu, done) == {table.bruno.id}

    player, _ = owner_of_turn(table, first)
    late = await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    assert late.ephemeral
    assert "not in progress" in late.content or "não está em andamento" in late.content


async def test_the_seed_is_revealed_at_the_end_and_verifies(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    early = await answer(await emu.slash(table.carol.id, "match verify", channel_id=thread_id))
    assert early.ephemeral and "ancora in corso" in early.content  # Carol reads Italian

    running = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    assert "only after the match has ended" in running.content
    assert json.loads(running.attachments[0].data)["match"]["seed"] is None

    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    done = await answer(await emu.click(table.alice.id, confirm.id, button))
    seed = re.search(r"`([0-9a-f]{64})`", done.content)
    assert seed is not None, done.content
    assert hashlib.sha256(bytes.fromhex(seed[1])).hexdigest() in first.content

    verified = await answer(await emu.slash(table.bruno.id, "match verify", channel_id=thread_id))
    assert verified.ephemeral and "conferem com a semente" in verified.content  # pt-BR

    exported = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    assert exported.ephemeral
    data = json.loads(exported.attachments[0].data)
    assert data["match"]["seed"] == seed[1] and data["match"]["result"]["reason"] == "resign"
    assert "with the dice seed" in exported.content and "only after" not in exported.content

    replay = await answer(
        await emu.slash(table.alice.id, "match replay", {"event": 0}, channel_id=thread_id)
    )
    assert replay.ephemeral and len(png_attachments(replay)) == 1 and "#0" in replay.content
    assert pinged(emu, replay) == set()


async def test_an_optional_decision_is_allowed_but_never_pinged(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    assert pinged(emu, first) == {player}  # the waiting player may sort, but is not waited for
    sorted_ = await answer(await emu.slash(other, "testgame sort", channel_id=thread_id))
    assert not sorted_.ephemeral and ("sorted" in sorted_.content or "ordenou" in sorted_.content)
    assert pinged(emu, sorted_) == {player}
    refused = await answer(await emu.slash(other, "testgame roll", channel_id=thread_id))
    assert refused.ephemeral and (
        "not your turn" in refused.content or "sua vez" in refused.content
    )


async def test_the_hand_by_direct_message_on_request(table: Table) -> None:
    emu = table.emu
    thread_id, _first = await open_match(emu, table)
    hand = await answer(
        await emu.slash(table.alice.id, "match hand", {"dm": True}, channel_id=thread_id)
    )
    assert hand.ephemeral and "direct messages" in hand.content
    dm = emu.channel_messages(emu.dm_channel(table.alice.id))
    assert len(dm) == 1 and len(png_attachments(dm[0])) == 2
    assert emu.channel_messages(emu.dm_channel(table.bruno.id)) == []


async def test_missing_thread_permission_is_explained_and_nothing_starts(
    emulator: DiscordEmulator, start_bot: StartBot, tmp_path: Path
) -> None:
    create_public_threads = 1 << 35
    table = Table.build(emulator)
    for role in table.guild.roles.values():  # neither @everyone nor the bot's own role
        role.permissions &= ~create_public_threads
    await start_tabletop(start_bot, tmp_path / "bot.sqlite3")
    invitation = await answer(
        await emulator.slash(
            table.alice.id,
            "match new",
            {"game": "testgame", "opponent": table.bruno.id},
            channel_id=table.guild.channel_id,
        )
    )
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    refused = await answer(await emulator.click(table.bruno.id, invitation.id, accept))
    assert refused.ephemeral and "Criar tópicos públicos" in refused.content  # Bruno: pt-BR
    assert emulator.threads == []
    listing = await answer(
        await emulator.slash(table.alice.id, "match list", channel_id=table.guild.channel_id)
    )
    assert "waiting for players" in listing.content  # still proposed: accepting again works
