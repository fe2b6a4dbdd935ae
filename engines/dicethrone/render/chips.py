"""A panel's status chips: how many fit on each row (``fit`` and ``rows``, pure
layout arithmetic) and the chips drawn, each named with its stack and limit.

Statuses are public, so nothing is hidden for secrecy: chips that do not fit are
summarised by a final "+N" chip instead of silently disappearing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import letters
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.letters import text_width, write
from engines.dicethrone.render.style import (
    BAD,
    CHIP_ROW,
    CHIP_ROWS,
    COMPANION,
    GOOD,
    MORE,
    SMALL,
    TIGHT_CHIP_ROW,
    Translate,
)
from engines.dicethrone.view import PlayerView, Token


def fit(
    widths: Sequence[float], space: float, gap: float, more_width: Callable[[int], float]
) -> int:
    """How many leading chips to draw so they (and a "+N" chip for the rest) fit in `space`.

    `widths` are the chips' widths in order, `gap` the space after each chip and
    `more_width(n)` the width of the "+n" chip. Every chip is drawn when all fit;
    otherwise the longest prefix that leaves room for the "+N" chip is kept.
    """
    if sum(widths) + gap * max(len(widths) - 1, 0) <= space:
        return len(widths)
    used = 0.0
    shown = 0
    for i, w in enumerate(widths):
        rest = len(widths) - (i + 1)
        if used + w + gap + more_width(rest) > space:
            break
        used += w + gap
        shown = i + 1
    return shown


def rows(
    widths: Sequence[float],
    space: float,
    gap: float,
    max_rows: int,
    more_width: Callable[[int], float],
) -> tuple[list[int], int]:
    """Wrap chips onto rows of `space` px: how many chips each row draws, in order,
    and how many are left for a final "+N" chip (0 when every chip is named).

    Rows are filled greedily; when the chips need more than `max_rows` rows, the
    last row keeps room for the "+N" chip (:func:`fit`). A chip wider than a row
    (a long name: "Dobrão Amaldiçoado 3/3") has its label on two lines, over a row
    and one more for its second line, which counts 0 chips and not against
    `max_rows` (:func:`draw_statuses`); so no chip ever runs past its panel.
    """
    counts: list[int] = []
    start = 0
    seconds = 0  # second lines of wide chips
    while start < len(widths):
        if len(counts) - seconds == max_rows - 1:
            rest = widths[start:]
            shown = fit(rest, space, gap, more_width)
            counts.append(shown)  # a wide chip here is counted by the "+N" chip
            return counts, len(rest) - shown
        used, n = 0.0, 0
        for w in widths[start:]:
            if n and used + gap + w > space:
                break
            used += (gap if n else 0) + w
            n += 1
        counts.append(n)
        if used > space:
            counts.append(0)  # the wide chip's second line
            seconds += 1
        start += n
    return counts, 0


def panel_chips(p: PlayerView) -> list[Token]:
    """A panel's chips: status effects, then companions (not status effects)."""
    return [*p.statuses, *p.companions]


def chip_layout(
    statuses: list[Token],
    space: int,
    locale: str,
    max_rows: int = CHIP_ROWS,
    tight: bool = False,
    packed: bool = False,
) -> tuple[list[int], int]:
    """Chips per row and how many a "+N" chip counts (see :func:`rows`); a
    hero board, narrower than a condensed panel, may use COLUMN_CHIP_ROWS rows;
    ``tight`` chips have less padding and gap, ``packed`` ones less still, each
    on the first row with room for it (:func:`packed_order`)."""
    fnt = font(SMALL, bold=True)
    pad, gap = chip_spacing(tight, packed)
    if packed:
        statuses = packed_order(statuses, space, locale)
    widths = [text_width(chip_label(s, locale), fnt) + 2 * pad for s in statuses]
    return rows(widths, space, gap, max_rows, lambda n: text_width(f"+{n}", fnt) + 2 * pad)


def packed_order(statuses: list[Token], space: int, locale: str) -> list[Token]:
    """The chips in the order that fills rows of ``space`` px best: each on the first
    row with room for it (rows filled in that order hold the same chips)."""
    fnt = font(SMALL, bold=True)
    pad, gap = chip_spacing(True, True)
    placed: list[tuple[float, list[Token]]] = []
    for s in statuses:
        w = text_width(chip_label(s, locale), fnt) + 2 * pad
        for i, (used, row) in enumerate(placed):
            if used + gap + w <= space:
                placed[i] = (used + gap + w, [*row, s])
                break
        else:
            placed.append((w, [s]))
    return [s for _, row in placed for s in row]


def one_row(statuses: list[Token], space: int, locale: str) -> tuple[list[Token], int]:
    """The tight chips that fit one row of ``space`` px, in order, each taken where it
    fits (a wide one skipped for narrower ones after it), with room for a "+N" chip
    counting the rest; and how many that chip counts."""
    fnt = font(SMALL, bold=True)
    pad, gap = chip_spacing(True)
    if sum(text_width(chip_label(s, locale), fnt) + 2 * pad + gap for s in statuses) <= space:
        return statuses, 0
    more = text_width(f"+{len(statuses)}", fnt) + 2 * pad
    shown, used = [], 0.0
    for s in statuses:
        w = text_width(chip_label(s, locale), fnt) + 2 * pad
        if used + w + gap + more <= space:
            shown.append(s)
            used += w + gap
    return shown, len(statuses) - len(shown)


