"""``python -m bot content render`` and ``content check`` for pack authors: a preview of
every entry of a pack (every shipped one renders), and the worked examples of
docs/content.md are valid packs."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import main
from engines.core.packs import set_content_roots
from engines.core.registry import get, load_games

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = ROOT / "assets" / "content"
EXAMPLES = ROOT / "docs" / "examples" / "content"
SHIPPED = [
    ("krosmaster", BUILTIN / "krosmaster"),
    ("dicethrone", BUILTIN / "dicethrone" / "base"),
    ("battlescenes", BUILTIN / "battlescenes" / "starter"),
]


@pytest.fixture(autouse=True)
def _roots() -> object:
    load_games(())
    yield
    set_content_roots([])


@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
def test_the_worked_examples_of_docs_content_pass_the_check(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["content", "check", str(EXAMPLES / game / "example")]) == 0
    assert "loads without errors" in capsys.readouterr().out


@pytest.mark.parametrize(("game", "path"), SHIPPED, ids=[g for g, _ in SHIPPED])
def test_every_shipped_entry_renders(
    game: str, path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = get(game)
    content = engine.load_content(None)
    ids = engine.entry_ids(content)
    assert ids, "a shipped pack has entries"
    assert main(["content", "render", str(path), str(tmp_path)]) == 0
    assert f"{len(ids)} previews" in capsys.readouterr().out
    written = sorted(p.stem for p in tmp_path.glob("*.png"))
    # Named by the id, its other characters as "_" (a printed code: "BSET 1/100").
    assert written == sorted(re.sub(r"[^A-Za-z0-9_.-]", "_", i) for i in ids)
    for png in tmp_path.glob("*.png"):
        image = Image.open(io.BytesIO(png.read_bytes()))
        assert image.width == 960 and image.height > 200


@pytest.mark.parametrize(
    ("game", "entry", "words"),
    [
        ("krosmaster", "poutch-pupil", ["Soco Grudento", "alcance 1–3", "Armadura"]),
        ("dicethrone", "tidecaller", ["Chamadora de Marés", "Rolagem Defensiva 3"]),
        ("battlescenes", "vigia_do_cais_v1", ["Vigia do Cais V1", "Arpão", "O bot lê"]),
    ],
)
def test_a_preview_shows_the_entry_in_the_readers_language(
    game: str, entry: str, words: list[str]
) -> None:
    set_content_roots([EXAMPLES])
    engine = get(game)
    content = engine.load_content("example")
    view = engine.entry_view(content, entry)
    assert view is not None and engine.entry_view(content, "no-such-entry") is None
    alt = engine.describe_entry(view, "pt-BR")
    assert 0 < len(alt) <= 1000
    assert words[0] in alt
    assert "verified: false" in alt  # every example says it is not a printed component
    from engines.core.entry import text

    shown = (
        " ".join(
            text(
                line.get("strong", line.get("sub", line)) if isinstance(line, dict) else line,
                engine.catalog(),
                "pt-BR",
            )
            for section in view.data["entry"]["sections"]
            for line in section["lines"]
        )
        + " "
        + alt
    )
    for word in words:
        assert word in shown
    assert engine.render_entry(view, "it").startswith(b"\x89PNG")


def test_render_refuses_what_is_not_a_pack(tmp_path: Path) -> None:
    assert main(["content", "render", str(tmp_path / "nothing"), str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    with pytest.raises(SystemExit):
        main(["content", "render", str(EXAMPLES / "dicethrone" / "example")])


def test_a_very_long_entry_is_cut_and_says_so() -> None:
    from engines.core.entry import section, sheet
    from engines.core.render_entry import MAX_HEIGHT, render_entry

    engine = get("dicethrone")
    words = "word " * 40 + "averyveryveryverylongwordwithoutanyspaceatallthatcannotwrapanywhere" * 3
    data = sheet(
        "dicethrone",
        "huge",
        kind="Hero",
        title="Huge",
        sections=[section("Lines", [words] * 200)],
    )
    image = Image.open(io.BytesIO(render_entry(data, engine.catalog(), "en-US")))
    assert image.size == (960, MAX_HEIGHT)
