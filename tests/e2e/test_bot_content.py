"""Packs uploaded through Discord (``/content``), end to end.

A referee uploads a pack as an attachment; a broken one is refused with its file,
line and field and stores nothing; a re-upload is a new version; a match uses the
version it was proposed with for ever (even once the pack is removed, and in a
bot process that never saw the upload); another server never sees the pack.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.store import packs as stored
from engines.core.packs import uninstall_upload
from tests.e2e.bot_harness import Table, answer, make_referee, mentioned, png_attachments
from tests.emulator import EmuUser

pytestmark = pytest.mark.e2e

CONTENT = Path(__file__).resolve().parents[2] / "assets" / "content"


def queen(name: str, level: str = "level") -> bytes:
    """A single-file Krosmaster pack correcting the built-in Queen of the Tofus (``level`` is the
    field name written for his level: a typo makes the pack invalid)."""
    figures = yaml.safe_load((CONTENT / "krosmaster" / "figures" / "rulebook.yaml").read_text())
    figure = next(f for f in figures["figures"] if f["id"] == "rainha-dos-tofus")
    figure = {**figure, "name": name, "verified": True}
    figure[level] = figure.pop("level")
    return yaml.safe_dump({"figures": [figure]}, allow_unicode=True, sort_keys=False).encode()


def barbarian_zip(name: str) -> bytes:
    """A zipped Dice Throne pack (in its own folder, with a manifest) extending the
    built-in heroes with a renamed Barbarian."""
    hero = (CONTENT / "dicethrone" / "base" / "heroes" / "barbarian.yaml").read_text()
    hero = hero.replace("name: {en-US: Barbarian, pt-BR: Bárbaro}", f"name: {name}", 1)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("club/pack.yaml", "extends: base\n")
        archive.writestr("club/heroes/barbarian.yaml", hero)
        archive.writestr("club/README.md", "notes are ignored")
    return buffer.getvalue()


async def upload(
    table: Table, user: EmuUser, game: str, name: str, filename: str, data: bytes, **where: Any
) -> str:
    """``/content upload`` as ``user``; the private reply's text."""
    options = {"file": (filename, data), "game": game, "name": name}
    inter = await table.emu.slash(
        user.id, "content upload", options, channel_id=where.get("channel", table.guild.channel_id)
    )
    reply = await answer(inter)
    assert reply.ephemeral, reply.content
    return reply.content or ""


async def versions(table: Table, guild_id: int) -> list[tuple[str, str, int]]:
    async with table.bot.service.sessions.begin() as session:
        packs = await stored.list_packs(session, guild_id)
    return [(p.game, p.name, p.version) for p in packs]


async def propose(table: Table, game: str, pack: str, user: EmuUser | None = None, **where: Any):  # type: ignore[no-untyped-def]
    """``/match new`` with ``pack:``; Bruno accepts when the invitation is posted."""
    emu = table.emu
    channel = where.get("channel", table.guild.channel_id)
    values = {"game": game, "opponent": table.bruno.id, "pack": pack}
    inter = await emu.slash((user or table.alice).id, "match new", values, channel_id=channel)
    return await answer(inter)


async def started(table: Table, game: str, pack: str) -> tuple[int, int]:
    """A match of ``game`` with ``pack`` in the table's server, accepted and started:
    (its id, its thread)."""
    emu = table.emu
    invitation = await propose(table, game, pack)
    assert not invitation.ephemeral, invitation.content
    accept = next(c for c in invitation.custom_ids if c.endswith(":yes"))
    await answer(await emu.click(table.bruno.id, invitation.id, accept))
    count = len(emu.threads)
    await emu.wait_for(lambda: emu.threads and len(emu.threads) >= count, 10, what="thread")
    match_id = int(accept.split(":")[2])
    snap = await table.bot.service.load(match_id)
    assert snap.match.thread_id is not None
    await emu.wait_for(
        lambda: emu.channel_messages(snap.match.thread_id or 0), 10, what="the first post"
    )
    return match_id, snap.match.thread_id


