"""Servers are tenants: nothing reaches a match of another server, end to end.

Two servers: Krosfans, where Alice and Bruno play match A, and Elsewhere,
where Mallory may manage the server and Alice, Bruno and Carol (a referee of
Krosfans) are members too. From Elsewhere, every path that names match A —
``match:`` options, buttons and menus whose custom id carries its id,
autocomplete — is answered exactly as if match A did not exist, and match A
is unchanged. In direct messages only one's own matches exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.store import repository as repo
from bot.store import requests as stored
from tests.e2e.bot_harness import Table, answer, make_referee, open_match, owner_of_turn
from tests.emulator import EmuGuild, EmuUser, StoredMessage

pytestmark = pytest.mark.e2e


@dataclass
class TwoServers:
    """Match A in the table's server, and a second server with an intruder."""

    table: Table
    thread_id: int
    first: StoredMessage
    match_id: int
    other: EmuGuild
    mallory: EmuUser

    def no_such_match(self, user: int, match_id: int | None = None) -> str:
        """The refusal of a match that exists nowhere, in the user's language."""
        locale = self.table.emu.user(user).locale
        return self.table.bot.texts(
            "bot.error.no_such_match", locale, match=match_id or self.match_id
        )

    async def fingerprint(self) -> tuple[Any, ...]:
        """Everything a refusal must leave as it was: the match row, its event log,
        the open disputes of its server."""
        bot = self.table.bot
        async with bot.service.sessions.begin() as session:
            match = await repo.get_match(session, self.match_id)
            assert match is not None
            events = await repo.list_events(session, self.match_id, 0, 10_000)
            disputes = await stored.open_disputes(session, match.guild_id)
            return (
                match.status,
                match.version,
                match.deadline_at,
                match.result,
                [(e.seq, e.kind, e.actor_id, e.action, e.events) for e in events],
                [d.id for d, _ in disputes],
            )


async def two_servers(table: Table) -> TwoServers:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    match_id = int(next(c for c in first.custom_ids if c.startswith("tt:")).split(":")[2])
    other = emu.add_guild("Elsewhere", locale="en-US")
    # Manage Server (0x20) on Elsewhere: a referee there, and nowhere else.
    mallory = emu.add_user("mallory", locale="en-US", guild_id=other.id, permissions=0x20)
    for user in (table.alice, table.bruno, table.carol):
        emu.add_member(other.id, user.id)
    return TwoServers(table, thread_id, first, match_id, other, mallory)


async def refused(inter: object, text: str) -> None:
    reply = await answer(inter)
    assert reply.ephemeral, reply.content
    assert reply.content == text, reply.content


