"""The top band of a Dice Throne board: who owes the decision now and what it is,
each name on a pill of its seat's colour; shrunk to fit one row, else on rows of the
smallest text (a long name whole, never cut short)."""

from __future__ import annotations

import re

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import fit_text, font
from engines.dicethrone.render.letters import text_width, write
from engines.dicethrone.render.style import SMALL
from engines.dicethrone.render.words import Part
from engines.dicethrone.view import BoardView

#: Room around a name on its banner pill; a banner's height on one row, and the
#: height of each row and the band's padding when it takes more (long names).
PILL_PAD, BANNER, BANNER_ROW, BANNER_PAD = 12, 88, 48, 8


def banner_rows(parts: list[Part]) -> tuple[int, list[list[Part]]]:
    """The banner's text size and its parts in rows: one row, shrunk to fit down to
    the smallest text; else rows of the smallest text, a part's words parted where a
    row ends (a name whole on its pill, never cut short)."""
    room = theme.CANVAS_WIDTH - 2 * theme.MARGIN

    def width(part: Part, px: int) -> float:
        return text_width(part[0], font(px, True)) + (2 * PILL_PAD if part[2] else 0)

    size = theme.TITLE_TEXT_PX
    while size > SMALL and sum(width(p, size) for p in parts) > room:
        size -= 2
    if sum(width(p, size) for p in parts) <= room:
        return size, [parts]
    pieces = [
        (word, fill, name)
        for text, fill, name in parts
        for word in ([text] if name else re.findall(r"\s*\S+", text))
    ]
    rows: list[list[Part]] = [[]]
    used = 0.0
    for text, fill, name in pieces:
        w = width((text, fill, name), SMALL)
        if rows[-1] and used + w > room:
            rows.append([])
            text = text.lstrip()
            w = width((text, fill, name), SMALL)
            used = 0.0
        rows[-1].append((text, fill, name))
        used += w
    return SMALL, rows


def banner_height(parts: list[Part]) -> int:
    """The banner's height (one row: :data:`BANNER`)."""
    rows = banner_rows(parts)[1]
    return BANNER if len(rows) == 1 else 2 * BANNER_PAD + BANNER_ROW * len(rows)


def draw_banner(draw: ImageDraw.ImageDraw, parts: list[Part], data: BoardView) -> int:
    """The top band: who owes what, each name in its seat colour (shrunk to fit, or
    on rows of the smallest text)."""
    width = draw.im.size[0]
    height = banner_height(parts)
    colour = theme.seat_colour(data.winner) if data.winner is not None else theme.PANEL_ACTIVE
    draw.rectangle((0, 0, width, height), fill=colour)
    room = width - 2 * theme.MARGIN
    size, rows = banner_rows(parts)
    fnt, pad = font(size, True), PILL_PAD
    for r, row in enumerate(rows):
        mid = height / 2 if len(rows) == 1 else BANNER_PAD + BANNER_ROW * (r + 0.5)
        x = float(theme.MARGIN)
        for text, fill, name in row:
            w = text_width(text, fnt)
            if x + w > theme.MARGIN + room:
                # A word wider than the band (no such name: Discord's are shorter).
                text, small = fit_text(text, theme.MARGIN + room - x, size, True)
                write(
                    draw,
                    (x, mid),
                    text,
                    font=small,
                    fill=fill if not name else theme.TEXT,
                    anchor="lm",
                )
                break
            if name:
                # The name on a pill of the seat's colour, white on it.
                draw.rounded_rectangle(
                    (x, mid - size * 0.8, x + w + 2 * pad, mid + size * 0.8), 12, fill=fill
                )
                write(draw, (x + pad, mid), text, font=fnt, fill=(255, 255, 255), anchor="lm")
                x += w + 2 * pad
                continue
            write(draw, (x, mid), text, font=fnt, fill=fill, anchor="lm")
            x += w
    return height
