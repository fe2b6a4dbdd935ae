"""End to end: a match's options are checked when it is proposed, and a set-up that
still fails once everyone accepted leaves nothing behind and tells every player."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import SetupError
from engines.core.registry import get
from tests.e2e.bot_harness import Table, answer, mentioned

pytestmark = pytest.mark.e2e


def _invitations(table: Table) -> list[Any]:
    return [
        m
        for m in table.emu.channel_messages(table.guild.channel_id)
        if not m.ephemeral and not m.deleted and m.custom_ids
    ]


async def test_bad_options_are_refused_privately_when_proposed(table: Table) -> None:
    emu = table.emu
    where = table.guild.channel_id
    cases = [
        # Alice reads English, Bruno Portuguese, Carol Italian: each is answered in theirs.
        (
            table.alice.id,
            {"game": "krosmaster", "opponent": table.bruno.id, "options": "arena=moon"},
            "Unknown arena “moon”",
        ),
        (
            table.bruno.id,
            {
                "game": "dicethrone",
                "opponent": table.alice.id,
                "opponent2": table.carol.id,
                "options": "mode=duel",
            },
            "O modo duel precisa de 2 jogadores",
        ),
        (
            table.carol.id,
            {"game": "krosmaster", "opponent": table.alice.id, "options": "team1=nobody"},
            "Krosmaster sconosciuto “nobody”",
        ),
        (
            table.alice.id,
            {"game": "dicethrone", "opponent": table.bruno.id, "options": "hero1=wizard"},
            "wizard",
        ),
    ]
    for user, values, text in cases:
        reply = await answer(await emu.slash(user, "match new", values, channel_id=where))
        assert reply.ephemeral, values
        assert text in reply.content, (values, reply.content)
    # Nobody was invited to a match that could not start, and no thread was opened.
    assert _invitations(table) == []
    assert emu.threads == []


async def test_a_set_up_failing_at_the_start_leaves_no_thread_and_tells_everyone(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = table.emu
    invitation = await answer(
        await emu.slash(
            table.alice.id,
            "match new",
            {"game": "testgame", "opponent": table.bruno.id},
            channel_id=table.guild.channel_id,
        )
    )
    assert not invitation.ephemeral

    # Between the proposal and the last acceptance the set-up stopped working (an
    # operator's pack edited in the meantime, say).
    def broken(*_args: object, **_kwargs: object) -> None:
        raise SetupError("No room.", key="core.error.seat_count", params={"seats": "9", "count": 2})

    monkeypatch.setattr(get("testgame"), "new_match", broken)
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    told = await answer(await emu.click(table.bruno.id, invitation.id, accept))

    assert not told.ephemeral  # every player learns it, not only the last to accept
    assert mentioned(told) == {table.alice.id, table.bruno.id}
    assert "could not start" in told.content and "9" in told.content
    assert emu.threads == []
    # The invitation no longer offers its buttons, and the proposal is not open any more.
    assert emu.message(invitation.id).custom_ids == []
    listing = await answer(
        await emu.slash(table.alice.id, "match list", channel_id=table.guild.channel_id)
    )
    assert "waiting for players" not in listing.content
