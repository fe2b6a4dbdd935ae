"""Pillow helpers shared by the games' renderers: fonts, text, banners, PNG.

This is the engine kit's render module; like every ``render`` module it is
allowed to import PIL, and nothing else in ``engines.core`` imports it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from engines.core import theme

Font = ImageFont.FreeTypeFont

#: The strings drawn while a :func:`recorded_text` block runs (``None`` outside one).
#: A context variable, so renders in other threads or tasks are not mixed in.
_RECORDED: ContextVar[list[str] | None] = ContextVar("recorded_text", default=None)


@contextmanager
def recorded_text() -> Iterator[list[str]]:
    """Collect every string drawn on a :func:`canvas` (and by :func:`draw_text`,
    :func:`banner`) inside the block, in drawing order: the language test reads a
    render's words this way instead of from its pixels."""
    found: list[str] = []
    token = _RECORDED.set(found)
    try:
        yield found
    finally:
        _RECORDED.reset(token)


def _record(text: str) -> None:
    found = _RECORDED.get()
    if found is not None and text:
        found.append(text)


def record(text: str) -> None:
    """Count ``text`` as drawn for :func:`recorded_text`, for a renderer that puts
    text on its canvas another way (e.g. from masks it rendered once and kept)."""
    _record(text)


class RecordingDraw(ImageDraw.ImageDraw):
    """An ``ImageDraw`` that also records the text it draws (see :func:`recorded_text`);
    the pixels are exactly those of a plain ``ImageDraw``."""

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        """Draw ``text`` as ``ImageDraw.text`` does, recording it first."""
        if isinstance(text, str):
            _record(text)
        super().text(xy, text, *args, **kwargs)


@cache
def font(size: int = theme.BODY_TEXT_PX, bold: bool = False) -> Font:
    """The shipped font (DejaVu Sans) at ``size`` px; never a system font."""
    path = theme.FONT_BOLD if bold else theme.FONT_REGULAR
    return ImageFont.truetype(str(path), size=max(size, 1))


def canvas(height: int, width: int = theme.CANVAS_WIDTH) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank themed image and its drawing context (which records its text, see
    :func:`recorded_text`: draw a render's text on a canvas or through these helpers)."""
    image = Image.new("RGB", (width, height), theme.BACKGROUND)
    return image, RecordingDraw(image)


def text_width(text: str, fnt: Font) -> float:
    """Width in pixels of ``text`` drawn with ``fnt``."""
    return fnt.getlength(text)


def fit_text(text: str, max_width: float, size: int, bold: bool = False) -> tuple[str, Font]:
    """Shrink ``text`` down to the minimum legible size, then ellipsise, to fit."""
    for px in range(size, theme.MIN_TEXT_PX - 1, -2):
        fnt = font(px, bold)
        if text_width(text, fnt) <= max_width:
            return text, fnt
    fnt = font(theme.MIN_TEXT_PX, bold)
    while text and text_width(text + "…", fnt) > max_width:
        text = text[:-1]
    return text + "…", fnt


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    max_width: float,
    size: int = theme.BODY_TEXT_PX,
    bold: bool = False,
    fill: theme.RGB = theme.TEXT,
    anchor: str = "la",
) -> float:
    """Draw one line that never overflows ``max_width``; returns its height."""
    fitted, fnt = fit_text(text, max_width, size, bold)
    # The whole line is recorded, not only what fits: a language check must see the
    # words even when the line is ellipsised.
    _record(text)
    ImageDraw.ImageDraw.text(draw, xy, fitted, font=fnt, fill=fill, anchor=anchor)
    return float(fnt.size) * 1.25


def banner(draw: ImageDraw.ImageDraw, text: str, colour: theme.RGB, y: int = 0) -> int:
    """A full-width header band (e.g. whose turn it is); returns its bottom edge."""
    width = draw.im.size[0]
    height = theme.TITLE_TEXT_PX + 2 * 18
    draw.rectangle((0, y, width, y + height), fill=colour)
    draw_text(
        draw,
        (theme.MARGIN, y + height / 2),
        text,
        max_width=width - 2 * theme.MARGIN,
        size=theme.TITLE_TEXT_PX,
        bold=True,
        fill=(255, 255, 255),
        anchor="lm",
    )
    return y + height


#: About how many pixels the palette is chosen from (see :func:`to_png`).
PALETTE_SAMPLE = 16_384
#: Images with more distinct colours than this (none of the boards: they have
#: 1,000–2,000) get their palette from every pixel instead.
MAX_SAMPLED_COLOURS = 65_536


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG without metadata, so equal images give equal bytes.

    Boards are flat colours plus the anti-aliased edges of text and shapes (about
    1,000–2,000 distinct colours), so they are stored with a palette of at most 256
    colours (no dithering: every pixel keeps its nearest palette colour — measured
    within 15 of 255 levels of the original on every game's board — so text stays
    crisp and edges smooth), at zlib level 3. That encodes several times faster than
    full colour at level 6 and makes files about three times smaller, which Discord
    uploads sooner. (Pillow's ``optimize`` pass once cost ~60 ms per board for 3 %
    less.)
    """
    out = io.BytesIO()
    paletted(image).save(out, format="PNG", compress_level=3)
    return out.getvalue()


def paletted(image: Image.Image) -> Image.Image:
    """``image`` with a palette of at most 256 colours chosen for it, no dithering.

    The palette is chosen (fast octree) from the image's distinct colours, each
    repeated in proportion to how many pixels have it (about
    :data:`PALETTE_SAMPLE` pixels in all), rather than from its million pixels: the
    same weighting for about half the CPU time (the octree of every pixel
    was most of a board's PNG time). Every pixel is then mapped to its nearest
    palette colour. Images that are not RGB, or have more than
    :data:`MAX_SAMPLED_COLOURS` colours, get the octree of every pixel.
    """
    found = image.getcolors(MAX_SAMPLED_COLOURS) if image.mode == "RGB" else None
    if found is None:
        return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    scale = max(1, image.width * image.height // PALETTE_SAMPLE)
    colours = cast(list[tuple[int, tuple[int, int, int]]], found)
    sample = b"".join(bytes(rgb) * max(1, round(count / scale)) for count, rgb in colours)
    weighted = Image.frombytes("RGB", (len(sample) // 3, 1), sample)
    palette = weighted.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