async def test_referee_tools_reach_only_the_matches_of_their_own_server(table: Table) -> None:
    world = await two_servers(table)
    emu, a, mallory = table.emu, world.match_id, world.mallory.id
    where = world.other.channel_id
    player, _ = owner_of_turn(table, world.first)
    await answer(await emu.slash(player, "testgame roll", channel_id=world.thread_id))
    # A dispute in match A, so /ref disputes has something it must not show elsewhere.
    await answer(
        await emu.slash(
            table.alice.id, "match dispute", {"reason": "odd die"}, channel_id=world.thread_id
        )
    )
    before = await world.fingerprint()
    assert before[-1], "the dispute is open"

    every_ref = {
        "ref undo": {"reason": "x"},
        "ref pause": {"reason": "x"},
        "ref resume": {"reason": "x"},
        "ref extend": {"hours": 5, "reason": "x"},
        "ref rule": {"ruling": "x"},
        "ref result": {"reason": "x"},
        "ref adjust": {"changes": '{"target": 1}', "reason": "x"},
        "ref act": {"player": table.alice.id, "action": '{"kind": "roll"}', "reason": "x"},
        "ref inspect": {"player": table.alice.id},
        "ref rollback": {"event": 0, "reason": "x"},
        "ref position": {"event": 0},
    }
    for command, options in every_ref.items():
        inter = await emu.slash(mallory, command, {**options, "match": a}, channel_id=where)
        await refused(inter, world.no_such_match(mallory))
        # Exactly what an id that exists nowhere gets.
        inter = await emu.slash(mallory, command, {**options, "match": 99_999}, channel_id=where)
        await refused(inter, world.no_such_match(mallory, 99_999))
    listed = await answer(await emu.slash(mallory, "ref disputes", channel_id=where))
    assert listed.ephemeral and f"#{a}" not in listed.content and "odd die" not in listed.content

    # Rights are those of the match's server: Mallory, a plain member of Krosfans,
    # is no referee there whatever she may do on Elsewhere.
    emu.add_member(table.guild.id, mallory)
    inter = await emu.slash(mallory, "ref pause", {"reason": "x"}, channel_id=world.thread_id)
    await refused(inter, table.bot.texts("bot.error.not_referee", "en-US"))
    # Carol referees Krosfans, not Elsewhere: from there, match A does not exist for her either.
    inter = await emu.slash(
        table.carol.id, "ref pause", {"reason": "x", "match": a}, channel_id=where
    )
    await refused(inter, world.no_such_match(table.carol.id))

    # A rollback confirmation naming match A, pressed on Elsewhere by the referee who
    # asked for it, is refused like the rest.
    preview = await answer(
        await emu.slash(
            table.carol.id, "ref rollback", {"event": 0, "reason": "x"}, channel_id=world.thread_id
        )
    )
    assert preview.ephemeral
    [confirm] = [c for c in preview.custom_ids if c.startswith("tt:confirm:")]
    crafted = craft(world, [button(confirm)])
    await refused(
        await emu.click(table.carol.id, crafted.id, confirm), world.no_such_match(table.carol.id)
    )
    assert await world.fingerprint() == before


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "press", "custom_id": custom_id}


def craft(world: TwoServers, components: list[dict[str, Any]]) -> StoredMessage:
    """A message of the bot on Elsewhere carrying controls that name match A."""
    emu = world.table.emu
    rows = [{"type": 1, "components": [c]} for c in components]
    return emu.create_message(
        world.other.channel_id, emu.bot.id, {"content": "crafted", "components": rows}
    )


async def test_players_reach_no_match_of_another_server(table: Table) -> None:
    world = await two_servers(table)
    emu, a = table.emu, world.match_id
    where = world.other.channel_id
    player, _ = owner_of_turn(table, world.first)
    before = await world.fingerprint()

    # Every /match subcommand that takes a match, from Elsewhere, by a player of match A.
    with_match = {
        "match status": {},
        "match board": {},
        "match hand": {},
        "match log": {},
        "match resign": {},
        "match verify": {},
        "match export": {},
        "match replay": {"event": 0},
        "match undo": {},
        "match dispute": {"reason": "x"},
        "match lookup": {"query": "x"},
    }
    for command, options in with_match.items():
        inter = await emu.slash(player, command, {**options, "match": a}, channel_id=where)
        await refused(inter, world.no_such_match(player))
    # A game command naming match A.
    inter = await emu.slash(player, "testgame roll", {"match": a}, channel_id=where)
    await refused(inter, world.no_such_match(player))

    # Buttons and menus whose custom id names match A, on a message of Elsewhere.
    # tt:act:<match>:<version>:roll (the version of the decision the post was made for)
    roll = next(c for c in world.first.custom_ids if c.startswith(f"tt:act:{a}:"))
    assert roll.endswith(":roll")
    crafted = craft(world, [button(roll), button(f"tt:mine:{a}"), button(f"tt:resign:{a}")])
    for custom_id in (roll, f"tt:mine:{a}", f"tt:resign:{a}"):
        await refused(await emu.click(player, crafted.id, custom_id), world.no_such_match(player))
    menu_id = f"ts:{a}:{roll.split(':')[3]}:play:card"
    menu = {
        "type": 3,
        "custom_id": menu_id,
        "options": [{"label": str(c), "value": str(c)} for c in range(1, 10)],
    }
    crafted_menu = craft(world, [menu])
    await refused(
        await emu.select(player, crafted_menu.id, menu_id, ["1"]), world.no_such_match(player)
    )

    # Autocomplete from Elsewhere lists no match of Krosfans and sees none of its state.
    choices = await emu.autocomplete(
        player, "match status", {"match": ""}, focused="match", channel_id=where
    )
    assert choices == []
    here = await emu.autocomplete(
        player, "match status", {"match": ""}, focused="match", channel_id=world.thread_id
    )
    assert [c["value"] for c in here] == [a]
    assert await world.fingerprint() == before

    # The same button in match A's own thread works: the refusals above came from
    # the server, not from the button.
    rolled = await answer(await emu.click(player, world.first.id, roll))
    assert not rolled.ephemeral
    after_roll = await world.fingerprint()
    assert after_roll[1] == before[1] + 1
    cards = await emu.autocomplete(
        player,
        "testgame play",
        {"card": "", "match": a},
        focused="card",
        channel_id=world.thread_id,
    )
    assert cards, "the player's hand is offered in the match's own server"
    foreign = await emu.autocomplete(
        player, "testgame play", {"card": "", "match": a}, focused="card", channel_id=where
    )
    assert foreign == []
    assert await world.fingerprint() == after_roll


