"""``/ref position event:<n>``: the position after an event as a scenario file, for the
referee alone (it holds every hand), which the scenario runner plays as exported."""

from __future__ import annotations

import pytest
import yaml

from engines import scenario
from tests.e2e.bot_harness import Table, answer, make_referee, open_match, owner_of_turn

pytestmark = pytest.mark.e2e


async def test_a_referee_gets_the_position_as_a_scenario_file(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _ = owner_of_turn(table, first)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    public_before = len(emu.channel_messages(thread_id, include_ephemeral=False))

    reply = await answer(
        await emu.slash(table.carol.id, "ref position", {"event": 1}, channel_id=thread_id)
    )
    assert reply.ephemeral
    # Carol reads Italian: the reply says the file holds hidden cards and is hers alone.
    assert "carte nascoste" in reply.content and "solo per te" in reply.content
    [attachment] = reply.attachments
    assert attachment.filename.endswith("-event-1.yaml")
    text = attachment.data.decode()
    assert text.startswith("# ") and "hidden cards" in text
    data = yaml.safe_load(text)
    assert data["game"] == "testgame" and data["seats"] == ["alice", "bruno"]
    # The whole position: both hands, as the referee needs them; never the seed.
    hands = [p["hand"] for p in data["state"]["players"]]
    assert all(hand for hand in hands), hands
    assert "seed" not in text
    # Nothing was posted in the match.
    assert len(emu.channel_messages(thread_id, include_ephemeral=False)) == public_before

    # The file runs as exported: the same position, owing the same decision.
    loaded = scenario.parse(data, attachment.filename)
    result = scenario.run(loaded)
    assert scenario.check(result, loaded.expect) == []
    assert result.engine.state_to_json(result.state) == data["state"]
    assert data["expect"]["pending"] and data["expect"]["result"] is None


async def test_only_a_referee_who_does_not_play_gets_it(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)

    player = await answer(
        await emu.slash(table.alice.id, "ref position", {"event": 0}, channel_id=thread_id)
    )
    assert player.ephemeral and not player.attachments
    assert player.content == table.bot.texts("bot.error.not_referee", "en-US")

    # Bruno becomes a referee too, but he plays: the file would show Alice's hand.
    emu.add_member_role(table.guild.id, table.bruno.id, table.referee_role)
    playing = await answer(
        await emu.slash(table.bruno.id, "ref position", {"event": 0}, channel_id=thread_id)
    )
    assert playing.ephemeral and not playing.attachments
    assert playing.content == table.bot.texts("bot.error.referee_plays", "pt-BR")

    beyond = await answer(
        await emu.slash(table.carol.id, "ref position", {"event": 99}, channel_id=thread_id)
    )
    assert beyond.ephemeral and not beyond.attachments
    assert "99" in beyond.content
