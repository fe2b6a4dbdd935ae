"""Regenerate the Battle Scenes reference renders in docs/renders/battlescenes/.

Run from the repository's root::

    .venv/bin/python scripts/reference_renders/battlescenes.py [--out DIR]

The positions are the render tests' (``tests/engines/battlescenes/reference.py``): the
start (both players owe their mulligan), a busy mid-game (five card bases against three,
the last move a use of Sussurro Aniquilador) and the end (that move wins on prize
points), plus the most crowded scene (eight card bases a side). Each is drawn as the
public board and as Ana's hand and the two pages of her cards, in en-US, pt-BR and it
(the crowded one as a board in en-US only), and Odin V1 of Ana's hand looked up
(``/match lookup``, kind ``card``) in each language. Everything is seeded, so the files
are the same on every run; each is stored as a 480-px-wide paletted copy (the bot sends
960 px), as for every game.
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

from engines.battlescenes import ENGINE  # noqa: E402
from engines.battlescenes.rules.state import State  # noqa: E402
from tests.engines.battlescenes import reference  # noqa: E402

LOCALES = ("en-US", "pt-BR", "it")
#: name → (position, the renders drawn of it: (kind, seat) pairs).
RENDERS: dict[str, tuple[Callable[[], State], tuple[tuple[str, int | None], ...]]] = {
    "start": (reference.start, (("board", None), ("hand", 0))),
    "busy": (reference.busy, (("board", None), ("hand", 0), ("cards", 0), ("cards-2", 0))),
    "end": (reference.end, (("board", None),)),
    "crowded": (reference.crowded, (("board", None),)),
}


#: The repository keeps half-size copies, as for every game (the bot sends 960 px).
COPY_WIDTH = 480


def small(png: bytes, path: Path) -> None:
    """Save a half-size copy of a render, paletted as the bot's (``to_png``), with PNG's
    smallest encoding."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * COPY_WIDTH / image.width)
    copy = image.resize((COPY_WIDTH, height), Image.Resampling.LANCZOS)
    paletted = copy.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    paletted.save(path, format="PNG", optimize=True)


def write_all(out: Path) -> list[Path]:
    """Draw every reference render into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (position, kinds) in RENDERS.items():
        state = position()
        for kind, seat in kinds:
            for locale in LOCALES if name != "crowded" else LOCALES[:1]:
                path = out / f"{name}-{kind}-{locale}.png"
                png = ENGINE.render(ENGINE.view(state, seat), kind, locale)
                small(png, path)
                written.append(path)
    looked = ENGINE.lookup(reference.busy(), 0, "Odin")
    assert looked is not None
    for locale in LOCALES:  # one card's view: its texts and action in our words
        path = out / f"busy-card-{locale}.png"
        small(ENGINE.render(looked, "card", locale), path)
        written.append(path)
    return written


def main() -> None:
    """Parse the arguments and write the renders."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "renders" / "battlescenes")
    args = parser.parse_args()
    for path in write_all(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
