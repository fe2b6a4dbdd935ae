"""``/match verify`` refuses a move stored after the match ended (issue 25), and the hash
its report names for an honest match is the one the final post shows."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from bot.store.models import Match, MatchEvent
from tests.e2e.bot_harness import Table, answer, open_match


async def _append_copy_of_last_event(table: Table, match_id: int) -> int:
    """Write into the bot's database a copy of the match's last event (a resignation)
    after it, as someone with access to the database would: returns its number."""
    async with table.bot.service.sessions.begin() as session:
        match = await session.get(Match, match_id)
        assert match is not None
        query = select(MatchEvent).where(
            MatchEvent.match_id == match_id, MatchEvent.seq == match.version
        )
        last = (await session.execute(query)).scalar_one()
        session.add(
            MatchEvent(
                match_id=match_id,
                seq=last.seq + 1,
                kind=last.kind,
                actor_id=last.actor_id,
                seat=last.seat,
                action=dict(last.action),
                dice=[],
                events=[],
                reason=last.reason,
            )
        )
        match.version += 1
        return match.version


@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
async def test_match_verify_refuses_a_resignation_copied_after_the_end(
    table: Table, game: str
) -> None:
    emu = table.emu
    thread_id, _ = await open_match(emu, table, options=None, game=game)
    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    done = await answer(await emu.click(table.alice.id, confirm.id, button))
    # An honest log verifies, naming the hash the final post shows.
    honest = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    digest = re.search(r"result: `([0-9a-f]{64})`", honest.content)
    assert digest is not None and "✅" in honest.content, honest.content
    assert digest[1] in done.content, done.content

    seq = await _append_copy_of_last_event(table, 1)
    forged = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert forged.ephemeral and "✅" not in forged.content, forged.content
    assert f"Event #{seq} comes after the match ended (at event #{seq - 1})" in forged.content
