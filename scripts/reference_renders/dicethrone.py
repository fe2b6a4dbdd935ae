"""Regenerate the Dice Throne reference renders in docs/renders/dicethrone/.

Run from the repository root:

    /work/main/.venv/bin/python scripts/reference_renders/dicethrone.py

Every die is forced (no randomness), so the images are the same on every run. The
scenes: the first Main phase (``start``), an offensive roll with dice kept
(``roll``), Alice's Slap II against Bruno once he has rolled his defence
(``attack``), Main phase 2 after the damage (``dealt``), the end of a match
(``end``) and Bruno's private hand (``hand``), each in en-US, pt-BR and it. Like
the other games' reference renders they are stored 480 px wide (half the board, about
the size a phone shows it), paletted (256 colours) and compressed hard, to stay small.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines.core import Action, RiggedDice, Seat  # noqa: E402
from engines.dicethrone import ENGINE  # noqa: E402
from engines.dicethrone import actions as a  # noqa: E402
from engines.dicethrone.effects.context import put  # noqa: E402
from engines.dicethrone.rules.state import Phase, State, Step  # noqa: E402

OUT = ROOT / "docs" / "renders" / "dicethrone"
LOCALES = ("en-US", "pt-BR", "it")
SEATS = [Seat(0, "Alice"), Seat(1, "Bruno")]


def _start() -> State:
    """Alice (Barbarian) against Bruno (Paladin); Alice goes first (dice 6 and 1)."""
    return ENGINE.new_match(
        {"hero1": "barbarian", "hero2": "paladin"},
        SEATS,
        ENGINE.load_content(None),
        RiggedDice([6, 1]),
    )


def _act(state: State, seat: int, action: Action, *dice: int) -> State:
    rigged = RiggedDice(list(dice))
    state = ENGINE.apply(state, seat, action, rigged).state
    if rigged.queue:
        raise RuntimeError(f"unused dice {list(rigged.queue)} after {action}")
    return state


def _roll() -> State:
    """Alice's second attempt: three swords kept, one more sword and a heart rolled."""
    state = put(_start(), 0, upgrades={"slap": "slap_2"}, board=("slap_2",), cp=4)
    state = put(state, 1, statuses={"protect": 1})
    state = _act(state, 0, a.EndPhase())
    state = _act(state, 0, a.RollDice(), 1, 2, 3, 6, 4)
    state = _act(state, 0, a.Keep("1 2 3"))
    return _act(state, 0, a.RollDice(), 1, 5)


def _attack() -> State:
    """Slap II activated with four swords; Bruno rolled his Holy Defense (two helms and
    a prayer): the window to change the defensive dice."""
    state = _act(_roll(), 0, a.Announce("slap"))
    while state.step is Step.RESPONSE:
        state = _act(state, ENGINE.pending(state)[0].seat, a.Pass())
    state = put(state, 1, statuses={"protect": 1, "concussion": 1})
    return _act(state, 1, a.Defend(), 3, 4, 6)


def _dealt() -> State:
    """Main phase 2 after the attack: the damage dealt, said and drawn."""
    state = _attack()
    while state.phase is not Phase.MAIN2:
        state = _act(state, ENGINE.pending(state)[0].seat, a.Pass())
    return state


def _end() -> State:
    """The same attack against a Bruno at 3 health knocks him out."""
    state = put(_attack(), 1, health=3)
    while state.phase is not Phase.OVER:
        state = _act(state, ENGINE.pending(state)[0].seat, a.Pass())
    return state


SCENES: dict[str, tuple[Callable[[], State], int | None, str]] = {
    "start": (_start, None, "board"),
    "roll": (_roll, None, "board"),
    "attack": (_attack, None, "board"),
    "dealt": (_dealt, None, "board"),
    "end": (_end, None, "board"),
    "hand": (_dealt, 1, "hand"),
}


def _small(png: bytes) -> bytes:
    """The board at half size (480 px wide), paletted and compressed hard."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    half = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
    paletted = half.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    """Write every scene in every locale; print each file and its size."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (scene, seat, kind) in SCENES.items():
        state = scene()
        view = ENGINE.view(state, seat)
        for locale in LOCALES:
            path = OUT / f"{name}-{locale}.png"
            path.write_bytes(_small(ENGINE.render(view, kind, locale)))
            alt: Any = ENGINE.describe(view, kind, locale)
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KiB  {alt[:80]}")


if __name__ == "__main__":
    main(sys.argv[1:])