async def test_direct_messages_reach_only_ones_own_matches(table: Table) -> None:
    world = await two_servers(table)
    emu, a = table.emu, world.match_id
    player, _ = owner_of_turn(table, world.first)
    before = await world.fingerprint()

    # A player of match A may look at it from their DMs…
    status = await answer(await emu.slash(player, "match status", {"match": a}, dm=True))
    title = "alice vs bruno"  # in every language's match title
    assert status.ephemeral and title in status.content, status.content
    mine = await answer(await emu.slash(player, "match mine", dm=True))
    assert mine.ephemeral and title in mine.content, mine.content
    listed = await answer(await emu.slash(table.alice.id, "match list", dm=True))
    assert listed.ephemeral and title in listed.content, listed.content
    choices = await emu.autocomplete(
        table.alice.id, "match hand", {"match": ""}, focused="match", dm=True
    )
    assert [c["value"] for c in choices] == [a]

    # …but Mallory, who plays no part in it, finds nothing there.
    mallory = world.mallory.id
    for command, options in {
        "match status": {},
        "match hand": {},
        "match log": {},
        "match export": {},
        "match replay": {"event": 0},
        "match resign": {},
    }.items():
        inter = await emu.slash(mallory, command, {**options, "match": a}, dm=True)
        await refused(inter, world.no_such_match(mallory))
    nothing = await answer(await emu.slash(mallory, "match list", dm=True))
    assert nothing.ephemeral and title not in nothing.content
    assert (
        await emu.autocomplete(mallory, "match hand", {"match": ""}, focused="match", dm=True) == []
    )

    # Subcommands that need a server say so in every language, and change nothing.
    needs_server = {
        "match new": {"game": "testgame", "opponent": table.bruno.id},
        "match leaderboard": {"game": "testgame"},
        "match undo": {"match": a},
        "match dispute": {"reason": "x", "match": a},
    }
    for user in (table.alice, table.bruno, table.carol):  # en-US, pt-BR, it
        text = table.bot.texts("bot.error.server_only", user.locale)
        for command, options in needs_server.items():
            await refused(await emu.slash(user.id, command, options, dm=True), text)
    assert len({table.bot.texts("bot.error.server_only", u) for u in ("en-US", "pt-BR", "it")}) == 3
    assert await world.fingerprint() == before
    assert len(emu.threads) == 1  # no new match was proposed or started