async def test_an_uploaded_pack_is_validated_versioned_used_and_private(table: Table) -> None:
    emu = table.emu
    await make_referee(table)  # Carol referees here
    other = emu.add_guild("Elsewhere", locale="en-US")
    mallory = emu.add_user("mallory", locale="en-US", guild_id=other.id, permissions=0x20)
    for user in (table.alice, table.bruno):
        emu.add_member(other.id, user.id)

    # Players may not upload; a broken pack is refused with file, line and field.
    refused = await upload(table, table.alice, "krosmaster", "club", "club.yaml", queen("X"))
    assert refused == table.bot.texts("bot.error.not_referee", "en-US")
    broken = await upload(
        table, table.carol, "krosmaster", "club", "club.yaml", queen("X", "levle")
    )
    # Carol reads Italian: "club.yaml, riga 24, figures[0].levle: …"
    assert "club.yaml, riga " in broken and "figures[0].levle" in broken, broken
    bad_zip = await upload(table, table.carol, "krosmaster", "club", "club.zip", b"PK junk")
    assert bad_zip.startswith("Rifiutato, non è stato salvato nulla: club.zip: non è uno zip")
    assert await versions(table, table.guild.id) == []

    # Carol's language is Italian: the reply is too.
    first = await upload(table, table.carol, "krosmaster", "club", "club.yaml", queen("Queen Club"))
    assert "club" in first and "versione 1" in first, first
    second = await upload(table, table.carol, "krosmaster", "Club", "club.yaml", queen("Queen Two"))
    assert "versione 2" in second, second
    assert await versions(table, table.guild.id) == [("krosmaster", "club", 2)]

    # /match new offers it here, with the built-in pack; a match uses the current version.
    offered = await emu.autocomplete(
        table.alice.id,
        "match new",
        {"game": "krosmaster", "pack": ""},
        focused="pack",
        channel_id=table.guild.channel_id,
    )
    assert {c["value"] for c in offered} == {"default", "club"}
    invitation = await propose(table, "krosmaster", "club")
    assert "Content pack: club v2" in invitation.content, invitation.content
    match_id, _ = await started(table, "krosmaster", "club")
    snap = await table.bot.service.load(match_id)
    state = json.dumps(snap.engine.state_to_json(snap.state))
    assert "Queen Two" in state and "Queen Club" not in state

    # Another server: no such pack anywhere (list, autocomplete, /match new, show).
    where = other.channel_id
    listed = await answer(await emu.slash(mallory.id, "content list", channel_id=where))
    assert listed.ephemeral and "club" not in listed.content
    offered = await emu.autocomplete(
        mallory.id,
        "match new",
        {"game": "krosmaster", "pack": ""},
        focused="pack",
        channel_id=where,
    )
    assert {c["value"] for c in offered} == {"default"}
    for command in ("content show", "content remove"):
        offered = await emu.autocomplete(
            mallory.id,
            command,
            {"game": "krosmaster", "pack": ""},
            focused="pack",
            channel_id=where,
        )
        assert "club" not in {c["value"] for c in offered}, command
    typed = {"game": "krosmaster", "pack": "club", "entry": ""}
    offered = await emu.autocomplete(
        mallory.id, "content show", typed, focused="entry", channel_id=where
    )
    assert offered == []
    values = {"game": "krosmaster", "opponent": table.alice.id, "pack": "club"}
    refusal = await answer(await emu.slash(mallory.id, "match new", values, channel_id=where))
    unknown = table.bot.texts(
        "bot.error.unknown_pack", "en-US", pack="club", game="Krosmaster Arena"
    )
    assert refusal.ephemeral and refusal.content == unknown, refusal.content
    show = {"game": "krosmaster", "pack": "club", "entry": "rainha-dos-tofus"}
    refusal = await answer(await emu.slash(mallory.id, "content show", show, channel_id=where))
    assert refusal.ephemeral and refusal.content == unknown
    removal = {"game": "krosmaster", "pack": "club"}
    refusal = await answer(await emu.slash(mallory.id, "content remove", removal, channel_id=where))
    assert refusal.ephemeral and refusal.content == unknown
    assert await versions(table, other.id) == []
    assert await versions(table, table.guild.id) == [("krosmaster", "club", 2)]

    # Here, its entries are offered (the corrected Queen among the built-in ones).
    offered = await emu.autocomplete(table.alice.id, "content show", typed, focused="entry")
    assert "Queen Two (rainha-dos-tofus)" in {c["name"] for c in offered}
    # Here, the list shows it to everyone; only referees remove it.
    listed = await answer(await emu.slash(table.alice.id, "content list"))
    assert "**club** v2" in listed.content, listed.content
    refusal = await answer(await emu.slash(table.alice.id, "content remove", removal))
    assert refusal.content == table.bot.texts("bot.error.not_referee", "en-US")
    assert await versions(table, table.guild.id) == [("krosmaster", "club", 2)]


