"""Community content packs: installed by the operator, chosen with /match new … pack:,
checked before anyone accepts, and never a way to read an arbitrary path."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.errors import UserError
from bot.match.service import MatchService
from bot.match.types import Player
from engines.core import ContentError, Seat, SeededDice
from engines.core.packs import (
    community_pack,
    community_packs,
    set_content_roots,
    uninstall_upload,
)
from engines.core.registry import get, load_games

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "assets" / "content"
ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


@pytest.fixture
def packs(tmp_path: Path) -> Iterator[Path]:
    """A packs directory with a copy of each game's built-in content named "club"."""
    load_games()
    shutil.copytree(CONTENT / "krosmaster", tmp_path / "krosmaster" / "club")
    shutil.copytree(CONTENT / "dicethrone" / "base", tmp_path / "dicethrone" / "club")
    shutil.copytree(CONTENT / "battlescenes" / "starter", tmp_path / "battlescenes" / "club")
    figures = tmp_path / "krosmaster" / "club" / "figures" / "rulebook.yaml"
    queen = "name: {en-US: Queen of the Tofus, pt-BR: Rainha dos Tofus, it: Regina dei Tofu}"
    figures.write_text(figures.read_text().replace(queen, "name: Queen Club"))
    set_content_roots([tmp_path])
    yield tmp_path
    set_content_roots([])


def test_packs_are_listed_per_game_and_names_are_never_paths(packs: Path) -> None:
    assert community_packs("krosmaster") == ["club"]
    assert community_pack("krosmaster", "club") == packs / "krosmaster" / "club"
    for sneaky in ("../krosmaster/club", "/etc", "club/../club", ".."):
        assert community_pack("krosmaster", sneaky) is None
    with pytest.raises(ContentError):
        get("krosmaster").load_content("/etc")


@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
def test_each_game_plays_a_community_pack(packs: Path, game: str) -> None:
    engine = get(game)
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    state = engine.new_match({}, seats, engine.load_content("club"), SeededDice(b"p" * 32, 0))
    assert engine.pending(state)
    with pytest.raises(ContentError):
        engine.load_content("nowhere")


async def test_a_match_uses_the_chosen_pack(service: MatchService, packs: Path) -> None:
    with pytest.raises(UserError) as unknown:
        await service.create(
            guild_id=1,
            channel_id=2,
            game="krosmaster",
            creator=ALICE,
            opponents=[BRUNO],
            options_text=None,
            pack="nowhere",
        )
    assert unknown.value.key == "bot.error.unknown_pack"

    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="krosmaster",
        creator=ALICE,
        opponents=[BRUNO],
        options_text=None,
        pack="club",
    )
    assert match.content_pack == "club"
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    snap = await service.start(match.id, thread_id=3)
    assert "Queen Club" in json.dumps(snap.engine.state_to_json(snap.state))


async def test_a_broken_pack_is_refused_before_anyone_accepts(
    service: MatchService, packs: Path
) -> None:
    figures = packs / "krosmaster" / "club" / "figures" / "rulebook.yaml"
    figures.write_text(figures.read_text().replace("    level: 3\n", "    levle: 3\n", 1))
    with pytest.raises(ContentError) as broken:
        await service.create(
            guild_id=1,
            channel_id=2,
            game="krosmaster",
            creator=ALICE,
            opponents=[BRUNO],
            options_text=None,
            pack="club",
        )
    assert "rulebook.yaml" in str(broken.value) and "levle" in str(broken.value)


def test_the_check_command_names_the_broken_file(
    packs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["content", "check", str(packs / "dicethrone" / "club")]) == 0
    assert "loads without errors" in capsys.readouterr().out
    figures = packs / "krosmaster" / "club" / "figures" / "rulebook.yaml"
    figures.write_text(figures.read_text().replace("    level: 3\n", "    levle: 3\n", 1))
    assert main(["content", "check", str(packs / "krosmaster" / "club"), "--locale", "pt-BR"]) == 1
    out = capsys.readouterr().out
    assert "rulebook.yaml" in out and "levle" in out
    assert main(["content", "check", str(packs / "nothing")]) == 2


async def test_an_uploaded_pack_replays_offline_only_with_its_own_file(
    service: MatchService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    load_games()
    engine = get("battlescenes")
    card = (CONTENT / "battlescenes" / "starter" / "characters.yaml").read_text()
    upload = tmp_path / "club.yaml"
    upload.write_text(card.replace("name: Hulk\n", "name: Hulk Club\n", 1))
    info = await service.packs.upload(
        guild_id=1,
        user_id=ALICE.user_id,
        engine=engine,
        name="club",
        filename=upload.name,
        data=upload.read_bytes(),
    )
    assert info.extends == "starter"
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="battlescenes",
        creator=ALICE,
        opponents=[BRUNO],
        options_text=None,
        pack="club",
    )
    assert match.content_pack == info.key
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    await service.resign(match.id, ALICE.user_id)
    export = tmp_path / "export.json"
    export.write_text(json.dumps(await service.export(match.id)))

    uninstall_upload("battlescenes", info.key)  # a machine without the bot's database
    assert main(["verify", str(export)]) == 1
    assert "--pack" in capsys.readouterr().out
    other = tmp_path / "other.yaml"
    other.write_text(card)
    assert main(["verify", str(export), "--pack", str(other)]) == 2
    assert main(["verify", str(export), "--pack", str(upload)]) == 0
