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


async def test_match_options_are_completed_with_what_the_game_offers(table: Table) -> None:
    """Typing ``/match new``'s options: the game's option names, then its values with the
    chosen pack (a Battle Scenes deck by its printed name); the words already typed stay,
    and the chosen completion starts the match as typed."""
    emu, where = table.emu, table.guild.channel_id
    typed = {"game": "battlescenes", "opponent": table.bruno.id, "options": ""}

    async def offered(options: str) -> list[dict[str, Any]]:
        return await emu.autocomplete(
            table.alice.id, "match new", {**typed, "options": options}, focused="options"
        )

    packs = table.bot.service.packs
    await offered("")  # the built-in pack loads in the background the first time
    await emu.wait_for(lambda: not packs._loading, 30, what="the pack loaded")
    names = await offered("")
    assert [c["value"] for c in names][:2] == ["deck_a=", "deck_b="]
    assert "Deck" in names[0]["name"]  # each name is told with its description
    decks = await offered("deck_a=Vil")
    assert [(c["name"], c["value"]) for c in decks] == [("deck_a=Vilões", "deck_a=viloes")]
    # every playable official deck by its printed name, quoted so it reads back whole
    official = await offered("deck_a=tática")
    assert [(c["name"], c["value"]) for c in official] == [
        ("deck_a=Evolução Tática (BSET DECK)", 'deck_a="Evolução Tática"')
    ]
    assert "Confronto Aracnídeo" not in str(await offered("deck_a=")), "not playable yet"
    second = await offered("deck_a=viloes deck_b=inum")
    assert [c["value"] for c in second] == ["deck_a=viloes deck_b=herois"]
    rest = await offered("deck_a=viloes deck_b=herois deck_")  # options given are not offered
    assert [c["value"] for c in rest] == ["deck_a=viloes deck_b=herois deck_size="]
    # Krosmaster offers its fixed choices the same way (once its pack is at hand).
    lock = {"game": "krosmaster", "opponent": table.bruno.id, "options": "lock=cl"}
    await emu.autocomplete(table.alice.id, "match new", lock, focused="options")
    await emu.wait_for(lambda: not packs._loading, 30, what="the pack loaded")
    kros = await emu.autocomplete(table.alice.id, "match new", lock, focused="options")
    assert [c["value"] for c in kros] == ["lock=classic"]
    # The completed text is what /match new reads.
    reply = await answer(
        await emu.slash(
            table.alice.id, "match new", {**typed, "options": second[0]["value"]}, channel_id=where
        )
    )
    assert not reply.ephemeral, reply.content
