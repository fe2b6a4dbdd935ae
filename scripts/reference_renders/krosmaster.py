"""Regenerate the Krosmaster Arena reference renders in docs/renders/krosmaster/.

Run from the repository's root::

    .venv/bin/python scripts/reference_renders/krosmaster.py [--out DIR]

The positions are the render tests' (``tests/engines/krosmaster/reference.py``), made
only of printed, playable figures (the Osamodas Court: two Queens of the Tofus and two
Kings of the Gobballs a side, their Tofus and Gobballs): the start (Bruno deploys first on the
Training Grounds), the mid-game (turn 5: Alice's Queen of the Tofus has cast Dan To Fu at
Bruno's King of the Gobballs, two of her Tofus next to him), the end (the same spell
knocks out Bruno's last Krosmaster), Alice's private view of the mid-game, her preview of
a move, and the crowded boards that must still fit a phone: a duel of four Krosmasters a
side with every summon they control, tokens, dice and rewards ("busy"), and a
four-player match of Osamodas Duos on Four Winds ("busy-four", en-US only). Everything is
seeded, so the files are the same on every run; each is stored as a 480-px-wide paletted
copy (the bot sends 960 px), as for every game.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a file: the repository's packages and tests

from PIL import Image  # noqa: E402

from engines.core import View  # noqa: E402
from engines.krosmaster import ENGINE  # noqa: E402
from tests.engines.krosmaster import reference  # noqa: E402

LOCALES = ("en-US", "pt-BR", "it")
#: name → (the view drawn, its kind, the locales).
RENDERS: dict[str, tuple[Callable[[], View], str, tuple[str, ...]]] = {
    "start": (lambda: ENGINE.view(reference.start(), None), "board", LOCALES),
    "mid-game": (lambda: ENGINE.view(reference.mid_game(), None), "board", LOCALES),
    "end": (lambda: ENGINE.view(reference.end(), None), "board", LOCALES),
    "private": (lambda: ENGINE.view(reference.mid_game(), 0), "board", LOCALES),
    "preview": (lambda: reference.preview(reference._fight()), "preview", LOCALES),
    "busy": (lambda: ENGINE.view(reference.busy_duel(), None), "board", LOCALES),
    "busy-four": (lambda: ENGINE.view(reference.busy_four(), None), "board", LOCALES[:1]),
}

#: The repository keeps half-size copies, as for every game (the bot sends 960 px).
COPY_WIDTH = 480
#: Colours kept in the copy: plenty for flat boards and their text at half size, and
#: about half the bytes of 256.
COLOURS = 128


def small(png: bytes, path: Path) -> None:
    """Save a half-size copy of a render, paletted (128 colours) with PNG's smallest
    encoding."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * COPY_WIDTH / image.width)
    # A 2 × 2 average: crisp at exactly half size, and fewer in-between colours to store.
    copy = image.resize((COPY_WIDTH, height), Image.Resampling.BOX)
    paletted = copy.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    paletted.save(path, format="PNG", optimize=True)


def write_all(out: Path) -> list[Path]:
    """Draw every reference render into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (make, kind, locales) in RENDERS.items():
        view = make()
        for locale in locales:
            path = out / f"{name}-{locale}.png"
            small(ENGINE.render(view, kind, locale), path)
            written.append(path)
    return written


def main() -> None:
    """Parse the arguments and write the renders."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "renders" / "krosmaster")
    args = parser.parse_args()
    for path in write_all(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
