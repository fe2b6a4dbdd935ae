"""The board post fits a phone in every realistic state (issue 13): at most 1,100 px tall
and 960 wide, every text at least 11 px tall once the image is shown 400 px wide, none
cut short, none over another, none past the edge; crowded matches (eight figures a side
with summons, four players) included, in each locale, public and private."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engines.core import View
from engines.krosmaster import ENGINE
from engines.krosmaster.content.loader import builtin_pack
from engines.krosmaster.render.board import short_names
from engines.krosmaster.render.words import localised
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster import reference

LOCALES = ("en-US", "pt-BR", "it")
PHONE = 400  # px: a phone's width for the image
MIN_PHONE_PX = 11
MAX_HEIGHT = 1100


@dataclass(frozen=True)
class Drawn:
    """One string drawn on an image: where (its box), how big, and on which image size."""

    text: str
    box: tuple[float, float, float, float]
    px: int
    canvas: tuple[int, int]


@contextmanager
def drawn() -> Iterator[list[Drawn]]:
    """Every string Pillow draws inside the block, with its box (``textbbox``)."""
    seen: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
        fnt = kw.get("font")
        if isinstance(text, str) and text.strip() and fnt is not None:
            box = self.textbbox(xy, text, font=fnt, anchor=kw.get("anchor"))
            seen.append(Drawn(text, box, int(fnt.size), self.im.size))
        original(self, xy, text, *args, **kw)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def _overlap(a: Drawn, b: Drawn) -> float:
    """How far two boxes run into each other (the smaller of the two overlaps, in px)."""
    dx = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    dy = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return min(dx, dy)


def check(view: View, kind: str, locale: str) -> tuple[int, int]:
    """Render and assert what a phone reader needs; returns the image's size."""
    with drawn() as seen:
        png = ENGINE.render(view, kind, locale)
    width, height = Image.open(io.BytesIO(png)).size
    assert width == 960 and height <= MAX_HEIGHT, (kind, locale, height)
    texts = [d for d in seen if d.canvas == (width, height)]
    assert texts
    for d in texts:
        assert d.px * PHONE / width >= MIN_PHONE_PX, (d.text, d.px)
        assert not d.text.endswith("…"), d.text  # nothing cut short
        x0, y0, x1, y1 = d.box  # inside the image, clear of its 8-px right margin
        assert x0 >= 0 and y0 >= 0 and x1 <= width - 8 and y1 <= height, (d.text, d.box)
    # Boxes include the room for accents and descenders, so neighbouring lines may touch
    # by a pixel or two; more than that is text drawn over text.
    clashes = [
        (a.text, b.text) for i, a in enumerate(texts) for b in texts[i + 1 :] if _overlap(a, b) > 3
    ]
    assert not clashes, clashes
    return width, height


STATES = {
    "start": reference.start,
    "mid-game": reference.mid_game,
    "end": reference.end,
    "busy duel": reference.busy_duel,
    "longest printed names": reference.longest_names,
    "busy ffa": reference.busy_four,
    "busy 2v2": lambda: reference.busy_four("2v2"),
}


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("seat", [None, 0])
def test_every_board_fits_a_phone(name: str, seat: int | None) -> None:
    state: State = STATES[name]()
    for locale in LOCALES:
        check(ENGINE.view(state, seat), "board", locale)
        check(ENGINE.view(state, seat), "preview", locale)


def test_a_move_preview_fits_a_phone() -> None:
    view = reference.preview(reference._fight())
    for locale in LOCALES:
        check(view, "preview", locale)


def test_a_crowded_duel_keeps_every_figure_and_reward_on_the_board_post() -> None:
    """Eight Krosmasters and twelve summons: each one's token, HP and AP/MP are drawn, the
    active figure's with what is left of this turn, and each reward known by name."""
    state = reference.busy_duel()
    view = ENGINE.view(state, None)
    assert len(state.units) == 20
    for locale in LOCALES:
        with drawn() as seen:
            ENGINE.render(view, "board", locale)
        texts = [d.text for d in seen]
        joined = " ".join(texts)
        tokens = short_names(localised(view.data, locale).units)  # as the board names them
        assert len(set(tokens.values())) == 20  # two Queens, eight Tofus… each told apart
        for unit in state.units:  # its token on the board and in its chip, and its HP
            assert texts.count(tokens[unit.id]) >= 2, tokens[unit.id]
            hp = state.fig(unit).hp
            if hp:
                assert f"{hp - unit.wounds}/{hp}" in texts, unit.id
        assert "5/10" in texts  # Bruno's King of the Gobballs, 2 wounds plus Dan To Fu's 3
        # The active Queen's chip, Alice's first (her token's letters are condensed into a
        # bitmap, so the row is found by its HP): AP and MP left after the spell, 6 + 1
        # token − 3 for Dan To Fu and 4 − 1 token.
        main = (960, max(d.canvas[1] for d in seen))
        chips = [d for d in seen if d.canvas == main and d.box[0] > 600]
        hp = next(d for d in chips if d.text == "8/8")
        bruno = next(d for d in chips if d.text == "Bruno")
        assert hp.box[1] < bruno.box[1]  # in Alice's chips
        queen = tokens["0.rainha-dos-tofus"]  # drawn as text where it is narrow enough
        row = [d.text for d in chips if abs(d.box[1] - hp.box[1]) < 6 and d.text != queen]
        assert row[:3] == ["8/8", "4", "3"]
        rewards = {
            "en-US": ["Golden Energy Boost", "Grip Buff", "Dragoturkey"],
            "pt-BR": ["Impulso de Energia Dourado", "Bênção do Bloqueio", "Dragoperu"],
            "it": ["Slancio di Energia Dorato", "Benedizione del Contrasto", "Dragotacchino"],
        }[locale]
        for reward in rewards:
            assert reward in joined.replace("\n", " "), (locale, reward)


@pytest.mark.parametrize("name", [n for n in STATES if n != "longest printed names"])
def test_the_reference_boards_show_only_printed_playable_figures(name: str) -> None:
    """The README's and docs' pictures present no made-up piece as printed (issue 24):
    every figure on them is a built-in card with its whole public record, as shipped."""
    state: State = STATES[name]()
    pack = builtin_pack()
    for unit in state.units:
        assert pack.figures.get(unit.figure) == state.fig(unit), unit.id
        assert state.fig(unit).playable, unit.id
