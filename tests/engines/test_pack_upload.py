"""Uploaded packs: what an attachment may hold (caps, safe YAML, no paths) and packs
that extend a built-in one (``pack.yaml``: ``extends:``)."""

from __future__ import annotations

import io
import stat
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.__main__ import main
from engines.core import ContentError
from engines.core.packs import (
    MAX_FILE_BYTES,
    MAX_PACK_BYTES,
    UploadError,
    install_upload,
    set_content_roots,
    uninstall_upload,
    upload_files,
    upload_key,
)
from engines.core.registry import get, load_games

CONTENT = Path(__file__).resolve().parents[2] / "assets" / "content"


def zipped(*entries: tuple[str, bytes] | zipfile.ZipInfo, link: str = "") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for entry in entries:
            if isinstance(entry, zipfile.ZipInfo):
                archive.writestr(entry, link)
            else:
                archive.writestr(*entry)
    return buffer.getvalue()


def test_a_zip_is_unwrapped_and_keeps_only_its_yaml() -> None:
    data = zipped(
        ("club/pack.yaml", b"extends: base\n"),
        ("club/heroes/a.yaml", b"id: a\n"),
        ("club/notes.txt", b"ignored"),
        ("__MACOSX/club/._a.yaml", b"\0junk"),
    )
    # The macOS resource folder and the notes are dropped, then "club/" is unwrapped.
    files = upload_files("club.zip", data, folders=("heroes",))
    assert files == {"pack.yaml": b"extends: base\n", "heroes/a.yaml": b"id: a\n"}
    # A zip of the pack's own folders is not unwrapped.
    data = zipped(("heroes/a.yaml", b"id: a\n"), ("heroes/b.yaml", b"id: b\n"))
    assert set(upload_files("club.zip", data, folders=("heroes",))) == {
        "heroes/a.yaml",
        "heroes/b.yaml",
    }


def test_a_single_file_goes_where_its_game_reads_it() -> None:
    assert upload_files("My Hero.yaml", b"id: x\n", single_folder="heroes") == {
        "heroes/entries.yaml": b"id: x\n"
    }
    assert upload_files("club.yml", b"cards: []\n") == {"club.yaml": b"cards: []\n"}


@pytest.mark.parametrize(
    "name",
    ["/etc/x.yaml", "../x.yaml", "a/../../x.yaml", "C:/x.yaml", "a\\..\\x.yaml", "a//x.yaml"],
)
def test_no_paths_anywhere(name: str) -> None:
    with pytest.raises(UploadError) as refused:
        upload_files("club.zip", zipped((name, b"x: 1\n")))
    assert refused.value.problem == "not a plain relative path"


def test_links_are_refused() -> None:
    info = zipfile.ZipInfo("club/a.yaml")
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    with pytest.raises(UploadError) as refused:
        upload_files("club.zip", zipped(info, link="/etc/passwd"))
    assert refused.value.problem == "a link"


def test_every_refusal_is_in_the_catalogs() -> None:
    import yaml

    said = yaml.safe_load((CONTENT.parents[1] / "engines/core/locales/en-US.yaml").read_text())
    refusals = [
        ("club.zip", b"\0" * (MAX_PACK_BYTES + 1)),
        ("a.yaml", b"x" * (MAX_FILE_BYTES + 1)),
        ("a.png", b"x"),
        ("club.zip", b"PK junk"),
        ("club.zip", zipped(("../a.yaml", b"a: 1\n"))),
        ("club.zip", zipped(("readme.md", b"hi"))),
        ("a.yaml", b"a: &x 1\nb: *x\n"),
    ]
    for filename, data in refusals:
        with pytest.raises(UploadError) as refused:
            upload_files(filename, data)
        assert refused.value.key in said["core"]["upload"], refused.value.problem


def test_caps_and_safe_yaml() -> None:
    big = b"x: '" + b"a" * MAX_FILE_BYTES + b"'\n"
    for upload in (("a.yaml", big), ("club.zip", zipped(("a.yaml", big)))):
        with pytest.raises(UploadError, match="larger than 1024 KiB"):
            upload_files(*upload)
    with pytest.raises(UploadError, match="larger than 10 MiB"):
        upload_files("club.zip", b"\0" * (MAX_PACK_BYTES + 1))
    with pytest.raises(UploadError, match=r"line 2: aliases"):
        upload_files("a.yaml", b"a: &x [1]\nb: *x\n")
    with pytest.raises(UploadError, match="not valid UTF-8"):
        upload_files("club.zip", zipped(("a.yaml", b"a: \xff\n")))
    with pytest.raises(UploadError, match="not a readable zip"):
        upload_files("club.zip", b"PK\x03\x04 nothing")
    with pytest.raises(UploadError, match=r"no \.yaml"):
        upload_files("club.zip", zipped(("readme.md", b"hi")))
    with pytest.raises(UploadError, match=r"\.yaml file or a \.zip"):
        upload_files("club.png", b"\x89PNG")


