"""``/content template``: a server completes a not-yet-playable Krosmaster from its own
card, end to end through Discord.

Anyone asks for the template (public printed stats only), gets it privately as a
file named after the figure; a referee uploads it once its spells are written; the
figure then joins a team in that server's matches with that pack, and nowhere else.
"""

from __future__ import annotations

import pytest
import yaml

from tests.e2e.bot_harness import Table, answer, make_referee
from tests.e2e.test_bot_content import upload
from tests.emulator import EmuUser, StoredMessage

pytestmark = pytest.mark.e2e

#: Goultard the Barbarian (level 6, gold): only his printed stats are built in.
TEAM = "gultar, rainha-dos-tofus, king-of-the-gobballs"  # 6 + 3 + 3 = level 12 (1.1.1)


async def team_reply(
    table: Table, player: EmuUser, opponent: EmuUser, channel: int, pack: str
) -> StoredMessage:
    """``player`` proposes a match with ``pack`` where each player submits a team,
    ``opponent`` accepts, and ``player`` submits :data:`TEAM` in its thread."""
    emu = table.emu
    values = {
        "game": "krosmaster",
        "opponent": opponent.id,
        "pack": pack,
        "options": "teams=submit",
    }
    invitation = await answer(await emu.slash(player.id, "match new", values, channel_id=channel))
    assert not invitation.ephemeral, invitation.content
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    count = len(emu.threads)
    await answer(await emu.click(opponent.id, invitation.id, accept))
    await emu.wait_for(lambda: len(emu.threads) > count, 10, what="the match thread")
    thread = int(emu.threads[-1]["id"])
    await emu.wait_for(lambda: emu.channel_messages(thread), 10, what="the first post")
    inter = await emu.slash(
        player.id, "krosmaster-setup team", {"figures": TEAM}, channel_id=thread
    )
    return await answer(inter)


def filled_in(template: bytes) -> bytes:
    """The template as a card's owner completes it: one spell written (in our own
    words, as a test would), the "playable: false" line deleted."""
    pack = yaml.safe_load(template)
    (figure,) = pack["figures"]
    assert figure.pop("playable") is False
    figure["spells"] = [
        {
            "id": "test-blow",
            "name": "Test Blow",
            "kind": "attack",
            "element": "fire",
            "range": {"kind": "melee"},
            "cost": {"ap": 3},
            "amount": 3,
        }
    ]
    return yaml.safe_dump(pack, allow_unicode=True, sort_keys=False).encode()


async def test_a_figure_is_completed_from_its_template_for_one_server(table: Table) -> None:
    emu = table.emu
    await make_referee(table)  # Carol referees here
    # Partial names are suggested; the built-in pack loads meanwhile on a first call.
    typed = {"game": "krosmaster", "entry": "goulta"}
    packs = table.bot.service.packs
    await emu.autocomplete(table.alice.id, "content template", typed, focused="entry")
    await emu.wait_for(lambda: not packs._loading, 30, what="the pack loaded")
    offered = await emu.autocomplete(table.alice.id, "content template", typed, focused="entry")
    assert {c["value"] for c in offered} == {"goultard", "gultar"}, offered
    assert "Goultard the Barbarian (gultar)" in {c["name"] for c in offered}
    # Only figures still to complete are offered: the playable Queen of the Tofus is not.
    typed = {"game": "krosmaster", "entry": "tofu"}
    offered = await emu.autocomplete(table.alice.id, "content template", typed, focused="entry")
    assert "rainha-dos-tofus" not in {c["value"] for c in offered}

    # A part of two names: which ones, and nothing attached.
    asked = {"game": "krosmaster", "entry": "goulta"}
    reply = await answer(await emu.slash(table.alice.id, "content template", asked))
    assert reply.ephemeral and not reply.attachments, reply.content
    assert "Goultard (goultard)" in reply.content and "(gultar)" in reply.content
    # Alice, a player, asks with a part of one name: a private reply with the file.
    asked = {"game": "krosmaster", "entry": "barbarian"}
    reply = await answer(await emu.slash(table.alice.id, "content template", asked))
    assert reply.ephemeral, reply.content
    (attached,) = reply.attachments
    assert attached.filename == "gultar.yaml"
    assert "/content upload" in (reply.content or "") and "playable: false" in reply.content
    text = attached.data.decode()
    assert "level: 6" in text and "hp: 25" in text and "playable: false" in text
    # Bruno reads Portuguese: the explanation names the command as his client shows it.
    asked = {"game": "krosmaster", "entry": "Gultar o Bárbaro"}
    reply = await answer(await emu.slash(table.bruno.id, "content template", asked))
    assert reply.attachments[0].filename == "gultar.yaml"
    assert "/conteudo enviar" in (reply.content or ""), reply.content
    # A full name in another language finds the figure too (Bruno, in Portuguese).
    asked = {"game": "krosmaster", "entry": "Goultard the Barbarian"}
    reply = await answer(await emu.slash(table.bruno.id, "content template", asked))
    assert reply.attachments[0].filename == "gultar.yaml", reply.content
    nobody = {"game": "krosmaster", "entry": "nobody at all"}
    missing = await answer(await emu.slash(table.alice.id, "content template", nobody))
    assert missing.ephemeral and not missing.attachments and "nobody at all" in missing.content

    # Before it is completed, Goultard is refused, pointing at the Discord command.
    refused = await team_reply(table, table.alice, table.bruno, table.guild.channel_id, "default")
    assert refused.ephemeral and "/content template" in refused.content, refused.content

    # A player may not upload it; Carol, a referee, does once a spell is written.
    data = filled_in(attached.data)
    refusal = await upload(table, table.alice, "krosmaster", "goul", attached.filename, data)
    assert refusal == table.bot.texts("bot.error.not_referee", "en-US")
    stored = await upload(table, table.carol, "krosmaster", "goul", attached.filename, data)
    assert "versione 1" in stored, stored
    accepted = await team_reply(table, table.alice, table.bruno, table.guild.channel_id, "goul")
    assert not accepted.ephemeral and "alice submitted a team" in accepted.content, accepted.content

    # Another server: Goultard is still refused there (with its own default pack).
    other = emu.add_guild("Elsewhere", locale="en-US")
    mallory = emu.add_user("mallory", locale="en-US", guild_id=other.id)
    emu.add_member(other.id, table.alice.id)
    refused = await team_reply(table, mallory, table.alice, other.channel_id, "default")
    assert refused.ephemeral and "Not playable yet" in refused.content, refused.content
