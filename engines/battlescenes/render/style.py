"""The look shared by every Battle Scenes image: sizes, colours (a frame per power; yellow
marks the last move), energy and shield pips, the two-line banner, and text wrapped to a width."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import draw_text, font, text_width

WIDTH = theme.CANVAS_WIDTH - 2 * theme.MARGIN
SMALL = theme.MIN_TEXT_PX
LINE = 36
STRIP_H = 80
SCENARIO_H = 60
#: The last move's cards: Okabe-Ito yellow, a colour no seat uses.
LAST = theme.HIGHLIGHT
CARD_FACE: theme.RGB = (58, 62, 74)
CARD_TEXT = theme.TEXT
#: Card frames by power (the 13 of 2.4; grey for neutral cards and unknown powers), near
#: the colours of the printed icons. Yellow is left out: it marks the last move. A card
#: shows all its powers as short labels (``battlescenes.power_short``); the frame takes
#: its first power's colour.
POWER_COLOURS: dict[str, theme.RGB] = {
    "super_forca": (200, 62, 50),
    "agilidade": (64, 168, 84),
    "genialidade": (92, 140, 214),
    "magia": (156, 86, 200),
    "telepatia": (214, 96, 166),
    "ataque_energetico": (232, 142, 36),
    "ataque_a_distancia": (150, 120, 90),
    "elasticidade": (38, 166, 166),
    "laminas": (176, 180, 190),
    "poder_cosmico": (90, 70, 220),
    "regeneracao": (120, 200, 60),
    "telecinesia": (236, 120, 120),
    "voo": (110, 200, 240),
    # Powers of the model before the thirteen (matches stored then).
    "forca": (200, 62, 50),
    "tecnologia": (92, 140, 214),
    "psiquico": (214, 96, 166),
    "energia": (232, 142, 36),
    "armas": (150, 120, 90),
    "metamorfose": (38, 166, 166),
}
NEUTRAL: theme.RGB = (128, 132, 142)
ENERGY_PIP: theme.RGB = (250, 250, 250)
SHIELD_PIP: theme.RGB = (120, 190, 255)


def power_colour(powers: Sequence[str]) -> theme.RGB:
    """The frame colour of a card with ``powers`` (its first one)."""
    return POWER_COLOURS.get(powers[0], NEUTRAL) if powers else NEUTRAL


def wrap(
    text: str, size: int, width: float, bold: bool = False, first: float | None = None
) -> list[str]:
    """``text`` cut into lines no wider than ``width`` at ``size`` px (the first line no
    wider than ``first`` when given); a word too long for a line breaks at its hyphens,
    and failing that anywhere, ending in "-"."""
    return list(_wrap(text, size, width, bold, first))


@lru_cache(maxsize=4096)
def _wrap(text: str, size: int, width: float, bold: bool, first: float | None) -> tuple[str, ...]:
    # Cached: a scene measures the same names and captions for each layout it tries,
    # and the next move's scene mostly the same ones again (text measuring is most of
    # a crowded scene's drawing time).
    fnt = font(size, bold)
    words: list[tuple[str, bool]] = []  # (piece, whether the next piece continues its word)
    for word in text.split():
        # only the first word must fit the first line; a later one may start the next
        limit = min(width, first) if first is not None and not words else width
        while text_width(word, fnt) > limit and "-" in word[1:-1]:
            head, _, rest = word.partition("-")
            words.append((head + "-", True))
            word = rest
        while text_width(word, fnt) > limit and len(word) > 2:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut] + "-", fnt) > limit:
                cut -= 1
            words.append((word[:cut] + "-", True))
            word = word[cut:]
        words.append((word, False))
    lines: list[str] = []
    line = ""
    joined = False  # the last piece was cut from a word: the next one follows without a space
    for word, cut in words:
        # a dash standing alone ("Maximus - O Louco") keeps its spaces
        glue = "" if joined else " "
        joined = cut
        trial = f"{line}{glue}{word}" if line else word
        room = width if lines or first is None else first
        if line and text_width(trial, fnt) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)


def banner2(draw: ImageDraw.ImageDraw, head: str, sub: str, colours: Sequence[theme.RGB]) -> int:
    """A two-line header band in the owers' colours (split when several owe)."""
    height = 118
    part = theme.CANVAS_WIDTH / max(1, len(colours))
    for i, colour in enumerate(colours):
        draw.rectangle((i * part, 0, (i + 1) * part, height), fill=colour)
    white = (255, 255, 255)
    draw_text(draw, (theme.MARGIN, 10), head, max_width=WIDTH, size=40, bold=True, fill=white)
    draw_text(draw, (theme.MARGIN, 68), sub, max_width=WIDTH, size=30, fill=white)
    return height


def pips(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    filled: int,
    total: int,
    colour: theme.RGB,
    shape: str,
    width: float,
    numbers: bool = False,
) -> None:
    """``filled`` of ``total`` pips in a row, or one pip and the numbers ("●4/6") when
    they do not fit ``width`` or ``numbers`` asks; shapes: dot, shield."""
    count = max(filled, total)
    step = 26
    if numbers or count * step > width or count > 10:
        pip(draw, x, y, colour, shape, True)
        draw_text(draw, (x + 28, y - 17), f"{filled}/{total}", max_width=width - 28, size=SMALL)
        return
    for i in range(count):
        pip(draw, x + i * step, y, colour, shape, i < filled)


def pip(
    draw: ImageDraw.ImageDraw, x: float, y: float, colour: theme.RGB, shape: str, full: bool
) -> None:
    fill = colour if full else None
    if shape == "dot":
        draw.ellipse((x, y - 11, x + 22, y + 11), fill=fill, outline=colour, width=3)
    else:  # a shield: flat top, pointed bottom
        points = [(x, y - 11), (x + 22, y - 11), (x + 22, y + 2), (x + 11, y + 12), (x, y + 2)]
        draw.polygon(points, fill=fill, outline=colour, width=3)
