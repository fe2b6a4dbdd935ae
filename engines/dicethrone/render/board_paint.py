"""Drawing the board a :class:`~engines.dicethrone.render.board_plan.BoardPlan` chose,
from the top: the banner and the status line, the last move and what the table waits
on, the dice on the table, the damage arrows, the hero boards, the condensed panels.
Each part draws from ``y`` and returns where the next one starts."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import canvas, to_png
from engines.dicethrone.render import arrows, letters
from engines.dicethrone.render.banner import draw_banner
from engines.dicethrone.render.board_plan import BoardPlan, ChosenBoard
from engines.dicethrone.render.compact import draw_condensed
from engines.dicethrone.render.dice import (
    draw_dice,
    face_legend,
    label_beside,
    label_places,
    tray_width,
)
from engines.dicethrone.render.hero import draw_column
from engines.dicethrone.render.letters import wrap
from engines.dicethrone.render.style import ARROW_ROW, GAP, LINE, SMALL, TIGHT_LINE, TRAY_GAP
from engines.dicethrone.render.words import owes_parts


def paint(plan: BoardPlan, chosen: ChosenBoard) -> bytes:
    """The PNG of the board ``plan`` measured as ``chosen``."""
    image, draw = canvas(chosen.height)
    y = paint_top(draw, plan)
    y = paint_said(draw, plan, chosen, y)
    y = paint_dice(draw, plan, chosen, y)
    y = paint_arrows(draw, plan, chosen, y)
    y = paint_boards(draw, plan, chosen, y)
    paint_panels(draw, plan, chosen, y)
    return to_png(image)


def paint_top(draw: ImageDraw.ImageDraw, plan: BoardPlan) -> int:
    """The banner (who owes what) and the status line under it."""
    y = draw_banner(draw, owes_parts(plan.data, plan.t, plan.locale), plan.data)
    for i, part in enumerate(plan.status):
        letters.draw_text(
            draw,
            (theme.MARGIN, y + 8 + i * LINE),
            part,
            max_width=plan.width,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
    return y + 48 + LINE * (len(plan.status) - 1)


def paint_said(draw: ImageDraw.ImageDraw, plan: BoardPlan, chosen: ChosenBoard, y: int) -> int:
    """The last move in words, then what the table waits on, bold in the highlight, in
    a panel marked with the highlight colour (which no seat uses)."""
    caption, notes, width = chosen.caption, chosen.notes, plan.width
    if not caption and not notes:
        return y
    line = TIGHT_LINE if chosen.layout.tight else LINE
    box = 24 + line * (len(caption) + len(notes))
    draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + width, y + box), 12, fill=theme.PANEL)
    draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + 10, y + box), 4, fill=theme.HIGHLIGHT)
    ty = y + 12
    said = [(c, False, theme.TEXT) for c in caption]
    said += [(n, True, theme.HIGHLIGHT) for n in notes]
    for text, bold, fill in said:
        letters.draw_text(
            draw,
            (theme.MARGIN + 28, ty),
            text,
            max_width=width - 40,
            size=SMALL,
            bold=bold,
            fill=fill,
        )
        ty += line
    return y + box + GAP


def paint_dice(draw: ImageDraw.ImageDraw, plan: BoardPlan, chosen: ChosenBoard, y: int) -> int:
    """The dice on the table, row by row, each tray under its label (a packed board's
    lone tray with its label beside it), the symbols' legend under dice too small to
    name them."""
    layout, width, t, locale = chosen.layout, plan.width, plan.t, plan.locale
    for row, die, under, top in zip(
        plan.rows_of_trays, chosen.dice, plan.unders_for(layout), plan.tops_for(layout), strict=True
    ):
        x = theme.MARGIN
        beside = label_beside(row, die, width) if layout.packed else None
        if beside:
            # Beside its dice, in the middle of their height.
            bx = theme.MARGIN + tray_width(row, die) + TRAY_GAP
            by = y + top + (die - LINE * len(beside)) // 2
            for i, part in enumerate(beside):
                letters.draw_text(
                    draw,
                    (bx, by + i * LINE),
                    part,
                    max_width=theme.MARGIN + width - bx,
                    size=SMALL,
                    bold=True,
                )
            draw_dice(draw, x, y + top, die, *row[0][1:], t, locale, tabs=not layout.reach)
            y += top + die + under
            continue
        for tray, (shift, room) in zip(row, label_places(row, die, width), strict=True):
            label, values, faces, names, kept, used = tray
            for i, part in enumerate(wrap(label, room, SMALL, bold=True)):
                letters.draw_text(
                    draw, (x + shift, y + i * LINE), part, max_width=room, size=SMALL, bold=True
                )
            draw_dice(
                draw,
                x,
                y + top,
                die,
                values,
                faces,
                names,
                kept,
                used,
                t,
                locale,
                tabs=not layout.reach,
            )
            x += tray_width([tray], die) + TRAY_GAP
        y += top + die + under
        # Dice too small to name their symbols: the names in a legend under them.
        for part in face_legend(row, die, width, locale):
            letters.draw_text(
                draw, (theme.MARGIN, y), part, max_width=width, size=SMALL, fill=theme.TEXT
            )
            y += LINE
    return y


def paint_arrows(draw: ImageDraw.ImageDraw, plan: BoardPlan, chosen: ChosenBoard, y: int) -> int:
    """The damage as arrows between the hero boards side by side, a row each."""
    centres, x = {}, theme.MARGIN
    for p, w in zip(plan.columns, chosen.widths, strict=False):
        centres[p.seat] = x + w // 2
        x += w + GAP
    for source, target, label in chosen.arrows:
        arrows.draw_arrow(draw, centres[source], centres[target], y, label)
        y += ARROW_ROW
    return y


def paint_boards(draw: ImageDraw.ImageDraw, plan: BoardPlan, chosen: ChosenBoard, y: int) -> int:
    """The hero boards, side by side (each as tall as the tallest) or one under the
    other; where the next part starts (beside them, condensed panels start at ``y``)."""
    data, t, locale = plan.data, plan.t, plan.locale
    x = theme.MARGIN
    stacked = chosen.layout.stacked
    for p, w, column in zip(plan.columns, chosen.widths, chosen.plans, strict=False):
        if stacked:
            draw_column(draw, p, column, data, x, y, w, column.height, t, locale)
            y += column.height + GAP
            continue
        draw_column(draw, p, column, data, x, y, w, max(chosen.heights), t, locale)
        x += w + GAP
    if chosen.side or stacked:
        return y
    return y + max(chosen.heights, default=0) + GAP


def paint_panels(draw: ImageDraw.ImageDraw, plan: BoardPlan, chosen: ChosenBoard, y: int) -> None:
    """The heroes outside the attack, condensed: beside the one hero board (``side``),
    else under the boards, two side by side."""
    data, t, locale, roomy = plan.data, plan.t, plan.locale, plan.roomy
    if chosen.side:
        x = theme.MARGIN + plan.half + GAP
        for p, h in zip(plan.condensed, chosen.panel_heights, strict=True):
            draw_condensed(draw, p, data, x, y, h, plan.half, t, locale, chosen.minimal, roomy)
            y += h + GAP
        return
    for pair, h in zip(chosen.panel_rows, chosen.panel_heights, strict=True):
        w = plan.share(len(pair))
        for i, p in enumerate(pair):
            x = theme.MARGIN + i * (w + GAP)
            draw_condensed(draw, p, data, x, y, h, w, t, locale, chosen.minimal, roomy)
        y += h + GAP