def chip_spacing(tight: bool, packed: bool = False) -> tuple[int, int]:
    """A chip's padding on each side of its label, and the gap between chips."""
    if packed:
        return 9, 6
    return (12, 8) if tight else (16, 12)


def chip_label(s: Token, locale: str) -> str:
    """A chip's text: the status's name in ``locale`` with its stack and limit (a marker,
    the Druid's form, by its name alone)."""
    if s.marker:
        return _name(s.name, locale)
    """A chip's text: the status's name in ``locale`` with its stack and limit (or
    its own label: a track's marker)."""
    if s.label:
        return _name(s.label, locale)
    if not s.limit:  # no public record gives the printed limit
        return f"{_name(s.name, locale)} {s.count}"
    return f"{_name(s.name, locale)} {s.count}/{s.limit}"


def draw_statuses(
    draw: ImageDraw.ImageDraw,
    statuses: list[Token],
    x: int,
    y: int,
    right: int,
    t: Translate,
    locale: str,
    max_rows: int = CHIP_ROWS,
    tight: bool = False,
    packed: bool = False,
    more: int = 0,
) -> None:
    """Status tokens from (x, y) with their stacks and limits, wrapped onto rows of
    CHIP_ROW px (TIGHT_CHIP_ROW if ``tight``; statuses are public: each is named;
    only beyond CHIP_ROWS rows a "+N" chip counts the rest); ``packed``: see
    :func:`chip_layout`; ``more``: chips left out before, counted too."""
    if not statuses and not more:
        letters.draw_text(
            draw,
            (x, y + 6),
            t("dicethrone.render.no_status", locale),
            max_width=right - x,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
        return
    fnt = font(SMALL, bold=True)
    counts, hidden = chip_layout(statuses, right - x, locale, max_rows, tight, packed)
    counts, hidden = counts or [0], hidden + more
    pad, gap = chip_spacing(tight, packed)
    step = TIGHT_CHIP_ROW if tight else CHIP_ROW
    queue = packed_order(statuses, right - x, locale) if packed else list(statuses)
    cx = x
    for row, count in enumerate(counts):
        cx = x
        for s in queue[:count]:
            label = chip_label(s, locale)
            w = text_width(label, fnt) + 2 * pad
            # Companions (not status effects) get their own colour.
            colour = COMPANION if s.companion else GOOD if s.positive else BAD
            if w > right - x:  # wider than the panel: on two lines, over two rows
                _tall_chip(draw, cx, y + row * step, right - x, label, colour, (tight, pad))
                continue
            _chip(draw, cx, y + row * step, w, label, colour, fnt, tight, pad)
            cx += int(w) + gap
        queue = queue[count:]
    if hidden:
        # Beyond the last row: say how many rather than drop them silently.
        plus = f"+{hidden}"
        last = y + (len(counts) - 1) * step
        _chip(draw, cx, last, text_width(plus, fnt) + 2 * pad, plus, MORE, fnt, tight, pad)


def _tall_chip(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    space: int,
    label: str,
    colour: theme.RGB,
    form: tuple[bool, int],
) -> None:
    """A chip whose label is wider than its panel: the words on two lines (the stack
    and limit on the second), over two rows of chips (:func:`rows`)."""
    tight, pad = form
    fnt = font(SMALL, bold=True)
    lines = letters.wrap(label, space - 2 * pad, SMALL, bold=True)
    if len(lines) > 2:  # no name is that long: keep the stack and limit whole
        name, count = label.rsplit(" ", 1)
        lines = [name, count]
    step = TIGHT_CHIP_ROW if tight else CHIP_ROW
    top, bottom = (-3, 37 + step) if tight else (-4, 50 + step)
    w = max(text_width(line, fnt) for line in lines) + 2 * pad
    _chip_box(draw, (x, y + top, x + w, y + bottom), label, tight, colour)
    mid = y + (top + bottom) / 2
    for i, line in enumerate(lines):
        ty = mid + (i - (len(lines) - 1) / 2) * (SMALL + 6)
        write(draw, (x + pad, ty), line, font=fnt, fill=(255, 255, 255), anchor="lm")


def _chip_box(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    label: str,
    tight: bool,
    colour: theme.RGB,
) -> None:
    """A chip's rounded box (``label``: what it says, for the tests' spies)."""
    draw.rounded_rectangle(box, 20 if tight else 24, fill=colour)


def _chip(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    w: float,
    label: str,
    colour: theme.RGB,
    fnt: Any,
    tight: bool = False,
    pad: int = 16,
) -> None:
    top, bottom = (-3, 37) if tight else (-4, 50)
    _chip_box(draw, (x, y + top, x + w, y + bottom), label, tight, colour)
    mid = y + (top + bottom) / 2
    write(draw, (x + pad, mid), label, font=fnt, fill=(255, 255, 255), anchor="lm")