@pytest.fixture
def uploads() -> Iterator[list[tuple[str, str]]]:
    """Installed uploads, dropped after the test."""
    load_games()
    made: list[tuple[str, str]] = []
    yield made
    for game, key in made:
        uninstall_upload(game, key)


def installed(made: list[tuple[str, str]], game: str, files: dict[str, bytes]) -> str:
    key = upload_key(game, files)
    install_upload(game, key, files)
    made.append((game, key))
    return key


def test_each_game_extends_its_builtin_pack(uploads: list[tuple[str, str]]) -> None:
    kros = installed(
        uploads,
        "krosmaster",
        {
            "pack.yaml": b"extends: default\n",
            "fix.yaml": (
                b"figures:\n  - id: tristepan\n    name: Tristepan Fixed\n    colour: gold\n"
                b"    types: [Iop]\n    level: 3\n    hp: 9\n    mp: 3\n    ap: 6\n"
                b"    initiative: 4\n    source: club\n    verified: true\n"
            ),
        },
    )
    pack = get("krosmaster").load_content(kros)
    base = get("krosmaster").load_content(None)
    assert pack.figures["tristepan"].name == "Tristepan Fixed"
    assert pack.figures["tristepan"].verified and pack.figures["tristepan"].hp == 9
    assert set(pack.figures) == set(base.figures) and pack.arenas == base.arenas

    hero = (CONTENT / "dicethrone/base/heroes/barbarian.yaml").read_bytes()
    dt = installed(
        uploads,
        "dicethrone",
        {
            "pack.yaml": b"extends: base\n",
            "heroes/berserker.yaml": hero.replace(b"id: barbarian", b"id: berserker", 1),
        },
    )
    content = get("dicethrone").load_content(dt)
    assert set(content.heroes) == set(get("dicethrone").load_content("base").heroes) | {"berserker"}

    card = (
        b"cards:\n  - key: hulk_v3\n    type: character\n    name: Hulk Fixed\n"
        b"    energy: 1\n    shield: 1\n    source: club\n    verified: true\n"
    )
    bs = installed(uploads, "battlescenes", {"pack.yaml": b"extends: starter\n", "a.yaml": card})
    cards = get("battlescenes").load_content(bs).cards
    assert cards["hulk_v3"].name == "Hulk Fixed" and "fantasma_do_espaco_v1" in cards


@pytest.mark.parametrize(
    ("game", "manifest", "problem"),
    [
        ("krosmaster", b"extends: base\n", "'base' is not a built-in pack (default)"),
        ("dicethrone", b"extends: default\n", "'default' is not a built-in pack (base)"),
        # Without "extends", pack.yaml is content (as in packs older than manifests):
        # a misspelt manifest is still refused, by the content's own field check.
        ("battlescenes", b"extend: starter\n", "extend: unknown field"),
        ("battlescenes", b"extends: starter\nfoo: 1\n", "unknown manifest field 'foo'"),
        ("battlescenes", b"extends: ../starter\n", "extends: the name of a built-in pack"),
    ],
)
def test_a_bad_manifest_is_refused_naming_it(
    uploads: list[tuple[str, str]], game: str, manifest: bytes, problem: str
) -> None:
    entry = "heroes/x.yaml" if game == "dicethrone" else "x.yaml"
    key = installed(uploads, game, {"pack.yaml": manifest, entry: b"{}\n"})
    with pytest.raises(ContentError) as refused:
        get(game).load_content(key)
    assert "pack.yaml" in str(refused.value) and problem in str(refused.value)


def test_the_check_command_reads_the_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "battlescenes" / "club"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text("extends: starter\n")
    (pack / "more.yaml").write_text("decks: []\n")
    try:
        assert main(["content", "check", str(pack)]) == 0
        (pack / "pack.yaml").write_text("extends: nothing\n")
        assert main(["content", "check", str(pack)]) == 1
    finally:
        set_content_roots([])
    assert "pack.yaml" in capsys.readouterr().out
