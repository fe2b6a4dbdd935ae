"""Referee tools a community can trust (issue 16): only valid changes, in every locale."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.bot_harness import Table, answer, open_match, owner_of_turn
from tests.e2e.test_bot_referee import make_referee

pytestmark = pytest.mark.e2e
#: bot.error.unexpected in its three wordings: an exception escaped the handlers.
UNEXPECTED = ("went wrong", "storto", "deu errado")


async def unchanged(table: Table, before: tuple[int, object]) -> None:
    """The match is still at ``before`` (version, state): a refusal changed nothing."""
    snap = await table.bot.service.load(1)
    assert (snap.match.version, snap.engine.state_to_json(snap.state)) == before


async def current(table: Table) -> tuple[int, object]:
    snap = await table.bot.service.load(1)
    return snap.match.version, snap.engine.state_to_json(snap.state)


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", "score cannot be negative (-5)"),
        ("pt-BR", "não pode ser negativa (-5)"),
        ("it", "non può essere negativo (-5)"),
    ],
)
async def test_an_impossible_adjustment_is_refused_naming_the_invariant(
    table: Table, locale: str, words: str
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    before = await current(table)
    refused = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"players.0.score": -5}', "reason": "x"},
            channel_id=thread_id,
            locale=locale,
        )
    )
    assert refused.ephemeral and words in refused.content, refused.content
    await unchanged(table, before)


async def test_an_adjustment_reaching_the_target_ends_the_match_and_verifies(
    table: Table,
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    done = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"players.1.score": 200}', "reason": "Card text: win"},
            channel_id=thread_id,
        )
    )
    assert not done.ephemeral
    snap = await table.bot.service.load(1)
    assert snap.match.status.value == "finished"
    assert snap.match.result is not None and snap.match.result["winners"] == [1]
    exported = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    data = json.loads(exported.attachments[0].data)
    assert data["events"][-1]["kind"] == "adjust"
    verified = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert "match the seed" in verified.content


async def test_undo_twice_goes_two_events_back_and_never_redoes(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _other = owner_of_turn(table, first)
    _, start = await current(table)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    _, rolled = await current(table)
    await answer(
        await emu.slash(player, "testgame sort", {"descending": True}, channel_id=thread_id)
    )

    async def undo() -> Any:
        return await answer(
            await emu.slash(
                table.carol.id,
                "ref undo",
                {"reason": "table talk"},
                channel_id=thread_id,
                locale="en-US",
            )
        )

    await undo()
    assert await current(table) == (3, rolled)  # the sort is undone
    await undo()
    assert await current(table) == (4, start)  # then the roll: never the sort again
    before = await current(table)
    refused = await undo()
    assert refused.ephemeral and "nothing to undo" in refused.content
    await unchanged(table, before)
