"""Uploaded content packs in the store: per server, versioned, never lost by a match."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import packs as stored
from bot.store import repository as repo
from engines.core.packs import install_upload, is_installed_upload, uninstall_upload, upload_key
from engines.core.registry import get, load_games
from tests.store.helpers import ALICE, BOB, CHANNEL, GUILD, THREAD, next_move

OTHER = 4_000_000_000_000_000_004
HERO = Path(__file__).resolve().parents[2] / "assets/content/dicethrone/base/heroes/barbarian.yaml"


def barbarian(name: str) -> dict[str, bytes]:
    """A Dice Throne pack extending the built-in heroes with a renamed Barbarian."""
    text = HERO.read_text().replace("name: {en-US: Barbarian, pt-BR: Bárbaro}", f"name: {name}")
    return {"pack.yaml": b"extends: base\n", "heroes/barbarian.yaml": text.encode()}


async def add(
    session: AsyncSession, guild: int, name: str, files: dict[str, bytes]
) -> stored.PackInfo:
    return await stored.add_version(
        session,
        guild_id=guild,
        game="dicethrone",
        name=name,
        key=upload_key("dicethrone", files),
        files=files,
        extends="base",
        user_id=ALICE,
    )


async def test_versions_belong_to_their_server_and_removal_only_hides(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions.begin() as session:
        first = await add(session, GUILD, "club", barbarian("One"))
        second = await add(session, GUILD, "club", barbarian("Two"))
        elsewhere = await add(session, OTHER, "club", barbarian("One"))
    assert (first.version, second.version, elsewhere.version) == (1, 2, 1)
    assert first.key == elsewhere.key != second.key  # the key is the files' digest
    async with sessions.begin() as session:
        here = await stored.list_packs(session, GUILD)
        assert [(p.name, p.version, p.key) for p in here] == [("club", 2, second.key)]
        assert (await stored.current(session, OTHER, "dicethrone", "club")) == elsewhere
        assert await stored.current(session, GUILD, "krosmaster", "club") is None
        assert await stored.name_of(session, GUILD, first.key) == ("club", 1)
        assert await stored.name_of(session, OTHER, second.key) is None
        removed = await stored.remove(session, GUILD, "dicethrone", "club")
        assert removed == second
        assert await stored.remove(session, GUILD, "dicethrone", "club") is None
    async with sessions.begin() as session:
        assert await stored.list_packs(session, GUILD) == []
        assert [p.name for p in await stored.list_packs(session, OTHER)] == ["club"]
        # A removed pack's versions stay: matches name them by key.
        assert await stored.name_of(session, GUILD, second.key) == ("club", 2)
        again = await add(session, GUILD, "club", barbarian("Three"))
    assert again.version == 3


async def test_a_match_on_an_uploaded_version_loads_in_a_process_that_never_saw_it(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    load_games()
    engine = get("dicethrone")
    files = barbarian("Berserker")
    async with sessions.begin() as session:
        info = await add(session, GUILD, "club", files)
        match = await repo.create_match(
            session,
            guild_id=GUILD,
            channel_id=CHANNEL,
            game="dicethrone",
            seats=[(ALICE, "Alice"), (BOB, "Bob")],
            options=engine.parse_options({}),
            created_by=ALICE,
            content_pack=info.key,
        )
        for user in (ALICE, BOB):
            await repo.accept_seat(session, match, user)
    uninstall_upload("dicethrone", info.key)
    async with sessions.begin() as session:
        loaded = await repo.start_match(session, match, engine, THREAD)
    seat, action = next_move(engine, loaded.state)
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match.id, engine)
        await repo.append_action(session, loaded, seat=seat, actor_id=ALICE, action=action)
    # Another process: no copy of the files, no loaded content; the database has both.
    from engines.dicethrone import engine as rules

    uninstall_upload("dicethrone", info.key)
    rules._INSTALLED.pop(info.key, None)
    assert not is_installed_upload("dicethrone", info.key)
    async with sessions.begin() as session:
        await stored.remove(session, GUILD, "dicethrone", "club")
        loaded = await repo.load_match(session, match.id, engine)
    assert is_installed_upload("dicethrone", info.key)
    assert loaded.version == 1
    assert "Berserker" in str(engine.view(loaded.state, None).data)


def test_an_installed_copy_is_keyed_by_its_files() -> None:
    files = barbarian("Keyed")
    key = upload_key("dicethrone", files)
    assert key == upload_key("dicethrone", dict(reversed(files.items())))
    assert key != upload_key("krosmaster", files)
    install_upload("dicethrone", key, files)
    assert is_installed_upload("dicethrone", key)
    with pytest.raises(ValueError):
        install_upload("dicethrone", "../x", files)
    with pytest.raises(ValueError):
        install_upload("dicethrone", "@" + "0" * 64, {"../escape.yaml": b"x"})
    uninstall_upload("dicethrone", key)
    assert not is_installed_upload("dicethrone", key)
