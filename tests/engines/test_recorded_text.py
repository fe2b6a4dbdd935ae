"""The shared render helpers record the text they draw (for the language test), without
changing a pixel."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.core import theme
from engines.core.render import banner, canvas, draw_text, font, recorded_text, to_png


def _scene(draw: ImageDraw.ImageDraw) -> None:
    banner(draw, "Bruno: defend or pass", (0, 114, 178))
    draw_text(draw, (20, 100), "Final Damage Total " * 20, max_width=300)
    draw.text((20, 160), "AP", font=font(), fill=theme.TEXT)


def test_text_drawn_on_a_canvas_is_recorded_whole() -> None:
    with recorded_text() as drawn:
        _, draw = canvas(240)
        _scene(draw)
    assert drawn[0] == "Bruno: defend or pass"
    # An ellipsised line is recorded as it was written, not only the part that fits.
    assert drawn[1] == "Final Damage Total " * 20
    assert drawn[2] == "AP"
    with recorded_text() as again:
        pass
    assert again == []


def test_nothing_is_recorded_outside_a_block_and_the_pixels_are_unchanged() -> None:
    image, draw = canvas(240)
    _scene(draw)  # no block: nothing to record into, nothing raised
    plain = Image.new("RGB", image.size, theme.BACKGROUND)
    _scene(ImageDraw.Draw(plain))
    assert to_png(image) == to_png(plain)
