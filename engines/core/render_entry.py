"""One content entry's preview sheet as PNG (see ``engines.core.entry``): a banner with
its name, its facts, then each section's lines wrapped to the 960-px canvas at ≥ 28 px,
so a phone shows it at a legible size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import theme
from engines.core.entry import text
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, font, text_width, to_png

WIDTH = theme.CANVAS_WIDTH - 2 * theme.MARGIN
BODY = 28
HEADING = 32
LINE = 38
GAP = 14
#: The banner's colour: the kit's first seat colour, or amber for an unverified entry.
VERIFIED = theme.seat_colour(0)
UNVERIFIED = (176, 112, 0)
#: A sheet taller than this is cut (the rest is said to be left out).
MAX_HEIGHT = 6000


def wrap(line: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; a word longer than the line is cut to fit."""
    fnt = font(size, bold)
    lines: list[str] = []
    current = ""
    for word in line.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, fnt) > width:
            lines.append(current)
            current = word
        else:
            current = trial
        while text_width(current, fnt) > width and len(current) > 1:
            cut = len(current)
            while cut > 1 and text_width(current[:cut], fnt) > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    return [*lines, current] if current else lines


def render_entry(data: Mapping[str, Any], catalog: Catalog, locale: str) -> bytes:
    """PNG of an entry preview (``data["entry"]`` is a sheet)."""
    entry = data["entry"]
    t = catalog.translate
    rows: list[tuple[str, int, bool, bool]] = []  # (text, size, bold, muted); "" = a gap
    grids: dict[int, list[str]] = {}  # row number -> the cells of a grid line

    def add(value: str, size: int = BODY, bold: bool = False, muted: bool = False) -> None:
        indent = 14 if size == BODY else 0
        rows.extend((part, size, bold, muted) for part in wrap(value, size, WIDTH - 28 - indent))

    kind = text(entry["kind"], catalog, locale)
    subtitle = text(entry.get("subtitle"), catalog, locale)
    add(" · ".join(x for x in (kind, subtitle) if x), muted=True)
    if entry["stats"]:
        add(" · ".join(text(s, catalog, locale) for s in entry["stats"]), 30, bold=True)
    for sec in entry["sections"]:
        rows.append(("", GAP, False, False))
        add(text(sec["heading"], catalog, locale), HEADING, bold=True)
        for line in sec["lines"]:
            # {"strong": TEXT}: a line in bold (a spell, an ability); {"sub": TEXT}:
            # a muted detail under the line before it.
            if isinstance(line, Mapping) and set(line) == {"strong"}:
                add(text(line["strong"], catalog, locale), bold=True)
            elif isinstance(line, Mapping) and set(line) == {"sub"}:
                add(text(line["sub"], catalog, locale), muted=True)
            elif isinstance(line, Mapping) and set(line) == {"cells"}:
                grids[len(rows)] = [str(c) for c in line["cells"]]
                rows.append(("\t", BODY, False, False))
            else:
                add(text(line, catalog, locale))
    rows.append(("", GAP, False, False))
    if not entry["verified"]:
        add(t("core.entry.unverified", locale), muted=True)
    if entry.get("source"):
        add(t("core.entry.source", locale, source=entry["source"]), muted=True)
    height = 110 + sum(LINE if r[0] else r[1] for r in rows) + 30
    cut = height > MAX_HEIGHT
    height = min(height, MAX_HEIGHT)
    image, draw = canvas(height)
    colour = VERIFIED if entry["verified"] else UNVERIFIED
    y = banner(draw, text(entry["title"], catalog, locale), colour) + 18
    draw.rounded_rectangle(
        (theme.MARGIN, y - 6, theme.MARGIN + WIDTH, height - 16), 12, fill=theme.PANEL
    )
    for number, (value, size, bold, muted) in enumerate(rows):
        if number in grids:  # fixed columns (an arena's map), one cell per column
            cells = grids[number]
            column = min(56.0, (WIDTH - 56) / max(len(cells), 1))
            for i, cell in enumerate(cells):
                x = theme.MARGIN + 28 + column * (i + 0.5)
                draw.text((x, y), cell, font=font(BODY), fill=theme.TEXT, anchor="ma")
            y += LINE
            continue
        if y > height - 16 - 2 * LINE and cut:
            note = t("core.entry.cut", locale)
            draw.text((theme.MARGIN + 14, y), note, font=font(BODY), fill=theme.TEXT_MUTED)
            break
        if not value:
            y += size
            continue
        x = theme.MARGIN + (28 if size == BODY else 14)
        fill = theme.TEXT_MUTED if muted else theme.TEXT
        draw.text((x, y), value, font=font(size, bold), fill=fill)
        y += LINE
    return to_png(image)
