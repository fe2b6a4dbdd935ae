"""A render's PNG (``engines.core.render.to_png``): a palette of at most 256 colours
that keeps every pixel close to what was drawn, and the same bytes for the same image."""

from __future__ import annotations

import io
import random
from typing import cast

from PIL import Image, ImageChops, ImageDraw

from engines.core import theme
from engines.core.render import MAX_SAMPLED_COLOURS, banner, canvas, draw_text, font, to_png

#: The most a channel of a pixel may move (of 255) in the paletted PNG: text stays crisp.
TOLERANCE = 15


def _board() -> Image.Image:
    """A board-like image: bands, boxes in the theme's colours, text of several sizes
    and colours on light and dark grounds (anti-aliased edges: many colours)."""
    image, draw = canvas(700)
    banner(draw, "Bruno: defend or pass", (0, 114, 178))
    colours = [(213, 94, 0), (0, 158, 115), (240, 228, 66), (204, 121, 167), (86, 180, 233)]
    for i, colour in enumerate(colours):
        draw.rounded_rectangle((20 + 180 * i, 110, 180 + 180 * i, 260), 12, fill=colour)
        draw.text((40 + 180 * i, 150), f"{i + 3}/9 HP", font=font(30, bold=True), fill=(0, 0, 0))
        draw.ellipse((60 + 180 * i, 200, 110 + 180 * i, 250), outline=(255, 255, 255), width=3)
    for row in range(12):
        draw_text(draw, (20, 290 + 32 * row), "Final Damage Total · Dano " * 4, max_width=900)
    draw.rectangle((0, 660, 960, 700), fill=(40, 40, 48))
    draw.text((20, 665), "tension dice: –", font=font(24), fill=theme.BACKGROUND)
    return image


def _decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _worst_channel_error(png: bytes, original: Image.Image) -> int:
    return _worst_channel_error_of(_decoded(png).convert("RGB"), original)


def _worst_channel_error_of(image: Image.Image, original: Image.Image) -> int:
    extrema = ImageChops.difference(image, original).getextrema()
    return max(high for _, high in cast(tuple[tuple[int, int], ...], extrema))


def test_a_board_is_paletted_and_every_pixel_stays_close_to_the_drawing() -> None:
    board = _board()
    assert len(board.getcolors(MAX_SAMPLED_COLOURS) or []) > 256  # a real choice to make
    png = to_png(board)
    decoded = _decoded(png)
    assert decoded.mode == "P"
    assert decoded.size == board.size
    assert _worst_channel_error(png, board) <= TOLERANCE


def test_the_same_image_always_gives_the_same_bytes() -> None:
    assert to_png(_board()) == to_png(_board())


def test_an_image_of_very_many_colours_still_gets_a_fair_palette() -> None:
    # Noise has more colours than are sampled: the palette comes from every pixel.
    rng = random.Random(7)
    noisy = Image.new("RGB", (300, 300))
    noisy.putdata(
        [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(90_000)]
    )
    ImageDraw.Draw(noisy).rectangle((0, 0, 299, 40), fill=(0, 114, 178))
    assert noisy.getcolors(MAX_SAMPLED_COLOURS) is None
    png = to_png(noisy)
    assert _decoded(png).mode == "P"
    band = noisy.crop((0, 0, 300, 41))
    assert (
        _worst_channel_error_of(_decoded(png).convert("RGB").crop((0, 0, 300, 41)), band)
        <= TOLERANCE
    )
