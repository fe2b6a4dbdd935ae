"""Text on the board: widths measured once, lines drawn from glyph masks kept across
renders (the same pixels as ``draw.text``), and words wrapped to a width.

The other render modules call :func:`draw_text` through this module
(``letters.draw_text``), so a single patch of it sees every line the board draws."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.core import theme
from engines.core.render import Font, fit_text, font, record
from engines.core.render import text_width as _measure
from engines.dicethrone.render.style import SMALL


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: Font) -> float:
    """Width in pixels of ``text`` in ``fnt``, remembered: a board measures the same
    ability texts and names (each word of them, to wrap) on every render."""
    return _measure(text, fnt)


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
    """:func:`engines.core.render.draw_text` (one line that never overflows
    ``max_width``), its glyphs drawn from masks kept across renders; returns its height."""
    fitted, fnt = fit_text(text, max_width, size, bold)
    record(text)  # the whole line, as the kit's draw_text records it
    _stamp(draw, xy, fitted, fnt, fill, anchor)
    return float(fnt.size) * 1.25


def write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    font: Font,
    fill: theme.RGB,
    anchor: str = "la",
) -> None:
    """``draw.text`` for one line, from a kept mask (and recorded as drawn)."""
    record(text)
    _stamp(draw, xy, text, font, fill, anchor)


def _stamp(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: theme.RGB,
    anchor: str,
) -> None:
    # The same pixels as ``draw.text``: the mask FreeType makes for the text at this
    # sub-pixel offset, blended in the fill colour; only the making is skipped.
    x, y = xy
    mask, left, top = _mask(text, fnt, anchor, round(x % 1, 3), round(y % 1, 3))
    draw.bitmap((int(x) + left, int(y) + top), mask, fill=fill)


@lru_cache(maxsize=1024)
def _mask(text: str, fnt: Font, anchor: str, fx: float, fy: float) -> tuple[Image.Image, int, int]:
    """A line's coverage mask, rendered once: a board draws the same names, ability
    rows, chips and dice symbols on every render (the hero board's static parts),
    and rendering glyphs was the largest share of a board after the PNG encoding."""
    box = [int(v) for v in fnt.getbbox(text, anchor=anchor)]
    left, top, right, bottom = box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2
    image = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(image).text((fx - left, fy - top), text, font=fnt, fill=255, anchor=anchor)
    return image, left, top


def wrap_line(text: str, max_width: float) -> list[str]:
    """A line of the notes wrapped to the board, keeping its indent (choice options)."""
    indent = text[: len(text) - len(text.lstrip())]
    # Measured in bold, as the notes are drawn (else a line could be cut short).
    parts = wrap(text, max_width - text_width(indent, font(SMALL, True)), SMALL, bold=True)
    return [indent + part for part in parts] or [""]


def wrap(text: str, max_width: float, size: int, bold: bool = False) -> list[str]:
    """``text`` wrapped by words onto lines of at most ``max_width`` px; a word wider
    than that (a long player name) broken across lines, never cut short."""
    fnt = font(size, bold)
    lines, line = [], ""
    for word in words(text):
        trial = f"{line} {word}".strip()
        if text_width(trial, fnt) <= max_width:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = _broken(word, max_width, fnt)
        lines += whole
    if line:
        lines.append(line)
    return lines


#: Marks that stay on the line of the word after them ("✔ Cleave", "◎ Target").
MARKS = frozenset("✔▶⬟★◎☠♛")


def words(text: str) -> list[str]:
    """``text``'s words as :func:`wrap` parts them: a mark kept with the next word."""
    out: list[str] = []
    for word in text.split():
        if out and out[-1] in MARKS:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def _broken(word: str, max_width: float, fnt: Font) -> list[str]:
    """``word`` in pieces of at most ``max_width`` px, each ended after a "_", "-"
    or "." or before a capital where one falls in it, else where the room ends."""
    pieces = []
    while text_width(word, fnt) > max_width and len(word) > 1:
        end = 1
        while end < len(word) and text_width(word[: end + 1], fnt) <= max_width:
            end += 1
        soft = [
            i
            for i in range(1, end)
            if word[i - 1] in "_-." or (word[i].isupper() and word[i - 1].islower())
        ]
        cut = soft[-1] if soft and soft[-1] * 2 >= end else end
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]
