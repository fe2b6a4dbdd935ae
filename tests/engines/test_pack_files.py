"""Issue 10 §7: a community pack can never make a game's loader read outside the
content directories, spend unbounded memory or recursion, or fail without saying
which file and line: links pointing out, oversized files and packs, invalid UTF-8,
deep nesting and aliases are refused like invalid YAML, through each game's own
loader (``load_content``, as ``/match new … pack:`` calls it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.battlescenes.content.loader import CONTENT_ROOT as BATTLE_ROOT
from engines.battlescenes.content.loader import load_pack as battlescenes_pack
from engines.core import ContentError
from engines.core import packs as core_packs
from engines.core.packs import MAX_DEPTH, set_content_roots
from engines.core.registry import get, load_games
from engines.dicethrone.content.loader import CONTENT_ROOT as DICE_ROOT
from engines.dicethrone.content.loader import load_pack as dicethrone_pack

GAMES = ["krosmaster", "dicethrone", "battlescenes"]
#: Where each game reads a pack's YAML files, below the pack's folder.
FILES_IN = {"krosmaster": "", "dicethrone": "heroes", "battlescenes": ""}


@pytest.fixture
def roots(tmp_path: Path) -> Iterator[Path]:
    """An empty community root; the tests put one pack in it."""
    load_games()
    root = tmp_path / "packs"
    root.mkdir()
    set_content_roots([root])
    yield root
    set_content_roots([])


_packs = iter(range(10**6))


def new_pack(root: Path, game: str) -> tuple[str, Path]:
    """A fresh pack name (Dice Throne caches packs by name) and its YAML folder."""
    name = f"p{next(_packs)}-{os.getpid()}"
    folder = root / game / name / FILES_IN[game]
    folder.mkdir(parents=True)
    return name, folder


def refused(game: str, name: str) -> str:
    """The message of the ContentError loading pack ``name`` raises."""
    with pytest.raises(ContentError) as error:
        get(game).load_content(name)
    return str(error.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_file_linked_from_outside_the_content_dirs_is_refused(roots: Path, game: str) -> None:
    secret = roots.parent / "secret.yaml"
    secret.write_text("password: hunter2\n")
    name, folder = new_pack(roots, game)
    (folder / "stolen.yaml").symlink_to(secret)
    message = refused(game, name)
    assert "stolen.yaml" in message and "pointing out of the content directories" in message
    assert "hunter2" not in message


@pytest.mark.parametrize("game", GAMES)
def test_a_folder_linked_from_outside_is_refused(roots: Path, game: str) -> None:
    outside = roots.parent / "elsewhere"
    outside.mkdir()
    name, folder = new_pack(roots, game)
    (folder / "more").symlink_to(outside, target_is_directory=True)
    assert "more" in refused(game, name)
    # A whole pack that is a link out is refused too.
    (roots / game / "linked").symlink_to(outside, target_is_directory=True)
    (outside / FILES_IN[game]).mkdir(exist_ok=True)
    assert "pointing out of the content directories" in refused(game, "linked")


@pytest.mark.parametrize("game", GAMES)
def test_a_link_inside_the_content_dirs_is_read(roots: Path, game: str) -> None:
    """Links are not refused as such: one to another pack's file (or the built-in
    content) is content; a good file read through a link fails later, on its content."""
    name, folder = new_pack(roots, game)
    other = roots / "shared.yaml"
    other.write_text("bogus_top_level_key: 1\n")
    (folder / "shared.yaml").symlink_to(other)
    message = refused(game, name)
    assert "pointing out" not in message and "bogus_top_level_key" in message


@pytest.mark.parametrize("game", GAMES)
def test_an_oversized_file_is_refused_before_it_is_read(roots: Path, game: str) -> None:
    name, folder = new_pack(roots, game)
    (folder / "huge.yaml").write_bytes(b"#" * (core_packs.MAX_FILE_BYTES + 1))
    message = refused(game, name)
    assert "huge.yaml" in message and "larger than 1024 KiB" in message


@pytest.mark.parametrize("game", GAMES)
def test_a_pack_over_its_total_size_or_file_count_is_refused(
    roots: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_packs, "MAX_PACK_FILES", 3)  # the real cap is 2,000 files
    name, folder = new_pack(roots, game)
    for n in range(4):
        (folder / f"f{n}.yaml").write_text("# empty\n")
    assert "more than 10 MiB or 3 files" in refused(game, name)
    monkeypatch.setattr(core_packs, "MAX_PACK_FILES", 2000)
    monkeypatch.setattr(core_packs, "MAX_PACK_BYTES", 20)  # the real cap is 10 MiB
    assert "f2.yaml" in refused(game, name)


@pytest.mark.parametrize("game", GAMES)
def test_invalid_utf8_names_file_and_line(roots: Path, game: str) -> None:
    name, folder = new_pack(roots, game)
    (folder / "latin1.yaml").write_bytes(b"# ok\n# ok\nname: Jos\xe9\n")
    message = refused(game, name)
    assert "latin1.yaml" in message and "3" in message and "not valid UTF-8" in message


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_names_file_and_line_instead_of_recursing(roots: Path, game: str) -> None:
    name, folder = new_pack(roots, game)
    deep = "[" * 5000 + "]" * 5000  # far past Python's recursion limit
    (folder / "deep.yaml").write_text(f"# a comment\n{deep}\n")
    message = refused(game, name)
    assert "deep.yaml" in message and "2" in message
    assert f"nested more than {MAX_DEPTH} levels deep" in message


@pytest.mark.parametrize("game", GAMES)
def test_aliases_that_could_expand_without_bound_are_refused(roots: Path, game: str) -> None:
    name, folder = new_pack(roots, game)
    bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    (folder / "bomb.yaml").write_text(bomb)
    message = refused(game, name)
    assert "bomb.yaml" in message and "2" in message and "aliases" in message


@pytest.mark.parametrize("game", GAMES)
def test_invalid_yaml_names_file_and_line_the_same_way(roots: Path, game: str) -> None:
    name, folder = new_pack(roots, game)
    (folder / "broken.yaml").write_text("a: 1\nb: [1, 2\n")
    message = refused(game, name)
    assert "broken.yaml" in message and "invalid YAML" in message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["..", "../..", "/etc", "/tmp", "a/b", "a\\b", ".", " ", "a/../b"])
def test_every_game_refuses_pack_names_that_are_paths(game: str, name: str) -> None:
    load_games()
    with pytest.raises(ContentError):
        get(game).load_content(name)


def test_the_loaders_refuse_such_names_even_where_the_path_exists() -> None:
    """Called directly, the loaders check the name too: ``..`` below a folder that
    has ``heroes`` (or YAML) would otherwise load it as a pack."""
    with pytest.raises(ContentError):
        dicethrone_pack("..", root=DICE_ROOT / "base" / "heroes")  # .../base/heroes again
    for name in ("..", "/etc", str(BATTLE_ROOT / "starter")):
        with pytest.raises(ContentError):
            battlescenes_pack(name, root=BATTLE_ROOT / "starter")
