"""Shared look of every render: palette, sizes and font files (no PIL here).

Seat colours come from the Okabe-Ito palette, chosen to stay distinguishable
for the common colour-vision deficiencies; renders also label seats with
their number and name so colour is never the only cue. Sizes assume Discord
shows a 960-px-wide image at roughly a third of its size on a phone, so body
text is never below 28 px.
"""

from __future__ import annotations

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
FONT_REGULAR = ASSETS_DIR / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf"

RGB = tuple[int, int, int]

CANVAS_WIDTH = 960
MARGIN = 32
MIN_TEXT_PX = 28
BODY_TEXT_PX = 32
TITLE_TEXT_PX = 44

BACKGROUND: RGB = (32, 34, 40)
PANEL: RGB = (48, 51, 60)
PANEL_ACTIVE: RGB = (66, 70, 84)
TEXT: RGB = (240, 240, 240)
TEXT_MUTED: RGB = (180, 184, 194)
HIGHLIGHT: RGB = (240, 228, 66)  # Okabe-Ito yellow: "your turn" marks

#: Okabe-Ito blue, vermillion, bluish green, reddish purple, orange, sky blue.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
)


def seat_colour(seat: int) -> RGB:
    """The colour of a seat (cycling if a game has more seats than colours)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