async def test_a_started_match_keeps_its_version_after_a_new_one_and_a_removal(
    table: Table,
) -> None:
    emu = table.emu
    reply = await upload(
        table, table.admin, "dicethrone", "club", "club.zip", barbarian_zip("Berserker")
    )
    assert "version 1" in reply and "base" in reply, reply
    match_id, thread_id = await started(table, "dicethrone", "club")
    snap = await table.bot.service.load(match_id)
    key = snap.match.content_pack
    assert key is not None and key.startswith("@")

    # A new version and a removal change nothing for the match already started.
    reply = await upload(
        table, table.admin, "dicethrone", "club", "club.zip", barbarian_zip("Other")
    )
    assert "version 2" in reply
    removal = {"game": "dicethrone", "pack": "club"}
    gone = await answer(await emu.slash(table.admin.id, "content remove", removal))
    assert gone.ephemeral and "club" in gone.content
    assert await versions(table, table.guild.id) == []
    refusal = await propose(table, "dicethrone", "club")
    assert refusal.ephemeral

    # A bot process that never read the pack: its copy is gone, the database has it.
    uninstall_upload("dicethrone", key)
    from engines.dicethrone import engine as rules

    rules._INSTALLED.pop(key, None)
    board = await answer(await emu.slash(table.alice.id, "match board", channel_id=thread_id))
    assert png_attachments(board)
    snap = await table.bot.service.load(match_id)
    assert snap.match.content_pack == key
    assert "Berserker" in json.dumps(snap.engine.view(snap.state, None).data)
    first = emu.channel_messages(thread_id)[0]
    assert mentioned(first)
    verify = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert verify.ephemeral and "❌" not in verify.content, verify.content


async def test_a_pack_entry_is_previewed_in_the_readers_language(table: Table) -> None:
    emu = table.emu
    # A pack not loaded yet: the autocomplete answers in time with nothing and loads it
    # meanwhile (a big pack may take longer than Discord's 3 seconds); then it suggests.
    typed = {"game": "krosmaster", "pack": "default", "entry": "trist"}
    assert await emu.autocomplete(table.bruno.id, "content show", typed, focused="entry") == []
    packs = table.bot.service.packs
    await emu.wait_for(lambda: not packs._loading, 30, what="the pack loaded")
    suggested = await emu.autocomplete(table.bruno.id, "content show", typed, focused="entry")
    # Tristepan, then his version Tristepan - Tristemônio (Percedal - Percylax, 2.1.2).
    assert [c["value"] for c in suggested] == ["tristepan", "percedal-percylax"]
    # Bruno reads Portuguese; each game's built-in pack, one entry each.
    for game, pack, entry in (
        ("battlescenes", "starter", "hulk_v3"),
        ("krosmaster", "default", "tristepan"),
        ("dicethrone", "base", "barbarian"),
    ):
        show = {"game": game, "pack": pack, "entry": entry}
        preview = await answer(await emu.slash(table.bruno.id, "content show", show))
        assert preview.ephemeral and len(png_attachments(preview)) == 1, preview.content
        assert preview.attachments[0].description, "the preview has alt text"
    entries = await emu.autocomplete(
        table.bruno.id,
        "content show",
        {"game": "dicethrone", "pack": "base", "entry": "bár"},
        focused="entry",
    )
    assert [c["value"] for c in entries] == ["barbarian"]
    assert entries[0]["name"] == "Bárbaro (barbarian)"
    show = {"game": "battlescenes", "pack": "starter", "entry": "nobody"}
    missing = await answer(await emu.slash(table.bruno.id, "content show", show))
    assert missing.ephemeral and "nobody" in missing.content and not png_attachments(missing)
