"""A Dice Throne attack is one post: its response windows update that post in place and
ping each player once (what anyone holds plays no part: tests/engines/dicethrone/
test_exchange.py)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from bot.store import repository as repo
from engines.core import Event
from engines.core.serde import from_json
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase
from tests.e2e.bot_harness import (
    Table,
    answer,
    open_match,
    pinged,
    png_attachments,
    recorded,
)
from tests.e2e.test_builtin_games import play_default
from tests.emulator import StoredMessage

#: The words of the attack post's note in each locale (bot.match.exchange).
NOTE = {
    "en-US": "This attack plays out on this post",
    "pt-BR": "Este ataque se resolve neste post",
    "it": "Questo attacco si svolge in questo messaggio",
}
#: A window's name in the banner's alt text, per locale (dicethrone.render.owes.*).
DEFEND = {"en-US": "defend", "pt-BR": "defenda", "it": "difenditi"}


async def _to_the_attack(table: Table) -> tuple[int, int, int]:
    """Play (through the service, no posts) until an ability can be announced.
    Returns the thread, the attacker and the defender."""
    service = table.bot.service
    snap = await service.load(1)
    while not isinstance(snap.pending()[0].default, a.Announce):
        decision = snap.pending()[0]
        assert decision.default is not None
        snap = await service.act(
            1, snap.user_of(decision.seat), snap.engine.action_to_json(decision.default)
        )
    assert snap.match.thread_id is not None
    active = snap.state.active
    return snap.match.thread_id, snap.user_of(active), snap.user_of(1 - active)


async def _attack(table: Table, locale: str) -> None:
    """Announce, then answer every decision of the attack by slash command; returns the
    public posts of the thread made from the announcement on, and checks them."""
    emu = table.emu
    await answer(
        await emu.slash(
            table.admin.id, "setup locale", {"locale": locale}, channel_id=table.guild.channel_id
        )
    )
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    thread_id, attacker, defender = await _to_the_attack(table)
    before = {m.id for m in emu.channel_messages(thread_id, include_ephemeral=False)}
    service = table.bot.service
    snap = await service.load(1)
    ability = snap.pending()[0].default
    assert isinstance(ability, a.Announce)
    first = await answer(
        await emu.slash(
            attacker, "dicethrone announce", {"ability": ability.ability}, channel_id=thread_id
        )
    )
    assert NOTE[locale] in first.content, first.content
    announced = first.content.split("\n")[0]
    assert announced.startswith("• "), first.content
    # The attack's post pings both players, once.
    assert pinged(emu, first) == {attacker, defender}
    answered = 0
    snap = await service.load(1)
    while snap.state.phase in (Phase.OFFENSIVE, Phase.DEFENSIVE):
        decision = next(d for d in snap.pending() if not d.optional)
        assert decision.exchange is not None
        user = snap.user_of(decision.seat)
        if "defend" in decision.kinds and "pass" not in decision.kinds:
            # The banner's alt text names who owes what, in the reader's language.
            assert any(DEFEND[locale] in att.description for att in first.attachments)
            post = await answer(await emu.slash(user, "dicethrone defend", channel_id=thread_id))
        elif "pass" in decision.kinds:
            post = await answer(await emu.slash(user, "dicethrone pass", channel_id=thread_id))
        else:  # a choice inside the attack (whom an effect aims at): its default
            post = await play_default(table, "dicethrone", thread_id)
        answered += 1
        snap = await service.load(1)
        if snap.state.phase in (Phase.OFFENSIVE, Phase.DEFENSIVE):
            # Every answer inside the attack updates its post: nobody is pinged again.
            assert post.id == first.id, post.content
    assert answered >= 3  # the response window, the defence, its windows
    made = [
        m for m in emu.channel_messages(thread_id, include_ephemeral=False) if m.id not in before
    ]
    # The attack post (updated in place) and the post of Main phase 2 after it.
    assert len(made) == 2, [m.content for m in made]
    attack, after = made
    assert attack.id == first.id and len(png_attachments(attack)) == 1
    # The post tells the whole attack: the announcement is still its first line.
    assert attack.content.split("\n")[0] == announced, attack.content
    assert pinged(emu, attack) == {attacker, defender}
    assert pinged(emu, after) == {attacker}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
async def test_an_attack_is_one_post_that_pings_each_player_once(table: Table, locale: str) -> None:
    await _attack(table, locale)


async def test_an_attack_announced_from_a_menu_is_updated_in_place_too(table: Table) -> None:
    # The attack's post is then the menu's follow-up; answering by click updates it and
    # tells the clicker privately where it is.
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    thread_id, attacker, defender = await _to_the_attack(table)
    board = await answer(await emu.slash(attacker, "match board", channel_id=thread_id))
    snap = await table.bot.service.load(1)
    ability = snap.pending()[0].default
    assert isinstance(ability, a.Announce)
    menu = f"ts:1:{snap.match.version}:announce:ability"
    first = await answer(await emu.select(attacker, board.id, menu, [ability.ability]))
    assert not first.ephemeral and pinged(emu, first) == {attacker, defender}
    await recorded(table, first)  # the bot records its post a moment after sending it
    snap = await table.bot.service.load(1)
    decision = next(d for d in snap.pending() if not d.optional)
    assert "pass" in decision.kinds
    button = f"tt:act:1:{snap.match.version}:pass"
    assert button in first.custom_ids, first.custom_ids
    note = await answer(await emu.click(snap.user_of(decision.seat), first.id, button))
    assert note.ephemeral and f"/{thread_id}/{first.id}" in note.content, note.content
    assert (await table.bot.service.load(1)).match.state_post_id == first.id
    assert len(first.content.split("\n")) > 2  # the announcement, then the answer's events


async def test_a_click_before_the_attack_post_is_recorded_still_updates_it(
    table: Table,
) -> None:
    # Discord shows the attack's post (and its buttons) before the bot has recorded it
    # as the match's post: a player quick enough to answer in that moment must not get
    # a second post pinging everyone again.
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    thread_id, attacker, defender = await _to_the_attack(table)
    service = table.bot.service
    before = {m.id for m in emu.channel_messages(thread_id, include_ephemeral=False)}
    gate = asyncio.Event()
    record = service.record_state_post
    acted: list[dict[str, object]] = []
    act = service.act

    async def slow_record(
        match_id: int, message_id: int, version: int, since: int | None
    ) -> int | None:
        await gate.wait()  # the attack's post is on Discord, not yet in the database
        return await record(match_id, message_id, version, since)

    async def watched_act(*args: Any, **kwargs: Any) -> Any:
        acted.append(args[2] if len(args) > 2 else kwargs.get("action", {}))
        return await act(*args, **kwargs)

    service.record_state_post = slow_record  # type: ignore[method-assign]
    service.act = watched_act  # type: ignore[method-assign]
    snap = await service.load(1)
    ability = snap.pending()[0].default
    assert isinstance(ability, a.Announce)
    announce = await emu.slash(
        attacker, "dicethrone announce", {"ability": ability.ability}, channel_id=thread_id
    )

    def made() -> list[StoredMessage]:
        return [
            m
            for m in emu.channel_messages(thread_id, include_ephemeral=False)
            if m.id not in before
        ]

    (first,) = await emu.wait_for(made, 10, what="the attack's post")
    snap = await service.load(1)
    assert snap.match.state_post_id != first.id  # not recorded yet
    decision = next(d for d in snap.pending() if not d.optional)
    button = f"tt:act:1:{snap.match.version}:pass"
    assert button in first.custom_ids, first.custom_ids
    click = await emu.click(snap.user_of(decision.seat), first.id, button)
    # The click gets as far as it can while the post is still unrecorded (with the bug,
    # the whole move and its post; fixed, it waits for the attack's post).
    with contextlib.suppress(TimeoutError):
        await emu.wait_for(lambda: len(acted) > 1, 2.0, what="the click's move")
    gate.set()
    await answer(announce)
    note = await answer(click)
    assert note.ephemeral and f"/{thread_id}/{first.id}" in note.content, note.content
    # One post for the attack, updated in place; the click's answer is in it.
    assert [m.id for m in made()] == [first.id], [m.content for m in made()]
    assert len(emu.message(first.id).content.split("\n")) > 2
    assert pinged(emu, first) == {attacker, defender}
    assert (await service.load(1)).match.state_post_id == first.id


async def test_the_attack_post_is_told_from_the_log_not_from_discords_copy(table: Table) -> None:
    # The post of an attack going on is rewritten from the match's log (the events after
    # the version its first post was made at), so what Discord holds of it (an edit, a
    # message cut short) plays no part, and no event of the attack is lost or doubled.
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game="dicethrone")
    thread_id, attacker, _defender = await _to_the_attack(table)
    service = table.bot.service
    snap = await service.load(1)
    ability = snap.pending()[0].default
    assert isinstance(ability, a.Announce)
    first = await answer(
        await emu.slash(
            attacker, "dicethrone announce", {"ability": ability.ability}, channel_id=thread_id
        )
    )
    await recorded(table, first)
    since = (await service.load(1)).match.state_post_since
    assert since is not None
    emu.messages[first.id].content = "• a line Discord's copy holds and the log does not"
    decision = next(d for d in (await service.load(1)).pending() if not d.optional)
    assert "pass" in decision.kinds
    user = (await service.load(1)).user_of(decision.seat)
    post = await answer(await emu.slash(user, "dicethrone pass", {}, channel_id=thread_id))
    assert post.id == first.id
    snap = await service.load(1)
    presenter, locale = table.bot.presenter, "en-US"
    async with service.sessions.begin() as session:
        rows = await repo.events_between(session, 1, since, snap.match.version)
    told = [
        f"• {presenter.t.event(from_json(Event, e).for_seat(None), locale)}"
        for row in rows
        for e in row.events
    ]
    lines = [line for line in post.content.split("\n") if line.startswith("• ")]
    assert lines == told and len(told) >= 2  # the announcement, then the answer's events
    assert "the log does not" not in post.content
